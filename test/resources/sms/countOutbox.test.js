const { useFake, expectRejectedBeforeSending, DAY, isoFromNow } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const count = (extra) => ({ resource: 'sms', operation: 'countOutbox', startDate: isoFromNow(-3600), ...extra });

beforeAll(() => {
	const long = ctx.fake.recordSend({ receptor: '09121111111', message: 'x'.repeat(300) });
	ctx.fake.recordSend({ receptor: '09122222222', message: 'short' });
	ctx.fake.setMessageStatus(long.messageid, 10);
});

describe('SMS → Count Outbox', () => {
	test.each(['status', '200'])('counts messages, parts and cost over a form POST, of one status (errors with HTTP %s)', async (mode) => {
		ctx.fake.errorMode = mode;
		const start = isoFromNow(-3600);
		const end = isoFromNow(0);
		const { items, error } = await ctx.run(count({ startDate: start, filters: { endDate: end, status: 10 } }));
		ctx.fake.errorMode = 'status';
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'sms/countoutbox',
			form: { startdate: String(Math.floor(Date.parse(start) / 1000)), enddate: String(Math.floor(Date.parse(end) / 1000)), status: '10' },
		});
		expect(items).toEqual([
			{
				json: { startdate: expect.any(Number), enddate: expect.any(Number), sumpart: 2, sumcount: 1, cost: 240, startdateIso: expect.any(String), startdateJalali: expect.any(String), enddateIso: expect.any(String), enddateJalali: expect.any(String) },
				pairedItem: { item: 0 },
			},
		]);
	});

	test('every status up to now when no filter is given: only the start is sent', async () => {
		const { items } = await ctx.run(count());
		expect(Object.keys(ctx.fake.requests[0].form ?? {})).toEqual(['startdate']);
		expect(items[0].json).toMatchObject({ sumpart: 3, sumcount: 2, cost: 360 });
	});

	test.each([
		[{ startDate: '' }, "The 'Kavenegar' node has issues:\n- Parameter \"Start Date\" is required."],
		[{ startDate: isoFromNow(-4 * DAY) }, 'Start Date: must be at most 3 days in the past'],
		[{ startDate: isoFromNow(-2 * DAY) }, 'End Date: the range from Start Date to End Date must be at most 1 day'],
		[{ startDate: isoFromNow(-2 * DAY), filters: { endDate: isoFromNow(0) } }, 'End Date: the range from Start Date to End Date must be at most 1 day'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, count(extra), message);
	});

});
