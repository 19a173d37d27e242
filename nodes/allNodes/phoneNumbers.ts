import { withoutInvisibleMarks } from './invisibleMarks';

const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;

/** What the service accepts as a number: digits, optionally an international `+`. */
export const PHONE_NUMBER = /^\+?\d{4,15}$/;

/** Persian (۰–۹) and Arabic-Indic (٠–٩) digits as ASCII digits; other characters as they are. */
export function asciiDigits(text: string): string {
	return text.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (digit) => {
		const code = digit.charCodeAt(0);
		return String(code - (code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO));
	});
}

/**
 * The forms people and CRMs write Iranian numbers in (`+98 912-123 4567`, `0098912…`,
 * Persian digits, invisible marks pasted around it) become the `0912…` form Kavenegar expects;
 * `undefined` when it is no number.
 */
export function normalisePhoneNumber(raw: string): string | undefined {
	let number = asciiDigits(withoutInvisibleMarks(raw)).replace(/[\s\-().]/g, '');
	if (number.startsWith('+98')) number = '0' + number.slice(3);
	else if (number.startsWith('0098')) number = '0' + number.slice(4);
	else if (/^989\d{9}$/.test(number)) number = '0' + number.slice(2);
	// A spreadsheet cell or a JSON number drops the leading zero of 0912…; ten digits from 9 are
	// such a mobile number, since no number Kavenegar serves is written that way with its zero.
	else if (/^9\d{9}$/.test(number)) number = '0' + number;
	return PHONE_NUMBER.test(number) ? number : undefined;
}

/** Which Iranian numbers a field takes: SMS go to mobiles; a voice call may also ring a landline. */
export type IranianNumbers = 'mobile' | 'mobileOrLandline';

const IRANIAN_MOBILE = /^09\d{9}$/;
/** 0, a two-digit area code from 1 to 8 (21 is Tehran), eight digits. */
const IRANIAN_LANDLINE = /^0[1-8]\d{9}$/;

/**
 * Why a normalised number cannot be one Kavenegar delivers to in Iran, or `undefined` when it can.
 * A number written with its country code (`+44…`, `0044…`) is left to the service as before: it is
 * no Iranian number written wrong, and a send abroad must keep working.
 */
export function notAnIranianNumber(number: string, kind: IranianNumbers): string | undefined {
	if (/^(\+|00)/.test(number)) return undefined;
	if (IRANIAN_MOBILE.test(number)) return undefined;
	if (kind === 'mobileOrLandline') {
		return IRANIAN_LANDLINE.test(number)
			? undefined
			: 'is not an Iranian mobile (09 and 9 digits) or landline (area code and 8 digits, 021…) number; write a number outside Iran with its country code (+44…)';
	}
	return 'is not an Iranian mobile number (09 and 9 digits); write a number outside Iran with its country code (+44…)';
}
