import {
	sleep,
	type DeclarativeRestApiSettings,
	type IExecutePaginationFunctions,
	type INodeExecutionData,
	type NodeApiError,
	type NodeOperationError,
} from 'n8n-workflow';
import { withoutRequestDetails } from '../../allNodes/requestErrors';
import { releaseSlot, takeSlot } from './inFlightBound';
import { answeredFine, overloaded, overshot } from './learnedLimit';
import { currentRun } from './nodeRun';
import { backoffMs, failureKind, isRetried, notingTries, type FailureKind, type Repeat } from './retries';
import { stopRunOn } from './stop';

/** The failures that say Kavenegar or the way to it has more than it can take: the limit comes down. */
const OVERLOAD = new Set<FailureKind>(['busy', 'timeout', 'cutOff', 'notReached']);

export interface FlowRequest {
	options: DeclarativeRestApiSettings.HttpRequestOptions;
	repeat: Repeat;
}

/**
 * Sends one request of an item through the run: within the bound on requests in flight, and again
 * after busy answers and transient failures as far as `repeat` allows (the table in retries.ts), with exponential backoff
 * and jitter. Each answer teaches the run's limit (learnedLimit.ts); a busy answer to the node's own
 * overshoot sends the request again once a place is free, without using a try, so busy answers
 * slow a run down rather than fail it. Rows come back after the postReceive hooks; a failure
 * comes back without n8n's request details (the URL holds the API key), saying how many tries
 * were made when there was more than one.
 */
export async function sendRequest(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	request: FlowRequest,
): Promise<INodeExecutionData[]> {
	const run = currentRun(context);
	const signal = context.getExecutionCancelSignal();
	let attempt = 1;
	for (;;) {
		const slot = await takeSlot(context, run);
		let failure: NodeApiError | NodeOperationError;
		try {
			const rows = await context.makeRoutingRequest({ ...requestData, options: request.options });
			answeredFine(run.limit);
			return rows;
		} catch (error) {
			failure = withoutRequestDetails(context.getNode(), error);
		} finally {
			releaseSlot(run);
		}
		const kind = failureKind(failure);
		if (OVERLOAD.has(kind)) overloaded(run.limit, slot.order, slot.inFlight);
		const retried = isRetried(kind, request.repeat) && !signal?.aborted;
		if (retried && kind === 'busy' && overshot(run.limit, slot.inFlight)) continue;
		if (retried && attempt <= run.busyRetries) {
			await sleep(backoffMs(attempt));
			attempt++;
			continue;
		}
		notingTries(failure, attempt);
		stopRunOn(context, failure);
		throw failure;
	}
}
