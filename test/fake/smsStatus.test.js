/** The fake's lookups of sent messages and sms/cancel (test/fake/smsStatus.js), over plain HTTP. */
const { useFakeOverHttp } = require('./client');

const ctx = useFakeOverHttp();
const now = () => Math.floor(Date.now() / 1000);

const sendTo = async (/** @type {number} */ count) => {
	const receptor = Array.from({ length: count }, (_, i) => `0912000000${i}`).join(',');
	const { body } = await ctx.call('sms/send', { form: { receptor, message: 'x' } });
	return body.entries.map((row) => row.messageid);
};

describe('fake Kavenegar: sms/status and sms/cancel', () => {
	test('status answers one row per id, 100 for an unknown id; at most 500 ids; GET works too', async () => {
		const [id] = await sendTo(1);
		ctx.fake.setMessageStatus(id, 10);
		const { body } = await ctx.call('sms/status', { method: 'GET', query: { messageid: `${id},5` } });
		expect(body.entries).toEqual([
			{ messageid: id, status: 10, statustext: 'رسیده به گیرنده' },
			{ messageid: 5, status: 100, statustext: 'شناسه پیامک نامعتبر است' },
		]);
		const many = Array.from({ length: 501 }, (_, i) => String(i + 1)).join(',');
		expect((await ctx.call('sms/status', { form: { messageid: many } })).body.return.status).toBe(414);
		expect((await ctx.call('sms/status', { form: { messageid: 'x' } })).body.return.status).toBe(400);
		expect((await ctx.call('sms/status', { form: {} })).body.return.status).toBe(400);
	});

	test('cancel: queued and scheduled become 13 and the cost is refunded; others keep their status', async () => {
		const [queued, scheduled, delivered] = await sendTo(3);
		ctx.fake.setMessageStatus(scheduled, 2);
		ctx.fake.setMessageStatus(delivered, 10);
		const credit = ctx.fake.credit;
		const { body } = await ctx.call('sms/cancel', { form: { messageid: [queued, scheduled, delivered].join(',') } });
		expect(body.entries.map((row) => row.status)).toEqual([13, 13, 10]);
		expect(body.entries[0].statustext).toBe('ارسال پیام از سمت کاربر لغو شده');
		expect(ctx.fake.credit).toBe(credit + 240);
		const again = await ctx.call('sms/cancel', { form: { messageid: String(queued) } });
		expect(again.body.entries[0].status).toBe(13);
		expect(ctx.fake.credit).toBe(credit + 240);
	});
});

describe('fake Kavenegar: sms/select, sms/statusbyreceptor and sms/statuslocalmessageid', () => {
	test('sms/select answers at most 500 IDs a request (414 above)', async () => {
		const ids = await sendTo(2);
		expect((await ctx.call('sms/select', { form: { messageid: ids.join(',') } })).body.entries.map((row) => row.messageid)).toEqual(ids);
		const many = Array.from({ length: 501 }, (_, i) => String(i + 1)).join(',');
		expect((await ctx.call('sms/select', { form: { messageid: many } })).body.return.status).toBe(414);
	});

	test('statusbyreceptor: a range over one day is 417', async () => {
		const range = { startdate: String(now() - 3 * 86400), enddate: String(now()) };
		expect((await ctx.call('sms/statusbyreceptor', { form: { receptor: '0912', ...range } })).body.return.status).toBe(417);
	});

	test.each([
		['statusbyreceptor: receptor not a number', 'sms/statusbyreceptor', { receptor: 'ali', startdate: String(now() - 60) }, 411],
		['statuslocalmessageid: an id not numeric', 'sms/statuslocalmessageid', { localid: '12,abc' }, 400],
	])('a value of the wrong type is refused → %s', async (_what, operation, form, code) => {
		const { http, body } = await ctx.call(operation, { form });
		expect([http, body.return.status]).toEqual([code, code]);
		expect(body.entries).toBeNull();
	});

	test.each([
		['sms/statusbyreceptor', { receptor: '09126666663', startdate: String(now() - 60) }],
		['sms/statuslocalmessageid', { localid: '12,13' }],
	])('values of the contract\'s types are taken → %s', async (operation, form) => {
		const { http, body } = await ctx.call(operation, { form });
		expect([http, body.return.status]).toEqual([200, 200]);
	});
});
