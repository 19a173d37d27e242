import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { inChunks } from '../../shared/chunkedRequests';
import { showFor } from '../../shared/display';
import { entriesToItems } from '../../../shared/envelope';
import { phoneNumberList } from '../../shared/phoneNumbers';
import { required } from '../../shared/valueRules';
import { prepareRequest } from '../../shared/wireParams';
import { lineNumberField, phoneNumbersField } from './fields';

export const removeOperation: INodePropertyOptions = {
	name: 'Remove',
	value: 'remove',
	action: 'Unblock numbers on a line',
	description: 'Unblock phone numbers on one of your sender lines',
	routing: {
		request: { method: 'DELETE', url: '/line/blocked/remove.json' },
		send: {
			preSend: [prepareRequest(required('linenumber', 'Line Number'), phoneNumberList('receptor', 'Phone Numbers'))],
		},
		// The service takes at most 50 numbers per request; more go in several.
		operations: { pagination: inChunks({ lists: ['receptor'], perRequest: 50, noun: 'numbers' }) },
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('blocklist', ['remove']);

export const removeFields: INodeProperties[] = [
	lineNumberField('Your line whose blocklist to change', display),
	phoneNumbersField(
		'Numbers to unblock, separated by commas or new lines, or an array from an expression. More than 50 go in several requests of 50. Only blocks placed from the panel or through the API can be removed: blocks placed by an operator or by the system stay.',
		display,
	),
];
