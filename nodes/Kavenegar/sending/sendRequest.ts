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
import { currentRun } from './nodeRun';
import { backoffMs, failureKind, isRetried, type Repeat } from './retries';
import { stopRunOn } from './stop';

export interface FlowRequest {
	options: DeclarativeRestApiSettings.HttpRequestOptions;
	repeat: Repeat;
}

/**
 * Sends one request of an item through the run: within the bound on requests in flight, and again
 * after busy answers and transient failures as far as `repeat` allows (the table in retries.ts), with exponential backoff
 * and jitter. Rows come back after the postReceive hooks; a failure comes back without n8n's
 * request details (the URL holds the API key), saying how many tries were made when there was
 * more than one.
 */
export async function sendRequest(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	request: FlowRequest,
): Promise<INodeExecutionData[]> {
	const run = currentRun(context);
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
		if (isRetried(failureKind(failure), request.repeat) && attempt <= run.busyRetries && !signal?.aborted) {
			await sleep(backoffMs(attempt));
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
