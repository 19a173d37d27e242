/*
 * Kavenegar writes its messages in Persian, and users type Persian into fields; inside an English
 * sentence the browser's bidirectional algorithm would draw a quoted Persian text's closing quote
 * and what follows it into the Persian run ("…(Kavenegar error 412: "ارسال کننده نامعتبر است")"
 * shows its quote and parenthesis moved). Unicode's first-strong isolate (FSI … PDI) draws the
 * text in its own direction as one unit, so the English around it keeps its order.
 */

/**
 * Letters drawn right to left (Hebrew, Arabic, Persian and their neighbours, the Arabic presentation
 * forms) and Arabic-Indic digits; Persian digits (U+06F0–U+06F9) are drawn as European ones are.
 * Also the explicit direction marks and controls (U+200F, U+202A–U+202E, U+2066–U+2069): a value that
 * holds one would turn the English after it around, unless it is isolated.
 */
const RIGHT_TO_LEFT = /[\u0590-\u06EF\u06FA-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u200F\u202A-\u202E\u2066-\u2069]/;

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * A text to put inside English text, isolated where it holds right-to-left letters. Text without
 * them is left as it is, so a value copied from an error carries no invisible characters.
 */
export function isolated(text: string): string {
	return RIGHT_TO_LEFT.test(text) ? `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}` : text;
}

/** A value or a service's message quoted in English text: `"…"`, its inside isolated. */
export function quoted(text: string): string {
	return `"${isolated(text)}"`;
}
