import type { IDataObject, NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { Outcome } from './inFlightBound';
import { failureKind, mayHaveActed, type FailureKind } from './retries';

/** What a failure of one item's requests says: which elements went, which may have, whether a re-run is safe. */
export interface ChunkNouns {
	/** The most elements the service accepts in one request. */
	perRequest: number;
	/** What one element is: "recipients", "IDs". */
	noun: string;
	/**
	 * For sends: the wire list of local IDs, which makes a repeat a no-op at the service; and what
	 * may have been sent when the outcome is unknown (default: the message, to the `noun`).
	 */
	send?: { localIdList?: string; mayHaveBeenSent?: string };
	/** A request changes state at Kavenegar (a send always does): what went through before a failure is kept, and a lost answer says it may have acted. */
	changesState?: boolean;
}

export function sentWithLocalIds(plan: ChunkNouns, params: IDataObject): boolean {
	return plan.send?.localIdList !== undefined && params[plan.send.localIdList] !== undefined;
}

/** For sends: whether running the node again could send to the same numbers twice. */
function rerunNote(plan: ChunkNouns, params: IDataObject): string {
	if (plan.send?.localIdList === undefined) {
		return `It has no local ID, so running it again may send to the ${plan.noun} a second time: check first (for example with Get Status by Recipient).`;
	}
	return sentWithLocalIds(plan, params)
		? 'They were sent with local IDs, so running the node again today with the same data (Retry On Fail, a re-run, a retry from the executions list) or with the same Local IDs does not send to them twice.'
		: 'They were sent without local IDs: running the node again sends to them again. Turn on Prevent Duplicate Sends or give Local IDs to make a re-run safe.';
}

/** "recipients 1–200, 401–600" for the chunks at `indexes`. */
function describeChunks(plan: ChunkNouns, indexes: number[], total: number): string {
	const ranges = indexes.map((index) => {
		const first = index * plan.perRequest + 1;
		const last = Math.min(total, (index + 1) * plan.perRequest);
		return first === last ? `${first}` : `${first}–${last}`;
	});
	return `${plan.noun} ${ranges.join(', ')} of ${total}`;
}

/**
 * What a failed request of several leaves behind, request by request: which went through, which
 * failed (and whether the service may still have acted on them), which never started.
 */
function partialFailureNote(plan: ChunkNouns, outcomes: Array<Outcome<unknown>>, total: number): string {
	const where = (state: string, test: (outcome: Outcome<unknown>) => boolean = () => true) =>
		outcomes.flatMap((outcome, index) => (outcome.state === state && test(outcome) ? [index] : []));
	const unknown = (outcome: Outcome<unknown>) => outcome.state === 'failed' && mayHaveActed(outcome.error);
	const parts: string[] = [];
	const done = where('done');
	const maybe = where('failed', unknown);
	const refused = where('failed', (outcome) => !unknown(outcome));
	const notStarted = where('notStarted');
	const failedRequests = [...maybe, ...refused].sort((a, b) => a - b).map((index) => index + 1);
	parts.push(`Request ${failedRequests.join(', ')} of ${outcomes.length} failed.`);
	parts.push(done.length ? `Went through: ${describeChunks(plan, done, total)}.` : 'None of the requests went through.');
	if (maybe.length) parts.push(`Unknown whether they went through: ${describeChunks(plan, maybe, total)}.`);
	if (refused.length) parts.push(`Not sent (refused): ${describeChunks(plan, refused, total)}.`);
	if (notStarted.length) parts.push(`Not sent (not started after the failure): ${describeChunks(plan, notStarted, total)}.`);
	return parts.join(' ');
}

/**
 * A send that may have reached the service says so: its outcome is unknown, and whether running
 * it again is safe. (One the service refused says nothing of the kind: its answer is the refusal.)
 */
function unknownOutcomeNote(plan: ChunkNouns, kind: FailureKind, params: IDataObject): string {
	const lead =
		kind === 'undocumented'
			? 'Kavenegar answered with a code its documentation does not describe'
			: 'Whether Kavenegar received this request is unknown';
	const what = plan.send?.mayHaveBeenSent ?? `the message may have been sent to the ${plan.noun}`;
	return `${lead}: ${what}. ${rerunNote(plan, params)}`;
}

function addNote(failure: NodeApiError | NodeOperationError, note: string): void {
	failure.description = failure.description ? `${failure.description} ${note}` : note;
}

/** Adds to the failure of one of an item's `outcomes` what went, what may have, and what a re-run risks. */
export function explainFailure(
	plan: ChunkNouns,
	failure: NodeApiError | NodeOperationError,
	outcomes: Array<Outcome<unknown>>,
	params: IDataObject,
	total: number,
): void {
	if (plan.send === undefined) {
		if (plan.changesState && mayHaveActed(failure)) {
			addNote(failure, 'Whether Kavenegar received this request is unknown: it may have done what was asked. Check before running it again.');
		}
		if (outcomes.length > 1) addNote(failure, partialFailureNote(plan, outcomes, total));
		return;
	}
	if (mayHaveActed(failure)) addNote(failure, unknownOutcomeNote(plan, failureKind(failure), params));
	if (outcomes.length > 1) {
		addNote(failure, partialFailureNote(plan, outcomes, total));
		if (!mayHaveActed(failure)) addNote(failure, rerunNote(plan, params));
	}
}
