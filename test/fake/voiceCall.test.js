/** The fake's call/maketts, over plain HTTP: a text-to-speech send to a comma list of numbers. */
const { startFakeKavenegar } = require('../fakeKavenegar');
const { callerFor } = require('./client');

/** @type {import('../fakeKavenegar').FakeKavenegar} */
let fake;
/** @type {import('./client').Caller} */
let call;
beforeAll(async () => {
	fake = await startFakeKavenegar({ apiKey: 'key' });
	call = callerFor(fake);
});
afterAll(() => fake.close());

describe('fake Kavenegar: voice call', () => {
	test('maketts answers one sent-message row per recipient, by GET or POST, and the message ID is known to sms/status', async () => {
		const posted = await call('call/maketts', { form: { receptor: '09121111111,09122222222', message: 'کد شما ۱۲۳۴' } });
		expect(posted.http).toBe(200);
		expect(posted.body.entries).toEqual([
			expect.objectContaining({ receptor: '09121111111', message: 'کد شما ۱۲۳۴', messageid: expect.any(Number), status: 1 }),
			expect.objectContaining({ receptor: '09122222222' }),
		]);
		const got = await call('call/maketts', { method: 'GET', query: { receptor: '09123333333', message: 'hi' } });
		expect(got.body.entries).toHaveLength(1);
		const status = await call('sms/status', { form: { messageid: String(posted.body.entries[0].messageid) } });
		expect(status.body.entries[0].status).toBe(1);
	});

	test('a local ID already used answers with the first row instead of calling again', async () => {
		const form = { receptor: '09124444444', message: 'once', localid: '9001' };
		const first = await call('call/maketts', { form });
		const second = await call('call/maketts', { form });
		expect(second.body.entries[0].messageid).toBe(first.body.entries[0].messageid);
		expect(fake.deliveriesTo('09124444444')).toBe(1);
	});

	test.each([
		['no receptor', { message: 'x' }, 400],
		['no message', { receptor: '09121111111' }, 413],
		['201 receptors', { receptor: Array.from({ length: 201 }, (_, i) => `0912${String(i).padStart(7, '0')}`).join(','), message: 'x' }, 414],
		['local IDs unequal to receptors', { receptor: '09121111111,09122222222', message: 'x', localid: '1' }, 400],
		['a parameter SMS takes but a call does not', { receptor: '09121111111', message: 'x', sender: '3000' }, 400],
		['a receptor that is not a number', { receptor: 'everyone', message: 'x' }, 411],
	])('refuses %s', async (_what, form, code) => {
		const sent = fake.outbox.length;
		const { body } = await call('call/maketts', { form });
		expect(body.return.status).toBe(code);
		expect(fake.outbox).toHaveLength(sent);
	});
});
