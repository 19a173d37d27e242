import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { dateRange, unixTime } from '../../shared/dates';
import { showFor } from '../../shared/display';
import { entriesToItems } from '../../../shared/envelope';
import { dateField, ipAccessNotice, senderLineField } from '../../shared/fields';
import { required } from '../../shared/valueRules';
import { prepareRequest } from '../../shared/wireParams';

export const getOutboxOperation: INodePropertyOptions = {
	name: 'Get Outbox by Date',
	value: 'getOutbox',
	action: 'Get sent messages in a date range',
	description:
		'Get the messages sent in a range of up to one day (needs IP access)',
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
	ipAccessNotice('getOutbox'),
	dateField(
		'Start Date',
		'startDate',
		'startdate',
		'Start of the range; at most 3 days in the past.',
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
