const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').NodeParameterValueType} messageIds */
const getMessages = (messageIds) => ({ resource: 'sms', operation: 'getMessages', messageIds });

/**
 * Puts `count` sent messages straight into the fake's outbox and returns their IDs.
 * @param {number} count
 */
const seedOutbox = (count) =>
	Array.from({ length: count }, (_, i) => ctx.fake.recordSend({ receptor: `0912${String(i).padStart(7, '0')}`, message: `m${i}` }).messageid);

describe('SMS → Get Messages by ID', () => {
	test('posts the IDs as one comma list to sms/select.json and returns one item per message', async () => {
		const [first, second] = seedOutbox(2);
		const { items, error } = await ctx.run(getMessages(`${second}\n${first}`));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'sms/select',
			contentType: 'application/x-www-form-urlencoded',
			form: { messageid: `${second},${first}` },
		});
		expect(items.map((item) => item.json.messageid)).toEqual([second, first]);
		expect(items[0].json).toEqual({
			messageid: second,
			message: 'm1',
			status: 1,
			statustext: 'در صف ارسال',
			statusName: 'Queued',
			sender: '10004346',
			receptor: '09120000001',
			date: expect.any(Number),
			dateIso: expect.any(String), dateJalali: expect.any(String),
			cost: 120,
		});
		expect(items.every((item) => item.pairedItem.item === 0)).toBe(true);
	});

	test('1,200 IDs go as requests of 500, 500 and 200, and the rows come back joined in order', async () => {
		const ids = seedOutbox(1200).reverse();
		const { items, error } = await ctx.run(getMessages(ids));
		expect(error).toBeUndefined();
		const requests = ctx.fake.requests;
		expect(requests.map((r) => r.form?.messageid.split(',').length)).toEqual([500, 500, 200]);
		expect(requests.flatMap((r) => r.form?.messageid.split(',').map(Number))).toEqual(ids);
		expect(items.map((item) => item.json.messageid)).toEqual(ids);
		expect(items.every((item) => item.pairedItem.item === 0)).toBe(true);
	});

	test('exactly 500 IDs is one request', async () => {
		await ctx.run(getMessages(seedOutbox(500)));
		expect(ctx.fake.requests).toHaveLength(1);
	});

	test.each([
		[' , ', 'Message IDs: at least one ID is required'],
		[[...Array.from({ length: 1100 }, (_, i) => i + 1), 'abc'], 'Message IDs: "abc" is not a numeric ID'],
	])('rejects bad input before sending anything, checking the whole list → %#', async (messageIds, message) => {
		await expectRejectedBeforeSending(ctx, getMessages(messageIds), message);
	});

	test.each(['status', '200'])('without IP access (errors sent with HTTP %s) the service error 407 is explained', async (mode) => {
		ctx.fake.errorMode = mode;
		ctx.fake.ipAccess = false;
		try {
			const { items, error } = await ctx.run(getMessages('1, 2'));
			expect(items).toEqual([]);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Kavenegar error 407: "\u2068دسترسی به اطلاعات مورد نظر برای شما امکان پذیر نیست\u2069" – this operation needs IP access: add the caller\'s IP in the account panel');
			expect(error.httpCode).toBe('407');
		} finally {
			ctx.fake.errorMode = 'status';
			ctx.fake.ipAccess = true;
		}
	});

	test('a failure on request 2 says how many IDs had been read', async () => {
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/select', skip: 1 });
		const { error } = await ctx.run({ ...getMessages(seedOutbox(600)), requestLimits: { maxRequestsInFlight: 1, busyRetries: 0 } });
		expect(error.message).toBe('Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later');
		expect(error.description).toContain('Request 2 of 2 failed. Went through: IDs 1–500 of 600. Not sent (refused): IDs 501–600 of 600.');
		expect(error.description).not.toContain('local ID');
	});
});

describe('SMS → Get Status uses the same splitter', () => {
	test('700 IDs go as requests of 500 and 200, rows in order', async () => {
		const ids = seedOutbox(700);
		const { items, error } = await ctx.run({ resource: 'sms', operation: 'getStatus', messageIds: ids });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((r) => [r.operation, r.form?.messageid.split(',').length])).toEqual([
			['sms/status', 500],
			['sms/status', 200],
		]);
		expect(items.map((item) => item.json.messageid)).toEqual(ids);
	});
});
