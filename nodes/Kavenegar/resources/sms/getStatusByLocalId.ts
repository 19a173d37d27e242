import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { checkedField } from '../../operationParts/fields/checked';
import { showFor } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { idList } from '../../operationParts/rules/lists';
import { prepareRequest } from '../../operationParts/wireParams';

const localIds = checkedField(
	'localid',
	{
		displayName: 'Local IDs',
		name: 'localIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1001, 1002',
		description:
			'Your local IDs, separated by commas or new lines, or an array from an expression. Only messages of the last 12 hours are found; an unknown ID comes back with status 100.',
		displayOptions: showFor('sms', ['getStatusByLocalId']),
	},
	idList,
);

export const getStatusByLocalIdOperation: INodePropertyOptions = {
	name: 'Get Status by Local ID',
	value: 'getStatusByLocalId',
	action: 'Get the delivery status of SMS by local ID',
	description: 'Get the status of messages of the last 12 hours by their local IDs',
	routing: {
		request: { method: 'POST', url: '/sms/statuslocalmessageid.json' },
		send: { preSend: [prepareRequest(...localIds.rules)] },
		output: { postReceive: [entriesToItems] },
	},
};

export const getStatusByLocalIdFields: INodeProperties[] = [localIds.property];
