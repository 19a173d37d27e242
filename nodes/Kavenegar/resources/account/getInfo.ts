import type {
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { unixToIso } from '../../shared/dates';
import { entriesToItems } from '../../shared/envelope';
import { prepareRequest } from '../../shared/wireParams';

/** The service gives the expiry as Unix seconds; an ISO copy beside it reads and compares easily. */
async function addIsoExpiry(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.map((item) => ({
		...item,
		json: { ...item.json, expiredateIso: unixToIso(item.json.expiredate) ?? null },
	}));
}

export const getInfoOperation: INodePropertyOptions = {
	name: 'Get Info',
	value: 'getInfo',
	action: 'Get account credit and expiry',
	description: "Get the account's remaining credit, expiry date and type",
	routing: {
		request: { method: 'GET', url: '/account/info.json' },
		send: { preSend: [prepareRequest()] },
		output: { postReceive: [entriesToItems, addIsoExpiry] },
	},
};

export const getInfoFields: INodeProperties[] = [];
