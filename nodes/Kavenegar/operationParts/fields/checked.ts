import type { INodeProperties } from 'n8n-workflow';
import type { ParamRule } from '../wireParams';
import { sendAs } from './routing';

/** A rule for one value, given the value's wire name and the label the user reads in the error. */
export type ValueRule = (wireName: string, label: string) => ParamRule;

export interface CheckedField {
	property: INodeProperties;
	rules: ParamRule[];
}

/**
 * A field sent under `wireName`, and the rules that check its value. The rules take the wire name
 * and the label from the field itself, so neither is written a second time beside it.
 */
export function checkedField(wireName: string, property: Omit<INodeProperties, 'routing'>, ...rules: ValueRule[]): CheckedField {
	return {
		property: { ...property, routing: sendAs(wireName) } as INodeProperties,
		rules: rules.map((rule) => rule(wireName, property.displayName)),
	};
}
