import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { asciiDigits } from '../../../allNodes/phoneNumbers';
import { quoted } from '../../../allNodes/bidi';
import { invalidInput } from '../rules/inputErrors';
import { dropInvisibleMarks, required } from '../rules/valueRules';
import type { ParamRule } from '../wireParams';
import { sendAs } from './routing';

const DISPLAY_NAME = 'Line Number';
const WIRE_NAME = 'linenumber';

/**
 * A line as Kavenegar writes it: digits, an international one after a `+`. Typed with Persian
 * digits or spaces it is the same line; anything else matches no line, which an operation that
 * finds nothing on a wrong line (Get Reply) would not otherwise tell.
 */
const lineDigits: ParamRule = function (params) {
	const given = params[WIRE_NAME];
	if (typeof given !== 'string' && typeof given !== 'number') return;
	const line = asciiDigits(String(given)).replace(/\s/g, '');
	if (!/^\+?\d+$/.test(line)) throw invalidInput(this, DISPLAY_NAME, `${quoted(String(given))} is not a line number: digits only, such as 10004346`);
	params[WIRE_NAME] = line;
};

/**
 * One of the account's lines (`linenumber`), and its rules: read without invisible
 * marks, required where it is required and, with `digitsOnly`, refusing what cannot be a line.
 */
export function lineNumberField(
	description: string,
	displayOptions?: IDisplayOptions,
	{ optional = false, digitsOnly = false } = {},
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
	const rules: ParamRule[] = [dropInvisibleMarks(WIRE_NAME), ...(optional ? [] : [required(WIRE_NAME, DISPLAY_NAME)]), ...(digitsOnly ? [lineDigits] : [])];
	return { property, rules };
}
