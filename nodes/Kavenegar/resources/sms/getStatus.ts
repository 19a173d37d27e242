import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { messageIdChunks } from '../../shared/chunkedRequests';
import { entriesToItems } from '../../../shared/envelope';
import { messageIdsField } from '../../shared/fields';
import { idList } from '../../shared/lists';
import { prepareRequest } from '../../shared/wireParams';

export const getStatusOperation: INodePropertyOptions = {
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get message status by ID',
	description:
		'Get the current delivery status of sent messages by their message IDs (more than 500 go in several requests). Status codes: 1 queued, 2 scheduled, 4 and 5 sent to the carrier, 6 failed, 10 delivered, 11 not delivered (can still become 10), 13 cancelled, 14 blocked by the recipient, 100 unknown ID.',
	routing: {
		request: { method: 'POST', url: '/sms/status.json' },
		send: { preSend: [prepareRequest(idList('messageid', 'Message IDs'))] },
		// More than 500 IDs, the service's limit per request, go in several requests.
		operations: { pagination: messageIdChunks },
		output: { postReceive: [entriesToItems] },
	},
};

export const getStatusFields: INodeProperties[] = [messageIdsField('getStatus', '. More than 500 are looked up in several requests of 500.')];
