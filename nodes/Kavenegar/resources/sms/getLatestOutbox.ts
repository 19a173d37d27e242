import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { sendAs, showFor } from '../../shared/fields/routing';
import { entriesToItems } from '../../../shared/envelope';
import { filtersCollection } from '../../../shared/collections';
import { ipAccessNotice } from '../../shared/fields/notices';
import { senderLineField } from '../../shared/fields/send';
import { wholeNumberRange } from '../../shared/rules/valueRules';
import { prepareRequest } from '../../shared/wireParams';

export const getLatestOutboxOperation: INodePropertyOptions = {
	name: 'Get Latest Outbox',
	value: 'getLatestOutbox',
	action: 'Get the latest sent messages',
	description:
		'Get up to 500 of the latest sent messages, newest first (needs IP access)',
	routing: {
		request: { method: 'POST', url: '/sms/latestoutbox.json' },
		send: { preSend: [prepareRequest(wholeNumberRange('pagesize', 'Limit', 1, 500))] },
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('sms', ['getLatestOutbox']);

export const getLatestOutboxFields: INodeProperties[] = [
	ipAccessNotice('getLatestOutbox'),
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
	filtersCollection(display, [senderLineField('Only messages sent from this line')]),
];
