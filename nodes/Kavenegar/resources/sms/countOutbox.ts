import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { showFor, sendAs } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { dateRangeFields } from '../../operationParts/fields/dateRange';
import { filtersCollection } from '../../../allNodes/collections';
import { MESSAGE_STATUS_NAMES } from '../../../allNodes/readableRows';
import { prepareRequest } from '../../operationParts/wireParams';

const range = dateRangeFields({ startRequired: true, maxDays: 1, maxPastDays: 3, emptyEndIsNow: true });

/** The statuses a sent message can be in; 100 is a lookup's "no such message", not a status to count. */
const COUNTED_STATUSES = [1, 2, 4, 5, 6, 10, 11, 13, 14];

export const countOutboxOperation: INodePropertyOptions = {
	name: 'Count Outbox',
	value: 'countOutbox',
	action: 'Count sent messages, parts and cost',
	description: 'Count the messages sent in a range of up to one day, their parts and their cost',
	routing: {
		request: { method: 'POST', url: '/sms/countoutbox.json' },
		send: { preSend: [prepareRequest(...range.rules)] },
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('sms', ['countOutbox']);

export const countOutboxFields: INodeProperties[] = [
	range.start('Start of the range; at most 3 days in the past', display),
	filtersCollection(display, [
		range.end('End of the range (empty means now); at most one day after the start'),
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: COUNTED_STATUSES.map((status) => ({ name: `${MESSAGE_STATUS_NAMES[status]} (${status})`, value: status })),
			default: 10,
			description: 'Count only the messages now in this status',
			routing: sendAs('status'),
		},
	]),
];
