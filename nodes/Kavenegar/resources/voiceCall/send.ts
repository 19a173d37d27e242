import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { checkedField } from '../../operationParts/fields/checked';
import { showFor } from '../../operationParts/fields/routing';
import { sendWindowField, sendWindowRule } from '../../operationParts/fields/sendWindow';
import { addScheduledFor } from '../../operationParts/sendWindow/scheduledRows';
import { localIdsField, localIdsRules, recipientListField, sendAtField, sendAtRule } from '../../operationParts/fields/send';
import { entriesToItems } from '../../../allNodes/envelope';
import { localIdsAgainstDuplicates } from '../../operationParts/rules/recipients';
import { recipientListChunks } from '../../sending/chunks';
import { callPerRecipient, countedMessages } from '../../sending/messageCap';
import { sendOptionsCollections } from '../../operationParts/sendOptions';
import { required } from '../../operationParts/rules/valueRules';
import { messageKindField, serviceCallsOnly } from '../../operationParts/messageKind';
import { prepareRequest } from '../../operationParts/wireParams';

const display = showFor('voiceCall', ['send']);
const recipients = recipientListField('callRecipients', display, 'mobileOrLandline');
const message = checkedField(
	'message',
	{
		displayName: 'Message',
		name: 'spokenMessage',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		description: 'Text read out to each recipient by text-to-speech',
		displayOptions: display,
	},
	required,
);

/** A voice message is SMS → Send read out by a call: the same recipient list, splitting and local IDs. */
export const sendVoiceOperation: INodePropertyOptions = {
	name: 'Send Voice Message',
	value: 'send',
	action: 'Send a voice message by phone call',
	description: 'Call phone numbers and read a text out to them, now or at a scheduled time',
	routing: {
		request: { method: 'POST', url: '/call/maketts.json' },
		send: {
			preSend: [
				prepareRequest(
					...recipients.rules,
					...message.rules,
					serviceCallsOnly,
					sendAtRule,
					...localIdsRules,
					localIdsAgainstDuplicates,
					sendWindowRule,
					countedMessages(callPerRecipient),
				),
			],
		},
		operations: {
			pagination: recipientListChunks,
		},
		output: { postReceive: [entriesToItems, addScheduledFor] },
	},
};

export const sendVoiceFields: INodeProperties[] = [
	recipients.property,
	message.property,
	messageKindField(display, { serviceOnly: 'A call takes Service only: informational and advertising go by SMS → Send' }),
	...sendOptionsCollections(display, [localIdsField, sendAtField(), sendWindowField], { messagePreview: false }),
];
