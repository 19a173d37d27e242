const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').NodeParameterValueType} messageIds */
const getStatus = (messageIds) => ({ resource: 'sms', operation: 'getStatus', messageIds });
/** @param {string} recipients */
const sendTo = async (recipients) => {
	const { items } = await ctx.run({ resource: 'sms', operation: 'send', recipients, message: 'hi' });
	ctx.fake.requests.length = 0;
	return items.map((item) => item.json.messageid);
};

describe('SMS → Get Status', () => {
	test('posts the IDs as one comma list to sms/status.json and returns one item per ID', async () => {
		const [first, second] = await sendTo('09121111111,09122222222');
		ctx.fake.setMessageStatus(second, 10);
		const { items, error } = await ctx.run(getStatus(`${first}\n${second}, 77`));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'sms/status',
			contentType: 'application/x-www-form-urlencoded',
			form: { messageid: `${first},${second},77` },
		});
		expect(items.map((item) => item.json)).toEqual([
			{ messageid: first, status: 1, statustext: 'در صف ارسال', statusName: 'Queued' },
			{ messageid: second, status: 10, statustext: 'رسیده به گیرنده', statusName: 'Delivered' },
			{ messageid: 77, status: 100, statustext: 'شناسه پیامک نامعتبر است', statusName: 'Not Found' },
		]);
		expect(items.every((item) => item.pairedItem.item === 0)).toBe(true);
	});

	test('an array from an expression works as well', async () => {
		const [id] = await sendTo('09121111111');
		const { items } = await ctx.run(getStatus('={{ $json.ids }}'), { items: [{ json: { ids: [id] } }] });
		expect(ctx.fake.requests[0].form).toEqual({ messageid: String(id) });
		expect(items).toHaveLength(1);
	});

	test.each([
		[' , ', 'Message IDs: at least one ID is required'],
		['12, abc', 'Message IDs: "abc" is not a numeric ID'],
	])('rejects bad input before sending → %#', async (messageIds, message) => {
		await expectRejectedBeforeSending(ctx, getStatus(messageIds), message);
	});

	test.each(['status', '200'])('a service error (errors sent with HTTP %s) becomes a NodeApiError', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const { error } = await ctx.run(getStatus('1'), { credentials: { apiKey: 'wrong-secret-key' } });
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Kavenegar error 403: "\u2068کد شناسائی API-Key معتبر نمی‌باشد\u2069"');
			expect(error.httpCode).toBe('403');
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});
});
