const { useFake, expectRejectedBeforeSending, DAY, nowSeconds, isoFromNow } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const count = (extra) => ({ resource: 'sms', operation: 'countInbox', startDate: isoFromNow(-DAY + 60), ...extra });

beforeAll(() => {
	const now = nowSeconds();
	ctx.fake.seedInbox([
		{ sender: '09121111111', receptor: '30004000', message: 'a', date: now - 3600 },
		{ sender: '09121111112', receptor: '30004000', message: 'b', date: now - 7200, read: true },
		{ sender: '09121111113', receptor: '10004346', message: 'c', date: now - 7200 },
	]);
});

describe('SMS → Count Inbox', () => {
	test.each(['status', '200'])('counts over a form POST (errors with HTTP %s)', async (mode) => {
		ctx.fake.errorMode = mode;
		const start = isoFromNow(-DAY + 60);
		const end = isoFromNow(0);
		const { items, error } = await ctx.run(count({ startDate: start, filters: { endDate: end, lineNumber: '30004000', isRead: 0 } }));
		ctx.fake.errorMode = 'status';
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'sms/countinbox',
			form: {
				startdate: String(Math.floor(Date.parse(start) / 1000)),
				enddate: String(Math.floor(Date.parse(end) / 1000)),
				linenumber: '30004000',
				isread: '0',
			},
		});
		expect(items).toEqual([
			{ json: { startdate: expect.any(Number), enddate: expect.any(Number), sumcount: 1, startdateIso: expect.any(String), startdateJalali: expect.any(String), enddateIso: expect.any(String), enddateJalali: expect.any(String) }, pairedItem: { item: 0 } },
		]);
	});

	test('all lines and read states when no filter is given', async () => {
		const { items } = await ctx.run(count());
		expect(Object.keys(ctx.fake.requests[0].form ?? {})).toEqual(['startdate']);
		expect(items[0].json.sumcount).toBe(3);
	});

	test('dates given as Unix seconds or milliseconds from an expression are sent as seconds', async () => {
		const seconds = nowSeconds() - 3600;
		await ctx.run(count({ startDate: seconds, filters: { endDate: (seconds + 60) * 1000 } }));
		expect(ctx.fake.requests[0].form).toEqual({ startdate: String(seconds), enddate: String(seconds + 60) });
	});

	test.each([
		[{ startDate: '' }, "The 'Kavenegar' node has issues:\n- Parameter \"Start Date\" is required."],
		[{ startDate: '={{ $json.missing }}' }, 'Start Date: is required'],
		[{ startDate: isoFromNow(-61 * DAY) }, 'Start Date: must be at most 60 days in the past'],
		[{ startDate: isoFromNow(-2 * DAY), filters: { endDate: isoFromNow(0) } }, 'End Date: the range from Start Date to End Date must be at most 1 day'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, count(extra), message);
	});
});
