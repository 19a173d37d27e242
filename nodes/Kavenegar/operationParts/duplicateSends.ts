import { createHash } from 'node:crypto';
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { QUARTER_MS } from '../../allNodes/jalali';

const LONG_MAX = (1n << 63n) - 1n;

/** The contract types local IDs as Long: digits that fit a signed 64-bit integer. */
export function isLong(id: string): boolean {
	return /^\d{1,19}$/.test(id) && BigInt(id) <= LONG_MAX;
}

export const LONG_RULE = `is larger than a local ID can be (at most ${LONG_MAX})`;

/**
 * Local IDs are kept within 2^53 − 1: the service answers them as JSON numbers, and n8n parses
 * JSON into doubles, so a larger ID would come back with other digits than were sent. 53 bits
 * of SHA-256 still make a collision between two real sends negligible.
 */
const SAFE_ID_MASK = (1n << 53n) - 1n;

/** A local ID that only the same `parts` make again, within the safe range above, never 0. */
export function localIdFrom(parts: unknown[]): string {
	const id = createHash('sha256').update(JSON.stringify(parts)).digest().readBigUInt64BE(0) & SAFE_ID_MASK;
	return String(id === 0n ? 1n : id);
}

/**
 * The IDs a node run derived, by execution, node and run, then by item: Retry On Fail runs the
 * node again in the same process, and reusing them keeps a retry a no-op even when the text has
 * changed in between (an expression such as `{{ $now }}`). A few runs are kept; an execution
 * retried from the list is a new execution and is covered by the content instead.
 */
const idsOfRecentRuns = new Map<string, Map<number, string[]>>();
const RUNS_REMEMBERED = 50;

function rememberedIds(run: string, item: number, count: number): string[] | undefined {
	const ids = idsOfRecentRuns.get(run)?.get(item);
	return ids?.length === count ? ids : undefined;
}

function remember(run: string, item: number, ids: string[]): void {
	let items = idsOfRecentRuns.get(run);
	if (!items) {
		if (idsOfRecentRuns.size >= RUNS_REMEMBERED) idsOfRecentRuns.delete(idsOfRecentRuns.keys().next().value as string);
		items = new Map();
		idsOfRecentRuns.set(run, items);
	}
	items.set(item, ids);
}

/**
 * One formatter per time zone, kept: building an Intl.DateTimeFormat costs far more than using
 * one, and every item of a send asks for the day. `undefined` marks a zone Intl does not know.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | undefined>();

function dayFormat(zone: string): Intl.DateTimeFormat | undefined {
	if (!dayFormats.has(zone)) {
		let format: Intl.DateTimeFormat | undefined;
		try {
			format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
		} catch {
			format = undefined;
		}
		dayFormats.set(zone, format);
	}
	return dayFormats.get(zone);
}

/** The day of the quarter hour last asked about, by time zone (no day starts within a quarter hour). */
const daysOfQuarters = new Map<string, { quarter: number; day: string }>();

/** The calendar day of now in the workflow's time zone: the window in which a repeat is a no-op. */
function dayInWorkflowZone(context: IExecuteSingleFunctions): string {
	const now = Date.now();
	const zone = context.getTimezone();
	const quarter = Math.floor(now / QUARTER_MS);
	const known = daysOfQuarters.get(zone);
	if (known?.quarter === quarter) return known.day;
	const day = dayFormat(zone)?.format(now) ?? new Date(now).toISOString().slice(0, 10);
	daysOfQuarters.set(zone, { quarter, day });
	return day;
}

interface SendOfRun {
	workflowId: string;
	nodeId: string;
	operation: string;
	runIndex: string;
}

/**
 * What names the send for every item of one run of the node, read once per run (n8n's execute
 * data is one object for all its items): getNode() deep-copies the node and the run index comes
 * from a whole workflow data proxy, on every call.
 */
const sendsOfRuns = new WeakMap<object, SendOfRun>();

function sendOfRun(context: IExecuteSingleFunctions): SendOfRun {
	const key = context.getExecuteData() as object | undefined;
	let send = key && sendsOfRuns.get(key);
	if (send === undefined) {
		send = {
			workflowId: context.getWorkflow().id ?? '',
			nodeId: context.getNode().id,
			operation: String(context.getNodeParameter('operation', '')),
			runIndex: String(context.getWorkflowDataProxy(context.getItemIndex()).$runIndex),
		};
		if (key) sendsOfRuns.set(key, send);
	}
	return send;
}

/**
 * A local ID for one message that is the same whenever the same send is made again the same day,
 * and different for any other send, so that the service's duplicate guard turns a repeat into a
 * no-op. What makes a send "the same":
 * - the workflow and the node (its ID, which survives renaming), the operation, and the run index
 *   (a node that runs several times in one execution, in a loop, sends anew each time);
 * - the calendar day in the workflow's time zone: a re-run after a fix, a retry from the
 *   executions list, or a caller that repeats a webhook call after a worker died sends nothing
 *   twice that day, while tomorrow's identical reminder still goes out;
 * - the input item's data: two different orders that send the same text to the same customer are
 *   two sends, and removing or reordering other items between runs changes nothing;
 * - the request's parameters (text, sender, schedule, …) but those named in `perMessage`, and
 *   what tells the messages of one item apart (`messages`: the recipient; for different messages
 *   also the row, its line and its text).
 * The execution is left out on purpose, or every new execution would be a new send; within one
 * execution, Retry On Fail reuses the IDs of the first try (see idsOfRecentRuns).
 */
export function derivedLocalIds(
	context: IExecuteSingleFunctions,
	params: IDataObject,
	perMessage: string[],
	messages: string[][],
): string[] {
	const shared = Object.fromEntries(Object.entries(params).filter(([name]) => !perMessage.includes(name)));
	const itemIndex = context.getItemIndex();
	const executionId = context.getExecutionId();
	const { workflowId, nodeId, operation, runIndex } = sendOfRun(context);
	const run = `${executionId ?? ''}|${nodeId}|${runIndex}`;
	if (executionId) {
		const ids = rememberedIds(run, itemIndex, messages.length);
		if (ids) return ids;
	}
	const send = createHash('sha256')
		.update(
			JSON.stringify([
				'kavenegar-localid-v2',
				workflowId,
				nodeId,
				operation,
				runIndex,
				dayInWorkflowZone(context),
				context.getInputData().json,
				shared,
			]),
		)
		.digest('hex');
	const ids = messages.map((parts) => localIdFrom([send, ...parts]));
	if (executionId) remember(run, itemIndex, ids);
	return ids;
}
