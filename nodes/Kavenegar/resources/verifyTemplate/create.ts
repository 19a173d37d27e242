import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { sendAs, showFor } from '../../shared/display';
import { entriesToItems } from '../../../shared/envelope';
import { invalidInput } from '../../shared/inputErrors';
import { required, wholeNumberRange } from '../../shared/valueRules';
import { prepareRequest, type ParamRule } from '../../shared/wireParams';
import { templateNameRule } from './rules';
import { singleWrite } from '../../shared/chunkedRequests';

const TEXT = 1;
const CALL = 2;
const DISABLED = 3;

const TOKEN = '%token';

/** Each method the template may use needs its own body, by the names the user picked it under. */
const BODIES = [
	{ wireName: 'textMessage', field: 'Text Message', method: TEXT, asSendMethod: 'Text Message', asFallback: 'Text Message' },
	{ wireName: 'voiceMessage', field: 'Voice Message', method: CALL, asSendMethod: 'Voice Call', asFallback: 'Call' },
];

const messagesFitMethods: ParamRule = function (params) {
	for (const body of BODIES) {
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

export const createOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a verification template',
	description:
		'Create a verification template for codes sent by text message or voice call; its text must contain %token. Returns the new template with its ID; Verify → Send Code can use it only after Kavenegar approves it (see Get).',
	routing: {
		request: { method: 'POST', url: '/verify/addtemplate.json' },
		operations: { pagination: singleWrite },
		send: {
			preSend: [
				prepareRequest(
					required('name', 'Name'),
					templateNameRule('name', 'Name'),
					messagesFitMethods,
					wholeNumberRange('switchTTL', 'Minutes Before Fallback', 1, 5),
				),
			],
		},
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('verifyTemplate', ['create']);

export const createFields: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'loginCode',
		description:
			'Template name, given later to Send Code: English letters and digits only, without spaces or "_"',
		displayOptions: display,
		routing: sendAs('name'),
	},
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
		options: [
			{ name: 'Call', value: CALL },
			{ name: 'Disabled', value: DISABLED },
			{ name: 'System Default', value: 0 },
			{ name: 'Text Message', value: TEXT },
		],
		default: DISABLED,
		description: 'How the code is sent again when the first method does not get through',
		displayOptions: display,
		routing: sendAs('fallBackMethod'),
	},
	{
		displayName: 'Text Message',
		name: 'textMessage',
		type: 'string',
		default: '',
		typeOptions: { rows: 3 },
		placeholder: 'Your login code: %token',
		description:
			'Body of the text message, with %token where the code goes. Required when the send method or the fallback method is Text Message.',
		displayOptions: display,
		routing: sendAs('textMessage'),
	},
	{
		displayName: 'Voice Message',
		name: 'voiceMessage',
		type: 'string',
		default: '',
		typeOptions: { rows: 3 },
		placeholder: 'Your code is %token',
		description:
			'Text read out in the voice call, with %token where the code goes. Required when the send method is Voice Call or the fallback method is Call.',
		displayOptions: display,
		routing: sendAs('voiceMessage'),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: display,
		options: [
			{
				displayName: 'Minutes Before Fallback',
				name: 'switchTtl',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 5 },
				default: 2,
				description: 'How long to wait for the first method before using the fallback method: 1 to 5 minutes',
				routing: sendAs('switchTTL'),
			},
			{
				displayName: 'Primary Line',
				name: 'primaryLineNumber',
				type: 'string',
				default: '',
				description: 'Line the code is sent from by the send method',
				routing: sendAs('primaryLineNumber'),
			},
			{
				displayName: 'Secondary Line',
				name: 'secondaryLineNumber',
				type: 'string',
				default: '',
				description: 'Line the code is sent from by the fallback method',
				routing: sendAs('secondaryLineNumber'),
			},
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
		],
	},
];
