/** The fake's account/info and account/config (test/fake/account.js), over plain HTTP. */
const { useFakeOverHttp } = require('./client');

const ctx = useFakeOverHttp();
const now = () => Math.floor(Date.now() / 1000);

describe('fake Kavenegar: account/info', () => {
	test('one object: the credit left, an expiry date a year ahead, the type; GET works too; no parameter', async () => {
		const { body } = await ctx.call('account/info', { method: 'GET' });
		expect(body.entries).toEqual({ remaincredit: ctx.fake.credit, expiredate: expect.any(Number), type: 'master' });
		expect(body.entries.expiredate).toBeGreaterThan(now() + 364 * 86_400);
		expect((await ctx.call('account/info', { form: { all: '1' } })).body.return.message).toContain('unknown parameter: all');
	});
});

describe('fake Kavenegar: account/config', () => {
	test('no parameter reads; parameters change only what they name; values come back as text', async () => {
		const read = await ctx.call('account/config', { form: {} });
		expect(read.body.entries).toEqual({ apilogs: 'justfaults', dailyreport: 'enabled', debugmode: 'disabled', resendfailed: 'disabled', mincreditalarm: '50000', defaultsender: '10004346' });
		const changed = await ctx.call('account/config', { form: { debugmode: 'enabled', defaultsender: '30004000', mincreditalarm: '1000' } });
		expect(changed.body.entries).toEqual({ ...read.body.entries, debugmode: 'enabled', defaultsender: '30004000', mincreditalarm: '1000' });
		expect(ctx.fake.recordSend({ receptor: '09121111111', message: 'x' }).sender).toBe('30004000');
		await ctx.call('account/config', { form: { debugmode: 'disabled', defaultsender: '10004346', mincreditalarm: '50000' } });
	});

	test("the docs' names and values only: an SDK's `debug` or a shifted value is refused, an unknown line is 412", async () => {
		expect((await ctx.call('account/config', { form: { debug: 'enabled' } })).body.return.message).toContain('unknown parameter: debug');
		expect((await ctx.call('account/config', { form: { apilogs: '1' } })).body.return.status).toBe(400);
		expect((await ctx.call('account/config', { form: { mincreditalarm: 'much' } })).body.return.status).toBe(400);
		expect((await ctx.call('account/config', { form: { defaultsender: '5555' } })).body.return.status).toBe(412);
	});
});
