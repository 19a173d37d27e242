import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { sendAs, showFor } from '../../shared/display';
import { mediaPagination } from '../../shared/paging';
import { prepareRequest } from '../../shared/wireParams';

/** A page of the list holds its files in `entries.list`: one item per file. */
async function filesToItems(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const page = (response.body as IDataObject).entries as IDataObject | undefined;
	const files = Array.isArray(page?.list) ? (page.list as IDataObject[]) : [];
	const item = this.getItemIndex();
	return files.map((json) => ({ json, pairedItem: { item } }));
}

export const getAllOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many media files',
	description:
		'List the images and videos uploaded to the account: each file\'s ID (the Media ID to send with a message), name, type, size and processing status (0 processing, 1 ready, 2 error)',
	routing: {
		request: { method: 'GET', url: '/media/list.json' },
		send: { preSend: [prepareRequest()] },
		output: { postReceive: [filesToItems] },
	},
};

const display = showFor('media', ['getAll']);

export const getAllFields: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: display,
		routing: { send: { paginate: '={{ $value }}' }, operations: { pagination: mediaPagination } },
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { ...display.show, returnAll: [false] } },
		routing: { ...sendAs('size'), output: { maxResults: '={{ $value }}' } },
	},
];
