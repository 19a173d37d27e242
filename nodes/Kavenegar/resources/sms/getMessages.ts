import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { messageIdChunks } from '../../shared/chunkedRequests';
import { entriesToItems } from '../../../shared/envelope';
import { messageIdsField } from '../../shared/fields';
import { idList } from '../../shared/lists';
import { prepareRequest } from '../../shared/wireParams';

export const getMessagesOperation: INodePropertyOptions = {
	name: 'Get Messages by ID',
	value: 'getMessages',
	action: 'Get sent messages by ID',
	description:
		'Get the full rows (text, sender, recipient, date, status and cost) of sent messages by their message IDs; more than 500 IDs go in several requests. Slower than Get Status, which is enough for the status alone. Needs IP access: the n8n server\'s IP must be allowed in the Kavenegar panel.',
	routing: {
		request: { method: 'POST', url: '/sms/select.json' },
		send: {
			preSend: [prepareRequest(idList('messageid', 'Message IDs'))],
		},
		operations: { pagination: messageIdChunks },
		output: { postReceive: [entriesToItems] },
	},
};

export const getMessagesFields: INodeProperties[] = [messageIdsField('getMessages', '. More than 500 are looked up in several requests of 500. Needs IP access: add the n8n server\'s IP in the Kavenegar panel.')];
