import type { IExecuteFunctions, IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * The field rules are written for the context n8n's routing gives each item; an operation that runs
 * as code (a custom operation) has the node's context for all items. This is that context as one
 * item sees it, so the rules, their errors and the Jalali dates read the same in both.
 */
export function asSingleItem(context: IExecuteFunctions, itemIndex: number): IExecuteSingleFunctions {
	const single = Object.create(context) as IExecuteSingleFunctions & Record<string, unknown>;
	return Object.assign(single, {
		getItemIndex: () => itemIndex,
		getInputData: () => context.getInputData()[itemIndex],
		getNodeParameter: (name: string, fallback?: unknown, options?: object) => context.getNodeParameter(name, itemIndex, fallback, options),
		getWorkflowDataProxy: () => context.getWorkflowDataProxy(itemIndex),
	});
}
