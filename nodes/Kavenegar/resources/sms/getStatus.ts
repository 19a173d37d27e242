import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { messageIdChunks } from '../../sending/chunks';
import { entriesToItems } from '../../../allNodes/envelope';
import { messageIdsField } from '../../operationParts/fields/messageIds';
import { prepareRequest } from '../../operationParts/wireParams';

const messageIds = messageIdsField('getStatus', '. More than 500 are looked up in several requests of 500.');

export const getStatusOperation: INodePropertyOptions = {
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get the delivery status of SMS by message ID',
	description: 'Get the delivery status of sent messages by message ID',
	routing: {
		request: { method: 'POST', url: '/sms/status.json' },
		send: { preSend: [prepareRequest(...messageIds.rules)] },
		// More than 500 IDs, the service's limit per request, go in several requests.
		operations: { pagination: messageIdChunks },
		output: { postReceive: [entriesToItems] },
	},
};

export const getStatusFields: INodeProperties[] = [messageIds.property];
