/** The fake's sms/selectoutbox: the contract's 500-row cap, its date limits, both ends inclusive. */
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

	test('sms/select answers at most 500 IDs a request (414 above)', async () => {
		const ids = sentAt(now() - 60, 2);
		expect((await ctx.call('sms/select', { form: { messageid: ids.join(',') } })).body.entries.map((row) => row.messageid)).toEqual(ids);
		const many = Array.from({ length: 501 }, (_, i) => String(i + 1)).join(',');
		expect((await ctx.call('sms/select', { form: { messageid: many } })).body.return.status).toBe(414);
	});
});
