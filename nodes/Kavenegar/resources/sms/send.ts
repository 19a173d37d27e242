import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { inChunks } from '../../shared/chunkedRequests';
import { unixTime } from '../../shared/dates';
import { sendAs, showFor } from '../../shared/display';
import { hideRecipientsField, mediaIdField, policyField, tagField } from '../../shared/fields';
import { derivedLocalIds, isLong, LONG_RULE, preventsDuplicateSends } from '../../shared/duplicateSends';
import { entriesToItems } from '../../shared/envelope';
import { invalidInput } from '../../shared/inputErrors';
import { idList, splitList } from '../../shared/lists';
import { addMessageParts } from '../../shared/messageParts';
import { phoneNumberList } from '../../shared/phoneNumbers';
import {
	MAX_MESSAGES_PER_ITEM,
	MESSAGES_PER_REQUEST,
	NORMALISE_PHONE_NUMBERS,
	sendOptionsField,
} from '../../shared/sendOptions';
import { mediaIdRule, required, singleValue, tagRule } from '../../shared/valueRules';
import { prepareRequest, type ParamRule } from '../../shared/wireParams';

const recipientsPerItem: ParamRule = function (params) {
	const count = splitList(params.receptor).length;
	if (count > MAX_MESSAGES_PER_ITEM) {
		throw invalidInput(
			this,
			'Recipients',
			`at most ${MAX_MESSAGES_PER_ITEM} numbers per item (got ${count}); send larger lists as several items`,
		);
	}
};

const localIdsMatchRecipients: ParamRule = function (params) {
	const ids = splitList(params.localid);
	if (ids.length === 0) return;
	const tooLarge = ids.find((id) => !isLong(id));
	if (tooLarge !== undefined) throw invalidInput(this, 'Local IDs', `"${tooLarge}" ${LONG_RULE}`);
	const recipients = splitList(params.receptor).length;
	if (ids.length !== recipients) {
		throw invalidInput(
			this,
			'Local IDs',
			`give one local ID per recipient (${recipients} recipients, ${ids.length} local IDs)`,
		);
	}
};

/** Runs after the recipients are final, so that a retry derives the same IDs from the same numbers. */
const localIdsAgainstDuplicates: ParamRule = function (params) {
	if (splitList(params.localid).length > 0 || !preventsDuplicateSends(this)) return;
	params.localid = derivedLocalIds(
		this,
		splitList(params.receptor).map((recipient) => [recipient]),
	).join(',');
};

export const sendOperation: INodePropertyOptions = {
	name: 'Send',
	value: 'send',
	action: 'Send an SMS',
	description:
		'Send one text to one or more phone numbers',
	routing: {
		request: { method: 'POST', url: '/sms/send.json' },
		send: {
			preSend: [
				prepareRequest(
					phoneNumberList('receptor', 'Recipients', undefined, NORMALISE_PHONE_NUMBERS),
					recipientsPerItem,
					required('message', 'Message'),
					singleValue('sender', 'Sender Line'),
					singleValue('policy', 'Policy'),
					singleValue('type', 'Display Type', 'a number'),
					mediaIdRule('mediaid'),
					unixTime('date', 'Send At'),
					idList('localid', 'Local IDs', undefined, true),
					localIdsMatchRecipients,
					tagRule,
					localIdsAgainstDuplicates,
				),
			],
		},
		operations: {
			pagination: inChunks({
				lists: ['receptor', 'localid'],
				encoding: 'commaList',
				perRequest: MESSAGES_PER_REQUEST,
				noun: 'recipients',
				rowFields: { localid: 'localid' },
				localIdList: 'localid',
			}),
		},
		output: { postReceive: [entriesToItems, addMessageParts] },
	},
};

const display = showFor('sms', ['send']);

export const sendFields: INodeProperties[] = [
	{
		displayName: 'Recipients',
		name: 'recipients',
		type: 'string',
		required: true,
		default: '',
		placeholder: '09121234567, 09351234567',
		description:
			'Phone numbers separated by commas or new lines, or an array from an expression. More than 200 are sent in several requests of 200, and the rows come back in order.',
		displayOptions: display,
		routing: sendAs('receptor'),
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		description: 'Text of the message. Persian text fits 70 characters per part, Latin text 160.',
		hint: 'A different text per recipient: SMS → Send Different Messages. One-time codes: Verify → Send Code.',
		displayOptions: display,
		routing: sendAs('message'),
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
				displayName: 'Display Type',
				name: 'type',
				type: 'number',
				default: 1,
				description:
					"How the handset shows the message; only for lines beginning with 3000. Kavenegar's API contract and SDKs do not publish what each value means: leave it out unless Kavenegar told you the value for your line.",
				routing: sendAs('type'),
			},
			hideRecipientsField('Hide Recipient', 'Whether to hide the recipient numbers in reports and the outbox'),
			{
				displayName: 'Local IDs',
				name: 'localIds',
				type: 'string',
				default: '',
				description:
					'Your own numeric ID for each recipient, in the same order, so that a repeated request is not sent twice; as many IDs as recipients. Without them, Prevent Duplicate Sends (in Options) makes IDs for you.',
				routing: sendAs('localid'),
			},
			mediaIdField,
			policyField,
			{
				displayName: 'Send At',
				name: 'date',
				type: 'dateTime',
				default: '',
				description: 'Schedule the message for this time; empty sends it now',
				routing: sendAs('date'),
			},
			{
				displayName: 'Sender Line',
				name: 'sender',
				type: 'string',
				default: '',
				description: "Line number to send from; empty uses the account's default line",
				routing: sendAs('sender'),
			},
			tagField,
		],
	},
	sendOptionsField(display),
];
