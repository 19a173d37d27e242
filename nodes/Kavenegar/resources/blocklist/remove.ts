import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { inChunks } from '../../sending/chunks';
import { showFor } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { prepareRequest } from '../../operationParts/wireParams';
import { blocklistLineField } from './line';
import { phoneNumbersField } from '../../operationParts/fields/phoneNumbers';

const display = showFor('blocklist', ['remove']);
const line = blocklistLineField(display);
const phoneNumbers = phoneNumbersField(
	'Numbers to unblock, separated by commas or new lines, or an array from an expression. Blocks placed by an operator or by the system stay.',
	display,
);

export const removeOperation: INodePropertyOptions = {
	name: 'Remove',
	value: 'remove',
	action: 'Unblock numbers on a line',
	description: 'Unblock phone numbers on one of your sender lines',
	routing: {
		request: { method: 'DELETE', url: '/line/blocked/remove.json' },
		send: {
			preSend: [prepareRequest(...line.rules, ...phoneNumbers.rules)],
		},
		// The service takes at most 50 numbers per request; more go in several.
		operations: { pagination: inChunks({ lists: ['receptor'], perRequest: 50, noun: 'numbers', changesState: true }) },
		output: { postReceive: [entriesToItems] },
	},
};

export const removeFields: INodeProperties[] = [line.property, phoneNumbers.property];
