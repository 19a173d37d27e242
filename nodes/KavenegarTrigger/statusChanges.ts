import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeProperties,
	type IPollFunctions,
} from 'n8n-workflow';
import { filtersCollection } from '../shared/collections';
import { messageStatusName, readableRow, unixToIso } from '../shared/readableRows';
import { DAY, callKavenegar, nowSeconds, oldestFirst, rowsOf } from './requests';

export const MESSAGE_STATUS_CHANGED = 'messageStatusChanged';

const DELIVERED = 10;
const NOT_DELIVERED = 11;
const UNKNOWN_ID = 100;

/** Statuses a message does not leave: failed, delivered, cancelled (refunded), blocked (refunded). */
const FINAL = new Set([6, DELIVERED, 13, 14]);

/**
 * `sms/selectoutbox` answers at most this many rows and has no pages (a full answer means the
 * range is to be made smaller); `sms/status` and `sms/select` take at most this many IDs.
 */
const MAX_ROWS = 500;

/** `sms/selectoutbox`'s range is at most one day; both ends are read as inclusive. */
const MAX_WINDOW = DAY;

/**
 * `sms/selectoutbox`'s start may lie at most 3 days back; five minutes less keeps a request clear
 * of that edge when n8n's clock and Kavenegar's disagree.
 */
const OLDEST_START = 3 * DAY - 5 * 60;

/**
 * Each poll reads the outbox from this long before the previous poll: a message the outbox lists
 * a little after its own date (clocks that disagree, the service's processing) is still found.
 */
const LOOK_BACK = 10 * 60;

/** On activation the messages of the last hour are watched from the status they have then. */
const FIRST_LOOK_BACK = 60 * 60;

/** A message that has not settled this long after its date is no longer watched. */
const WATCH_FOR = 3 * DAY;

const IP_ACCESS_HINT =
	"Message Status Changed reads the outbox (sms/selectoutbox), which Kavenegar serves only to allowed IPs: add this n8n server's public IP in the Kavenegar panel.";

/** The codes for a caller outside the allowed IPs; other codes (wrong key, credit, busy) have other causes. */
const IP_ACCESS_HINTS: Record<number, string> = { 407: IP_ACCESS_HINT, 416: IP_ACCESS_HINT };

/** A message the trigger knows: its last status seen, and its date. */
type Known = [status: number, date: number];

/**
 * What the trigger remembers between polls, in the workflow's static data. n8n writes static data
 * to its database only when a poll emits (and on activation), so after a restart a poll may start
 * from an older copy: it then reads the outbox again from that copy's `readFrom`, and `messages`
 * (as old as `readFrom`) keeps what that copy had already reported from being emitted twice.
 */
interface OutboxCursor extends IDataObject {
	senderLine: string;
	/** Where the next poll starts reading the outbox: a message date, Unix seconds. */
	readFrom: number;
	/** Messages not settled yet, and settled ones dated from `readFrom` on (a re-read meets them). */
	messages: Record<string, Known>;
	/** Seconds dated from `readFrom` on that hold 500 messages or more, already reported. */
	fullSeconds?: number[];
	/** Why messages may have been missed, found by the last poll: the next poll fails with it. */
	missed?: string;
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
			"Which statuses to report when a message reaches them; by default the final ones. Each message is reported once per status. Reads the outbox (sms/selectoutbox), which needs IP access: add the n8n server's IP in the Kavenegar panel. Every message sent after activation is followed for three days, whatever the volume; if the service's limits make that impossible (n8n stopped for more than three days, or 500 messages dated within one second), a poll fails saying which messages may have been missed.",
		displayOptions: display,
	},
	filtersCollection(display, [
		{
			displayName: 'Sender Line',
			name: 'senderLine',
			type: 'string',
			default: '',
			description: 'Only messages sent from this line',
		},
	]),
];

/** The emitted item: the service's sent-message row made readable, with the status before. */
function changeItem(row: IDataObject, before: number | undefined): INodeExecutionData {
	return {
		json: {
			...readableRow(row),
			previousStatus: before ?? null,
			previousStatusName: before === undefined ? null : messageStatusName(before),
			final: FINAL.has(Number(row.status)),
		},
	};
}

interface OutboxRead {
	rows: Map<string, IDataObject>;
	/** Seconds holding 500 messages or more: the outbox cannot list them all. */
	fullSeconds: number[];
}

/** A range planned from the messages already known holds at most this many of them. */
const PLANNED_ROWS = 400;

/**
 * Ranges from `from` to `to` of at most a day, cut where the messages already known (`knownDates`)
 * would fill one: a poll re-reads the stretch the previous one read, and planning it from what
 * that poll found spares the requests a full answer wastes.
 */
function plannedRanges(from: number, to: number, knownDates: number[]): Array<[number, number]> {
	const cuts: Array<[number, number]> = [];
	let start = from;
	let count = 0;
	for (const date of knownDates.filter((known) => known >= from && known <= to).sort((a, b) => a - b)) {
		if (count >= PLANNED_ROWS && date > start) {
			cuts.push([start, date - 1]);
			[start, count] = [date, 0];
		}
		count++;
	}
	cuts.push([start, to]);
	const ranges: Array<[number, number]> = [];
	for (const [first, last] of cuts) {
		for (let rangeStart = first; rangeStart <= last; rangeStart += MAX_WINDOW) ranges.push([rangeStart, Math.min(last, rangeStart + MAX_WINDOW - 1)]);
	}
	return ranges;
}

/**
 * Every sent message dated from `from` to `to`, each range halved until it holds fewer than 500
 * rows, as the contract says to do with a full answer.
 */
async function readOutbox(
	context: IPollFunctions,
	senderLine: string,
	[from, to]: [number, number],
	knownDates: number[],
): Promise<OutboxRead> {
	const rows = new Map<string, IDataObject>();
	const fullSeconds: number[] = [];
	const pending = plannedRanges(from, to, knownDates);
	for (let range = pending.shift(); range !== undefined; range = pending.shift()) {
		const [start, end] = range;
		const params: Record<string, string> = { startdate: String(start), enddate: String(end) };
		if (senderLine !== '') params.sender = senderLine;
		const answer = rowsOf(await callKavenegar(context, 'sms/selectoutbox', params, IP_ACCESS_HINTS));
		if (answer.length >= MAX_ROWS && end > start) {
			const middle = Math.floor((start + end) / 2);
			pending.unshift([start, middle], [middle + 1, end]);
			continue;
		}
		if (answer.length >= MAX_ROWS) fullSeconds.push(start);
		for (const row of answer) rows.set(String(row.messageid), row);
	}
	return { rows, fullSeconds };
}

/** Rows of `operation` (sms/status or sms/select) for `ids`, 500 IDs a request, by ID. */
async function rowsById(context: IPollFunctions, operation: string, ids: string[]): Promise<Map<string, IDataObject>> {
	const rows = new Map<string, IDataObject>();
	for (let start = 0; start < ids.length; start += MAX_ROWS) {
		const envelope = await callKavenegar(context, operation, { messageid: ids.slice(start, start + MAX_ROWS).join(',') }, IP_ACCESS_HINTS);
		for (const row of rowsOf(envelope)) rows.set(String(row.messageid), row);
	}
	return rows;
}

function missedReasons(unread: [number, number] | undefined, fullSeconds: number[]): string | undefined {
	const reasons: string[] = [];
	if (unread) {
		reasons.push(
			`messages sent from ${unixToIso(unread[0])} to ${unixToIso(unread[1])} could not be read: the outbox answers only the last 3 days, and the trigger's last saved state is older than that (n8n or the workflow was stopped, or no poll emitted, for that long)`,
		);
	}
	if (fullSeconds.length > 0) {
		const seconds = fullSeconds.map((second) => unixToIso(second)).join(', ');
		reasons.push(`500 or more messages are dated within one second (${seconds}): the outbox lists at most 500 per answer, so some of them are not followed`);
	}
	return reasons.length > 0 ? `Kavenegar Trigger may have missed status changes: ${reasons.join('; ')}` : undefined;
}

export async function pollStatusChanges(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const reported = new Set((this.getNodeParameter('statuses', []) as unknown[]).map(Number));
	const senderLine = String((this.getNodeParameter('filters', {}) as IDataObject).senderLine ?? '').trim();

	if (this.getMode() === 'manual') {
		const params: Record<string, string> = { pagesize: String(MAX_ROWS) };
		if (senderLine !== '') params.sender = senderLine;
		const latest = rowsOf(await callKavenegar(this, 'sms/latestoutbox', params, IP_ACCESS_HINTS));
		const sample = latest.find((row) => reported.has(Number(row.status)));
		return sample ? [[changeItem(sample, undefined)]] : null;
	}

	const state = this.getWorkflowStaticData('node');
	const cursor = state.statusChanges as OutboxCursor | undefined;
	const previous = cursor?.senderLine === senderLine ? cursor : undefined;
	// Found by the poll before, which may have had items to emit: an error now is the way a user
	// sees it (an error execution), and the poll after this one carries on from where that one got.
	if (previous?.missed !== undefined) {
		const { missed, ...carryOn } = previous;
		state.statusChanges = carryOn;
		throw new NodeOperationError(this.getNode(), missed, {
			description:
				'The trigger carries on with the next poll. To check the messages named here, use Kavenegar → SMS → Get Status with their message IDs, or Get Outbox by Date.',
		});
	}

	const now = nowSeconds();
	const oldest = now - OLDEST_START;
	const wanted = previous ? previous.readFrom : now - FIRST_LOOK_BACK;
	const messages: Record<string, Known> = { ...(previous?.messages ?? {}) };
	const knownDates = Object.values(messages).map(([, date]) => date);
	const { rows, fullSeconds } = await readOutbox(this, senderLine, [Math.max(wanted, oldest), now], knownDates);
	const changes: INodeExecutionData[] = [];

	// On activation (or for another sender line) the messages found are only remembered: no flood
	// of old statuses. Later, a message not known is one sent since: reported if its status is.
	for (const row of oldestFirst([...rows.values()])) {
		const id = String(row.messageid);
		const status = Number(row.status);
		const before = messages[id]?.[0];
		if (before === status) continue;
		messages[id] = [status, Number(row.date)];
		if (previous && reported.has(status)) changes.push(changeItem(row, before));
	}

	// Watched messages the outbox read did not show (sent before it, or in a full second).
	const unseen = Object.keys(messages).filter((id) => !rows.has(id) && !FINAL.has(messages[id][0]));
	if (unseen.length > 0) {
		const statuses = await rowsById(this, 'sms/status', unseen);
		const changed = unseen.filter((id) => statuses.has(id) && Number(statuses.get(id)?.status) !== messages[id][0]);
		const wantRows = changed.filter((id) => reported.has(Number(statuses.get(id)?.status)));
		const sentRows = wantRows.length > 0 ? await rowsById(this, 'sms/select', wantRows) : new Map<string, IDataObject>();
		const found: IDataObject[] = changed.map(
			(id) => sentRows.get(id) ?? { ...statuses.get(id), date: messages[id][1] },
		);
		for (const row of oldestFirst(found)) {
			const id = String(row.messageid);
			const status = Number(row.status);
			const before = messages[id][0];
			if (status === before) continue;
			messages[id] = [status, messages[id][1]];
			if (reported.has(status)) changes.push(changeItem(row, before));
		}
	}

	const readFrom = now - LOOK_BACK;
	const watchedSince = now - WATCH_FOR;
	for (const [id, [status, date]] of Object.entries(messages)) {
		if (status === UNKNOWN_ID || (FINAL.has(status) ? date < readFrom : date < watchedSince)) delete messages[id];
	}
	const unread: [number, number] | undefined = previous && wanted < oldest ? [wanted, oldest] : undefined;
	const newlyFull = fullSeconds.filter((second) => !(previous?.fullSeconds ?? []).includes(second));
	const missed = previous ? missedReasons(unread, newlyFull) : undefined;
	state.statusChanges = {
		senderLine,
		readFrom,
		messages,
		fullSeconds: fullSeconds.filter((second) => second >= readFrom),
		...(missed ? { missed } : {}),
	} satisfies OutboxCursor;
	if (changes.length === 0) return null;
	const order = (item: INodeExecutionData) => [Number(item.json.date), Number(item.json.messageid)];
	return [changes.sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1])];
}
