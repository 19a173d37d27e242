/*
 * A value pasted from a web page or a chat may carry characters that draw nothing: the direction
 * marks and isolates that keep a Latin value in order inside Persian text (a Persian page wraps an
 * English value in LRI … PDI; Kavenegar's panel is a right-to-left page), and the zero-width
 * characters keyboards and editors leave in. The user sees `1406/01/01 09:00`, yet a reader that
 * keeps them sees no date.
 */

/**
 * LRM, RLM and the Arabic letter mark; the embeddings and overrides (LRE, RLE, PDF, LRO, RLO); the
 * isolates (LRI, RLI, FSI, PDI); the zero-width space, non-joiner and joiner, the word joiner, and
 * the zero-width no-break space (a byte order mark pasted inside a text).
 */
export const INVISIBLE_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]/g;

/**
 * The text without its invisible marks: for a value read as a number, a date, a time, a phone
 * number, a code, an ID or a line number. Never for a message's text: a Persian word may need its
 * zero-width non-joiner (U+200C), and the direction marks of a message are its writer's.
 */
export function withoutInvisibleMarks(text: string): string {
	return text.replace(INVISIBLE_MARKS, '');
}
