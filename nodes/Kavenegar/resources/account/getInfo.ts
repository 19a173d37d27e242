import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { entriesToItems } from '../../../shared/envelope';
import { prepareRequest } from '../../shared/wireParams';

export const getInfoOperation: INodePropertyOptions = {
	name: 'Get Info',
	value: 'getInfo',
	action: 'Get account credit and expiry',
	description:
		'Get the account\'s remaining credit in rials (remaincredit), its expiry date (expiredate in Unix seconds, expiredateIso in ISO 8601) and the account type. Takes no input; also a quick check that the API key works.',
	routing: {
		request: { method: 'GET', url: '/account/info.json' },
		send: { preSend: [prepareRequest()] },
		output: { postReceive: [entriesToItems] },
	},
};

export const getInfoFields: INodeProperties[] = [];
