import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { showFor } from '../../shared/display';
import { entriesToItems } from '../../../shared/envelope';
import { phoneNumberList } from '../../shared/phoneNumbers';
import { required } from '../../shared/valueRules';
import { prepareRequest } from '../../shared/wireParams';
import { lineNumberField, phoneNumbersField } from './fields';

export const checkOperation: INodePropertyOptions = {
	name: 'Check',
	value: 'check',
	action: 'Check whether numbers are blocked on a line',
	description: 'Check whether phone numbers are blocked on one of your sender lines',
	routing: {
		request: { method: 'GET', url: '/line/blocked/exists.json' },
		send: {
			preSend: [prepareRequest(required('linenumber', 'Line Number'), phoneNumberList('receptor', 'Phone Numbers', 200))],
		},
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('blocklist', ['check']);

export const checkFields: INodeProperties[] = [
	lineNumberField('Your line whose blocklist to check', display),
	phoneNumbersField(
		'Numbers to check, separated by commas or new lines, or an array from an expression; at most 200. Each comes back with status Active (blocked) or NotExists (not blocked).',
		display,
	),
];
