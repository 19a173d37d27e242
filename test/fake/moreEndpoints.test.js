/** The fake's endpoints beyond the contract that the SDKs and the service's REST page add, over plain HTTP. */
const { useFakeOverHttp } = require('./client');

const ctx = useFakeOverHttp();
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

describe('fake Kavenegar: sms/countoutbox', () => {
	test('counts messages, parts and cost in a range, optionally of one status; GET works too', async () => {
		ctx.fake.outbox.length = 0;
		const [first] = [ctx.fake.recordSend({ receptor: '09121111111', message: 'x'.repeat(200) }), ctx.fake.recordSend({ receptor: '09122222222', message: 'y' })];
		ctx.fake.setMessageStatus(first.messageid, 10);
		const start = String(now() - 60);
		const all = await ctx.call('sms/countoutbox', { form: { startdate: start } });
		expect(all.body.entries).toEqual([{ startdate: Number(start), enddate: expect.any(Number), sumpart: 3, sumcount: 2, cost: 360 }]);
		const delivered = await ctx.call('sms/countoutbox', { method: 'GET', query: { startdate: start, status: '10' } });
		expect(delivered.body.entries[0]).toMatchObject({ sumpart: 2, sumcount: 1, cost: 240 });
	});

	test('start required, at most 3 days back, range at most a day (417); status a message status; no other parameter', async () => {
		expect((await ctx.call('sms/countoutbox', { form: {} })).body.return.status).toBe(400);
		expect((await ctx.call('sms/countoutbox', { form: { startdate: String(now() - 3 * DAY - 60) } })).body.return.status).toBe(417);
		const start = now() - 2 * DAY;
		expect((await ctx.call('sms/countoutbox', { form: { startdate: String(start), enddate: String(start + DAY + 1) } })).body.return.status).toBe(417);
		const recent = String(now() - 3600);
		expect((await ctx.call('sms/countoutbox', { form: { startdate: recent, status: '100' } })).body.return.status).toBe(400);
		expect((await ctx.call('sms/countoutbox', { form: { startdate: recent, sender: '10004346' } })).body.return.message).toContain('unknown parameter: sender');
	});
});

describe('fake Kavenegar: sms/receive', () => {
	test('answers at most 100 unread messages of the line and marks them read; none left is entries null', async () => {
		ctx.fake.inbox.length = 0;
		ctx.fake.seedInbox(Array.from({ length: 130 }, (_, i) => ({ sender: '09121111111', receptor: '30004000', message: `m${i}` })));
		ctx.fake.seedInbox([{ sender: '09121111111', receptor: '10004346', message: 'other line' }]);
		const first = await ctx.call('sms/receive', { form: { linenumber: '30004000', isread: '0' } });
		expect(first.body.entries).toHaveLength(100);
		expect(first.body.entries[0]).toEqual({ messageid: expect.any(Number), message: 'm0', sender: '09121111111', receptor: '30004000', date: expect.any(Number) });
		expect((await ctx.call('sms/receive', { method: 'GET', query: { linenumber: '30004000', isread: '0' } })).body.entries).toHaveLength(30);
		const empty = await ctx.call('sms/receive', { form: { linenumber: '30004000', isread: '0' } });
		expect(empty.body).toEqual({ return: { status: 200, message: expect.any(String) }, entries: null });
		expect(ctx.fake.inbox.filter((m) => !m.read).map((m) => m.message)).toEqual(['other line']);
	});

	test('line and read state are required', async () => {
		expect((await ctx.call('sms/receive', { form: { linenumber: '30004000' } })).body.return.status).toBe(400);
		expect((await ctx.call('sms/receive', { form: { isread: '0' } })).body.return.status).toBe(400);
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

describe('fake Kavenegar: line/blocked/list', () => {
	test('pages of the line, reason codes, dates; since today by default; metadata as text', async () => {
		const line = '30004000';
		ctx.fake.blocked.clear();
		ctx.fake.blockNumber(line, '09121111111', 'optout', now() - 2 * DAY);
		ctx.fake.blockNumber(line, '09122222222', 'api');
		ctx.fake.blockNumber(line, '09123333333', 'operator');
		ctx.fake.blockNumber('10004346', '09124444444', 'api');
		const today = await ctx.call('line/blocked/list', { form: { linenumber: line } });
		expect(today.body.entries).toEqual([
			{ number: '09122222222', blockreason: 0, date: expect.any(Number) },
			{ number: '09123333333', blockreason: 3, date: expect.any(Number) },
		]);
		expect(today.body.metadata).toEqual({ totalcount: '2', currentpage: '1', totalpages: '1', pagesize: '200' });
		const since = String(now() - 3 * DAY);
		const optedOut = await ctx.call('line/blocked/list', { method: 'GET', query: { linenumber: line, startdate: since, blockreason: '2' } });
		expect(optedOut.body.entries.map((/** @type {any} */ row) => row.number)).toEqual(['09121111111']);
		ctx.fake.blocklistPageSize = 2;
		const second = await ctx.call('line/blocked/list', { form: { linenumber: line, startdate: since, pagenumber: '2' } });
		ctx.fake.blocklistPageSize = 200;
		expect(second.body.entries.map((/** @type {any} */ row) => row.number)).toEqual(['09123333333']);
		expect(second.body.metadata).toMatchObject({ currentpage: '2', totalpages: '2' });
	});

	test('line required and one of the account (412); reason a known code; page from 1', async () => {
		expect((await ctx.call('line/blocked/list', { form: {} })).body.return.status).toBe(400);
		expect((await ctx.call('line/blocked/list', { form: { linenumber: '5555' } })).body.return.status).toBe(412);
		expect((await ctx.call('line/blocked/list', { form: { linenumber: '30004000', blockreason: '5' } })).body.return.status).toBe(400);
		expect((await ctx.call('line/blocked/list', { form: { linenumber: '30004000', pagenumber: '0' } })).body.return.status).toBe(400);
	});
});
