import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { checkedField } from '../../operationParts/fields/checked';
import { showFor } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { filtersCollection } from '../../../allNodes/collections';
import { ipAccessNotice } from '../../operationParts/fields/notices';
import { senderLineField } from '../../operationParts/fields/send';
import { wholeNumberRange } from '../../operationParts/rules/valueRules';
import { prepareRequest } from '../../operationParts/wireParams';

const display = showFor('sms', ['getLatestOutbox']);
const sender = senderLineField('Only messages sent from this line');

const limit = checkedField(
	'pagesize',
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 500 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: display,
	},
	(wireName, label) => wholeNumberRange(wireName, label, 1, 500),
);

export const getLatestOutboxOperation: INodePropertyOptions = {
	name: 'Get Latest Outbox',
	value: 'getLatestOutbox',
	action: 'Get the latest sent messages',
	description:
		'Get up to 500 of the latest sent messages, newest first (needs IP access)',
	routing: {
		request: { method: 'POST', url: '/sms/latestoutbox.json' },
		send: { preSend: [prepareRequest(...limit.rules, ...sender.rules)] },
		output: { postReceive: [entriesToItems] },
	},
};

export const getLatestOutboxFields: INodeProperties[] = [
	ipAccessNotice('getLatestOutbox'),
	limit.property,
	filtersCollection(display, [sender.property]),
];
