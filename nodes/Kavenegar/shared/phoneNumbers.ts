import { invalidInput } from './inputErrors';
import { splitList } from './lists';
import type { ParamRule } from './wireParams';

const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;

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
	return /^\+?\d{4,15}$/.test(number) ? number : undefined;
}

/** A recipient list rule: split, normalise, check the count, then join as the service reads it. */
export function phoneNumberList(name: string, field: string, max: number): ParamRule {
	return function (params) {
		const numbers = splitList(params[name]).map((entry) => {
			const number = normalisePhoneNumber(entry);
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
