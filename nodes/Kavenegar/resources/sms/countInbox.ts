import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { dateRange, unixTime } from '../../shared/dates';
import { sendAs, showFor } from '../../shared/display';
import { entriesToItems } from '../../../shared/envelope';
import { dateField } from '../../shared/fields';
import { required } from '../../shared/valueRules';
import { prepareRequest } from '../../shared/wireParams';

export const countInboxOperation: INodePropertyOptions = {
	name: 'Count Inbox',
	value: 'countInbox',
	action: 'Count received messages',
	description: 'Count the messages received in a range of up to one day',
	routing: {
		request: { method: 'POST', url: '/sms/countinbox.json' },
		send: {
			preSend: [
				prepareRequest(
					unixTime('startdate', 'Start Date'),
					required('startdate', 'Start Date'),
					unixTime('enddate', 'End Date'),
					dateRange({
						start: ['startdate', 'Start Date'],
						end: ['enddate', 'End Date'],
						maxDays: 1,
						maxPastDays: 60,
					}),
				),
			],
		},
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('sms', ['countInbox']);

export const countInboxFields: INodeProperties[] = [
	dateField('Start Date', 'startDate', 'startdate', 'Start of the range; at most 60 days in the past', display, true),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: display,
		options: [
			dateField('End Date', 'endDate', 'enddate', 'End of the range; at most one day after the start'),
			{
				displayName: 'Line Number',
				name: 'lineNumber',
				type: 'string',
				default: '',
				description: 'Only this line; empty counts all your dedicated lines',
				routing: sendAs('linenumber'),
			},
			{
				displayName: 'Read State',
				name: 'isRead',
				type: 'options',
				options: [
					{ name: 'Unread', value: 0 },
					{ name: 'Read', value: 1 },
				],
				default: 0,
				description: 'Whether to count only unread or only read messages',
				routing: sendAs('isread'),
			},
		],
	},
];
