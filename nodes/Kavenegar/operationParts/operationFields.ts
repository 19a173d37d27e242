import type { INodeProperties } from 'n8n-workflow';
import type { OperationField } from '../../allNodes/envelope';

type Show = Record<string, unknown[] | undefined> | undefined;

const listOf = (values: unknown[] | undefined) => (values ?? []).map(String);

/**
 * The fields each operation sends, by wire name, with the label the user reads and where the value
 * lives (an Additional Fields option at `additionalFields.tag`), read once from the properties.
 * A service error names the field its code points at from this (allNodes/envelope.ts).
 */
export function operationFields(properties: INodeProperties[]): (resource: string, operation: string) => OperationField[] {
	const byOperation = new Map<string, Map<string, OperationField>>();
	const add = (show: Show, parentShow: Show, field: OperationField) => {
		for (const resource of listOf(show?.['/resource'] ?? parentShow?.resource)) {
			for (const operation of listOf(show?.['/operation'] ?? parentShow?.operation)) {
				const key = `${resource}/${operation}`;
				const fields = byOperation.get(key) ?? new Map<string, OperationField>();
				fields.set(field.path, field);
				byOperation.set(key, fields);
			}
		}
	};
	for (const property of properties) {
		const show = property.displayOptions?.show as Show;
		const param = property.routing?.send?.property;
		if (param) add(undefined, show, { param, label: property.displayName, path: property.name });
		if (property.type !== 'collection') continue;
		for (const option of (property.options ?? []) as INodeProperties[]) {
			const optionParam = option.routing?.send?.property;
			if (!optionParam) continue;
			add(option.displayOptions?.show as Show, show, { param: optionParam, label: option.displayName, path: `${property.name}.${option.name}` });
		}
	}
	return (resource, operation) => [...(byOperation.get(`${resource}/${operation}`)?.values() ?? [])];
}
