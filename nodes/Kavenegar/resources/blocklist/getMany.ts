import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { filtersCollection } from '../../../allNodes/collections';
import { inboxPage } from '../../../allNodes/inboxPages';
import { blocklistLineField } from './line';
import { dateInput } from '../../operationParts/fields/dateInput';
import { returnAllAndLimitFields } from '../../operationParts/fields/returnAll';
import { sendAs, showFor } from '../../operationParts/fields/routing';
import { pagedRequest } from '../../sending/pages';
import { unixTime } from '../../operationParts/rules/dates';
import { prepareRequest } from '../../operationParts/wireParams';

/** Why a number is blocked, as `line/blocked/list` codes it (docs/kavenegar-api.md). */
const BLOCK_REASONS: Record<number, string> = {
	0: 'Web Service',
	1: 'Panel',
	2: 'Opted Out by Recipient',
	3: 'Operator',
	10: 'Unknown',
};

const SINCE = { displayName: 'Blocked Since', wireName: 'startdate' };

const display = showFor('blocklist', ['getMany']);
const line = blocklistLineField(display);

/** A row with its reason in words beside the code; the service may write the code as text. */
function withReasonName(row: IDataObject): IDataObject {
	return { ...row, blockreasonName: BLOCK_REASONS[Number(row.blockreason)] ?? `Unknown reason ${String(row.blockreason)}` };
}

/** The answer is paged like the inbox's (`entries` and `metadata`), 200 rows a page at most. */
const blocklistPages = pagedRequest(
	(answer) => {
		const page = inboxPage(answer);
		return { ...page, rows: page.rows.map(withReasonName) };
	},
	(options, page) => ({ ...options, body: { ...(options.body as IDataObject), pagenumber: page } }),
);

export const getManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	action: 'List blocked numbers of a line',
	description: 'List the numbers blocked on one of your lines, with why and when',
	routing: {
		request: { method: 'POST', url: '/line/blocked/list.json' },
		send: { preSend: [prepareRequest(...line.rules, unixTime(SINCE.wireName, SINCE.displayName))] },
		operations: { pagination: blocklistPages },
	},
};

export const getManyFields: INodeProperties[] = [
	line.property,
	...returnAllAndLimitFields(display),
	filtersCollection(display, [
		{
			displayName: 'Block Reason',
			name: 'blockReason',
			type: 'options',
			options: Object.entries(BLOCK_REASONS).map(([code, name]) => ({ name: `${name} (${code})`, value: Number(code) })),
			default: 2,
			description: 'Only numbers blocked for this reason',
			routing: sendAs('blockreason'),
		},
		dateInput({
			displayName: SINCE.displayName,
			name: 'blockedSince',
			description: 'Only numbers blocked at or after this time. Empty means today only: Kavenegar then lists the blocks of the current day.',
			routing: sendAs(SINCE.wireName),
		}),
	]),
];
