import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { dropInvisibleMarks, required } from '../rules/valueRules';
import type { ParamRule } from '../wireParams';
import { sendAs } from './routing';

const DISPLAY_NAME = 'Line Number';
const WIRE_NAME = 'linenumber';

/** One of the account's lines (`linenumber`), and its rules: read without invisible marks, required where it is required. */
export function lineNumberField(
	description: string,
	displayOptions?: IDisplayOptions,
	{ optional = false } = {},
) {
	const property: INodeProperties = {
		displayName: DISPLAY_NAME,
		name: 'lineNumber',
		type: 'string',
		...(!optional && { required: true }),
		default: '',
		placeholder: '10004346',
		description,
		displayOptions,
		routing: sendAs(WIRE_NAME),
	};
	const rules: ParamRule[] = [dropInvisibleMarks(WIRE_NAME), ...(optional ? [] : [required(WIRE_NAME, DISPLAY_NAME)])];
	return { property, rules };
}
