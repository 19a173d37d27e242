const { useFake, expectNoKey, expectRejectedBeforeSending, isoFromNow } = require('../../helpers');

const ctx = useFake();
const send = (extra) => ({ resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello', ...extra });

describe('SMS → Send', () => {
	test('posts a form to sms/send.json with the key in the path and returns one item per recipient', async () => {
		const { items, error } = await ctx.run(
			send({ recipients: '0912 123 4567,\n+98 935-123-4567', message: 'سلام دنیا' }),
		);
		expect(error).toBeUndefined();
		const [request] = ctx.fake.requests;
		expect(request).toMatchObject({
			method: 'POST',
			operation: 'sms/send',
			apiKey: 'test-key/with+chars',
			contentType: 'application/x-www-form-urlencoded',
			query: {},
			form: { receptor: '09121234567,09351234567', message: 'سلام دنیا' },
		});
		expect(items.map((item) => item.json.receptor)).toEqual(['09121234567', '09351234567']);
		expect(items[0].json).toEqual({
			messageid: expect.any(Number),
			message: 'سلام دنیا',
			status: 1,
			statustext: 'در صف ارسال',
			sender: '10004346',
			receptor: '09121234567',
			date: expect.any(Number),
			cost: 120,
		});
		expect(items.every((item) => item.pairedItem.item === 0)).toBe(true);
	});

	test('sends every additional field under its contract name', async () => {
		const at = isoFromNow(3600);
		const { items, error } = await ctx.run(
			send({
				recipients: ['09121234567', '09351234567'],
				additionalFields: {
					sender: '30004000',
					date: at,
					type: 1,
					localIds: '71, 72',
					hide: true,
					tag: 'crm',
					policy: 'night',
					mediaId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
				},
			}),
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).toEqual({
			receptor: '09121234567,09351234567',
			message: 'Hello',
			sender: '30004000',
			date: String(Math.floor(Date.parse(at) / 1000)),
			type: '1',
			localid: '71,72',
			hide: '1',
			tag: 'crm',
			policy: 'night',
			mediaid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
		});
		expect(items).toHaveLength(2);
		expect(items[0].json.sender).toBe('30004000');
	});

	test('one request per input item, each output paired with its input', async () => {
		const { items } = await ctx.run(send({ recipients: '={{ $json.phone }}' }), {
			items: [{ json: { phone: '09121111111' } }, { json: { phone: '09122222222' } }],
		});
		expect(ctx.fake.requests.map((r) => r.form.receptor).sort()).toEqual(['09121111111', '09122222222']);
		expect(items.map((item) => [item.json.receptor, item.pairedItem.item])).toEqual([
			['09121111111', 0],
			['09122222222', 1],
		]);
	});

	const tooMany = Array.from({ length: 201 }, (_, i) => `0912${String(i).padStart(7, '0')}`);
	test.each([
		[{ recipients: tooMany }, 'Recipients: at most 200 numbers in one request (got 201)'],
		[{ recipients: '09121234567, hello' }, 'Recipients: "hello" is not a phone number'],
		[{ recipients: ' , ' }, 'Recipients: at least one number is required'],
		[{ message: '  ' }, 'Message: is required'],
		[{ additionalFields: { localIds: '1' }, recipients: '09121234567,09351234567' }, 'Local IDs: give one local ID per recipient (2 recipients, 1 local IDs)'],
		[{ additionalFields: { localIds: 'abc' } }, 'Local IDs: "abc" is not a numeric ID'],
		[{ additionalFields: { tag: 'has space' } }, 'Tag: at most 200 characters, English letters, digits, "-" and "_" only'],
		[{ additionalFields: { tag: 'x'.repeat(201) } }, 'Tag: at most 200 characters, English letters, digits, "-" and "_" only'],
		[{ additionalFields: { date: 'next tuesday' } }, 'Send At: "next tuesday" is not a date: use the date picker, an ISO date such as 2026-11-22T10:00:00+03:30, or Unix seconds'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, send(extra), message);
	});

	test.each(['status', '200'])('a service error (errors sent with HTTP %s) becomes a NodeApiError with code, meaning and message', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const { error } = await ctx.run(send({ additionalFields: { tag: 'undefinedtag' } }));
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Kavenegar error 400: parameters are incomplete or out of range');
			expect(error.description).toContain('tag "undefinedtag" is not defined');
			expect(error.httpCode).toBe('400');
			expectNoKey(error, ctx.fake.apiKey);
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});

	test('a wrong key is reported as an invalid API key, without the key', async () => {
		const { error } = await ctx.run(send(), { credentials: { apiKey: 'wrong-secret-key' } });
		expect(error.message).toBe('Kavenegar error 403: invalid API key: check the key in the Kavenegar credential');
		expectNoKey(error, 'wrong-secret-key');
	});
});
