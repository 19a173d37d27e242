import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { entriesToItems } from '../../../shared/envelope';
import { messageIdsField } from '../../shared/fields';
import { idList } from '../../shared/lists';
import { prepareRequest } from '../../shared/wireParams';

export const cancelOperation: INodePropertyOptions = {
	name: 'Cancel',
	value: 'cancel',
	action: 'Cancel scheduled or queued messages',
	description:
		'Cancel sent messages that are still queued (status 1) or scheduled (status 2), by their message IDs. Returns one row per ID with its status after the call: 13 means cancelled and the cost refunded; any other status means the message had already left the queue and was not cancelled.',
	routing: {
		request: { method: 'POST', url: '/sms/cancel.json' },
		send: { preSend: [prepareRequest(idList('messageid', 'Message IDs'))] },
		output: { postReceive: [entriesToItems] },
	},
};

export const cancelFields: INodeProperties[] = [messageIdsField('cancel')];
