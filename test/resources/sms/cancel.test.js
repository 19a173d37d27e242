const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').NodeParameterValueType} messageIds */
const cancel = (messageIds) => ({ resource: 'sms', operation: 'cancel', messageIds });
/** @param {string} recipients */
const sendTo = async (recipients) => {
	const { items } = await ctx.run({ resource: 'sms', operation: 'send', recipients, message: 'hi' });
	ctx.fake.requests.length = 0;
	return items.map((item) => item.json.messageid);
};

describe('SMS → Cancel', () => {
	test('cancels queued and scheduled messages (13, refunded); a message already sent keeps its status', async () => {
		const [queued, scheduled, delivered] = await sendTo('09121111111,09122222222,09123333333');
		ctx.fake.setMessageStatus(scheduled, 2);
		ctx.fake.setMessageStatus(delivered, 10);
		const credit = ctx.fake.credit;
		const { items, error } = await ctx.run(cancel([queued, scheduled, delivered].join(', ')));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'sms/cancel',
			contentType: 'application/x-www-form-urlencoded',
			form: { messageid: `${queued},${scheduled},${delivered}` },
		});
		expect(items.map((item) => item.json)).toEqual([
			{ messageid: queued, status: 13, statustext: 'ارسال پیام از سمت کاربر لغو شده', statusName: 'Cancelled' },
			{ messageid: scheduled, status: 13, statustext: 'ارسال پیام از سمت کاربر لغو شده', statusName: 'Cancelled' },
			{ messageid: delivered, status: 10, statustext: 'رسیده به گیرنده', statusName: 'Delivered' },
		]);
		expect(ctx.fake.credit).toBe(credit + 240);
	});

	test('one request per input item, each output paired with its input', async () => {
		const ids = await sendTo('09121111111,09122222222');
		const { items } = await ctx.run(cancel('={{ $json.id }}'), { items: ids.map((id) => ({ json: { id } })) });
		expect(ctx.fake.requests).toHaveLength(2);
		expect(items.map((item) => [item.json.messageid, item.pairedItem.item])).toEqual([
			[ids[0], 0],
			[ids[1], 1],
		]);
	});

	test.each([
		[' , ', 'Message IDs: at least one ID is required'],
		['8000000001; x', 'Message IDs: "x" is not a numeric ID'],
	])('rejects bad input before sending → %#', async (messageIds, message) => {
		await expectRejectedBeforeSending(ctx, cancel(messageIds), message);
	});

	test.each(['status', '200'])('a service error (errors sent with HTTP %s) becomes a NodeApiError', async (mode) => {
		ctx.fake.errorMode = mode;
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/cancel' });
		try {
			const { items, error } = await ctx.run({ ...cancel('1'), requestLimits: { busyRetries: 0 } });
			expect(items).toEqual([]);
			expect(error.message).toBe('Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later');
			expect(error.httpCode).toBe('409');
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});
});
