import type { IExecuteSingleFunctions, NodeOperationError } from 'n8n-workflow';
import { nodeOwnError } from '../../../allNodes/requestErrors';

/**
 * An error for bad input, raised before any request: it names the field and the rule broken.
 * What was sent is added by the sending engine (sending/allItemsChecked.ts), which knows: nothing for
 * this item, or in stop mode nothing for any item.
 */
export function invalidInput(
	context: IExecuteSingleFunctions,
	field: string,
	rule: string,
): NodeOperationError {
	return nodeOwnError(context.getNode(), `${field}: ${rule}`, { itemIndex: context.getItemIndex() });
}
