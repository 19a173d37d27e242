import { createHash, timingSafeEqual } from 'crypto';
import { Refusal } from './callbacks';

/** Characters a URL carries unescaped, so the secret pasted in the panel is the secret n8n reads. */
export const SECRET_RULE = /^[A-Za-z0-9\-_.~]{16,200}$/;

export const SECRET_RULE_TEXT = '16 to 200 characters, letters, digits, - _ . ~ only';

/**
 * The secret the call's URL carries, and what a caller that appends `?field=…` to a URL already
 * holding `?secret=…` put after it: that part is the call's own query, not the secret.
 */
export function splitSecret(query: unknown): { given: unknown; extraQuery: string } {
	const given = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).secret : undefined;
	if (typeof given !== 'string') return { given, extraQuery: '' };
	const mark = given.indexOf('?');
	return mark < 0 ? { given, extraQuery: '' } : { given: given.slice(0, mark), extraQuery: given.slice(mark + 1) };
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Undefined when `given` is the secret. Compared as digests of equal length in constant time, so
 * neither the answer's timing nor its text tells a caller how much of a guess was right.
 */
export function secretRefusal(given: unknown, secret: string): Refusal | undefined {
	if (given === undefined || given === '') return new Refusal(401, 'The secret is missing: the URL must end with ?secret=…');
	if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(secret))) {
		return new Refusal(403, 'The secret is wrong');
	}
	return undefined;
}
