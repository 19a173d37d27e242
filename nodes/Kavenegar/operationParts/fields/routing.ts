import type { IDisplayOptions } from 'n8n-workflow';

/** `displayOptions` that show a field for some operations of one resource. */
export function showFor(resource: string, operations: string[]): IDisplayOptions {
	return { show: { resource: [resource], operation: operations } };
}

/** The routing that puts a field's value in the request under its wire name. */
export function sendAs(wireName: string) {
	return { send: { type: 'body' as const, property: wireName, propertyInDotNotation: false } };
}
