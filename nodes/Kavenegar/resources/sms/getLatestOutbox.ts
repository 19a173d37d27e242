import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { sendAs, showFor } from '../../shared/display';
import { entriesToItems } from '../../../shared/envelope';
import { senderLineField } from '../../shared/fields';
import { wholeNumberRange } from '../../shared/valueRules';
import { prepareRequest } from '../../shared/wireParams';

export const getLatestOutboxOperation: INodePropertyOptions = {
	name: 'Get Latest Outbox',
	value: 'getLatestOutbox',
	action: 'Get the latest sent messages',
	description:
		'Get up to 500 of the most recently sent messages, newest first, optionally only from one sender line, with text, recipient, status and cost. Needs IP access: the n8n server\'s IP must be allowed in the Kavenegar panel.',
	routing: {
		request: { method: 'POST', url: '/sms/latestoutbox.json' },
		send: { preSend: [prepareRequest(wholeNumberRange('pagesize', 'Limit', 1, 500))] },
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('sms', ['getLatestOutbox']);

export const getLatestOutboxFields: INodeProperties[] = [
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 500 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: display,
		routing: sendAs('pagesize'),
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: display,
		options: [senderLineField('Only messages sent from this line')],
	},
];
