'use strict';
/**
 * Verify → Check Code through n8n-core's engine: the code Send Code made (read from what the fake
 * received, as the person's phone would show it) checked against Send Code's codeHash and expiresAt.
 */
const crypto = require('node:crypto');
const { useFake, kavenegarNode } = require('../../helpers');
const { TOOL_TYPE } = require('../../harness');
const { codeHash } = require('../../../nodes/Kavenegar/resources/verify/oneTimeCodes');

const ctx = useFake();
beforeAll(() => {
	ctx.fake.addApprovedTemplate('login', 'Your login code: %token');
});
afterEach(() => jest.restoreAllMocks());

/** Sends a made code and returns what Check Code needs, with the code the phone got. */
async function sendCode(extra = {}) {
	const { items, error } = await ctx.run({ resource: 'verify', operation: 'sendCode', recipient: '+98 912 123 4567', template: 'login', ...extra });
	expect(error).toBeUndefined();
	const code = String(ctx.fake.requests.at(-1)?.form?.token);
	return { code, codeHash: String(items[0].json.codeHash), expiresAt: String(items[0].json.expiresAt) };
}

/** @param {import('n8n-workflow').INodeParameters} fields */
const checkCode = (fields) => ({ resource: 'verify', operation: 'checkCode', recipient: '09121234567', ...fields });

/** @param {string} code */
const persian = (code) => code.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));
/** @param {string} code */
const arabicIndic = (code) => code.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

describe('Verify → Check Code', () => {
	test('the code the phone got is valid; nothing is asked of Kavenegar', async () => {
		const sent = await sendCode();
		ctx.fake.requests.length = 0;
		const { items, error } = await ctx.run(checkCode({ codeEntered: sent.code, codeHash: sent.codeHash, expiresAt: sent.expiresAt }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(0);
		expect(items).toEqual([{ json: { valid: true, reason: 'matched', receptor: '09121234567', expiresAt: sent.expiresAt }, pairedItem: { item: 0 } }]);
	});

	test.each([
		['Persian digits', persian],
		['Arabic-Indic digits', arabicIndic],
		['spaces and dashes', (/** @type {string} */ code) => ` ${code.slice(0, 2)} - ${code.slice(2)}\u200c `],
		['a dash a keyboard made typographic, and direction marks of a paste', (/** @type {string} */ code) => `\u2066${code.slice(0, 2)}\u2010${code.slice(2, 4)}\u2013${code.slice(4)}\u2069\u200f`],
	])('what a person types with %s reads as the same code', async (_, typed) => {
		const sent = await sendCode();
		const { items } = await ctx.run(checkCode({ codeEntered: typed(sent.code), codeHash: sent.codeHash, expiresAt: sent.expiresAt, recipient: persian('09121234567') }));
		expect(items[0].json).toMatchObject({ valid: true, reason: 'matched' });
	});

	test('a wrong code is not valid, reason wrong', async () => {
		const sent = await sendCode();
		const wrong = String((Number(sent.code) + 1) % 100000).padStart(5, '0');
		const { items } = await ctx.run(checkCode({ codeEntered: wrong, codeHash: sent.codeHash, expiresAt: sent.expiresAt }));
		expect(items[0].json).toMatchObject({ valid: false, reason: 'wrong' });
	});

	test('the hash binds the number, the expiry and the key: another of any is a wrong code', async () => {
		const sent = await sendCode();
		const later = new Date(Date.parse(sent.expiresAt) + 60_000).toISOString();
		const runs = await Promise.all([
			ctx.run(checkCode({ recipient: '09121234568', codeEntered: sent.code, codeHash: sent.codeHash, expiresAt: sent.expiresAt })),
			ctx.run(checkCode({ codeEntered: sent.code, codeHash: sent.codeHash, expiresAt: later })),
			ctx.run(checkCode({ codeEntered: sent.code, codeHash: sent.codeHash, expiresAt: sent.expiresAt }), { credentials: { apiKey: 'another-key' } }),
		]);
		expect(runs.map(({ items }) => items[0].json.reason)).toEqual(['wrong', 'wrong', 'wrong']);
	});

	test('an expired code is not valid, reason expired, even when it is right', async () => {
		const expiresAtMs = Math.floor(Date.now() / 1000) * 1000 - 1000;
		const hash = codeHash(ctx.fake.apiKey, '09121234567', '48213', expiresAtMs);
		const { items } = await ctx.run(checkCode({ codeEntered: '48213', codeHash: hash, expiresAt: new Date(expiresAtMs).toISOString() }));
		expect(items[0].json).toMatchObject({ valid: false, reason: 'expired' });
	});

	test('expiresAt given with an offset, or as a date from an expression, is the same instant', async () => {
		const sent = await sendCode();
		const tehran = new Date(Date.parse(sent.expiresAt) + 3.5 * 3600_000).toISOString().replace('Z', '+03:30');
		const runs = await Promise.all([
			ctx.run(checkCode({ codeEntered: sent.code, codeHash: sent.codeHash, expiresAt: tehran })),
			ctx.run(checkCode({ codeEntered: sent.code, codeHash: sent.codeHash, expiresAt: `={{ DateTime.fromISO('${sent.expiresAt}') }}` })),
		]);
		expect(runs.map(({ items, error }) => error?.message ?? items[0].json.reason)).toEqual(['matched', 'matched']);
	});

	test('the comparison takes the same time whatever the input: crypto.timingSafeEqual on two 32-byte MACs', async () => {
		const sent = await sendCode();
		const compare = jest.spyOn(crypto, 'timingSafeEqual');
		for (const typed of [sent.code, String((Number(sent.code) + 1) % 100000).padStart(5, '0')]) {
			compare.mockClear();
			await ctx.run(checkCode({ codeEntered: typed, codeHash: sent.codeHash, expiresAt: sent.expiresAt }));
			expect(compare).toHaveBeenCalledTimes(1);
			const [given, expected] = compare.mock.calls[0];
			expect([given.byteLength, expected.byteLength]).toEqual([32, 32]);
		}
	});

	test.each([
		[{ codeHash: 'abc' }, 'Code Hash: "abc" is not a codeHash that Send Code gave: map the codeHash of Send Code\'s output'],
		[{ codeHash: '={{ $json.missing }}' }, 'Code Hash: is required: map the codeHash of Send Code\'s output'],
		[{ expiresAt: 'tomorrow' }, 'Expires At: "tomorrow" is not an expiresAt that Send Code gave: map the expiresAt of Send Code\'s output (such as 2026-11-28T08:02:00.000Z)'],
		[{ expiresAt: '1405/09/07 10:00:00' }, 'Expires At: "1405/09/07 10:00:00" is not an expiresAt that Send Code gave: map the expiresAt of Send Code\'s output (such as 2026-11-28T08:02:00.000Z)'],
		[{ expiresAt: '2026-11-28T08:02:00' }, 'Expires At: "2026-11-28T08:02:00" is not an expiresAt that Send Code gave: map the expiresAt of Send Code\'s output (such as 2026-11-28T08:02:00.000Z)'],
		[{ recipient: 'hello' }, 'Recipient: "hello" is not a phone number'],
	])('refuses %o with the field and the rule, never as a wrong code', async (fields, message) => {
		const valid = { codeEntered: '12345', codeHash: `v1.${'A'.repeat(43)}`, expiresAt: '2026-11-28T08:02:00.000Z' };
		const { items, error } = await ctx.run(checkCode({ ...valid, ...fields }));
		expect(items).toEqual([]);
		expect(error?.message).toBe(message);
	});

	test.each([
		['only a dash', '\u2010', 'Code Entered: "\u2010" holds no digits once spaces, dashes and invisible marks are removed'],
		['only spaces and dashes', ' - ', 'Code Entered: "-" holds no digits once spaces, dashes and invisible marks are removed'],
		['only a zero-width space', '\u200b', 'Code Entered: "\u200b" holds no digits once spaces, dashes and invisible marks are removed'],
		['letters among digits', '12a45', 'Code Entered: "12a45" holds characters other than digits: a code has 4 to 10 digits (Send Code\'s Code Length)'],
		['a word', 'کد', 'Code Entered: "\u2068کد\u2069" holds characters other than digits: a code has 4 to 10 digits (Send Code\'s Code Length)'],
		['11 digits', '12345678901', 'Code Entered: "12345678901" is 11 digits: a code has 4 to 10 digits (Send Code\'s Code Length)'],
		['3 digits, in Persian', '۱۲۳', 'Code Entered: "۱۲۳" is 3 digits: a code has 4 to 10 digits (Send Code\'s Code Length)'],
	])('what cannot be a code (%s) is refused by name, never checked as a wrong code', async (_what, codeEntered, message) => {
		const sent = await sendCode();
		ctx.fake.requests.length = 0;
		const compare = jest.spyOn(crypto, 'timingSafeEqual');
		const { items, error } = await ctx.run(checkCode({ codeEntered, codeHash: sent.codeHash, expiresAt: sent.expiresAt }));
		expect(items).toEqual([]);
		expect(error?.message).toBe(message);
		// The node's own error, not an answer of Kavenegar's: no code.
		expect(error?.httpCode ?? null).toBeNull();
		expect(compare).not.toHaveBeenCalled();
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('with On Error: Continue (using error output), what cannot be a code leaves by the error output, as the check example answers it (400)', async () => {
		const sent = await sendCode();
		const { items, run } = await ctx.run(
			checkCode({ codeEntered: '={{ $json.typed }}', codeHash: sent.codeHash, expiresAt: sent.expiresAt }),
			{ items: [{ json: { typed: sent.code } }, { json: { typed: '12a45' } }], settings: { onError: 'continueErrorOutput' } },
		);
		expect(items.map((item) => item.json.reason)).toEqual(['matched']);
		const errors = run?.data.resultData.runData.Kavenegar[0].data?.main[1] ?? [];
		expect(errors.map((item) => [item.json.error, item.pairedItem])).toEqual([
			['Code Entered: "12a45" holds characters other than digits: a code has 4 to 10 digits (Send Code\'s Code Length)', { item: 1 }],
		]);
	});

	test('codes of 4 and of 10 digits, the ends of Code Length, are checked', async () => {
		const runs = await Promise.all([4, 10].map(async (codeLength) => {
			const sent = await sendCode({ additionalFields: { codeLength } });
			return ctx.run(checkCode({ codeEntered: sent.code, codeHash: sent.codeHash, expiresAt: sent.expiresAt }));
		}));
		expect(runs.map(({ items }) => items[0].json.reason)).toEqual(['matched', 'matched']);
	});

	test('one answer per item, paired; with On Error: Continue a bad item fails alone', async () => {
		const sent = await sendCode();
		const { items } = await ctx.run(
			checkCode({ codeEntered: '={{ $json.typed }}', codeHash: sent.codeHash, expiresAt: sent.expiresAt }),
			{ items: [{ json: { typed: sent.code } }, { json: { typed: '' } }, { json: { typed: '99999x' } }, { json: { typed: '99999' } }], settings: { onError: 'continueRegularOutput' } },
		);
		expect(items.map((item) => [item.json.reason ?? item.json.error, item.pairedItem])).toEqual([
			['matched', { item: 0 }],
			['Code Entered: is required', { item: 1 }],
			['Code Entered: "99999x" holds characters other than digits: a code has 4 to 10 digits (Send Code\'s Code Length)', { item: 2 }],
			[sent.code === '99999' ? 'matched' : 'wrong', { item: 3 }],
		]);
	});

	test('as an AI tool it refuses: models are not offered Check Code', async () => {
		const sent = await sendCode();
		const { items, error } = await ctx.run(checkCode({ codeEntered: sent.code, codeHash: sent.codeHash, expiresAt: sent.expiresAt }), { settings: { type: TOOL_TYPE, typeVersion: 2 } });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ error: 'Check Code is not offered to AI models', details: expect.stringContaining('docs/one-time-codes.md') },
		]);
	});

	test('the tool version of the node does not list Check Code', () => {
		const { NodeHelpers } = require('n8n-workflow');
		const { Kavenegar } = require('../../../nodes/Kavenegar/Kavenegar.node');
		const description = new Kavenegar().description;
		const picker = description.properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes('verify'));
		const options = /** @type {import('n8n-workflow').INodePropertyOptions[]} */ (picker?.options ?? []);
		const shown = (/** @type {string} */ name) =>
			options.filter((option) => NodeHelpers.displayParameter({ resource: 'verify' }, /** @type {any} */ (option), kavenegarNode(2), { ...description, name }));
		expect(shown('kavenegar').map((option) => option.value)).toEqual(['checkCode', 'sendCode']);
		expect(shown('kavenegarTool').map((option) => option.value)).toEqual(['sendCode']);
	});
});
