const { useFake, expectRejectedBeforeSending, DAY, isoFromNow } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const outbox = (extra) => ({ resource: 'sms', operation: 'getOutbox', startDate: isoFromNow(-3600), ...extra });

beforeAll(async () => {
	await ctx.run({ resource: 'sms', operation: 'send', recipients: '09121111111,09122222222', message: 'one' });
	await ctx.run({ resource: 'sms', operation: 'send', recipients: '09123333333', message: 'two', additionalFields: { sender: '30004000' } });
});

describe('SMS → Get Outbox by Date', () => {
	test('posts the range and sender and returns the sent rows', async () => {
		const start = isoFromNow(-3600);
		const { items, error } = await ctx.run(outbox({ startDate: start, filters: { sender: '30004000' } }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'sms/selectoutbox',
			form: { startdate: String(Math.floor(Date.parse(start) / 1000)), sender: '30004000' },
		});
		expect(items.map((item) => [item.json.receptor, item.json.message, item.json.sender])).toEqual([['09123333333', 'two', '30004000']]);
	});

	test('all sent messages when no sender is given', async () => {
		const { items } = await ctx.run(outbox());
		expect(items).toHaveLength(3);
	});

	test.each(['status', '200'])('without IP access (errors with HTTP %s) the error says what to do', async (mode) => {
		Object.assign(ctx.fake, { ipAccess: false, errorMode: mode });
		try {
			const { error } = await ctx.run(outbox());
			expect(error.message).toBe('Kavenegar error 407: "\u2068دسترسی به اطلاعات مورد نظر برای شما امکان پذیر نیست\u2069" – this operation needs IP access: add the caller\'s IP in the account panel');
		} finally {
			Object.assign(ctx.fake, { ipAccess: true, errorMode: 'status' });
		}
	});

	test.each(['status', '200'])(
		'a 403 without IP access (errors with HTTP %s) names no cause, keeps the service message and the IP-access advice',
		async (mode) => {
			Object.assign(ctx.fake, { ipAccess: false, outboxIpAccessCode: 403, errorMode: mode });
			try {
				const { error } = await ctx.run(outbox());
				expect(error.message).toBe('Kavenegar error 403: "\u2068دسترسی IP برای این متد مجاز نیست\u2069"');
				expect(error.message).not.toMatch(/API key/i);
				expect(error.description).toBe(
					`Code 403 is Kavenegar's general refusal, given for several causes; its message above names this one (HTTP ${mode === 'status' ? 403 : 200}). This operation needs IP access: allow the n8n server's IP in the Kavenegar panel if you have not.`,
				);
				expect(error.httpCode).toBe('403');
			} finally {
				Object.assign(ctx.fake, { ipAccess: true, outboxIpAccessCode: 407, errorMode: 'status' });
			}
		},
	);

	test.each([
		[{ startDate: isoFromNow(-4 * DAY) }, 'Start Date: must be at most 3 days in the past'],
		[{ startDate: isoFromNow(-2 * DAY) }, 'End Date: the range from Start Date to End Date must be at most 1 day'],
		[{ startDate: isoFromNow(-2 * DAY), filters: { endDate: isoFromNow(-7200) } }, 'End Date: the range from Start Date to End Date must be at most 1 day'],
		[{ startDate: isoFromNow(3600) }, 'Start Date: must not be in the future when End Date is empty (the range then ends now)'],
		[{ startDate: isoFromNow(3600), filters: { endDate: isoFromNow(-60) } }, 'End Date: must not be before Start Date'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, outbox(extra), message);
	});
});
