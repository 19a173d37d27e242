import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { showFor } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { prepareRequest } from '../../operationParts/wireParams';
import { blocklistLineField } from './line';
import { phoneNumbersField } from '../../operationParts/fields/phoneNumbers';

const display = showFor('blocklist', ['add']);
const line = blocklistLineField(display);
const phoneNumbers = phoneNumbersField(
	'Numbers to block, separated by commas or new lines, or an array from an expression; at most 200. Each comes back with status Active (blocked now) or AlreadyExists.',
	display, 200,
);

export const addOperation: INodePropertyOptions = {
	name: 'Add',
	value: 'add',
	action: 'Block numbers on a line',
	description: 'Block phone numbers on one of your sender lines',
	routing: {
		request: { method: 'POST', url: '/line/blocked/add.json' },
		send: {
			preSend: [prepareRequest(...line.rules, ...phoneNumbers.rules)],
		},
		output: { postReceive: [entriesToItems] },
	},
};

export const addFields: INodeProperties[] = [line.property, phoneNumbers.property];
