import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeProperties,
	type IPollFunctions,
} from 'n8n-workflow';
import { filtersCollection } from '../allNodes/collections';
import { withoutInvisibleMarks } from '../allNodes/invisibleMarks';
import { FINAL_STATUSES as FINAL, messageStatusName, readableRow, unixToIso } from '../allNodes/readableRows';
import { readLatest, readOutbox, rowsById } from './outboxReads';
import { DAY, nowSeconds, oldestFirst } from '../allNodes/rowTimes';
import { settingTimeZone } from '../allNodes/timeZoneSetting';

export const MESSAGE_STATUS_CHANGED = 'messageStatusChanged';

const DELIVERED = 10;
const NOT_DELIVERED = 11;
const UNKNOWN_ID = 100;

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
		displayName: "This event reads the outbox, which needs IP access: allow the n8n server's IP in the Kavenegar panel, or Kavenegar refuses it.",
		name: 'ipAccessNotice',
		type: 'notice',
		default: '',
		displayOptions: display,
	},
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
				description: 'Not final: it may still be delivered, which is then reported again',
			},
		],
		default: [14, 13, DELIVERED, 6],
		description:
			'Which statuses to report when a message reaches them; by default the final ones. Each message is reported once per status, for three days after it is sent.',
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
function changeItem(row: IDataObject, before: number | undefined, timeZone: string): INodeExecutionData {
	return {
		json: {
			...readableRow(row, timeZone),
			previousStatus: before ?? null,
			previousStatusName: before === undefined ? null : messageStatusName(before),
			final: FINAL.has(Number(row.status)),
		},
	};
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
	const senderLine = withoutInvisibleMarks(String((this.getNodeParameter('filters', {}) as IDataObject).senderLine ?? '')).trim();

	if (this.getMode() === 'manual') {
		const latest = await readLatest(this, senderLine);
		const sample = latest.find((row) => reported.has(Number(row.status)));
		// n8n's own answer to nothing would be "No Kavenegar data found": say what the test needs.
		if (sample === undefined) {
			throw new NodeOperationError(this.getNode(), 'No sent message has one of the chosen Report Statuses yet', {
				description: `The test event is the latest message${senderLine ? ` sent from line ${senderLine}` : ''} among the last 500 Kavenegar lists whose status is one of Report Statuses. Send a message and wait until it reaches such a status (Delivered takes a few seconds), or choose more statuses, then fetch again.`,
			});
		}
		return [[changeItem(sample, undefined, settingTimeZone(this))]];
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
	// A message scheduled for later is dated then, so the read by date meets it only at its time:
	// found among the latest registered, it is watched from now on, and a cancellation before its
	// time is reported at once (its status is asked by ID below, as for any watched message unseen).
	for (const row of (await readLatest(this, senderLine)).filter((latest) => Number(latest.date) > now)) {
		rows.set(String(row.messageid), row);
	}
	const changes: INodeExecutionData[] = [];

	// On activation (or for another sender line) the messages found are only remembered: no flood
	// of old statuses. Later, a message not known is one sent since: reported if its status is.
	for (const row of oldestFirst([...rows.values()])) {
		const id = String(row.messageid);
		const status = Number(row.status);
		const before = messages[id]?.[0];
		if (before === status) continue;
		messages[id] = [status, Number(row.date)];
		if (previous && reported.has(status)) changes.push(changeItem(row, before, settingTimeZone(this)));
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
			if (reported.has(status)) changes.push(changeItem(row, before, settingTimeZone(this)));
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
