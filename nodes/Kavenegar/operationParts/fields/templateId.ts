import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { dropInvisibleMarks, matches, required } from '../rules/valueRules';
import type { ParamRule } from '../wireParams';
import { sendAs } from './routing';

const DISPLAY_NAME = 'Template ID';
const WIRE_NAME = 'id';

export function templateIdRule(name: string, field: string): ParamRule {
	return matches(name, field, /^\d+$/, 'must be a numeric template ID, such as 1234');
}

/**
 * The template an operation acts on (`id`), and the rules that check it. One text for Get and
 * Delete, so that n8n gets one Template ID property for them (operationParts/onePropertyPerName.ts).
 */
export function templateIdField(displayOptions: IDisplayOptions) {
	const property: INodeProperties = {
		displayName: DISPLAY_NAME,
		name: 'templateId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1234',
		description: 'ID of the template, as returned when it was created or cloned',
		displayOptions,
		routing: sendAs(WIRE_NAME),
	};
	const rules: ParamRule[] = [dropInvisibleMarks(WIRE_NAME), required(WIRE_NAME, DISPLAY_NAME), templateIdRule(WIRE_NAME, DISPLAY_NAME)];
	return { property, rules };
}
