import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { callKavenegar, rowsOf } from '../allNodes/callKavenegar';
import { DAY } from '../allNodes/rowTimes';

/*
 * The outbox reads of Message Status Changed: by message date (sms/selectoutbox), by ID
 * (sms/status, sms/select), and the latest registered (sms/latestoutbox) for messages scheduled
 * for later, which a read by date meets only once their time comes.
 */

/**
 * `sms/selectoutbox` answers at most this many rows and has no pages (a full answer means the
 * range is to be made smaller); `sms/status` and `sms/select` take at most this many IDs.
 */
export const MAX_ROWS = 500;

/** `sms/selectoutbox`'s range is at most one day; both ends are read as inclusive. */
const MAX_WINDOW = DAY;

const IP_ACCESS_HINT =
	"Message Status Changed reads the outbox (sms/selectoutbox), which Kavenegar serves only to allowed IPs: add this n8n server's public IP in the Kavenegar panel.";

/** The codes for a caller outside the allowed IPs (429: the IP is restricted); other codes (wrong key, credit, busy) have other causes. */
export const IP_ACCESS_HINTS: Record<number, string> = { 407: IP_ACCESS_HINT, 416: IP_ACCESS_HINT, 429: IP_ACCESS_HINT };

/** The field of Message Status Changed a code can point at (Filters → Sender Line). */
const LABELS = { sender: 'Sender Line' };

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
export async function readOutbox(
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
		const answer = rowsOf(await callKavenegar(context, 'sms/selectoutbox', params, IP_ACCESS_HINTS, 'kavenegarApi', LABELS));
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
export async function rowsById(context: IPollFunctions, operation: string, ids: string[]): Promise<Map<string, IDataObject>> {
	const rows = new Map<string, IDataObject>();
	for (let start = 0; start < ids.length; start += MAX_ROWS) {
		const envelope = await callKavenegar(context, operation, { messageid: ids.slice(start, start + MAX_ROWS).join(',') }, IP_ACCESS_HINTS);
		for (const row of rowsOf(envelope)) rows.set(String(row.messageid), row);
	}
	return rows;
}

/**
 * The latest 500 messages the outbox registered, newest first (sms/latestoutbox): a sample for a
 * manual run, and what a poll finds messages scheduled for later in (see pollStatusChanges).
 */
export async function readLatest(context: IPollFunctions, senderLine: string): Promise<IDataObject[]> {
	const params: Record<string, string> = { pagesize: String(MAX_ROWS) };
	if (senderLine !== '') params.sender = senderLine;
	return rowsOf(await callKavenegar(context, 'sms/latestoutbox', params, IP_ACCESS_HINTS, 'kavenegarApi', LABELS));
}
