import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { sendAs, showFor } from '../../operationParts/fields/routing';
import { returnAllAndLimitFields } from '../../operationParts/fields/returnAll';
import { mediaPages } from '../../sending/pages';
import { prepareRequest } from '../../operationParts/wireParams';

export const getAllOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many media files',
	description: 'List the uploaded images and videos with their Media IDs',
	routing: {
		request: { method: 'GET', url: '/media/list.json' },
		send: { preSend: [prepareRequest()] },
		// No postReceive: the paging function reads rows and page count from the service's answer.
		operations: { pagination: mediaPages },
	},
};

const display = showFor('media', ['getAll']);

export const getAllFields: INodeProperties[] = [
	...returnAllAndLimitFields(display, undefined, sendAs('size').send),
];
