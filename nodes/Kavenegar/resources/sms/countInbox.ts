import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { showFor } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { dateRangeFields } from '../../operationParts/fields/dateRange';
import { filtersCollection } from '../../../allNodes/collections';
import { lineNumberField } from '../../operationParts/fields/lineNumber';
import { readStateField } from '../../operationParts/fields/readState';
import { prepareRequest } from '../../operationParts/wireParams';

const range = dateRangeFields({ startRequired: true, maxDays: 1, maxPastDays: 60 });
const line = lineNumberField('Only this line; empty counts all your dedicated lines', undefined, { optional: true });

export const countInboxOperation: INodePropertyOptions = {
	name: 'Count Inbox',
	value: 'countInbox',
	action: 'Count received messages',
	description: 'Count the messages received in a range of up to one day',
	routing: {
		request: { method: 'POST', url: '/sms/countinbox.json' },
		send: { preSend: [prepareRequest(...range.rules, ...line.rules)] },
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('sms', ['countInbox']);

export const countInboxFields: INodeProperties[] = [
	range.start('Start of the range; at most 60 days in the past', display),
	filtersCollection(display, [
		range.end('End of the range; at most one day after the start'),
		line.property,
		readStateField('Whether to count only unread or only read messages'),
	]),
];
