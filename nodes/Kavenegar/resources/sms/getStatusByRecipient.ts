import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { showFor } from '../../shared/fields/routing';
import { oneRecipientField } from '../../shared/fields/recipient';
import { entriesToItems } from '../../../shared/envelope';
import { dateRangeFields } from '../../shared/fields/dateRange';
import { filtersCollection } from '../../../shared/collections';
import { prepareRequest } from '../../shared/wireParams';

const display = showFor('sms', ['getStatusByRecipient']);
const range = dateRangeFields({ startRequired: true, maxDays: 1 });
const recipient = oneRecipientField('The number the messages were sent to', display, 'mobileOrLandline');

export const getStatusByRecipientOperation: INodePropertyOptions = {
	name: 'Get Status by Recipient',
	value: 'getStatusByRecipient',
	action: 'Get the delivery status of SMS by recipient',
	description: 'Get the status of the messages sent to one number in a range of up to one day',
	routing: {
		request: { method: 'POST', url: '/sms/statusbyreceptor.json' },
		send: { preSend: [prepareRequest(...recipient.rules, ...range.rules)] },
		output: { postReceive: [entriesToItems] },
	},
};


export const getStatusByRecipientFields: INodeProperties[] = [
	recipient.property,
	range.start('Start of the range', display),
	filtersCollection(display, [
		range.end('End of the range; empty means one day after the start, and at most one day after it'),
	]),
];
