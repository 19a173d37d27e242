import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { messageIdChunks } from '../../sending/chunks';
import { entriesToItems } from '../../../allNodes/envelope';
import { messageIdsField } from '../../operationParts/fields/messageIds';
import { ipAccessNotice } from '../../operationParts/fields/notices';
import { prepareRequest } from '../../operationParts/wireParams';

const messageIds = messageIdsField('getMessages', '. Get Status is faster when the status is enough.');

export const getMessagesOperation: INodePropertyOptions = {
	name: 'Get Messages by ID',
	value: 'getMessages',
	action: 'Get sent messages by ID',
	description:
		'Get the full rows of sent messages by message ID (needs IP access)',
	routing: {
		request: { method: 'POST', url: '/sms/select.json' },
		send: {
			preSend: [prepareRequest(...messageIds.rules)],
		},
		operations: { pagination: messageIdChunks },
		output: { postReceive: [entriesToItems] },
	},
};

export const getMessagesFields: INodeProperties[] = [
	ipAccessNotice('getMessages'),
	messageIds.property,
];
