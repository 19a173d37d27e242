'use strict';
/** The one-time code's parts on their own: the generator's range, the hash's form, what a person types. */
const { newCode, codeHash, isCodeHash, typedCode, notACode, CODE_LENGTH } = require('../../../nodes/Kavenegar/resources/verify/oneTimeCodes');

test.each([4, 5, 10])('a code of %i digits: every digit in every place, leading zeros included', (length) => {
	const seen = Array.from({ length }, () => new Set());
	for (let draw = 0; draw < 2000; draw++) {
		const code = newCode(length);
		expect(code).toMatch(new RegExp(`^\\d{${length}}$`));
		[...code].forEach((digit, place) => seen[place].add(digit));
	}
	for (const digits of seen) expect(digits.size).toBe(10);
});

test('the hash is v1. and 43 base64url characters, and changes with each input', () => {
	const base = codeHash('key', '09121234567', '12345', 1_800_000_000_000);
	expect(isCodeHash(base)).toBe(true);
	const others = [
		codeHash('other', '09121234567', '12345', 1_800_000_000_000),
		codeHash('key', '09121234568', '12345', 1_800_000_000_000),
		codeHash('key', '09121234567', '12346', 1_800_000_000_000),
		codeHash('key', '09121234567', '12345', 1_800_000_001_000),
	];
	expect(new Set([base, ...others]).size).toBe(5);
	expect(isCodeHash(`${base}=`)).toBe(false);
	expect(isCodeHash(base.replace('v1.', 'v2.'))).toBe(false);
});

test('what a person types: Persian and Arabic-Indic digits, spaces, dashes and zero-width marks', () => {
	expect(typedCode('۱۲ ۳-۴۵')).toBe('12345');
	expect(typedCode('١٢٣٤٥')).toBe('12345');
	expect(typedCode('\u200c12\u200b345\n')).toBe('12345');
	expect(typedCode('A1-b2')).toBe('A1b2');
	expect(typedCode('\u20661\u20102\u20133\u2014 4\u200f\u2069')).toBe('1234');
});

test('what can be no code: nothing left, other characters, a length Code Length never makes', () => {
	expect(CODE_LENGTH).toEqual({ min: 4, max: 10 });
	expect(notACode('1234')).toBeUndefined();
	expect(notACode('1234567890')).toBeUndefined();
	expect(notACode('')).toBe('holds no digits once spaces, dashes and invisible marks are removed');
	expect(notACode('12a45')).toBe("holds characters other than digits: a code has 4 to 10 digits (Send Code's Code Length)");
	expect(notACode('123')).toBe("is 3 digits: a code has 4 to 10 digits (Send Code's Code Length)");
	expect(notACode('12345678901')).toBe("is 11 digits: a code has 4 to 10 digits (Send Code's Code Length)");
});
