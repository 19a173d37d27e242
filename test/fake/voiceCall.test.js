/** The fake's call/maketts, over plain HTTP: a text-to-speech send to a comma list of numbers. */
const { useFakeOverHttp } = require('./client');

const ctx = useFakeOverHttp();

describe('fake Kavenegar: voice call', () => {
	test('maketts answers one sent-message row per recipient, by GET or POST, and the message ID is known to sms/status', async () => {
		const posted = await ctx.call('call/maketts', { form: { receptor: '09121111111,09122222222', message: 'کد شما ۱۲۳۴' } });
		expect(posted.http).toBe(200);
		expect(posted.body.entries).toEqual([
			expect.objectContaining({ receptor: '09121111111', message: 'کد شما ۱۲۳۴', messageid: expect.any(Number), status: 1 }),
			expect.objectContaining({ receptor: '09122222222' }),
		]);
		const got = await ctx.call('call/maketts', { method: 'GET', query: { receptor: '09123333333', message: 'hi' } });
		expect(got.body.entries).toHaveLength(1);
		const status = await ctx.call('sms/status', { form: { messageid: String(posted.body.entries[0].messageid) } });
		expect(status.body.entries[0].status).toBe(1);
	});

	test('a local ID already used answers with the first row instead of calling again', async () => {
		const form = { receptor: '09124444444', message: 'once', localid: '9001' };
		const first = await ctx.call('call/maketts', { form });
		const second = await ctx.call('call/maketts', { form });
		expect(second.body.entries[0].messageid).toBe(first.body.entries[0].messageid);
		expect(ctx.fake.deliveriesTo('09124444444')).toBe(1);
	});

	test.each([
		['no receptor', { message: 'x' }, 400],
		['no message', { receptor: '09121111111' }, 413],
		['201 receptors', { receptor: Array.from({ length: 201 }, (_, i) => `0912${String(i).padStart(7, '0')}`).join(','), message: 'x' }, 414],
		['local IDs unequal to receptors', { receptor: '09121111111,09122222222', message: 'x', localid: '1' }, 400],
		['a parameter SMS takes but a call does not', { receptor: '09121111111', message: 'x', sender: '3000' }, 400],
		['a receptor that is not a number', { receptor: 'everyone', message: 'x' }, 411],
	])('refuses %s', async (_what, form, code) => {
		const sent = ctx.fake.outbox.length;
		const { body } = await ctx.call('call/maketts', { form });
		expect(body.return.status).toBe(code);
		expect(ctx.fake.outbox).toHaveLength(sent);
	});
});
