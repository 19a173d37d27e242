import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { checkedField } from '../../operationParts/fields/checked';
import { sendAs, showFor } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { invalidInput } from '../../operationParts/rules/inputErrors';
import { dropInvisibleMarks, required, wholeNumberRange, wrongTypeRule } from '../../operationParts/rules/valueRules';
import { prepareRequest, type ParamRule } from '../../operationParts/wireParams';
import { templateNameRule } from './rules';
import { singleWrite } from '../../sending/chunks';
import { additionalFieldsCollection } from '../../../allNodes/collections';

const TEXT = 1;
const CALL = 2;
const DISABLED = 3;

const TOKEN = '%token';

/** Each method the template may use needs its own body, by the names the user picked it under. */
const BODIES = [
	{ wireName: 'textMessage', field: 'Text Message', method: TEXT, asSendMethod: 'Text Message', asFallback: 'Text Message' },
	{ wireName: 'voiceMessage', field: 'Voice Message', method: CALL, asSendMethod: 'Voice Call', asFallback: 'Voice Call' },
];

const messagesFitMethods: ParamRule = function (params) {
	for (const body of BODIES) {
		const wrongType = params[body.wireName] === undefined ? undefined : wrongTypeRule(params[body.wireName]);
		if (wrongType) throw invalidInput(this, body.field, wrongType);
		const text = String(params[body.wireName] ?? '');
		const neededBy =
			Number(params.sendMethod) === body.method
				? `the send method is ${body.asSendMethod}`
				: Number(params.fallBackMethod ?? DISABLED) === body.method
					? `the fallback method is ${body.asFallback}`
					: undefined;
		if (neededBy && text.trim() === '') throw invalidInput(this, body.field, `is required because ${neededBy}`);
		if (text.trim() !== '' && !text.includes(TOKEN)) {
			throw invalidInput(this, body.field, `must contain ${TOKEN} where the code goes`);
		}
	}
};

const display = showFor('verifyTemplate', ['create']);

/** Only a template with a fallback waits before it, or has a line for it. */
const withFallback: IDisplayOptions = { hide: { '/fallbackMethod': [DISABLED] } };

const name = checkedField(
	'name',
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'loginCode',
		description:
			'Template name, given later to Send Code: in English (Latin letters, digits and signs such as "-"), without spaces or "_"',
		displayOptions: display,
	},
	required,
	templateNameRule,
);

const minutesBeforeFallback = checkedField(
	'switchTTL',
	{
		displayName: 'Minutes Before Fallback',
		name: 'switchTtl',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 5 },
		default: 2,
		description: 'How long to wait for the first method before using the fallback method: 1 to 5 minutes',
		displayOptions: withFallback,
	},
	(wireName, label) => wholeNumberRange(wireName, label, 1, 5),
);

const primaryLine = checkedField(
	'primaryLineNumber',
	{
		displayName: 'Primary Line',
		name: 'primaryLineNumber',
		type: 'string',
		default: '',
		description: 'Line the code is sent from by the send method',
	},
	dropInvisibleMarks,
);

const secondaryLine = checkedField(
	'secondaryLineNumber',
	{
		displayName: 'Secondary Line',
		name: 'secondaryLineNumber',
		type: 'string',
		default: '',
		description: 'Line the code is sent from by the fallback method',
		displayOptions: withFallback,
	},
	dropInvisibleMarks,
);

export const createOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a verification template',
	description:
		'Create a template for codes sent by text message or voice call',
	routing: {
		request: { method: 'POST', url: '/verify/addtemplate.json' },
		operations: { pagination: singleWrite },
		send: {
			preSend: [
				prepareRequest(
					...name.rules,
					messagesFitMethods,
					...minutesBeforeFallback.rules,
					...primaryLine.rules,
					...secondaryLine.rules,
				),
			],
		},
		output: { postReceive: [entriesToItems] },
	},
};

/**
 * A body is shown only when a method uses it: as the send method, or as the fallback of the other
 * one (with System Default the service picks the fallback, so both are offered, neither required).
 * n8n's display rules cannot say "or" across two fields, so a body is listed once per case; n8n
 * shows one of them and sends only a field it shows. The send method's body comes first.
 */
function bodyFields(text: INodeProperties, voice: INodeProperties): INodeProperties[] {
	const when = (show: IDisplayOptions['show']): IDisplayOptions => ({ show: { ...display.show, ...show } });
	const asFallback = (field: INodeProperties, sendMethod: number, fallbackMethod: number): INodeProperties[] => [
		{ ...field, required: true, displayOptions: when({ sendMethod: [sendMethod], fallbackMethod: [fallbackMethod] }) },
		{ ...field, displayOptions: when({ sendMethod: [sendMethod], fallbackMethod: [0] }) },
	];
	return [
		{ ...text, required: true, displayOptions: when({ sendMethod: [TEXT] }) },
		{ ...voice, required: true, displayOptions: when({ sendMethod: [CALL] }) },
		...asFallback(text, CALL, TEXT),
		...asFallback(voice, TEXT, CALL),
	];
}

/** Disabled, the default, first; the methods by the names Send Method gives them. */
const FALLBACK_METHODS: INodePropertyOptions[] = [
	{ name: 'Disabled', value: DISABLED },
	{ name: 'Text Message', value: TEXT },
	{ name: 'Voice Call', value: CALL },
	{ name: 'System Default', value: 0, description: 'Kavenegar picks the fallback method' },
];

export const createFields: INodeProperties[] = [
	name.property,
	{
		displayName: 'Source Type',
		name: 'sourceType',
		type: 'options',
		options: [
			{ name: 'Mobile App', value: 1 },
			{ name: 'Website', value: 0 },
		],
		default: 0,
		description: 'Whether the codes are for a website or a mobile app',
		displayOptions: display,
		routing: sendAs('sourceType'),
	},
	{
		displayName: 'Send Method',
		name: 'sendMethod',
		type: 'options',
		options: [
			{ name: 'Text Message', value: TEXT },
			{ name: 'Voice Call', value: CALL },
		],
		default: TEXT,
		description: 'How the code is sent first',
		displayOptions: display,
		routing: sendAs('sendMethod'),
	},
	{
		displayName: 'Fallback Method',
		name: 'fallbackMethod',
		type: 'options',
		options: FALLBACK_METHODS,
		default: DISABLED,
		description: 'How the code is sent again when the first method does not get through',
		displayOptions: display,
		routing: sendAs('fallBackMethod'),
	},
	...bodyFields(
		{
			displayName: 'Text Message',
			name: 'textMessage',
			type: 'string',
			default: '',
			typeOptions: { rows: 3 },
			placeholder: 'Your login code: %token',
			description: 'Body of the text message, with %token where the code goes',
			routing: sendAs('textMessage'),
		},
		{
			displayName: 'Voice Message',
			name: 'voiceMessage',
			type: 'string',
			default: '',
			typeOptions: { rows: 3 },
			placeholder: 'Your code is %token',
			description: 'Text read out in the voice call, with %token where the code goes',
			routing: sendAs('voiceMessage'),
		},
	),
	additionalFieldsCollection(display, [
		minutesBeforeFallback.property,
		primaryLine.property,
		secondaryLine.property,
		{
			displayName: 'Source Name',
			name: 'sourceName',
			type: 'string',
			default: '',
			description: 'Name of your website or app',
			routing: sendAs('sourceName'),
		},
		{
			displayName: 'Source URL',
			name: 'sourceUrl',
			type: 'string',
			default: '',
			placeholder: 'https://example.com/login',
			description: 'Address of your website, or of your app\'s page in a store',
			routing: sendAs('sourceUrl'),
		},
	]),
];
