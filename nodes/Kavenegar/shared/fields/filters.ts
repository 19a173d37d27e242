import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** The optional narrowing of the operations that look messages up. */
export function filtersCollection(displayOptions: IDisplayOptions, options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions,
		options,
	};
}
