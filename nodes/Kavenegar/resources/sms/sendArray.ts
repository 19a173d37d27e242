import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { inChunks } from '../../sending/chunks';
import { besideOptedOut, optedOutSkipped } from '../../sending/optedOut';
import { countedMessages, textPerRecipient } from '../../sending/messageCap';
import { showFor } from '../../operationParts/fields/routing';
import { sendWindowField, sendWindowRule } from '../../operationParts/fields/sendWindow';
import { addScheduledFor } from '../../operationParts/sendWindow/scheduledRows';
import {
	hideRecipientsField,
	mediaId,
	policyField,
	policyRule,
	sendAtField,
	sendAtRule,
	tagField,
	tagRule,
} from '../../operationParts/fields/send';
import { entriesToItems } from '../../../allNodes/envelope';
import { addMessageParts } from '../../operationParts/messageParts';
import { addMessageKind, messageKindField, optOutLineAdded } from '../../operationParts/messageKind';
import { MESSAGES_PER_REQUEST, sendOptionsCollections } from '../../operationParts/sendOptions';
import { prepareRequest } from '../../operationParts/wireParams';
import { buildArrays } from './sendArrayMessages';

export const sendArrayOperation: INodePropertyOptions = {
	name: 'Send Different Messages',
	value: 'sendArray',
	action: 'Send different messages in one request',
	description: 'Send a different text, from its own sender line, to each recipient',
	routing: {
		request: { method: 'POST', url: '/sms/sendarray.json' },
		send: {
			preSend: [
				prepareRequest(
					buildArrays,
					optOutLineAdded,
					sendAtRule,
					tagRule,
					policyRule,
					...mediaId.rules,
					sendWindowRule,
					optedOutSkipped({ senderList: 'sender', lists: ['sender', 'message', 'type', 'localmessageids'] }),
					countedMessages(textPerRecipient),
				),
			],
		},
		operations: {
			pagination: besideOptedOut(inChunks({
				lists: ['receptor', 'sender', 'message', 'type', 'localmessageids'],
				json: { receptor: 'strings', sender: 'strings', message: 'strings', type: 'numbers', localmessageids: 'numbers' },
				perRequest: MESSAGES_PER_REQUEST,
				noun: 'messages',
				rowFields: { localid: 'localmessageids' },
				send: { localIdList: 'localmessageids', mayHaveBeenSent: 'the messages may have been sent' },
			})),
		},
		output: { postReceive: [entriesToItems, addMessageParts, addScheduledFor, addMessageKind] },
	},
};

const display = showFor('sms', ['sendArray']);

export const sendArrayFields: INodeProperties[] = [
	{
		displayName: 'Messages Input',
		name: 'messagesInput',
		type: 'options',
		options: [
			{ name: 'Rows', value: 'rows', description: 'Enter each message as a row' },
			{ name: 'JSON', value: 'json', description: 'Give all messages as one JSON array, e.g. from an expression' },
		],
		default: 'rows',
		displayOptions: display,
	},
	{
		displayName: 'Messages',
		name: 'messages',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Message',
		default: {},
		displayOptions: { show: { ...display.show, messagesInput: ['rows'] } },
		options: [
			{
				displayName: 'Message',
				name: 'message',
				values: [
					{
						displayName: 'Display Type',
						name: 'type',
						type: 'string',
						default: '',
						description: 'Optional; only for lines beginning with 3000',
					},
					{
						displayName: 'Local ID',
						name: 'localId',
						type: 'string',
						default: '',
						description: 'Optional numeric ID of yours that stops a repeated request from sending twice',
					},
					{ displayName: 'Recipient', name: 'recipient', type: 'string', default: '', placeholder: '09121234567' },
					{ displayName: 'Sender Line', name: 'sender', type: 'string', default: '', placeholder: '10004346' },
					{ displayName: 'Text', name: 'message', type: 'string', default: '', typeOptions: { rows: 2 } },
				],
			},
		],
	},
	{
		displayName: 'Messages (JSON)',
		name: 'messagesJson',
		type: 'json',
		default: '[\n  { "recipient": "09121234567", "sender": "10004346", "message": "Hello" }\n]',
		description:
			'An array of {recipient, sender, message, type?, localId?}, or the service\'s own shape {receptor: [], sender: [], message: []}. More than 200 are sent in several requests of 200.',
		displayOptions: { show: { ...display.show, messagesInput: ['json'] } },
	},
	messageKindField(display),
	...sendOptionsCollections(display, [
		hideRecipientsField('Hide Recipients', 'Whether to hide the recipient numbers in reports'),
		mediaId.property,
		policyField,
		sendAtField('Schedule all messages for this time; empty sends them now'),
		sendWindowField,
		tagField,
	]),
];
