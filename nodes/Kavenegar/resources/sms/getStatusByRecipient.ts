import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { showFor } from '../../operationParts/fields/routing';
import { oneRecipientField } from '../../operationParts/fields/recipient';
import { entriesToItems } from '../../../allNodes/envelope';
import { dateRangeFields } from '../../operationParts/fields/dateRange';
import { filtersCollection } from '../../../allNodes/collections';
import { prepareRequest } from '../../operationParts/wireParams';

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
