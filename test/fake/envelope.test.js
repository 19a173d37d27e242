/**
 * The fake's envelope (test/fake/envelope.js), whatever the operation: the key, the operation, where
 * parameters are read, and both error modes.
 */
const { useFakeOverHttp } = require('./client');

const ctx = useFakeOverHttp();

describe('fake Kavenegar: the envelope', () => {
	test('a wrong key is 403, an unknown operation 404', async () => {
		expect((await ctx.call('sms/send', { key: 'nope', form: { receptor: '0912', message: 'x' } })).body.return.status).toBe(403);
		expect((await ctx.call('sms/nothing', { form: {} })).body.return.status).toBe(404);
	});

	test('a JSON body is not read: the parameters are missing', async () => {
		const { http, body } = await ctx.call('sms/send', { json: { receptor: '09121111111', message: 'hi' } });
		expect([http, body.return.status]).toEqual([400, 400]);
	});

	test('unknown parameter names are refused, POST parameters in the query string are not read', async () => {
		expect((await ctx.call('sms/send', { form: { receptors: '09121111111', message: 'x' } })).body.return.message).toContain('unknown parameter: receptors');
		expect((await ctx.call('sms/send', { form: {}, query: { receptor: '09121111111', message: 'x' } })).body.return.status).toBe(400);
	});

	test('error mode 200 keeps HTTP 200 and puts the code in return.status', async () => {
		ctx.fake.errorMode = '200';
		try {
			const { http, body } = await ctx.call('sms/send', { key: 'nope', form: {} });
			expect([http, body.return.status]).toEqual([200, 403]);
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});

	test('busyAbove: over that many requests at once, a request is answered busy and acted on by nothing; each record says how many were being answered', async () => {
		ctx.fake.latencyMs = 100;
		ctx.fake.busyAbove = 3;
		try {
			ctx.fake.requests.length = 0;
			const numbers = ['09127770001', '09127770002', '09127770003', '09127770004', '09127770005'];
			const answers = await Promise.all(numbers.map((receptor) => ctx.call('sms/send', { form: { receptor, message: 'hi' } })));
			expect(answers.map((a) => [a.http, a.body.return.status]).sort()).toEqual([[200, 200], [200, 200], [200, 200], [409, 409], [409, 409]]);
			expect(ctx.fake.requests.map((r) => r.concurrent).sort()).toEqual([1, 2, 3, 4, 5]);
			expect(numbers.map((n) => ctx.fake.deliveriesTo(n)).reduce((a, b) => a + b)).toBe(3);
			// One at a time, nothing is refused.
			for (const receptor of numbers) expect((await ctx.call('sms/send', { form: { receptor, message: 'hi' } })).body.return.status).toBe(200);
		} finally {
			ctx.fake.latencyMs = 0;
			ctx.fake.busyAbove = 0;
		}
	});
});
