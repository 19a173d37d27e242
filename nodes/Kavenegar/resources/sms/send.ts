import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { checkedField } from '../../operationParts/fields/checked';
import { showFor } from '../../operationParts/fields/routing';
import { sendWindowField, sendWindowRule } from '../../operationParts/fields/sendWindow';
import { addScheduledFor } from '../../operationParts/sendWindow/scheduledRows';
import {
	hideRecipientsField,
	localIdsField,
	localIdsRules,
	mediaId,
	policyField,
	policyRule,
	recipientListField,
	sendAtField,
	sendAtRule,
	tagField,
	tagRule,
} from '../../operationParts/fields/send';
import { entriesToItems } from '../../../allNodes/envelope';
import { addMessageParts } from '../../operationParts/messageParts';
import { addMessageKind, messageKindField, optOutLineAdded } from '../../operationParts/messageKind';
import { localIdsAgainstDuplicates } from '../../operationParts/rules/recipients';
import { recipientListChunks } from '../../sending/chunks';
import { besideOptedOut, optedOutSkipped } from '../../sending/optedOut';
import { countedMessages, textToEachRecipient } from '../../sending/messageCap';
import { sendOptionsCollections } from '../../operationParts/sendOptions';
import { dropInvisibleMarks, matches, required, singleValue } from '../../operationParts/rules/valueRules';
import { prepareRequest } from '../../operationParts/wireParams';

const display = showFor('sms', ['send']);
const recipients = recipientListField('recipients', display);
const message = checkedField(
	'message',
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		description: 'Text of the message. Persian text fits 70 characters per part, Latin text 160.',
		hint: 'One-time codes: Verify → Send Code. A text per recipient: Send Different Messages.',
		displayOptions: display,
	},
	required,
);
const displayType = checkedField(
	'type',
	{
		displayName: 'Display Type',
		name: 'type',
		type: 'string',
		default: '',
		placeholder: 'The value Kavenegar gave you',
		description:
			'How the handset shows the message, on lines beginning with 3000. Kavenegar publishes no values: fill in only one it gave you for your line.',
	},
	dropInvisibleMarks,
	(wireName, label) => matches(wireName, label, /^\d+$/, 'must be a whole number: the value Kavenegar gave you for your line'),
);
const senderLine = checkedField(
	'sender',
	{
		displayName: 'Sender Line',
		name: 'sender',
		type: 'string',
		default: '',
		placeholder: '10004346',
		description: "Line number to send from; empty uses the account's default line",
	},
	singleValue,
	dropInvisibleMarks,
);

export const sendOperation: INodePropertyOptions = {
	name: 'Send',
	value: 'send',
	action: 'Send an SMS text to phone numbers',
	description:
		'Send one text to one or more phone numbers',
	routing: {
		request: { method: 'POST', url: '/sms/send.json' },
		send: {
			preSend: [
				prepareRequest(
					...recipients.rules,
					...message.rules,
					optOutLineAdded,
					...senderLine.rules,
					policyRule,
					...displayType.rules,
					...mediaId.rules,
					sendAtRule,
					...localIdsRules,
					tagRule,
					localIdsAgainstDuplicates,
					sendWindowRule,
					optedOutSkipped({ lists: ['localid'] }),
					countedMessages(textToEachRecipient),
				),
			],
		},
		operations: {
			pagination: besideOptedOut(recipientListChunks),
		},
		output: { postReceive: [entriesToItems, addMessageParts, addScheduledFor, addMessageKind] },
	},
};

export const sendFields: INodeProperties[] = [
	recipients.property,
	message.property,
	messageKindField(display),
	...sendOptionsCollections(display, [
		displayType.property,
		hideRecipientsField('Hide Recipient', 'Whether to hide the recipient numbers in reports and the outbox'),
		localIdsField,
		mediaId.property,
		policyField,
		sendAtField(),
		sendWindowField,
		senderLine.property,
		tagField,
	]),
];
