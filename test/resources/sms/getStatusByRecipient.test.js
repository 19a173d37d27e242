const { useFake, expectRejectedBeforeSending, DAY, isoFromNow } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const byRecipient = (extra) => ({ resource: 'sms', operation: 'getStatusByRecipient', recipient: '09121111111', startDate: isoFromNow(-3600), ...extra });

describe('SMS → Get Status by Recipient', () => {
	test('posts recipient and range and returns the recipient status rows', async () => {
		await ctx.run({ resource: 'sms', operation: 'send', recipients: '09121111111,09122222222', message: 'hi' });
		ctx.fake.requests.length = 0;
		const start = isoFromNow(-3600);
		const end = isoFromNow(60);
		const { items, error } = await ctx.run(byRecipient({ recipient: '+98 912 111 1111', startDate: start, filters: { endDate: end } }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'sms/statusbyreceptor',
			form: {
				receptor: '09121111111',
				startdate: String(Math.floor(Date.parse(start) / 1000)),
				enddate: String(Math.floor(Date.parse(end) / 1000)),
			},
		});
		expect(items.map((item) => item.json)).toEqual([
			{ receptor: '09121111111', messageid: expect.any(Number), status: 1, statustext: 'در صف ارسال', statusName: 'Queued' },
		]);
	});

	test.each([
		[{ recipient: '09121111111,09122222222' }, 'Recipient: at most 1 numbers in one request (got 2)'],
		[{ startDate: isoFromNow(0), filters: { endDate: isoFromNow(-60) } }, 'End Date: must not be before Start Date'],
		[{ startDate: isoFromNow(-2 * DAY), filters: { endDate: isoFromNow(0) } }, 'End Date: the range from Start Date to End Date must be at most 1 day'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, byRecipient(extra), message);
	});
});
