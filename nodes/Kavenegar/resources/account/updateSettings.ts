import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { entriesToItems } from '../../../allNodes/envelope';
import { checkedField } from '../../operationParts/fields/checked';
import { showFor, sendAs } from '../../operationParts/fields/routing';
import { invalidInput } from '../../operationParts/rules/inputErrors';
import { dropInvisibleMarks, matches, wholeNumberRange } from '../../operationParts/rules/valueRules';
import { prepareRequest, type ParamRule } from '../../operationParts/wireParams';

/**
 * The six settings by the names the service's REST page gives them; some SDKs send other names
 * (`debug`) or shifted values, which the service does not read (docs/kavenegar-api.md).
 */
const SETTINGS = {
	apilogs: 'API Logs',
	dailyreport: 'Daily Report',
	debugmode: 'Debug Mode',
	defaultsender: 'Default Sender Line',
	mincreditalarm: 'Low Credit Alarm',
	resendfailed: 'Resend Failed Messages',
};

const SETTINGS_FIELD = 'Settings to Change';

/** With no parameter account/config only reads: an update that changes nothing is a mistake. */
const someSettingGiven: ParamRule = function (params) {
	if (!Object.keys(SETTINGS).some((name) => params[name] !== undefined && params[name] !== '')) {
		throw invalidInput(this, SETTINGS_FIELD, 'add at least one setting to change');
	}
};

const defaultSender = checkedField(
	'defaultsender',
	{
		displayName: SETTINGS.defaultsender,
		name: 'defaultsender',
		type: 'string',
		default: '',
		placeholder: '10004346',
		description: 'The line messages are sent from when a send names none',
	},
	dropInvisibleMarks,
	(wireName, label) => matches(wireName, label, /^\+?\d{4,20}$/, 'must be one of your line numbers, digits only'),
);

const lowCreditAlarm = checkedField(
	'mincreditalarm',
	{
		displayName: SETTINGS.mincreditalarm,
		name: 'mincreditalarm',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'Kavenegar warns when the credit falls below this many rials',
	},
	(wireName, label) => wholeNumberRange(wireName, label, 0, 1_000_000_000_000),
);

const rules: ParamRule[] = [...defaultSender.rules, ...lowCreditAlarm.rules, someSettingGiven];

export const updateSettingsOperation: INodePropertyOptions = {
	name: 'Update Settings',
	value: 'updateSettings',
	action: 'Update account settings',
	description: 'Change the settings you add; outputs all settings as Kavenegar now holds them',
	routing: {
		request: { method: 'POST', url: '/account/config.json' },
		send: { preSend: [prepareRequest(...rules)] },
		output: { postReceive: [entriesToItems] },
	},
};

const onOff = (wireName: keyof typeof SETTINGS, description: string): INodeProperties => ({
	displayName: SETTINGS[wireName],
	name: wireName,
	type: 'options',
	options: [
		{ name: 'Disabled', value: 'disabled' },
		{ name: 'Enabled', value: 'enabled' },
	],
	default: 'enabled',
	description,
	routing: sendAs(wireName),
});

export const updateSettingsFields: INodeProperties[] = [
	{
		displayName: SETTINGS_FIELD,
		name: 'settings',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		displayOptions: showFor('account', ['updateSettings']),
		options: [
			{
				displayName: SETTINGS.apilogs,
				name: 'apilogs',
				type: 'options',
				options: [
					{ name: 'Disabled', value: 'disabled' },
					{ name: 'Enabled', value: 'enabled' },
					{ name: 'Only Failures', value: 'justfaults' },
				],
				default: 'justfaults',
				description: 'Which API calls Kavenegar logs in the panel',
				routing: sendAs('apilogs'),
			},
			onOff('dailyreport', 'Whether Kavenegar sends a daily report of the account'),
			onOff('debugmode', 'Whether the account is in debug mode'),
			defaultSender.property,
			lowCreditAlarm.property,
			onOff('resendfailed', 'Whether Kavenegar sends failed messages again'),
		],
	},
];
