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
});
