import { createHmac, randomInt, timingSafeEqual } from 'crypto';
import { withoutInvisibleMarks } from '../../../allNodes/invisibleMarks';
import { asciiDigits } from '../../../allNodes/phoneNumbers';

/*
 * One-time codes without a database of codes: Send Code gives a keyed hash of the code instead of
 * the code, and Check Code recomputes it from what the person typed (docs/one-time-codes.md).
 *
 * The key is derived from the credential's API key, so no new secret is needed, and nobody without
 * it can test the 10^n possible codes against a hash read from an execution or a Data table. The
 * hash binds the code to the number and to the expiry, so a code sent to one number does not check
 * for another, and a later expiry typed into the check does not revive an expired code.
 */

/** `v1.` and a base64url SHA-256: the version lets a later scheme be told apart from this one. */
const HASH_PREFIX = 'v1.';
const HASH_FORMAT = /^v1\.[A-Za-z0-9_-]{43}$/;

/** How many digits a code Send Code makes may have (Code Length), and so what Check Code takes. */
export const CODE_LENGTH = { min: 4, max: 10 };

/** Digits from Node's cryptographic generator, leading zeros included, so every code of the length is as likely. */
export function newCode(length: number): string {
	let code = '';
	for (let digit = 0; digit < length; digit++) code += String(randomInt(10));
	return code;
}

function hashKey(apiKey: string): Buffer {
	return createHmac('sha256', apiKey).update('n8n-nodes-kavenegar one-time code').digest();
}

function mac(apiKey: string, receptor: string, code: string, expiresAtMs: number): Buffer {
	return createHmac('sha256', hashKey(apiKey)).update(`${receptor}\n${code}\n${expiresAtMs}`).digest();
}

export function codeHash(apiKey: string, receptor: string, code: string, expiresAtMs: number): string {
	return HASH_PREFIX + mac(apiKey, receptor, code, expiresAtMs).toString('base64url');
}

export function isCodeHash(value: string): boolean {
	return HASH_FORMAT.test(value);
}

/**
 * Whether `code` is the code `hash` was made from. The comparison takes the same time whatever
 * the bytes, so timing tells an attacker nothing about how much of a guess was right.
 */
export function hashMatches(hash: string, apiKey: string, receptor: string, code: string, expiresAtMs: number): boolean {
	const given = Buffer.from(hash.slice(HASH_PREFIX.length), 'base64url');
	return timingSafeEqual(given, mac(apiKey, receptor, code, expiresAtMs));
}

/**
 * What a person typed, as the code it means: Persian and Arabic-Indic digits as ASCII, without the
 * spaces, dashes (any of Unicode's: a keyboard may turn `-` into `‐` or `–`) and invisible marks a
 * phone keyboard or a paste leaves in.
 */
export function typedCode(raw: string): string {
	return asciiDigits(withoutInvisibleMarks(raw)).replace(/[\s\p{Pd}]/gu, '');
}

/**
 * Why a typed code, as `typedCode` reads it, cannot be a code Send Code makes, or undefined when it
 * can. Check Code refuses such input by name rather than answer `wrong`: letters or a cut-off paste
 * are the app's mistake to fix, not a guess to count.
 */
export function notACode(code: string): string | undefined {
	const lengths = `a code has ${CODE_LENGTH.min} to ${CODE_LENGTH.max} digits (Send Code's Code Length)`;
	if (code === '') return 'holds no digits once spaces, dashes and invisible marks are removed';
	if (!/^\d+$/.test(code)) return `holds characters other than digits: ${lengths}`;
	if (code.length < CODE_LENGTH.min || code.length > CODE_LENGTH.max) return `is ${code.length} digits: ${lengths}`;
	return undefined;
}

/** An instant as Send Code writes `expiresAt`: ISO 8601 in UTC, to the second. */
export function expiresAtIso(ms: number): string {
	return new Date(ms).toISOString();
}

/** The end of a code's life: whole seconds, so that the ISO text gives back the very instant that was hashed. */
export function expiryFrom(nowMs: number, minutes: number): number {
	return Math.ceil(nowMs / 1000) * 1000 + minutes * 60_000;
}
