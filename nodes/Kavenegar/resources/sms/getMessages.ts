import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { messageIdChunks } from '../../shared/chunkedRequests';
import { sendAs, showFor } from '../../shared/display';
import { entriesToItems } from '../../shared/envelope';
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
			// Every lookup goes through the chunking below; up to 500 IDs is one request.
			paginate: true,
		},
		operations: { pagination: messageIdChunks },
		output: { postReceive: [entriesToItems] },
	},
};

export const getMessagesFields: INodeProperties[] = [
	{
		displayName: 'Message IDs',
		name: 'messageIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: '8792343, 8792344',
		description:
			'IDs returned by a send, separated by commas or new lines, or an array from an expression. More than 500 are looked up in several requests of 500. Needs IP access: add the n8n server\'s IP in the Kavenegar panel.',
		displayOptions: showFor('sms', ['getMessages']),
		routing: sendAs('messageid'),
	},
];
