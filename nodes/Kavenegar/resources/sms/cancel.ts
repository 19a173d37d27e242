import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { entriesToItems } from '../../../allNodes/envelope';
import { messageIdsField } from '../../operationParts/fields/messageIds';
import { prepareRequest } from '../../operationParts/wireParams';

const messageIds = messageIdsField('cancel');

export const cancelOperation: INodePropertyOptions = {
	name: 'Cancel',
	value: 'cancel',
	action: 'Cancel scheduled or queued messages',
	description: 'Cancel queued or scheduled messages by message ID (status 13 = cancelled)',
	routing: {
		request: { method: 'POST', url: '/sms/cancel.json' },
		send: { preSend: [prepareRequest(...messageIds.rules)] },
		output: { postReceive: [entriesToItems] },
	},
};

export const cancelFields: INodeProperties[] = [messageIds.property];
