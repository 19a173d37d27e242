import type { IExecuteData, IExecuteSingleFunctions } from 'n8n-workflow';
import { placeFor } from '../operationParts/nodeVersions';
import { newLimit, type LearnedLimit } from './learnedLimit';

/*
 * One run of the node: what every item of it shares (see engine.ts for why the node needs it).
 * n8n gives a node nothing that spans items, so the run is found from n8n's execute data, which
 * all items of one run share.
 */

/** Where each version keeps Max Requests in Flight and Retries on Busy Answers (resources/index.ts). */
export const REQUEST_LIMITS = { version1: 'requestLimits', fromVersion2: 'requestOptions' };
export const DEFAULT_BUSY_RETRIES = 3;

export interface Waiter {
	resolve: () => void;
	reject: (error: Error) => void;
}

export interface NodeRun {
	/** How many items n8n runs through routing in this run. */
	items: number;
	stopOnError: boolean;
	/** n8n's Request Options → Batching pauses between items while it builds their requests. */
	batchInterval: number;
	registered: number;
	lastRegistered: number;
	/** The items whose checks all passed: their pagination function has been entered. */
	checked: Set<number>;
	/** With On Error: Continue, and as a tool: the items whose check failed, answered with their error instead of sent (keptBesideError.ts). */
	failedChecks: Map<number, Error>;
	/** The items one of whose checks failed, in either On Error mode. */
	failed: Set<number>;
	/** Messages the run's checked sends would send, and the smallest cap an item asked for (messageCap.ts). */
	messages: number;
	messageCap?: number;
	/** Where the running version's user raises the cap. */
	messagePlace?: string;
	/** The account's credit, read once for the run's first send with a floor under it (creditFloor.ts). */
	credit?: Promise<number>;
	/** The account's default line, read once for the run's first informational or advertising send that names none (optedOut.ts). */
	defaultLine?: Promise<string>;
	/** The first item whose check failed (stop mode stops every item on it). */
	badItem?: { index: number; error: Error };
	/** Set once n8n has built every request it is going to build in this run. */
	registrationClosed: boolean;
	closing: Array<() => void>;
	watching: boolean;
	gate: Waiter[];
	/** How many requests may be in flight now: the user's Max Requests in Flight, or learned (learnedLimit.ts). */
	limit: LearnedLimit;
	inFlight: number;
	queue: Waiter[];
	/** A refill of freed places is due (see inFlightBound.ts). */
	refillDue: boolean;
	busyRetries: number;
	/** Stop mode: the first request of the run that failed for good; nothing starts after it. */
	stoppedBy?: { index: number; error: Error };
}

/*
 * Retry On Fail runs the node again with the same execute data, so a run is also told apart by
 * its items: within one run they join in order 0, 1, 2…, and an index that does not grow means
 * n8n has started the node again.
 */
const runs = new WeakMap<object, NodeRun>();

function runKey(context: IExecuteSingleFunctions): object {
	return (context.getExecuteData() as IExecuteData | undefined) ?? context.getNode();
}

function itemCount(context: IExecuteSingleFunctions): number | undefined {
	if (context.getNode().executeOnce) return 1;
	const data = (context.getExecuteData() as IExecuteData | undefined)?.data;
	const input = data?.main?.[0] ?? data?.ai_tool?.[0];
	return Array.isArray(input) ? input.length : undefined;
}

function boundedNumber(context: IExecuteSingleFunctions, parameter: string, fallback: number, min: number): number {
	const value = Number(context.getNodeParameter(parameter, fallback));
	return Number.isInteger(value) && value >= min ? value : fallback;
}

/** Max Requests in Flight as the user set it; not added to the collection, the node learns the limit. */
function userMaxInFlight(context: IExecuteSingleFunctions, parameter: string): number | undefined {
	const value = boundedNumber(context, parameter, 0, 1);
	return value === 0 ? undefined : value;
}

function newRun(context: IExecuteSingleFunctions): NodeRun {
	const items = itemCount(context);
	const limits = placeFor(context, REQUEST_LIMITS);
	const batching = context.getNodeParameter('requestOptions.batching.batch.batchInterval', 0);
	return {
		items: items ?? 0,
		// Without an item count the run cannot wait for every item; each item then goes on its own.
		stopOnError: items !== undefined && !context.continueOnFail(),
		batchInterval: Number(batching) > 0 ? Number(batching) : 0,
		registered: 0,
		lastRegistered: -1,
		checked: new Set(),
		failedChecks: new Map(),
		failed: new Set(),
		messages: 0,
		registrationClosed: items === undefined,
		closing: [],
		watching: false,
		gate: [],
		limit: newLimit(userMaxInFlight(context, `${limits}.maxRequestsInFlight`)),
		inFlight: 0,
		queue: [],
		refillDue: false,
		busyRetries: boundedNumber(context, `${limits}.busyRetries`, DEFAULT_BUSY_RETRIES, 0),
	};
}

/** The item joins its run; called from n8n's loop over the items, synchronously, as it builds each request. */
export function register(context: IExecuteSingleFunctions): NodeRun {
	const key = runKey(context);
	const index = context.getItemIndex();
	let run = runs.get(key);
	if (run === undefined || index <= run.lastRegistered) {
		run = newRun(context);
		runs.set(key, run);
	}
	run.registered++;
	run.lastRegistered = index;
	return run;
}

export function currentRun(context: IExecuteSingleFunctions): NodeRun {
	return runs.get(runKey(context)) ?? register(context);
}
