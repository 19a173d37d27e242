import type { INodeProperties } from 'n8n-workflow';
import { sendAs } from './routing';

/** The IDs a send returned, for the operations that look messages up or cancel them. */
export function messageIdsField(operation: string, more = ''): INodeProperties {
	return {
		displayName: 'Message IDs',
		name: 'messageIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: '8792343, 8792344',
		description: `IDs returned by a send, separated by commas or new lines, or an array from an expression${more}`,
		displayOptions: { show: { resource: ['sms'], operation: [operation] } },
		routing: sendAs('messageid'),
	};
}
