import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { checkedField } from '../../operationParts/fields/checked';
import { sendAs, showFor } from '../../operationParts/fields/routing';
import { tagField, tagRule } from '../../operationParts/fields/send';
import { oneRecipientField } from '../../operationParts/fields/recipient';
import { entriesToItems } from '../../../allNodes/envelope';
import { invalidInput } from '../../operationParts/rules/inputErrors';
import { chosenTimeZone } from '../../operationParts/rules/timeZone';
import { splitList } from '../../../allNodes/lists';
import { required } from '../../operationParts/rules/valueRules';
import { prepareRequest, type ParamRule } from '../../operationParts/wireParams';
import { sendWithoutLocalIds } from '../../sending/chunks';
import { additionalFieldsCollection } from '../../../allNodes/collections';
import { jalaliDateTime } from '../../../allNodes/jalali';
import { withoutInvisibleMarks } from '../../../allNodes/invisibleMarks';
import { CODE_LENGTH, codeHash, expiresAtIso, expiryFrom, newCode, typedCode } from './oneTimeCodes';
import { token, token10, token2, token20, token3 } from './templateTokens';

/** A lookup goes to one person; a list would be a bulk send, which the service refuses. */
const oneRecipient: ParamRule = function (params) {
	const count = splitList(params.receptor).length;
	if (count > 1) throw invalidInput(this, 'Recipient', `one number only (got ${count})`);
};

/**
 * A Code that reads as a code (`typedCode`: digits once spaces, dashes and invisible marks are
 * gone) goes without the invisible marks and the spaces a paste left around it. Other text for
 * %token keeps them: a Persian word may need its zero-width non-joiner.
 */
function readAsCode(name: string): ParamRule {
	return function (params) {
		const value = params[name];
		if (typeof value === 'string' && /^\d*$/.test(typedCode(value))) params[name] = withoutInvisibleMarks(value).trim();
	};
}

/** A voice call reads the code out digit by digit (428 otherwise). */
const callNeedsDigits: ParamRule = function (params) {
	if (params.type === 'call' && !/^\d+$/.test(String(params.token ?? ''))) {
		throw invalidInput(this, 'Code', 'a voice call needs a code of digits only');
	}
};

const display = showFor('verify', ['sendCode']);
const recipient = oneRecipientField('The one phone number that gets the code', display, (params) =>
	params.type === 'call' ? 'mobileOrLandline' : 'mobile',
);
const template = checkedField(
	'template',
	{
		displayName: 'Template Name',
		name: 'template',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'verify',
		description: 'Name of an approved verification template of your account',
		displayOptions: display,
	},
	required,
);
const firstToken = checkedField(
	'token',
	{
		displayName: 'Code',
		name: 'value',
		type: 'string',
		default: '',
		placeholder: 'Empty: a random code is made',
		description:
			'Empty: the node makes a random code of Code Length digits and keeps it out of the output. Or the value for %token: no spaces, new lines or "_"; digits only for a call.',
		displayOptions: display,
	},
	readAsCode,
	token,
);

/** What an item's preSend made for its postReceive: n8n's RoutingNode runs both with the item's one context. */
interface SentCode {
	code: string;
	made: boolean;
	codeHash: string;
	expiresAtMs: number;
}
const sentCodes = new WeakMap<IExecuteSingleFunctions, SentCode>();

const codeLengthField: INodeProperties = {
	displayName: 'Code Length',
	name: 'codeLength',
	type: 'number',
	typeOptions: { minValue: CODE_LENGTH.min, maxValue: CODE_LENGTH.max },
	default: 5,
	description: 'How many digits a code the node makes has. Each digit more makes a guess 10 times less likely to be right.',
};
const validMinutesField: INodeProperties = {
	displayName: 'Code Valid For (Minutes)',
	name: 'validMinutes',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 1440 },
	default: 2,
	description: 'How long Check Code accepts the code: its expiresAt is this many minutes after the send',
};

/** An Additional Field of whole numbers, its default when not added; an expression may give anything, so its range is checked here. */
function wholeNumberOption(context: IExecuteSingleFunctions, field: INodeProperties): number {
	const value = (context.getNodeParameter('additionalFields', {}) as IDataObject)[field.name] ?? field.default;
	const { minValue, maxValue } = field.typeOptions as { minValue: number; maxValue: number };
	if (typeof value !== 'number' || !Number.isInteger(value) || value < minValue || value > maxValue) {
		throw invalidInput(context, field.displayName, `must be a whole number from ${minValue} to ${maxValue} (got ${JSON.stringify(value)})`);
	}
	return value;
}

/**
 * An empty Code is made here, from the cryptographic generator; a given one is taken as it is and
 * hashed as Check Code reads a typed one (`typedCode`: Persian digits, a dash). Either way the
 * output gets the code's hash and expiry, never the made code itself (docs/one-time-codes.md).
 */
const codeToSend: ParamRule = async function (params) {
	const length = wholeNumberOption(this, codeLengthField);
	const minutes = wholeNumberOption(this, validMinutesField);
	const made = params.token === undefined || (typeof params.token === 'string' && params.token.trim() === '');
	if (made) params.token = newCode(length);
	const code = String(params.token);
	const { apiKey } = await this.getCredentials<{ apiKey: string }>('kavenegarApi');
	const expiresAtMs = expiryFrom(Date.now(), minutes);
	const receptor = splitList(params.receptor)[0];
	sentCodes.set(this, { code, made, codeHash: codeHash(String(apiKey), receptor, typedCode(code), expiresAtMs), expiresAtMs });
};

/** The sent row with what Check Code needs; a made code is starred out of the message text unless asked for. */
async function withCodeCheck(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const sent = sentCodes.get(this);
	if (sent === undefined) return items;
	const includeCode = this.getNodeParameter('includeCode', false) === true;
	const expiry = { expiresAt: expiresAtIso(sent.expiresAtMs), expiresAtJalali: jalaliDateTime(sent.expiresAtMs, chosenTimeZone(this)) };
	return items.map((item) => {
		const json: IDataObject = { ...item.json, codeHash: sent.codeHash, ...expiry };
		if (includeCode) json.code = sent.code;
		else if (sent.made && typeof json.message === 'string') json.message = json.message.split(sent.code).join('*'.repeat(sent.code.length));
		return { ...item, json };
	});
}

export const sendCodeOperation: INodePropertyOptions = {
	name: 'Send Code',
	value: 'sendCode',
	action: 'Send a one-time code with an approved template',
	description: 'Send a one-time code by SMS or voice call through an approved template',
	routing: {
		request: { method: 'POST', url: '/verify/lookup.json' },
		operations: { pagination: sendWithoutLocalIds('recipient') },
		send: {
			preSend: [
				prepareRequest(
					oneRecipient,
					...recipient.rules,
					...template.rules,
					...firstToken.rules,
					codeToSend,
					...token2.rules,
					...token3.rules,
					...token10.rules,
					...token20.rules,
					callNeedsDigits,
					tagRule,
				),
			],
		},
		output: { postReceive: [entriesToItems, withCodeCheck] },
	},
};

export const sendCodeFields: INodeProperties[] = [
	{
		displayName:
			'Usual case: leave Code empty, keep codeHash and expiresAt (a Data table row), map them into Check Code with this same credential.',
		name: 'sendCodeNotice',
		type: 'notice',
		default: '',
		displayOptions: display,
	},
	recipient.property,
	template.property,
	firstToken.property,
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'SMS', value: 'sms', description: "Send the template's text message" },
			{ name: 'Voice Call', value: 'call', description: "Call the number and read out the template's voice text" },
		],
		default: 'sms',
		description: 'How the code reaches the recipient',
		displayOptions: display,
		routing: sendAs('type'),
	},
	// noDataExpression: a model filling the tool's fields cannot turn it on.
	{
		displayName: 'Include Code in Output',
		name: 'includeCode',
		type: 'boolean',
		noDataExpression: true,
		default: false,
		description: 'Whether to put a code the node made in the output as code, and leave it in the message text',
		displayOptions: display,
	},
	{
		displayName: "The code is in the output: whoever can open this workflow's executions can read live codes. Prefer codeHash and Check Code.",
		name: 'codeInOutputNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { ...display.show, includeCode: [true] } },
	},
	// In the tokens' own order (%token2 before %token10), not as text sorts them.
	additionalFieldsCollection(display, [
		codeLengthField,
		validMinutesField,
		tagField,
		token2.property,
		token3.property,
		token10.property,
		token20.property,
	]),
];
