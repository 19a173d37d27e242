import { sleep, type IExecuteSingleFunctions, type NodeApiError, type NodeOperationError } from 'n8n-workflow';
import { withoutRequestDetails } from '../../allNodes/requestErrors';
import { currentRun, type NodeRun } from './nodeRun';
import { reasonNotToStart } from './stop';

/*
 * One bound on requests in flight for the node run, across items, chunks of long lists and pages:
 * n8n starts every item's request at once and bounds nothing. How high it is, is learned from the
 * answers (learnedLimit.ts).
 */

/** A request's place: how many the run had sent and had in flight when it went, for what its answer teaches. */
export interface Slot {
	order: number;
	inFlight: number;
}

/** The place is already counted in `run.inFlight` (a waiter's by whoever woke it). */
function slotOf(run: NodeRun): Slot {
	return { order: ++run.limit.sent, inFlight: run.inFlight };
}

export async function takeSlot(context: IExecuteSingleFunctions, run: NodeRun): Promise<Slot> {
	const before = reasonNotToStart(context, run);
	if (before) throw before;
	// A free place goes to the queue first: a request arriving between a release and its refill
	// must not pass the ones waiting.
	if (run.inFlight < run.limit.value && run.queue.length === 0) {
		run.inFlight++;
		return slotOf(run);
	}
	await new Promise<void>((resolve, reject) => run.queue.push({ resolve, reject }));
	const slot = slotOf(run);
	const after = reasonNotToStart(context, run);
	if (after) {
		releaseSlot(run);
		throw after;
	}
	return slot;
}

function refill(run: NodeRun): void {
	run.refillDue = false;
	while (run.inFlight < run.limit.value && run.queue.length > 0) {
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
export function releaseSlot(run: NodeRun): void {
	run.inFlight--;
	if (run.queue.length === 0 || run.refillDue) return;
	run.refillDue = true;
	void sleep(0).then(() => refill(run));
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
	const workers = Math.min(count, currentRun(context).limit.ceiling);
	await Promise.all(Array.from({ length: workers }, worker));
	return outcomes;
}
