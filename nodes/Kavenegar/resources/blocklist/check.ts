import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { showFor } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { prepareRequest } from '../../operationParts/wireParams';
import { blocklistLineField } from './line';
import { phoneNumbersField } from '../../operationParts/fields/phoneNumbers';

const display = showFor('blocklist', ['check']);
const line = blocklistLineField(display);
const phoneNumbers = phoneNumbersField(
	'Numbers to check, separated by commas or new lines, or an array from an expression; at most 200. Each comes back with status Active (blocked) or NotExists (not blocked).',
	display, 200,
);

export const checkOperation: INodePropertyOptions = {
	name: 'Check',
	value: 'check',
	action: 'Check whether numbers are blocked on a line',
	description: 'Check whether phone numbers are blocked on one of your sender lines',
	routing: {
		request: { method: 'GET', url: '/line/blocked/exists.json' },
		send: {
			preSend: [prepareRequest(...line.rules, ...phoneNumbers.rules)],
		},
		output: { postReceive: [entriesToItems] },
	},
};

export const checkFields: INodeProperties[] = [line.property, phoneNumbers.property];
