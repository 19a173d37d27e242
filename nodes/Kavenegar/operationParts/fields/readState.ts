import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { sendAs } from './routing';

/** The read state filter of the inbox operations (`isread`: 0 unread, 1 read). */
export function readStateField(description: string, displayOptions?: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Read State',
		name: 'isRead',
		type: 'options',
		options: [
			{ name: 'Unread', value: 0 },
			{ name: 'Read', value: 1 },
		],
		default: 0,
		description,
		displayOptions,
		routing: sendAs('isread'),
	};
}
