import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { entriesToItems } from '../../../allNodes/envelope';
import { prepareRequest } from '../../operationParts/wireParams';

export const getSettingsOperation: INodePropertyOptions = {
	name: 'Get Settings',
	value: 'getSettings',
	action: 'Get account settings',
	description: "Get the account's settings: logs, reports, default sender line, credit alarm",
	routing: {
		// With no parameter, account/config only reads.
		request: { method: 'POST', url: '/account/config.json' },
		send: { preSend: [prepareRequest()] },
		output: { postReceive: [entriesToItems] },
	},
};

export const getSettingsFields: INodeProperties[] = [];
