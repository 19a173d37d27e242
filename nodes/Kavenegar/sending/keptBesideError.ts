import type { IExecutePaginationFunctions, IExecuteSingleFunctions, INodeExecutionData, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { descriptionInMessage } from './engine2Errors';
import { currentRun, type NodeRun } from './nodeRun';
import { errorAsToolResult, runsAsTool } from './toolResults';

/*
 * What an item's earlier requests changed at Kavenegar (messages sent, messages marked read) must
 * reach the user when a later request of the item fails. n8n's routing turns a rejected item into
 * one error item (On Error: Continue) or fails the node, dropping whatever the item had; but it
 * outputs every item a pagination function returns, and sends an item that carries `error` to the
 * error output (Continue (using error output)) or shows it as `{ error }` (Continue). So with On
 * Error: Continue the item's rows go out, followed by its error as an item of its own; otherwise
 * the error itself must say what was done. An item that failed with no rows is answered the same
 * way (allItemsChecked.ts), not left to n8n's routing: its error item is `{ json: {} }`, which the
 * classic engine turns into `{ error }` and Engine 2.0 passes on empty (docs/engine-2.md).
 */

/** Whether a failing item's rows can go out beside its error: with On Error: Continue, and as an AI agent's tool. */
export function keepsRowsBesideError(context: IExecuteSingleFunctions): boolean {
	return runsAsTool(context) || context.continueOnFail();
}

/**
 * The rows that went through and then the item's error: as an item of its own, written as the
 * classic engine writes one (`json.error` is the message), or as an AI agent's tool, as the tool's
 * result row (toolResults.ts), so that the model sees both.
 */
export function rowsBesideError(context: IExecuteSingleFunctions, rows: INodeExecutionData[], error: unknown): INodeExecutionData[] {
	if (runsAsTool(context)) return [...rows, ...errorAsToolResult(error)];
	const failure = descriptionInMessage(context, error as NodeApiError | NodeOperationError);
	return [...rows, { json: { error: failure.message }, error: failure, pairedItem: { item: context.getItemIndex() } }];
}

/** How one item of a run that consumes (reads that mark read) ended: what it consumed, and its error if it failed. */
interface Settled {
	item: number;
	/** What the item consumed, as its error would say it; empty when nothing. */
	consumed: string;
	failure?: NodeApiError | NodeOperationError;
}

const settledInRun = new WeakMap<NodeRun, Settled[]>();

/**
 * In stop mode n8n fails the node with the error of the first failed item in item order, once
 * every item has settled, and drops the rows of every other item: also those of items that
 * consumed messages before or after the failure. Each item of such an operation reports here as it
 * settles; when the last one has, the error n8n will show names what the other items consumed.
 */
export function settleConsumingItem(
	context: IExecutePaginationFunctions,
	consumed: string,
	failure?: NodeApiError | NodeOperationError,
): void {
	const run = currentRun(context);
	if (!run.stopOnError) return;
	const settled = settledInRun.get(run) ?? [];
	settledInRun.set(run, settled);
	settled.push({ item: context.getItemIndex(), consumed, failure });
	if (settled.length < run.items) return;
	const shown = settled.filter((entry) => entry.failure).sort((a, b) => a.item - b.item)[0];
	const others = settled.filter((entry) => entry !== shown && entry.consumed !== '').sort((a, b) => a.item - b.item);
	if (shown?.failure === undefined || others.length === 0) return;
	const note = `Other items of this run read messages that Kavenegar has marked read, and n8n does not output them when the node fails: ${others
		.map((entry) => `item ${entry.item + 1}: ${entry.consumed}`)
		.join(' ')}`;
	shown.failure.description = shown.failure.description ? `${shown.failure.description} ${note}` : note;
}
