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
		for (const typed of [sent.code, '00000x']) {
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
		[{ codeEntered: ' - ' }, 'Code Entered: is required'],
		[{ recipient: 'hello' }, 'Recipient: "hello" is not a phone number'],
	])('refuses %o with the field and the rule, never as a wrong code', async (fields, message) => {
		const valid = { codeEntered: '12345', codeHash: `v1.${'A'.repeat(43)}`, expiresAt: '2026-11-28T08:02:00.000Z' };
		const { items, error } = await ctx.run(checkCode({ ...valid, ...fields }));
		expect(items).toEqual([]);
		expect(error?.message).toBe(message);
	});

	test('one answer per item, paired; with On Error: Continue a bad item fails alone', async () => {
		const sent = await sendCode();
		const { items } = await ctx.run(
			checkCode({ codeEntered: '={{ $json.typed }}', codeHash: sent.codeHash, expiresAt: sent.expiresAt }),
			{ items: [{ json: { typed: sent.code } }, { json: { typed: '' } }, { json: { typed: '99999x' } }], settings: { onError: 'continueRegularOutput' } },
		);
		expect(items.map((item) => [item.json.reason ?? item.json.error, item.pairedItem])).toEqual([
			['matched', { item: 0 }],
			['Code Entered: is required', { item: 1 }],
			['wrong', { item: 2 }],
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
