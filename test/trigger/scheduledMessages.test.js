/** Message Status Changed and messages scheduled for later: dated at their time, found when registered. */
const { runPoll, credentialsFor } = require('../harness');
const { useFake, nowSeconds, DAY } = require('../helpers');

const ctx = useFake();
const poll = (/** @type {Record<string, any>} */ staticData, parameters = {}) =>
	runPoll({ parameters: { event: 'messageStatusChanged', ...parameters }, credentials: credentialsFor(ctx.fake), staticData });
/** @param {number} date @param {string} [sender] */
const scheduled = (date, sender) => ctx.fake.recordSend({ receptor: '09121234567', message: 'later', date, sender }).messageid;
/** @param {import('../harness').OutputItem[]} items */
const statusesOf = (items) => items.map(({ json }) => [json.messageid, json.previousStatus, json.status]);
/** What the service does when a scheduled message's time comes: it is then in the outbox read by date. */
const timeComes = (/** @type {number} */ id) => {
	const row = ctx.fake.outbox.find((message) => message.messageid === id);
	if (row) row.date = nowSeconds() - 30;
};

beforeEach(() => {
	ctx.fake.outbox.length = 0;
});

describe('Kavenegar Trigger: Message Status Changed, scheduled messages', () => {
	test.each([
		['tomorrow', DAY],
		['more than three days ahead', 5 * DAY],
	])('scheduled for %s and cancelled before its time: reported at the next poll, and not again when its time comes', async (_when, ahead) => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll(staticData);
		const id = scheduled(nowSeconds() + ahead);
		expect((await poll(staticData)).emitted).toBeNull();
		ctx.fake.setMessageStatus(id, 13);
		const { items } = await poll(staticData);
		expect(statusesOf(items)).toEqual([[id, 1, 13]]);
		expect(items[0].json).toMatchObject({ statusName: 'Cancelled', previousStatusName: 'Queued', final: true, date: expect.any(Number) });
		timeComes(id);
		expect((await poll(staticData)).emitted).toBeNull();
	});

	test('scheduled before activation and cancelled after it: reported at the next poll', async () => {
		const id = scheduled(nowSeconds() + 2 * DAY);
		/** @type {Record<string, any>} */
		const staticData = {};
		expect((await poll(staticData)).emitted).toBeNull();
		ctx.fake.setMessageStatus(id, 13);
		expect(statusesOf((await poll(staticData)).items)).toEqual([[id, 1, 13]]);
	});

	test('sent at its time: its delivery is reported once, with the status seen before', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll(staticData);
		const id = scheduled(nowSeconds() + 3600);
		await poll(staticData);
		timeComes(id);
		ctx.fake.setMessageStatus(id, 10);
		expect(statusesOf((await poll(staticData)).items)).toEqual([[id, 1, 10]]);
		expect((await poll(staticData)).emitted).toBeNull();
	});

	test('pushed out of the latest 500 by later sends, a scheduled message is still followed by its ID', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll(staticData);
		const id = scheduled(nowSeconds() + DAY);
		await poll(staticData);
		for (let i = 0; i < 500; i++) ctx.fake.recordSend({ receptor: '09351234567', message: `now ${i}` });
		ctx.fake.setMessageStatus(id, 13);
		ctx.fake.requests.length = 0;
		expect(statusesOf((await poll(staticData)).items)).toEqual([[id, 1, 13]]);
		const operations = ctx.fake.requests.map((r) => r.operation);
		expect(operations.filter((operation) => operation !== 'sms/selectoutbox')).toEqual(['sms/latestoutbox', 'sms/status', 'sms/select']);
		expect(ctx.fake.requests.find((r) => r.operation === 'sms/status')?.form?.messageid).toBe(String(id));
	});

	test('the sender line filter applies to the latest read too', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll(staticData, { filters: { senderLine: '30004000' } });
		scheduled(nowSeconds() + DAY, '10004346');
		ctx.fake.requests.length = 0;
		await poll(staticData, { filters: { senderLine: '30004000' } });
		expect(ctx.fake.requests.map((r) => [r.operation, r.form?.sender])).toEqual([
			['sms/selectoutbox', '30004000'],
			['sms/latestoutbox', '30004000'],
		]);
		expect(Object.keys(staticData['node:Kavenegar Trigger'].statusChanges.messages)).toEqual([]);
	});
});
