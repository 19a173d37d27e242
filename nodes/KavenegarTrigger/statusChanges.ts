import type { IDataObject, INodeExecutionData, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { unixToIso } from '../Kavenegar/shared/dates';
import { DAY, callKavenegar, nowSeconds, oldestFirst, rowsOf } from './requests';

export const MESSAGE_STATUS_CHANGED = 'messageStatusChanged';

const DELIVERED = 10;
const NOT_DELIVERED = 11;
const UNKNOWN_ID = 100;

/** Statuses a message does not leave: failed, delivered, cancelled (refunded), blocked (refunded). */
const FINAL = new Set([6, DELIVERED, 13, 14]);

/** `sms/latestoutbox` gives at most this many rows, `sms/status` takes at most this many IDs. */
const MAX_ROWS = 500;

/** A message that has not settled this long after its date is no longer watched. */
const WATCH_FOR = 3 * DAY;

const IP_ACCESS_HINT =
	"Message Status Changed reads the latest outbox (sms/latestoutbox), which Kavenegar serves only to allowed IPs: add this n8n server's public IP in the Kavenegar panel.";

interface WatchedMessage extends IDataObject {
	status: number;
	statustext: string;
	receptor: string;
	sender: string;
	date: number;
}

/** What the trigger remembers between polls, in the workflow's static data. */
interface OutboxCursor extends IDataObject {
	senderLine: string;
	/** IDs in the last latest-outbox answer: a row outside it is a message sent since. */
	known: string[];
	/** Messages not settled yet, by ID, with the status last seen. */
	watched: Record<string, WatchedMessage>;
}

const display = { show: { event: [MESSAGE_STATUS_CHANGED] } };

export const statusChangeFields: INodeProperties[] = [
	{
		displayName: 'Report Statuses',
		name: 'statuses',
		type: 'multiOptions',
		options: [
			{ name: 'Blocked (14)', value: 14, description: 'The recipient has blocked your messages; the cost is refunded' },
			{ name: 'Cancelled (13)', value: 13, description: 'Cancelled before sending; the cost is refunded' },
			{ name: 'Delivered (10)', value: DELIVERED },
			{ name: 'Failed (6)', value: 6 },
			{
				name: 'Not Delivered (11)',
				value: NOT_DELIVERED,
				description: 'Not delivered yet; it can still become Delivered, which is then reported as a second change',
			},
		],
		default: [14, 13, DELIVERED, 6, NOT_DELIVERED],
		description:
			'Which statuses to report when a message reaches them. Each message is reported once per status. This event reads the latest outbox, which needs IP access: add the n8n server\'s IP in the Kavenegar panel.',
		displayOptions: display,
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: display,
		options: [
			{
				displayName: 'Sender Line',
				name: 'senderLine',
				type: 'string',
				default: '',
				description: 'Only messages sent from this line',
			},
		],
	},
];

function watch(row: IDataObject): WatchedMessage {
	return {
		status: Number(row.status),
		statustext: String(row.statustext ?? ''),
		receptor: String(row.receptor ?? ''),
		sender: String(row.sender ?? ''),
		date: Number(row.date),
	};
}

function changeItem(
	messageid: unknown,
	now: { status: number; statustext: string },
	message: WatchedMessage,
	before: WatchedMessage | undefined,
): INodeExecutionData {
	return {
		json: {
			messageid: Number(messageid),
			status: now.status,
			statustext: now.statustext,
			previousStatus: before?.status ?? null,
			previousStatusText: before?.statustext ?? null,
			final: FINAL.has(now.status),
			receptor: message.receptor,
			sender: message.sender,
			date: message.date,
			dateIso: unixToIso(message.date) ?? null,
		},
	};
}

async function latestOutbox(context: IPollFunctions, senderLine: string): Promise<IDataObject[]> {
	const params: Record<string, string> = { pagesize: String(MAX_ROWS) };
	if (senderLine !== '') params.sender = senderLine;
	return rowsOf(await callKavenegar(context, 'sms/latestoutbox', params, IP_ACCESS_HINT));
}

/** Current status rows of messages that fell out of the latest outbox, 500 IDs per request. */
async function statusesOf(context: IPollFunctions, ids: string[]): Promise<Map<string, IDataObject>> {
	const rows = new Map<string, IDataObject>();
	for (let start = 0; start < ids.length; start += MAX_ROWS) {
		const envelope = await callKavenegar(context, 'sms/status', {
			messageid: ids.slice(start, start + MAX_ROWS).join(','),
		});
		for (const row of rowsOf(envelope)) rows.set(String(row.messageid), row);
	}
	return rows;
}

export async function pollStatusChanges(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const reported = new Set((this.getNodeParameter('statuses', []) as unknown[]).map(Number));
	const senderLine = String((this.getNodeParameter('filters', {}) as IDataObject).senderLine ?? '').trim();
	const rows = await latestOutbox(this, senderLine);

	if (this.getMode() === 'manual') {
		const sample = rows.find((row) => reported.has(Number(row.status)));
		return sample ? [[changeItem(sample.messageid, watch(sample), watch(sample), undefined)]] : null;
	}

	const state = this.getWorkflowStaticData('node');
	const cursor = state.statusChanges as OutboxCursor | undefined;
	const previous = cursor?.senderLine === senderLine ? cursor : undefined;
	const watched: Record<string, WatchedMessage> = { ...(previous?.watched ?? {}) };
	const changes: INodeExecutionData[] = [];
	const inOutbox = new Map(rows.map((row) => [String(row.messageid), row]));

	const outside = Object.keys(watched).filter((id) => !inOutbox.has(id));
	const elsewhere = outside.length > 0 ? await statusesOf(this, outside) : new Map<string, IDataObject>();
	for (const [id, before] of Object.entries(watched)) {
		const row = inOutbox.get(id) ?? elsewhere.get(id);
		if (row === undefined) continue;
		const now = watch(row);
		if (now.status === UNKNOWN_ID) {
			delete watched[id];
		} else if (now.status !== before.status) {
			if (reported.has(now.status)) changes.push(changeItem(id, now, before, before));
			if (FINAL.has(now.status)) delete watched[id];
			else watched[id] = { ...before, status: now.status, statustext: now.statustext };
		}
	}

	// On a first activation (or another sender line) the outbox is only remembered: no flood of
	// old statuses. Later, a row not seen before is a message sent since the last poll.
	const known = new Set(previous?.known ?? []);
	for (const row of oldestFirst(rows)) {
		const id = String(row.messageid);
		if (known.has(id) || id in watched) continue;
		const message = watch(row);
		if (!FINAL.has(message.status) && message.status !== UNKNOWN_ID) watched[id] = message;
		// It may have settled before any poll saw it: reported without a previous status.
		if (previous && reported.has(message.status)) changes.push(changeItem(id, message, message, undefined));
	}

	const expired = nowSeconds() - WATCH_FOR;
	for (const [id, message] of Object.entries(watched)) if (message.date < expired) delete watched[id];
	state.statusChanges = { senderLine, known: [...inOutbox.keys()], watched } satisfies OutboxCursor;
	if (changes.length === 0) return null;
	const order = new Map(oldestFirst(changes.map((change) => change.json)).map((json, index) => [json, index]));
	return [changes.sort((a, b) => (order.get(a.json) ?? 0) - (order.get(b.json) ?? 0))];
}
