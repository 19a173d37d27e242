import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';
import { failureKind, inParallel, sendRequest, type Outcome, type Repeat } from './requestFlow';
import { withWireLists, type JsonLists } from './wireParams';

export interface ChunkPlan {
	/**
	 * Wire names of the lists that belong together element by element (recipient n, local ID n…);
	 * the first one is required and counts the elements. Lists the request lacks are skipped.
	 */
	lists: string[];
	/** Lists written as JSON-array text rather than comma lists. */
	json?: JsonLists;
	/** The most elements the service accepts in one request. */
	perRequest: number;
	/** What one element is, for the partial-failure message: "recipients", "IDs". */
	noun: string;
	/**
	 * Output fields filled from a list element, because the service's rows do not echo it
	 * (the local ID a message was sent with): output field name → wire list name.
	 */
	rowFields?: Record<string, string>;
	/**
	 * For sends: the wire list of local IDs, whose presence makes a repeat a no-op at the service
	 * (so a failed request may be retried and the node run again). A send without one (Send Code)
	 * is never retried.
	 */
	send?: { localIdList?: string };
	/** For writes other than sends: how safe a repeat is (reads are always safe). */
	repeat?: Repeat;
}

/** A Long as n8n users compare it: a number when a double holds it exactly, else its digits. */
function longValue(digits: string): number | string {
	return Number.isSafeInteger(Number(digits)) ? Number(digits) : digits;
}

function asList(value: unknown): string[] {
	return Array.isArray(value) ? value.map(String) : String(value).split(',');
}

function sentWithLocalIds(plan: ChunkPlan, params: IDataObject): boolean {
	return plan.send?.localIdList !== undefined && params[plan.send.localIdList] !== undefined;
}

/** For sends: whether running the node again could send to the same numbers twice. */
function rerunNote(plan: ChunkPlan, params: IDataObject): string | undefined {
	if (plan.send === undefined) return undefined;
	if (plan.send.localIdList === undefined) {
		return `It has no local ID, so running it again may send to the ${plan.noun} a second time: check first (for example with Get Status by Recipient).`;
	}
	return sentWithLocalIds(plan, params)
		? 'They were sent with local IDs, so running the node again today with the same data (Retry On Fail, a re-run, a retry from the executions list) or with the same Local IDs does not send to them twice.'
		: 'They were sent without local IDs: running the node again sends to them again. Turn on Prevent Duplicate Sends or give Local IDs to make a re-run safe.';
}

/** "recipients 1–200, 401–600" for the chunks at `indexes`. */
function describeChunks(plan: ChunkPlan, indexes: number[], total: number): string {
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
function partialFailureNote(plan: ChunkPlan, outcomes: Array<Outcome<unknown>>, total: number): string {
	const where = (state: string, test: (outcome: Outcome<unknown>) => boolean = () => true) =>
		outcomes.flatMap((outcome, index) => (outcome.state === state && test(outcome) ? [index] : []));
	const unknown = (outcome: Outcome<unknown>) => outcome.state === 'failed' && failureKind(outcome.error) === 'unknownOutcome';
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
 * it again is safe.
 */
function unknownOutcomeNote(plan: ChunkPlan, params: IDataObject): string {
	const unknown = `Whether Kavenegar received this request is unknown: it may have sent to the ${plan.noun}.`;
	const rerun = rerunNote(plan, params);
	return rerun ? `${unknown} ${rerun}` : unknown;
}

function addNote(failure: NodeApiError | NodeOperationError, note: string): void {
	failure.description = failure.description ? `${failure.description} ${note}` : note;
}

/**
 * A `pagination` function that sends one item's request as several when a list in it is longer
 * than the service takes, and joins the rows in order as if it were one call. The preSend has
 * already checked the whole list, so bad input stops the item before the first request. The
 * requests go side by side within the node run's bound; after a failure no further one starts,
 * and the error says which elements went through, which may have, and which were not sent.
 * Runs for every request of the operation (the operation sets its `pagination`), so a short list
 * is simply one request.
 */
export function inChunks(plan: ChunkPlan) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const { options } = requestData;
		const inBody = options.body !== undefined;
		const params = { ...((inBody ? options.body : options.qs) as IDataObject) };
		const lists: Record<string, string[]> = {};
		for (const name of plan.lists) {
			if (params[name] !== undefined) lists[name] = asList(params[name]);
		}
		const total = lists[plan.lists[0]]?.length ?? 0;
		const requests = Math.max(1, Math.ceil(total / plan.perRequest));
		const repeat: Repeat = plan.send ? (sentWithLocalIds(plan, params) ? 'safe' : 'never') : (plan.repeat ?? 'safe');
		const outcomes = await inParallel(this, requests, async (index) => {
			const start = index * plan.perRequest;
			const chunk = { ...params };
			for (const [name, elements] of Object.entries(lists)) chunk[name] = elements.slice(start, start + plan.perRequest);
			const chunkOptions = withWireLists(
				requests === 1 ? options : { ...options, headers: { ...options.headers }, ...(inBody ? { body: chunk } : { qs: chunk }) },
				plan.json,
			);
			const rows = await sendRequest(this, requestData, { options: chunkOptions, repeat });
			// The service answers one row per element in order; only then can a row be told its element.
			if (rows.length === Math.min(plan.perRequest, total - start)) {
				for (const [field, list] of Object.entries(plan.rowFields ?? {})) {
					const elements = lists[list];
					if (elements === undefined) continue;
					rows.forEach((row, i) => (row.json[field] = longValue(elements[start + i])));
				}
			}
			return rows;
		});
		const failed = outcomes.find((outcome) => outcome.state === 'failed');
		if (failed?.state === 'failed') {
			const failure = failed.error;
			if (plan.send && failureKind(failure) === 'unknownOutcome') addNote(failure, unknownOutcomeNote(plan, params));
			if (requests > 1) {
				addNote(failure, partialFailureNote(plan, outcomes, total));
				const rerun = rerunNote(plan, params);
				if (rerun && failureKind(failure) !== 'unknownOutcome') addNote(failure, rerun);
			}
			throw failure;
		}
		return outcomes.flatMap((outcome) => (outcome.state === 'done' ? outcome.value : []));
	};
}

/** The default for every operation: its one request, through the node run's flow. */
export const singleRequest = inChunks({ lists: [], perRequest: 1, noun: 'requests' });

/** Writes whose repeat would act twice (create, clone, upload, delete): retried only when the service certainly did not act. */
export const singleWrite = inChunks({ lists: [], perRequest: 1, noun: 'requests', repeat: 'onRefusal' });

/** A send without local IDs, such as a one-time code: never retried, and its errors say what a re-run risks. */
export function sendWithoutLocalIds(noun: string) {
	return inChunks({ lists: [], perRequest: 1, noun, send: {} });
}

/** `sms/select` and `sms/status` take at most 500 message IDs per request; more go in several. */
export const messageIdChunks = inChunks({
	lists: ['messageid'],
	perRequest: 500,
	noun: 'IDs',
});
