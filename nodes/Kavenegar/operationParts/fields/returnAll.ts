import type { IDisplayOptions, INodeProperties, INodePropertyRouting } from 'n8n-workflow';

/**
 * Return All, and Limit when not returning all, for the operations that page (their pagination
 * function reads `returnAll`). Limit cuts the output; `limitSend` also sends it where the service
 * takes a page size.
 */
export function returnAllAndLimitFields(
	displayOptions: IDisplayOptions,
	limitMax?: number,
	limitSend?: INodePropertyRouting['send'],
): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions,
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, ...(limitMax !== undefined && { maxValue: limitMax }) },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...displayOptions.show, returnAll: [false] } },
			routing: { ...(limitSend && { send: limitSend }), output: { maxResults: '={{ $value }}' } },
		},
	];
}
