import { NodeOperationError, type IExecuteSingleFunctions } from 'n8n-workflow';

/** An error for bad input, raised before any request: it names the field and the rule broken. */
export function invalidInput(
	context: IExecuteSingleFunctions,
	field: string,
	rule: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${field}: ${rule}`, {
		itemIndex: context.getItemIndex(),
		description: 'Nothing was sent to Kavenegar for this item.',
	});
}
