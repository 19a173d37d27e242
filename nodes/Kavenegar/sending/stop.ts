import type { IExecuteSingleFunctions, NodeOperationError } from 'n8n-workflow';
import { nodeOwnError } from '../../allNodes/requestErrors';
import { currentRun, type NodeRun } from './nodeRun';

/*
 * When a request that has not started must not start: after n8n's Stop, and in stop mode after
 * the run's first request that failed for good (n8n fails the whole run on it anyway).
 */

function stoppedError(context: IExecuteSingleFunctions, stop: { index: number; error: Error }): NodeOperationError {
	return nodeOwnError(context.getNode(), `Not sent: item ${stop.index + 1} failed first (${stop.error.message})`, {
		itemIndex: context.getItemIndex(),
		description:
			'With On Error set to Stop Workflow the node stops at the first failed request: the requests of this run that had not started yet were not sent.',
	});
}

/*
 * n8n's Stop aborts the execution's cancel signal and leaves the node's promises running. n8n's
 * HTTP helper would then refuse the request anyway, with an error that reads like a request cut
 * off after sending; this one says it was not sent.
 */
export function reasonNotToStart(context: IExecuteSingleFunctions, run: NodeRun): NodeOperationError | undefined {
	if (context.getExecutionCancelSignal()?.aborted) {
		return nodeOwnError(context.getNode(), 'Not sent: the execution was stopped before this request started', {
			itemIndex: context.getItemIndex(),
		});
	}
	return run.stoppedBy && stoppedError(context, run.stoppedBy);
}

/** In stop mode, marks the run stopped at this item's failure and wakes the requests waiting for a place, which then do not start. */
export function stopRunOn(context: IExecuteSingleFunctions, error: Error): void {
	const run = currentRun(context);
	if (run.stopOnError && run.stoppedBy === undefined) {
		run.stoppedBy = { index: context.getItemIndex(), error };
		for (const waiter of run.queue.splice(0)) {
			run.inFlight++;
			waiter.resolve();
		}
	}
}
