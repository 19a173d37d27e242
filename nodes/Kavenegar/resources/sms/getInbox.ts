import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { dateRange, unixTime } from '../../shared/dates';
import { sendAs, showFor } from '../../shared/display';
import { dateField, readStateField, returnAllAndLimitFields } from '../../shared/fields';
import { inboxPages } from '../../shared/paging';
import { required } from '../../shared/valueRules';
import { prepareRequest } from '../../shared/wireParams';

export const getInboxOperation: INodePropertyOptions = {
	name: 'Get Inbox',
	value: 'getInbox',
	action: 'Get received messages',
	description: 'Get the messages received on one of your lines (does not mark them read)',
	routing: {
		request: { method: 'POST', url: '/sms/inboxpaged.json' },
		send: {
			preSend: [
				prepareRequest(
					required('linenumber', 'Line Number'),
					unixTime('startdate', 'Start Date'),
					unixTime('enddate', 'End Date'),
					dateRange({ start: ['startdate', 'Start Date'], end: ['enddate', 'End Date'], maxDays: 2 }),
				),
			],
		},
		// No postReceive: the paging function reads rows and page count from the service's answer.
		operations: { pagination: inboxPages },
	},
};

const display = showFor('sms', ['getInbox']);

export const getInboxFields: INodeProperties[] = [
	{
		displayName: 'Line Number',
		name: 'lineNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: '10004346',
		description: 'Your line that received the messages',
		displayOptions: display,
		routing: sendAs('linenumber'),
	},
	readStateField('isRead', display),
	...returnAllAndLimitFields(display),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: display,
		options: [
			dateField('Start Date', 'startDate', 'startdate', 'Received at or after this time. Empty start and end mean the last two days.'),
			dateField('End Date', 'endDate', 'enddate', 'Received at or before this time; at most two days after the start'),
		],
	},
];
