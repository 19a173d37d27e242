import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { entriesToItems } from '../../../allNodes/envelope';
import { prepareRequest } from '../../operationParts/wireParams';

export const getInfoOperation: INodePropertyOptions = {
	name: 'Get Info',
	value: 'getInfo',
	action: 'Get account credit and expiry',
	description: "Get the account's remaining credit, expiry date and type",
	routing: {
		request: { method: 'GET', url: '/account/info.json' },
		send: { preSend: [prepareRequest()] },
		output: { postReceive: [entriesToItems] },
	},
};

export const getInfoFields: INodeProperties[] = [];
