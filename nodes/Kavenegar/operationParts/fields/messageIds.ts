import { idList } from '../rules/lists';
import { checkedField, type CheckedField } from './checked';

/** The IDs a send returned (`messageid`), for the operations that look messages up or cancel them. */
export function messageIdsField(operation: string, more = ''): CheckedField {
	return checkedField(
		'messageid',
		{
			displayName: 'Message IDs',
			name: 'messageIds',
			type: 'string',
			required: true,
			default: '',
			placeholder: '8792343, 8792344',
			description: `IDs returned by a send, separated by commas or new lines, or an array from an expression${more}`,
			displayOptions: { show: { resource: ['sms'], operation: [operation] } },
		},
		idList,
	);
}
