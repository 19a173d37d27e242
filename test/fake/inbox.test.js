/** The fake's sms/inboxpaged, sms/countinbox and sms/receive (test/fake/inbox.js), over plain HTTP. */
const { useFakeOverHttp } = require('./client');

const ctx = useFakeOverHttp();

const now = () => Math.floor(Date.now() / 1000);

describe('fake Kavenegar: sms/inboxpaged and sms/countinbox', () => {
	test('inbox pages with metadata; date ranges over the limits are 417', async () => {
		ctx.fake.seedInbox(Array.from({ length: 201 }, (_, i) => ({ sender: '0912', receptor: '5000', message: `m${i}` })));
		const page2 = await ctx.call('sms/inboxpaged', { form: { linenumber: '5000', isread: '0', pagenumber: '2' } });
		expect(page2.body.metadata).toEqual({ totalcount: 201, currentpage: 2, totalpages: 2, pagesize: 200 });
		expect(page2.body.entries).toHaveLength(1);
		expect((await ctx.call('sms/inboxpaged', { form: { linenumber: '5000' } })).body.return.status).toBe(400);
		const range = { startdate: String(now() - 3 * 86400), enddate: String(now()) };
		expect((await ctx.call('sms/inboxpaged', { form: { linenumber: '5000', isread: '0', ...range } })).body.return.status).toBe(417);
		expect((await ctx.call('sms/countinbox', { form: range })).body.return.status).toBe(417);
		expect((await ctx.call('sms/countinbox', { form: { startdate: String(now() - 61 * 86400) } })).body.return.status).toBe(417);
		expect((await ctx.call('sms/countinbox', { form: { startdate: '2026-01-01' } })).body.return.status).toBe(417);
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
