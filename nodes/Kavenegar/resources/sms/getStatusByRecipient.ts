import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { sendAs, showFor } from '../../shared/fields/routing';
import { entriesToItems } from '../../../shared/envelope';
import { dateRangeFields } from '../../shared/fields/dateRange';
import { filtersCollection } from '../../shared/fields/filters';
import { phoneNumberList } from '../../shared/rules/phoneNumbers';
import { prepareRequest } from '../../shared/wireParams';

const range = dateRangeFields({ startRequired: true, maxDays: 1 });

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
					...range.rules,
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
	range.start('Start of the range', display),
	filtersCollection(display, [
		range.end('End of the range; empty means one day after the start, and at most one day after it'),
	]),
];
