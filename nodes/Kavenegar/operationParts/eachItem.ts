import { NodeApiError, NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

/**
 * An operation that is code (a custom operation), item by item, with n8n's On Error as its routing
 * would honour it: a failed item stops the node, or with On Error: Continue becomes an item of its
 * own, written as the classic engine writes one, so that an engine that passes items on as
 * returned shows the same.
 */
export async function eachItem(context: IExecuteFunctions, one: (item: number) => IDataObject | Promise<IDataObject>): Promise<INodeExecutionData[][]> {
	const results: INodeExecutionData[] = [];
	for (let item = 0; item < context.getInputData().length; item++) {
		try {
			results.push({ json: await one(item), pairedItem: { item } });
		} catch (error) {
			const failure =
				error instanceof NodeOperationError || error instanceof NodeApiError ? error : new NodeOperationError(context.getNode(), error as Error, { itemIndex: item });
			if (!context.continueOnFail()) throw failure;
			results.push({ json: { error: failure.message }, error: failure, pairedItem: { item } });
		}
	}
	return [results];
}
