const { useFake, expectRejectedBeforeSending, isoFromNow } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const voice = (extra) => ({ resource: 'voiceCall', operation: 'send', callRecipients: '09121234567', spokenMessage: 'Your order has shipped', ...extra });
/**
 * @param {number} count
 * @param {number} from
 */
const numbers = (count, from) => Array.from({ length: count }, (_, i) => `0912${String(from + i).padStart(7, '0')}`);
let series = 7_000_000;
/** @param {number} count */
const freshNumbers = (count) => numbers(count, (series += 10_000));

describe('Voice Call → Send Voice Message', () => {
	test('posts a form to call/maketts.json with the key in the path and returns one item per recipient', async () => {
		const { items, error } = await ctx.run(voice({ callRecipients: '0912 123 4567,\n+98 935-123-4567', spokenMessage: 'سفارش شما ارسال شد' }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		const [request] = ctx.fake.requests;
		expect(request).toMatchObject({
			method: 'POST',
			operation: 'call/maketts',
			apiKey: 'test-key/with+chars',
			contentType: 'application/x-www-form-urlencoded',
			query: {},
		});
		expect(request.form).toEqual({
			receptor: '09121234567,09351234567',
			message: 'سفارش شما ارسال شد',
			localid: expect.stringMatching(/^\d+,\d+$/),
		});
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ receptor: '09121234567', message: 'سفارش شما ارسال شد', messageid: expect.any(Number), status: 1 }),
			expect.objectContaining({ receptor: '09351234567' }),
		]);
		expect(items.map((item) => item.json.localid)).toEqual(request.form?.localid.split(',').map(Number));
		expect(items.every((item) => item.pairedItem.item === 0)).toBe(true);
	});

	test('Send At and your own Local IDs go under their contract names; the rows carry the local IDs', async () => {
		const at = isoFromNow(3600);
		const { items, error } = await ctx.run(
			voice({ callRecipients: ['09121234567', '09351234567'], additionalFields: { date: at, localIds: '81, 82' } }),
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).toEqual({
			receptor: '09121234567,09351234567',
			message: 'Your order has shipped',
			date: String(Math.floor(Date.parse(at) / 1000)),
			localid: '81,82',
		});
		expect(items.map((item) => item.json.localid)).toEqual([81, 82]);
	});

	test('450 recipients go as requests of 200, 200 and 50, and the rows come back joined in order', async () => {
		const list = freshNumbers(450);
		const { items, error } = await ctx.run(voice({ callRecipients: list.join('\n') }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((request) => request.form?.receptor.split(',').length)).toEqual([200, 200, 50]);
		expect(items.map((item) => item.json.receptor)).toEqual(list);
		expect(new Set(items.map((item) => item.json.localid)).size).toBe(450);
	});

	test('request 2 of 3 failing stops the send and says how far it got; a re-run in the same execution completes it without doubles', async () => {
		const list = freshNumbers(450);
		ctx.fake.injectFault({ kind: 'busy409', operation: 'call/maketts', skip: 1 });
		// One request at a time and no retries, so that the second request is the one that fails.
		const first = await ctx.run(voice({ callRecipients: list, requestLimits: { maxRequestsInFlight: 1, busyRetries: 0 } }), {
			executionId: 'voice-chunk-failure',
		});
		expect(first.items).toEqual([]);
		expect(first.error.message).toBe('Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later');
		expect(first.error.description).toContain(
			'Request 2 of 3 failed. Went through: recipients 1–200 of 450. Not sent (refused): recipients 201–400 of 450. Not sent (not started after the failure): recipients 401–450 of 450. They were sent with local IDs',
		);
		const again = await ctx.run(voice({ callRecipients: list }), { executionId: 'voice-chunk-failure' });
		expect(again.error).toBeUndefined();
		expect(again.items.map((item) => item.json.receptor)).toEqual(list);
		expect(list.every((number) => ctx.fake.deliveriesTo(number) === 1)).toBe(true);
	});

	test("n8n's Retry On Fail after a dropped connection calls once", async () => {
		const [number] = freshNumbers(1);
		ctx.fake.injectFault({ kind: 'reset', after: true, operation: 'call/maketts' });
		const { items, error } = await ctx.run(voice({ callRecipients: number }), {
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(ctx.fake.requests).toHaveLength(2);
		expect(ctx.fake.deliveriesTo(number)).toBe(1);
	});

	test('with Prevent Duplicate Sends off no local IDs are sent; Normalize Phone Numbers off sends numbers as typed', async () => {
		const { error } = await ctx.run(
			voice({ callRecipients: ' +442079460958 ', options: { preventDuplicateSends: false, normalisePhoneNumbers: false } }),
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).toEqual({ receptor: '+442079460958', message: 'Your order has shipped' });
	});

	test('a call may ring an Iranian landline; a number that is no Iranian number is refused before any request', async () => {
		await ctx.run(voice({ callRecipients: '021 1234 5678, +98 31 3123 4567, 09121234567' }));
		expect(ctx.fake.requests.map((r) => r.form?.receptor)).toEqual(['02112345678,03131234567,09121234567']);
		ctx.fake.requests.length = 0;
		await expectRejectedBeforeSending(ctx, voice({ callRecipients: '02112345678, 021-123' }), 'Recipients: "021-123" is not an Iranian mobile (09 and 9 digits) or landline (area code and 8 digits, 021…) number; write a number outside Iran with its country code (+44…)');
	});

	test('Options has no Message Preview: a voice message has no SMS parts', async () => {
		const { items } = await ctx.run(voice({ options: { messagePreview: true } }));
		expect(items[0].json).not.toHaveProperty('parts');
	});

	test('a service error (no credit) is a NodeApiError with the code and its meaning, without the key', async () => {
		const credit = ctx.fake.credit;
		ctx.fake.credit = 0;
		try {
			const { items, error } = await ctx.run(voice());
			expect(items).toEqual([]);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toMatch(/^Kavenegar error 418/);
		} finally {
			ctx.fake.credit = credit;
		}
	});

	test('more than 10,000 recipients in one item are refused before sending', async () => {
		await expectRejectedBeforeSending(
			ctx,
			voice({ callRecipients: numbers(10_001, 0) }),
			'Recipients: at most 10000 numbers per item (got 10001); send larger lists as several items',
		);
	});
});
