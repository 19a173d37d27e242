const { useFake, expectRejectedBeforeSending, DAY, nowSeconds, isoFromNow } = require('../../helpers');

const ctx = useFake({ inboxPageSize: 200 });
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const inbox = (extra) => ({ resource: 'sms', operation: 'getInbox', lineNumber: '30004000', ...extra });

beforeAll(() => {
	const now = nowSeconds();
	// 450 unread messages on our line in the last day, plus noise the filters must exclude.
	ctx.fake.seedInbox(
		Array.from({ length: 450 }, (_, i) => ({ sender: `0912${String(i).padStart(7, '0')}`, receptor: '30004000', message: `پیام ${i}`, date: now - 3600 - i })),
	);
	ctx.fake.seedInbox([
		{ sender: '09350000001', receptor: '30004000', message: 'already read', date: now - 60, read: true },
		{ sender: '09350000002', receptor: '10004346', message: 'other line', date: now - 60 },
		{ sender: '09350000003', receptor: '30004000', message: 'three days ago', date: now - 3 * DAY },
	]);
});

describe('SMS → Get Inbox', () => {
	test('Return All pages through metadata with every filter on every page', async () => {
		const start = isoFromNow(-DAY);
		const end = isoFromNow(0);
		const { items, error } = await ctx.run(inbox({ returnAll: true, filters: { startDate: start, endDate: end } }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(450);
		expect(new Set(items.map((item) => item.json.messageid)).size).toBe(450);
		expect(items[0].json).toEqual({
			messageid: expect.any(Number),
			message: 'پیام 0',
			sender: '09120000000',
			receptor: '30004000',
			date: expect.any(Number),
			dateIso: expect.any(String), dateJalali: expect.any(String),
		});
		const startSeconds = String(Math.floor(Date.parse(start) / 1000));
		const endSeconds = String(Math.floor(Date.parse(end) / 1000));
		expect(ctx.fake.requests.map((r) => [r.method, r.contentType, r.form])).toEqual(
			['1', '2', '3'].map((pagenumber) => [
				'POST',
				'application/x-www-form-urlencoded',
				{ linenumber: '30004000', isread: '0', startdate: startSeconds, enddate: endSeconds, pagenumber },
			]),
		);
	});

	test('without Return All, one page and at most Limit items', async () => {
		const { items } = await ctx.run(inbox({ returnAll: false, limit: 5 }));
		expect(items).toHaveLength(5);
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0].form).toEqual({ linenumber: '30004000', isread: '0' });
	});

	test('read messages with the Read State filter', async () => {
		const { items } = await ctx.run(inbox({ isRead: 1, returnAll: true }));
		expect(items.map((item) => item.json.message)).toEqual(['already read']);
		expect(ctx.fake.requests[0].form?.isread).toBe('1');
	});

	test('an empty inbox gives no items and no error', async () => {
		const { items, error } = await ctx.run(inbox({ lineNumber: '50001', returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
		expect(ctx.fake.requests).toHaveLength(1);
	});

	test.each([
		[{ lineNumber: '' }, "The 'Kavenegar' node has issues:\n- Parameter \"Line Number\" is required."],
		[{ lineNumber: '={{ $json.missing }}' }, 'Line Number: is required'],
		[{ filters: { startDate: isoFromNow(-3 * DAY), endDate: isoFromNow(0) } }, 'End Date: the range from Start Date to End Date must be at most 2 days'],
		[{ filters: { startDate: isoFromNow(0), endDate: isoFromNow(-3600) } }, 'End Date: must not be before Start Date'],
		[{ filters: { startDate: 'yesterday-ish' } }, 'Start Date: "yesterday-ish" is not a date: use a Jalali date such as 1405/01/01 09:00, a Gregorian one such as 2026-11-22 10:00 or 2026-11-22T10:00:00+03:30, or Unix seconds'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, inbox(extra), message);
	});

	test('a service error (409) comes through with its meaning', async () => {
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/inboxpaged' });
		const { error } = await ctx.run(inbox({ returnAll: true, requestLimits: { busyRetries: 0 } }));
		expect(error.message).toBe('Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later');
	});
});
