import type { IExecutePaginationFunctions, INodeExecutionData, NodeApiError, NodeOperationError } from 'n8n-workflow';

/*
 * What an item's earlier requests changed at Kavenegar (messages sent, messages marked read) must
 * reach the user when a later request of the item fails. n8n's routing turns a rejected item into
 * one error item (On Error: Continue) or fails the node, dropping whatever the item had; but it
 * outputs every item a pagination function returns, and sends an item that carries `error` to the
 * error output (Continue (using error output)) or shows it as `{ error }` (Continue). So with On
 * Error: Continue the item's rows go out, followed by its error as an item of its own; otherwise
 * the error itself must say what was done.
 */

/** With On Error: Continue, the rows that went through and then the item's error; otherwise undefined (the caller throws). */
export function rowsBesideError(
	context: IExecutePaginationFunctions,
	rows: INodeExecutionData[],
	error: NodeApiError | NodeOperationError,
): INodeExecutionData[] | undefined {
	if (!context.continueOnFail()) return undefined;
	const item = context.getItemIndex();
	return [...rows, { json: {}, error, pairedItem: { item } }];
}
