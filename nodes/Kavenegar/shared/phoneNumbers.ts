import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { invalidInput } from './inputErrors';
import { splitList, wrongListEntry } from './lists';
import type { ParamRule } from './wireParams';

const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;

/** What the service accepts as a number: digits, optionally an international `+`. */
const PHONE_NUMBER = /^\+?\d{4,15}$/;

function asciiDigits(text: string): string {
	return text.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (digit) => {
		const code = digit.charCodeAt(0);
		return String(code - (code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO));
	});
}

/**
 * The forms people and CRMs write Iranian numbers in (`+98 912-123 4567`, `0098912…`,
 * Persian digits) become the `0912…` form Kavenegar expects; `undefined` when it is no number.
 */
export function normalisePhoneNumber(raw: string): string | undefined {
	let number = asciiDigits(raw).replace(/[\s\-().\u200c]/g, '');
	if (number.startsWith('+98')) number = '0' + number.slice(3);
	else if (number.startsWith('0098')) number = '0' + number.slice(4);
	else if (/^989\d{9}$/.test(number)) number = '0' + number.slice(2);
	// A spreadsheet cell or a JSON number drops the leading zero of 0912…; ten digits from 9 are
	// such a mobile number, since no number Kavenegar serves is written that way with its zero.
	else if (/^9\d{9}$/.test(number)) number = '0' + number;
	return PHONE_NUMBER.test(number) ? number : undefined;
}

/**
 * Numbers outside Iran must not be rewritten (a `0098` rule could corrupt them), so with
 * normalisation off an entry is only trimmed and must already be in the service's form.
 */
function numberAsTyped(raw: string): string | undefined {
	const number = raw.trim();
	return PHONE_NUMBER.test(number) ? number : undefined;
}

/**
 * Reads one recipient the way the item's options say: normalised, or as typed. `optionParameter`
 * is the node option that can turn normalisation off; without it, or when not added, it is on.
 */
export function phoneNumberReader(
	context: IExecuteSingleFunctions,
	optionParameter?: string,
): (raw: string) => string | undefined {
	const normalise =
		optionParameter === undefined || context.getNodeParameter(optionParameter, true) !== false;
	return normalise ? normalisePhoneNumber : numberAsTyped;
}

/** A recipient list rule: split, read each number, check the count, then join as the service reads it. */
export function phoneNumberList(
	name: string,
	field: string,
	max = Number.POSITIVE_INFINITY,
	optionParameter?: string,
): ParamRule {
	return function (params) {
		const wrongType = wrongListEntry(params[name]);
		if (wrongType) throw invalidInput(this, field, wrongType);
		const read = phoneNumberReader(this, optionParameter);
		const numbers = splitList(params[name]).map((entry) => {
			const number = read(entry);
			if (number === undefined) {
				throw invalidInput(this, field, `"${entry}" is not a phone number`);
			}
			return number;
		});
		if (numbers.length === 0) throw invalidInput(this, field, 'at least one number is required');
		if (numbers.length > max) {
			throw invalidInput(this, field, `at most ${max} numbers in one request (got ${numbers.length})`);
		}
		params[name] = numbers.join(',');
	};
}
