import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { unixTime } from '../../shared/dates';
import { sendAs, showFor } from '../../shared/display';
import { entriesToItems } from '../../shared/envelope';
import { invalidInput } from '../../shared/inputErrors';
import { idList, splitList } from '../../shared/lists';
import { phoneNumberList } from '../../shared/phoneNumbers';
import { required, tagRule } from '../../shared/valueRules';
import { prepareRequest, type ParamRule } from '../../shared/wireParams';

const MAX_RECIPIENTS = 200;

const localIdsMatchRecipients: ParamRule = function (params) {
	if (params.localid === undefined) return;
	const ids = splitList(params.localid).length;
	const recipients = splitList(params.receptor).length;
	if (ids !== recipients) {
		throw invalidInput(
			this,
			'Local IDs',
			`give one local ID per recipient (${recipients} recipients, ${ids} local IDs)`,
		);
	}
};

export const sendOperation: INodePropertyOptions = {
	name: 'Send',
	value: 'send',
	action: 'Send an SMS',
	description: 'Send one text to one or more recipients (at most 200 per request)',
	routing: {
		request: { method: 'POST', url: '/sms/send.json' },
		send: {
			preSend: [
				prepareRequest(
					phoneNumberList('receptor', 'Recipients', MAX_RECIPIENTS),
					required('message', 'Message'),
					unixTime('date', 'Send At'),
					idList('localid', 'Local IDs', undefined, true),
					localIdsMatchRecipients,
					tagRule,
				),
			],
		},
		output: { postReceive: [entriesToItems] },
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
			'Phone numbers separated by commas or new lines, or an array from an expression; at most 200',
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
				description: 'How the handset shows the message; only for lines beginning with 3000',
				routing: sendAs('type'),
			},
			{
				displayName: 'Hide Recipient',
				name: 'hide',
				type: 'boolean',
				default: false,
				description: 'Whether to hide the recipient numbers in reports and the outbox',
				routing: { send: { ...sendAs('hide').send, value: '={{ $value ? 1 : "" }}' } },
			},
			{
				displayName: 'Local IDs',
				name: 'localIds',
				type: 'string',
				default: '',
				description:
					'Your own numeric ID for each recipient, in the same order, so that a repeated request is not sent twice; as many IDs as recipients',
				routing: sendAs('localid'),
			},
			{
				displayName: 'Media ID',
				name: 'mediaId',
				type: 'string',
				default: '',
				description: 'ID of an uploaded media file; only for internal-messenger lines',
				routing: sendAs('mediaid'),
			},
			{
				displayName: 'Policy',
				name: 'policy',
				type: 'string',
				default: '',
				description: 'Name of a send policy defined on your account',
				routing: sendAs('policy'),
			},
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
			{
				displayName: 'Tag',
				name: 'tag',
				type: 'string',
				default: '',
				description:
					'Report label already defined in your panel: at most 200 characters, English letters, digits, "-" and "_"',
				routing: sendAs('tag'),
			},
		],
	},
];
