import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

function collection(
	displayName: string,
	name: string,
	placeholder: string,
	displayOptions: IDisplayOptions,
	options: INodeProperties[],
): INodeProperties {
	return { displayName, name, type: 'collection', placeholder, default: {}, displayOptions, options };
}

/** The optional narrowing of the operations that look messages up. */
export function filtersCollection(displayOptions: IDisplayOptions, options: INodeProperties[]): INodeProperties {
	return collection('Filters', 'filters', 'Add Filter', displayOptions, options);
}

/** The optional fields of the operations that send or create. */
export function additionalFieldsCollection(displayOptions: IDisplayOptions, options: INodeProperties[]): INodeProperties {
	return collection('Additional Fields', 'additionalFields', 'Add Field', displayOptions, options);
}
