import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { checkedField, type CheckedField } from '../../operationParts/fields/checked';
import { sendAs, showFor } from '../../operationParts/fields/routing';
import { tagField, tagRule } from '../../operationParts/fields/send';
import { oneRecipientField } from '../../operationParts/fields/recipient';
import { entriesToItems } from '../../../allNodes/envelope';
import { invalidInput } from '../../operationParts/rules/inputErrors';
import { splitList } from '../../../allNodes/lists';
import { required, wrongTypeRule } from '../../operationParts/rules/valueRules';
import { prepareRequest, type ParamRule } from '../../operationParts/wireParams';
import { sendWithoutLocalIds } from '../../sending/chunks';
import { additionalFieldsCollection } from '../../../allNodes/collections';

/** A lookup goes to one person; a list would be a bulk send, which the service refuses. */
const oneRecipient: ParamRule = function (params) {
	const count = splitList(params.receptor).length;
	if (count > 1) throw invalidInput(this, 'Recipient', `one number only (got ${count})`);
};

/**
 * The service splits the template on whitespace and `_`, so such a token is refused (431);
 * token10 and token20 are the long tokens that may hold spaces.
 */
function token(name: string, field: string, spacesAllowed = false): ParamRule {
	const forbidden = spacesAllowed ? /[\r\n_]/ : /[\s_]/;
	const rule = spacesAllowed ? 'must not contain new lines or "_"' : 'must not contain spaces, new lines or "_"';
	return function (params) {
		if (params[name] === undefined) return;
		const wrongType = wrongTypeRule(params[name]);
		if (wrongType) throw invalidInput(this, field, wrongType);
		if (forbidden.test(String(params[name]))) throw invalidInput(this, field, rule);
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
		required: true,
		default: '',
		placeholder: '52841',
		description:
			'The one-time code (or other value) put where the template says %token: no spaces, new lines or "_"; digits only for a voice call',
		displayOptions: display,
	},
	required,
	token,
);
/** Token 2, 3, 10 or 20 (`tokenN`): the long ones, 10 and 20, may hold spaces. */
function moreToken(n: number): CheckedField {
	const spacesAllowed = n >= 10;
	return checkedField(
		`token${n}`,
		{
			displayName: `Token ${n}`,
			name: `value${n}`,
			type: 'string',
			default: '',
			description: spacesAllowed
				? `Value for %token${n} in the template; may contain spaces, but no new lines or "_"`
				: `Value for %token${n} in the template: no spaces, new lines or "_"`,
		},
		(wireName, label) => token(wireName, label, spacesAllowed),
	);
}

const [token2, token3, token10, token20] = [2, 3, 10, 20].map(moreToken);

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
					...token2.rules,
					...token3.rules,
					...token10.rules,
					...token20.rules,
					callNeedsDigits,
					tagRule,
				),
			],
		},
		output: { postReceive: [entriesToItems] },
	},
};

export const sendCodeFields: INodeProperties[] = [
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
	// In the tokens' own order (%token2 before %token10), not as text sorts them.
	additionalFieldsCollection(display, [tagField, token2.property, token3.property, token10.property, token20.property]),
];
