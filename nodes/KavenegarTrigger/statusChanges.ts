import type { IDataObject, INodeExecutionData, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { unixToIso } from '../shared/readableRows';
import { DAY, callKavenegar, nowSeconds, oldestFirst, rowsOf } from './requests';

export const MESSAGE_STATUS_CHANGED = 'messageStatusChanged';

const DELIVERED = 10;
const NOT_DELIVERED = 11;
const UNKNOWN_ID = 100;

/** Statuses a message does not leave: failed, delivered, cancelled (refunded), blocked (refunded). */
const FINAL = new Set([6, DELIVERED, 13, 14]);

/** `sms/latestoutbox` gives at most this many rows, `sms/status` takes at most this many IDs. */
const MAX_ROWS = 500;

/**
 * Static data is saved with the workflow on every change, and each watched message outside the
 * latest outbox costs a place in an `sms/status` request: 5,000 keeps both small (10 requests).
 */
const MAX_WATCHED = 10 * MAX_ROWS;

/** A message that has not settled this long after its date is no longer watched. */
const WATCH_FOR = 3 * DAY;

const IP_ACCESS_HINT =
	"Message Status Changed reads the latest outbox (sms/latestoutbox), which Kavenegar serves only to allowed IPs: add this n8n server's public IP in the Kavenegar panel.";

/** The codes for a caller outside the allowed IPs; other codes (wrong key, credit, busy) have other causes. */
const IP_ACCESS_HINTS: Record<number, string> = { 407: IP_ACCESS_HINT, 416: IP_ACCESS_HINT };

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
	/** Messages not settled yet (the newest MAX_WATCHED), by ID, with the status last seen. */
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
				description:
					'Not delivered yet, not final: it can still become Delivered, which is then reported as a second change. Unless chosen, such a message stays watched and is reported only when it reaches a final status.',
			},
		],
		default: [14, 13, DELIVERED, 6],
		description:
			"Which statuses to report when a message reaches them; by default the final ones. Each message is reported once per status. Reads the latest outbox (sms/latestoutbox), which needs IP access: add the n8n server's IP in the Kavenegar panel. That gives the newest 500 messages only: if more than 500 are sent between two polls, the older ones are not seen (n8n logs a warning), so poll more often than that. At most 5,000 unsettled messages are watched (beyond that the oldest are dropped), each for three days.",
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
	return rowsOf(await callKavenegar(context, 'sms/latestoutbox', params, IP_ACCESS_HINTS));
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

/** The oldest go first: they are the likeliest to have settled unseen, and expire soonest anyway. */
function capped(watched: Record<string, WatchedMessage>): Record<string, WatchedMessage> {
	const ids = Object.keys(watched);
	if (ids.length <= MAX_WATCHED) return watched;
	ids.sort((a, b) => watched[a].date - watched[b].date || Number(a) - Number(b));
	return Object.fromEntries(ids.slice(-MAX_WATCHED).map((id) => [id, watched[id]]));
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
	// A full answer with no message the last poll knew leaves a gap the service cannot show: the
	// messages sent after that poll but before these rows. Only the logs can tell the user.
	const knewBefore = (row: IDataObject) => known.has(String(row.messageid)) || String(row.messageid) in (previous?.watched ?? {});
	if (previous && rows.length >= MAX_ROWS && !rows.some(knewBefore)) {
		this.logger.warn(
			`Kavenegar Trigger "${this.getNode().name}": the newest ${MAX_ROWS} sent messages are all new since the last poll, so messages sent in between may have been missed; poll more often`,
			{ workflowId: this.getWorkflow().id },
		);
	}
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
	state.statusChanges = { senderLine, known: [...inOutbox.keys()], watched: capped(watched) } satisfies OutboxCursor;
	if (changes.length === 0) return null;
	const order = new Map(oldestFirst(changes.map((change) => change.json)).map((json, index) => [json, index]));
	return [changes.sort((a, b) => (order.get(a.json) ?? 0) - (order.get(b.json) ?? 0))];
}
