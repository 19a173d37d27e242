import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { showFor } from '../../operationParts/fields/routing';
import { dateRangeFields } from '../../operationParts/fields/dateRange';
import { filtersCollection } from '../../../allNodes/collections';
import { lineNumberField } from '../../operationParts/fields/lineNumber';
import { readStateField } from '../../operationParts/fields/readState';
import { returnAllAndLimitFields } from '../../operationParts/fields/returnAll';
import { inboxPages } from '../../sending/pages';
import { prepareRequest } from '../../operationParts/wireParams';

const display = showFor('sms', ['getInbox']);
const line = lineNumberField('Your line that received the messages', display);
const range = dateRangeFields({ maxDays: 2 });

export const getInboxOperation: INodePropertyOptions = {
	name: 'Get Inbox',
	value: 'getInbox',
	action: 'Get received messages',
	description: 'Get the messages received on one of your lines (does not mark them read)',
	routing: {
		request: { method: 'POST', url: '/sms/inboxpaged.json' },
		send: { preSend: [prepareRequest(...line.rules, ...range.rules)] },
		// No postReceive: the paging function reads rows and page count from the service's answer.
		operations: { pagination: inboxPages },
	},
};

export const getInboxFields: INodeProperties[] = [
	line.property,
	readStateField('Whether to get the messages not read yet or those already read', display),
	...returnAllAndLimitFields(display),
	filtersCollection(display, [
		range.start('Received at or after this time. Empty start and end mean the last two days.'),
		range.end('Received at or before this time; at most two days after the start'),
	]),
];
