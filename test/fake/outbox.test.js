/**
 * The fake's outbox reads (test/fake/outbox.js), over plain HTTP: sms/selectoutbox's 500-row cap,
 * date limits and inclusive ends, IP access, and sms/countoutbox.
 */
const { useFakeOverHttp } = require('./client');

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const ctx = useFakeOverHttp();
beforeEach(() => {
	ctx.fake.outbox.length = 0;
});

const sentAt = (/** @type {number} */ date, count = 1) => Array.from({ length: count }, () => ctx.fake.recordSend({ receptor: '09120000000', message: 'x', date }).messageid);
const select = async (/** @type {Record<string, string>} */ form) => (await ctx.call('sms/selectoutbox', { form })).body;

describe('fake Kavenegar: sms/selectoutbox', () => {
	test('a range holding more than 500 messages answers 500 of them, the oldest, and no more', async () => {
		const t = now() - 600;
		const early = sentAt(t - 1, 10);
		const crowded = sentAt(t, 600);
		const body = await select({ startdate: String(t - 1), enddate: String(t) });
		expect(body.entries).toHaveLength(500);
		expect(body.entries.map((row) => row.messageid)).toEqual([...early, ...crowded].slice(0, 500));
		expect((await select({ startdate: String(t), enddate: String(t) })).entries).toHaveLength(500);
	});

	test('both ends are inclusive; an empty end is now; the sender filters', async () => {
		const t = now() - 600;
		const [first, , last] = [sentAt(t)[0], sentAt(t + 1)[0], sentAt(t + 2)[0]];
		const other = ctx.fake.recordSend({ receptor: '09120000000', message: 'x', date: t + 1, sender: '30004000' }).messageid;
		const ids = async (/** @type {Record<string, string>} */ form) => (await select(form)).entries.map((row) => row.messageid);
		expect(await ids({ startdate: String(t), enddate: String(t) })).toEqual([first]);
		expect(await ids({ startdate: String(t + 2), enddate: String(t + 2) })).toEqual([last]);
		expect(await ids({ startdate: String(t + 1) })).toHaveLength(3);
		expect(await ids({ startdate: String(t + 1), sender: '30004000' })).toEqual([other]);
	});

	test('a start more than 3 days back, a range over one day, or an end before the start is error 417', async () => {
		expect((await select({ startdate: String(now() - 3 * DAY - 60), enddate: String(now() - 2 * DAY - 120) })).return.status).toBe(417);
		expect((await select({ startdate: String(now() - 3 * DAY + 600), enddate: String(now() - 2 * DAY + 600) })).return.status).toBe(200);
		expect((await select({ startdate: String(now() - 2 * DAY), enddate: String(now() - DAY + 1) })).return.status).toBe(417);
		expect((await select({ startdate: String(now() - 60), enddate: String(now() - 120) })).return.status).toBe(417);
		expect((await select({})).return.status).toBe(400);
	});


});

describe('fake Kavenegar: IP access and sms/latestoutbox', () => {
	test('IP access: select, selectoutbox and latestoutbox answer 407 without it', async () => {
		ctx.fake.ipAccess = false;
		try {
			for (const [operation, form] of /** @type {[string, Record<string, string>][]} */ ([
				['sms/select', { messageid: '1' }],
				['sms/selectoutbox', { startdate: String(now() - 60) }],
				['sms/latestoutbox', {}],
			])) {
				expect((await ctx.call(operation, { form })).body.return.status).toBe(407);
			}
		} finally {
			ctx.fake.ipAccess = true;
		}
		expect((await ctx.call('sms/latestoutbox', { form: { pagesize: '501' } })).body.return.status).toBe(400);
	});
});

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
