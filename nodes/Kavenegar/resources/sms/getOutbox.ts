import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { dateRange, unixTime } from '../../shared/dates';
import { showFor } from '../../shared/display';
import { entriesToItems } from '../../../shared/envelope';
import { dateField, senderLineField } from '../../shared/fields';
import { required } from '../../shared/valueRules';
import { prepareRequest } from '../../shared/wireParams';

export const getOutboxOperation: INodePropertyOptions = {
	name: 'Get Outbox by Date',
	value: 'getOutbox',
	action: 'Get sent messages in a date range',
	description:
		'Get the messages sent in a range of at most one day that starts at most 3 days back, optionally only from one sender line; at most 500 rows, so narrow the range when 500 come back. Needs IP access: the n8n server\'s IP must be allowed in the Kavenegar panel.',
	routing: {
		request: { method: 'POST', url: '/sms/selectoutbox.json' },
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
						maxPastDays: 3,
						emptyEndIsNow: true,
					}),
				),
			],
		},
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('sms', ['getOutbox']);

export const getOutboxFields: INodeProperties[] = [
	dateField(
		'Start Date',
		'startDate',
		'startdate',
		'Start of the range; at most 3 days in the past. This operation needs IP access: add the n8n server\'s IP in the Kavenegar panel.',
		display,
		true,
	),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: display,
		options: [
			dateField('End Date', 'endDate', 'enddate', 'End of the range (empty means now); at most one day after the start'),
			senderLineField('Only messages sent from this line'),
		],
	},
];
