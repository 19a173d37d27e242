import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { dateRange, unixTime } from '../../shared/dates';
import { sendAs, showFor } from '../../shared/display';
import { entriesToItems } from '../../../shared/envelope';
import { dateField } from '../../shared/fields';
import { phoneNumberList } from '../../shared/phoneNumbers';
import { required } from '../../shared/valueRules';
import { prepareRequest } from '../../shared/wireParams';

export const getStatusByRecipientOperation: INodePropertyOptions = {
	name: 'Get Status by Recipient',
	value: 'getStatusByRecipient',
	action: 'Get message status by recipient',
	description: 'Get the status of the messages sent to one number in a range of up to one day',
	routing: {
		request: { method: 'POST', url: '/sms/statusbyreceptor.json' },
		send: {
			preSend: [
				prepareRequest(
					phoneNumberList('receptor', 'Recipient', 1),
					unixTime('startdate', 'Start Date'),
					required('startdate', 'Start Date'),
					unixTime('enddate', 'End Date'),
					dateRange({ start: ['startdate', 'Start Date'], end: ['enddate', 'End Date'], maxDays: 1 }),
				),
			],
		},
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('sms', ['getStatusByRecipient']);

export const getStatusByRecipientFields: INodeProperties[] = [
	{
		displayName: 'Recipient',
		name: 'recipient',
		type: 'string',
		required: true,
		default: '',
		placeholder: '09121234567',
		description: 'The number the messages were sent to',
		displayOptions: display,
		routing: sendAs('receptor'),
	},
	dateField('Start Date', 'startDate', 'startdate', 'Start of the range', display, true),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: display,
		options: [
			dateField('End Date', 'endDate', 'enddate', 'End of the range; empty means one day after the start, and at most one day after it'),
		],
	},
];
