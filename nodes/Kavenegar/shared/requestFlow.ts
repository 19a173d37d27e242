import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type DeclarativeRestApiSettings,
	type IExecuteData,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeExecutionData,
} from 'n8n-workflow';
import { isTimeout, withoutRequestDetails } from '../../shared/requestErrors';

/*
 * The request flow of one node run (see the top of resources/index.ts for the whole picture).
 * n8n's routing starts every item's request at once and gives a node nothing that spans items,
 * so what must span them lives here, in a `NodeRun` that every item of one run of the node finds:
 * - the check of all items before anything leaves (stop mode: all or nothing),
 * - one bound on requests in flight, across items, chunks and pages,
 * - the first failure in stop mode, after which requests that have not started stay unsent.
 */

export const REQUEST_LIMITS = 'requestLimits';
const MAX_IN_FLIGHT_PARAMETER = `${REQUEST_LIMITS}.maxRequestsInFlight`;
const RETRIES_PARAMETER = `${REQUEST_LIMITS}.busyRetries`;
export const DEFAULT_MAX_IN_FLIGHT = 25;
export const DEFAULT_BUSY_RETRIES = 3;
/** The first wait after a busy answer; each next one doubles, with jitter. */
const FIRST_BACKOFF_MS = 250;

interface Waiter {
	resolve: () => void;
	reject: (error: Error) => void;
}

interface NodeRun {
	/** How many items n8n runs through routing in this run. */
	items: number;
	stopOnError: boolean;
	/** n8n's Request Options → Batching pauses between items while it builds their requests. */
	batchInterval: number;
	registered: number;
	lastRegistered: number;
	checked: number;
	/** The first item whose check failed (stop mode stops every item on it). */
	badItem?: { index: number; error: Error };
	/** Set once n8n has built every request it is going to build in this run. */
	registrationClosed: boolean;
	closing: Array<() => void>;
	watching: boolean;
	gate: Waiter[];
	maxInFlight: number;
	inFlight: number;
	queue: Waiter[];
	/** A refill of freed places is due (see `releaseSlot`). */
	refillDue: boolean;
	busyRetries: number;
	/** Stop mode: the first request of the run that failed for good; nothing starts after it. */
	stoppedBy?: { index: number; error: Error };
}

/*
 * All items of one run share n8n's execute data; Retry On Fail runs the node again with the same
 * object, so a run is also told apart by its items: within one run they register in order 0, 1, 2…,
 * and an index that does not grow means n8n has started the node again.
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

function newRun(context: IExecuteSingleFunctions): NodeRun {
	const items = itemCount(context);
	const batching = context.getNodeParameter('requestOptions.batching.batch.batchInterval', 0);
	return {
		items: items ?? 0,
		// Without an item count the run cannot wait for every item; each item then goes on its own.
		stopOnError: items !== undefined && !context.continueOnFail(),
		batchInterval: Number(batching) > 0 ? Number(batching) : 0,
		registered: 0,
		lastRegistered: -1,
		checked: 0,
		registrationClosed: items === undefined,
		closing: [],
		watching: false,
		gate: [],
		maxInFlight: boundedNumber(context, MAX_IN_FLIGHT_PARAMETER, DEFAULT_MAX_IN_FLIGHT, 1),
		inFlight: 0,
		queue: [],
		refillDue: false,
		busyRetries: boundedNumber(context, RETRIES_PARAMETER, DEFAULT_BUSY_RETRIES, 0),
	};
}

/** Called by n8n's loop over the items, synchronously, as it builds each item's request. */
function register(context: IExecuteSingleFunctions): NodeRun {
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

function currentRun(context: IExecuteSingleFunctions): NodeRun {
	return runs.get(runKey(context)) ?? register(context);
}

/** What the error of an item that broke a rule says about what was sent. */
function nothingSentNote(run: NodeRun, index: number): string {
	if (!run.stopOnError || run.items === 1) return 'Nothing was sent to Kavenegar for this item.';
	return `Nothing was sent to Kavenegar for any item: the node checks all ${run.items} items before the first request goes out, and item ${index + 1} failed this check. Fix it (or set On Error to Continue to send the good items) and run again.`;
}

function openGate(run: NodeRun): void {
	if (!run.registrationClosed) return;
	let outcome: Error | undefined;
	if (run.badItem) outcome = run.badItem.error;
	else if (run.registered < run.items) {
		// n8n failed the run at an item it could not build; the items before it must not go either.
		outcome = new Error(`Item ${run.lastRegistered + 2} could not be read; nothing was sent to Kavenegar for any item.`);
	} else if (run.checked < run.registered) return;
	for (const waiter of run.gate.splice(0)) {
		if (outcome) waiter.reject(outcome);
		else waiter.resolve();
	}
}

function closeRegistration(run: NodeRun): void {
	run.registrationClosed = true;
	for (const resolve of run.closing.splice(0)) resolve();
	openGate(run);
}

/**
 * Whether n8n has built every request of the run. It builds them in one synchronous loop, so by
 * the time anything here runs the loop is over, unless Batching pauses it between items: then
 * the run waits for the remaining items, and once a pause longer than Batching's passes without
 * one, concludes that n8n stopped at an item it could not build (an expression error) and failed
 * the run without telling the items built before it.
 */
function checkRegistration(run: NodeRun): void {
	if (run.registrationClosed) return;
	if (run.registered === run.items || run.batchInterval === 0) {
		closeRegistration(run);
		return;
	}
	if (run.watching) return;
	run.watching = true;
	const seen = run.registered;
	void sleep(run.batchInterval * 2 + 1000).then(() => {
		run.watching = false;
		if (run.registered === seen) closeRegistration(run);
		else checkRegistration(run);
	});
}

async function registrationClosed(run: NodeRun): Promise<void> {
	if (run.registrationClosed) return;
	await new Promise<void>((resolve) => {
		run.closing.push(resolve);
		checkRegistration(run);
	});
}

type PreSend = (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) => Promise<IHttpRequestOptions>;

/**
 * Wraps the operation's preSend (its input checks): the item joins its node run before the check
 * starts, so the run knows every item, and the check's outcome is recorded for the gate. Must be
 * the first preSend of the item; n8n calls it while building requests, before any of them runs.
 * A failed check is reported only once n8n has built every request: with Batching, n8n collects
 * the items' outcomes only after its loop, and an earlier rejection would go unhandled.
 */
export function checkedBeforeSending(preSend: PreSend): PreSend {
	return function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const run = register(this);
		const index = this.getItemIndex();
		return preSend.call(this, requestOptions).then(
			(options) => {
				run.checked++;
				checkRegistration(run);
				openGate(run);
				return options;
			},
			async (error: Error) => {
				if (run.stopOnError && run.badItem === undefined) run.badItem = { index, error };
				await registrationClosed(run);
				if (error instanceof NodeOperationError || error instanceof NodeApiError) {
					const note = nothingSentNote(run, index);
					error.description = error.description ? `${error.description} ${note}` : note;
				}
				openGate(run);
				throw error;
			},
		);
	};
}

/** In stop mode, waits until every item of the run has passed its check; rejects if one failed. */
async function allItemsChecked(run: NodeRun): Promise<void> {
	if (!run.stopOnError) return;
	await new Promise<void>((resolve, reject) => {
		run.gate.push({ resolve, reject });
		checkRegistration(run);
		openGate(run);
	});
}

function stoppedError(context: IExecuteSingleFunctions, stop: { index: number; error: Error }): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Not sent: item ${stop.index + 1} failed first (${stop.error.message})`, {
		itemIndex: context.getItemIndex(),
		description:
			'With On Error set to Stop Workflow the node stops at the first failed request: the requests of this run that had not started yet were not sent.',
	});
}

/*
 * Why a request that has not started must not start, if it must not. After n8n's Stop (the
 * execution's cancel signal) n8n's HTTP helper would refuse it anyway, with an error that reads
 * like a request cut off after sending; this one says it was not sent.
 */
function reasonNotToStart(context: IExecuteSingleFunctions, run: NodeRun): NodeOperationError | undefined {
	if (context.getExecutionCancelSignal()?.aborted) {
		return new NodeOperationError(context.getNode(), 'Not sent: the execution was stopped before this request started', {
			itemIndex: context.getItemIndex(),
		});
	}
	return run.stoppedBy && stoppedError(context, run.stoppedBy);
}

async function takeSlot(context: IExecuteSingleFunctions, run: NodeRun): Promise<void> {
	const before = reasonNotToStart(context, run);
	if (before) throw before;
	// A free place goes to the queue first: a request arriving between a release and its refill
	// must not pass the ones waiting.
	if (run.inFlight < run.maxInFlight && run.queue.length === 0) {
		run.inFlight++;
		return;
	}
	await new Promise<void>((resolve, reject) => run.queue.push({ resolve, reject }));
	const after = reasonNotToStart(context, run);
	if (after) {
		releaseSlot(run);
		throw after;
	}
}

function refill(run: NodeRun): void {
	run.refillDue = false;
	while (run.inFlight < run.maxInFlight && run.queue.length > 0) {
		run.inFlight++;
		run.queue.shift()?.resolve();
	}
}

/*
 * Freed places are handed on from a timer, not from inside the answer that freed them: a request
 * started in the middle of another's answer handling costs n8n's stack far more CPU (measured with
 * a bare declarative node, 5,000 items at 25 in flight: 7.8 s handing on at once, 6.4 s from a
 * timer, 6.5 s unbounded). All places freed in one turn of the event loop are refilled together,
 * a millisecond later at most.
 */
function releaseSlot(run: NodeRun): void {
	run.inFlight--;
	if (run.queue.length === 0 || run.refillDue) return;
	run.refillDue = true;
	void sleep(0).then(() => refill(run));
}

/** How safe a repeat of a request is, which decides what is retried after a failure. */
export type Repeat =
	/** Reads, and writes whose repeat changes nothing (a send with local IDs): retried on every transient failure. */
	| 'safe'
	/** Writes that would happen twice: retried only when the service certainly did not act (it said busy, or was not reached). */
	| 'onRefusal'
	/** Sends without a local ID: never retried. */
	| 'never';

/**
 * Kavenegar's "busy" (409) and "too many calls" (451): the service did not act. Its 429 is not one
 * of them: it means the caller's IP is restricted, which no retry mends (beyond-spec.md).
 */
const BUSY = new Set(['409', '451']);
/** Network failures before a connection existed: the service cannot have seen the request. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Network failures after the request may have been written: the service may have acted. */
const CUT_OFF = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ERR_SOCKET_CONNECTION_TIMEOUT']);

export type FailureKind = 'busy' | 'notReached' | 'unknownOutcome' | 'refused';

/**
 * What a failure says about the request: the service said busy; it was never reached; it may
 * have acted (the connection broke, the answer timed out, a 5xx or a cut-off answer came); or it
 * answered with an error and did not act.
 */
export function failureKind(failure: NodeApiError | NodeOperationError): FailureKind {
	const code = String((failure as NodeApiError).httpCode ?? '');
	if (BUSY.has(code)) return 'busy';
	if (NOT_REACHED.has(code)) return 'notReached';
	if (!(failure instanceof NodeApiError)) return 'refused';
	if (CUT_OFF.has(code) || /^5\d\d$/.test(code) || code === '200' || !/^\d+$/.test(code)) return 'unknownOutcome';
	return 'refused';
}

function retries(kind: FailureKind, repeat: Repeat): boolean {
	if (repeat === 'never' || kind === 'refused') return false;
	return repeat === 'safe' || kind === 'busy' || kind === 'notReached';
}

export interface FlowRequest {
	options: DeclarativeRestApiSettings.HttpRequestOptions;
	repeat: Repeat;
}

/**
 * Sends one request of an item through the run: after every item is checked (stop mode), within
 * the bound on requests in flight, and again after busy answers and transient failures as far as
 * `repeat` allows, with exponential backoff and jitter. Rows come back after the postReceive hooks;
 * a failure comes back without n8n's request details (the URL holds the API key), saying how many
 * tries were made when there was more than one.
 */
export async function sendRequest(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	request: FlowRequest,
): Promise<INodeExecutionData[]> {
	const run = currentRun(context);
	await allItemsChecked(run);
	const signal = context.getExecutionCancelSignal();
	for (let attempt = 1; ; attempt++) {
		await takeSlot(context, run);
		let failure: NodeApiError | NodeOperationError;
		try {
			return await context.makeRoutingRequest({ ...requestData, options: request.options });
		} catch (error) {
			failure = withoutRequestDetails(context.getNode(), error);
		} finally {
			releaseSlot(run);
		}
		// A timeout is not retried: Request Options → Timeout bounds the wait on purpose.
		if (!isTimeout(failure) && retries(failureKind(failure), request.repeat) && attempt <= run.busyRetries && !signal?.aborted) {
			const ceiling = FIRST_BACKOFF_MS * 2 ** (attempt - 1);
			await sleep(ceiling / 2 + Math.random() * (ceiling / 2));
			continue;
		}
		if (attempt > 1) {
			const tries = `${attempt} tries were made, the node waiting longer after each.`;
			failure.description = failure.description ? `${failure.description} ${tries}` : tries;
		}
		stopRunOn(context, failure);
		throw failure;
	}
}

/**
 * In stop mode, marks the run stopped at this item's failure, so that requests not started yet
 * stay unsent (n8n fails the whole run on it anyway).
 */
function stopRunOn(context: IExecuteSingleFunctions, error: Error): void {
	const run = currentRun(context);
	if (run.stopOnError && run.stoppedBy === undefined) {
		run.stoppedBy = { index: context.getItemIndex(), error };
		for (const waiter of run.queue.splice(0)) {
			run.inFlight++;
			waiter.resolve();
		}
	}
}


/** How one of several requests of an item ended: done, failed, or never started after a failure. */
export type Outcome<T> =
	| { state: 'done'; value: T }
	| { state: 'failed'; error: NodeApiError | NodeOperationError }
	| { state: 'notStarted' };

/**
 * Runs `count` requests of one item side by side, as many at once as the run's bound allows,
 * started in order; after the first failure no further one starts. Outcomes come back in order.
 */
export async function inParallel<T>(
	context: IExecuteSingleFunctions,
	count: number,
	task: (index: number) => Promise<T>,
): Promise<Array<Outcome<T>>> {
	const outcomes: Array<Outcome<T>> = Array.from({ length: count }, () => ({ state: 'notStarted' }));
	let next = 0;
	let failed = false;
	const worker = async () => {
		while (!failed && next < count) {
			const index = next++;
			try {
				outcomes[index] = { state: 'done', value: await task(index) };
			} catch (error) {
				failed = true;
				outcomes[index] = { state: 'failed', error: withoutRequestDetails(context.getNode(), error) };
			}
		}
	};
	const workers = Math.min(count, currentRun(context).maxInFlight);
	await Promise.all(Array.from({ length: workers }, worker));
	return outcomes;
}
