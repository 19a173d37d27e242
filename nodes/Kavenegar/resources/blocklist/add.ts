import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { showFor } from '../../shared/display';
import { entriesToItems } from '../../../shared/envelope';
import { phoneNumberList } from '../../shared/phoneNumbers';
import { required } from '../../shared/valueRules';
import { prepareRequest } from '../../shared/wireParams';
import { lineNumberField, phoneNumbersField } from './fields';

export const addOperation: INodePropertyOptions = {
	name: 'Add',
	value: 'add',
	action: 'Block numbers on a line',
	description: 'Block phone numbers on one of your sender lines',
	routing: {
		request: { method: 'POST', url: '/line/blocked/add.json' },
		send: {
			preSend: [prepareRequest(required('linenumber', 'Line Number'), phoneNumberList('receptor', 'Phone Numbers', 200))],
		},
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('blocklist', ['add']);

export const addFields: INodeProperties[] = [
	lineNumberField('Your line that must no longer send to these numbers', display),
	phoneNumbersField(
		'Numbers to block, separated by commas or new lines, or an array from an expression; at most 200. Each comes back with status Active (blocked now) or AlreadyExists.',
		display,
	),
];
