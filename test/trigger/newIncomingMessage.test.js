const { runPoll, credentialsFor } = require('../harness');
const { useFake, nowSeconds, jalaliOf } = require('../helpers');

const ctx = useFake();
const LINE = '30004000';
/**
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {Omit<Parameters<typeof runPoll>[0], 'parameters'>} [options]
 */
const poll = (parameters, options = {}) =>
	runPoll({
		parameters: { event: 'newIncomingMessage', lineNumber: LINE, ...parameters },
		credentials: credentialsFor(ctx.fake),
		...options,
	});
/** @param {number} count */
const receive = (count, extra = {}) =>
	ctx.fake.seedInbox(
		Array.from({ length: count }, (_, i) => ({ sender: '09121234567', receptor: LINE, message: `m${i}`, ...extra })),
	);
/** @param {import('../harness').OutputItem[]} items */
const ids = (items) => items.map((item) => item.json.messageid);

beforeEach(() => {
	ctx.fake.inbox.length = 0;
});

describe('Kavenegar Trigger: New Incoming Message', () => {
	test('the first activation remembers what is in the inbox and emits nothing', async () => {
		receive(3);
		/** @type {Record<string, any>} */
		const staticData = {};
		const { items, error, emitted } = await poll({}, { staticData });
		expect(error).toBeUndefined();
		expect(emitted).toBeNull();
		expect(items).toEqual([]);
		expect(Object.keys(staticData['node:Kavenegar Trigger'].incomingMessages.seen)).toHaveLength(3);
		expect((await poll({}, { staticData })).emitted).toBeNull();
	});

	test('reads the paged inbox (never sms/receive), unread and read, with a form and the key only in the path', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		ctx.fake.requests.length = 0;
		await poll({}, { staticData });
		expect(ctx.fake.requests.map((r) => [r.method, r.operation, r.contentType, r.apiKey])).toEqual([
			['POST', 'sms/inboxpaged', 'application/x-www-form-urlencoded', 'test-key/with+chars'],
			['POST', 'sms/inboxpaged', 'application/x-www-form-urlencoded', 'test-key/with+chars'],
		]);
		const [unread, read] = ctx.fake.requests.map((r) => r.form ?? {});
		expect(unread).toEqual({ linenumber: LINE, isread: '0', startdate: expect.stringMatching(/^\d{10}$/), enddate: expect.stringMatching(/^\d{10}$/), pagenumber: '1' });
		expect(read.isread).toBe('1');
		expect(Number(unread.enddate) - Number(unread.startdate)).toBeLessThanOrEqual(2 * 86_400);
	});

	test('new messages are emitted once, oldest first, read or not, with an ISO date', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		ctx.fake.seedInbox([
			{ sender: '09121111111', receptor: LINE, message: 'second', date: nowSeconds() - 5 },
			{ sender: '09122222222', receptor: LINE, message: 'first', date: nowSeconds() - 60, read: true },
		]);
		const { items } = await poll({}, { staticData });
		expect(items.map((item) => item.json.message)).toEqual(['first', 'second']);
		expect(items[0].json).toEqual({
			messageid: expect.any(Number),
			message: 'first',
			sender: '09122222222',
			receptor: LINE,
			date: expect.any(Number),
			dateIso: new Date(Number(items[0].json.date) * 1000).toISOString(), dateJalali: jalaliOf(Number(items[0].json.date)),
		});
		expect((await poll({}, { staticData })).emitted).toBeNull();
	});

	test('a restart (new workflow and context, the static data as stored) does not emit again, and catches up', async () => {
		/** @type {Record<string, any>} */
		const stored = {};
		await poll({}, { staticData: stored });
		receive(2);
		expect((await poll({}, { staticData: stored })).items).toHaveLength(2);
		const afterRestart = JSON.parse(JSON.stringify(stored));
		// n8n was down for an hour: the cursor is an hour old and a message came in meanwhile.
		afterRestart['node:Kavenegar Trigger'].incomingMessages.checkedAt -= 3600;
		ctx.fake.seedInbox([{ sender: '09121111111', receptor: LINE, message: 'while down', date: nowSeconds() - 1800 }]);
		const { items } = await poll({}, { staticData: afterRestart });
		expect(items.map((item) => item.json.message)).toEqual(['while down']);
		expect((await poll({}, { staticData: afterRestart })).emitted).toBeNull();
	});

	test('a restart when n8n saved the state only on the last emit: messages since are emitted once, none twice', async () => {
		/** @type {Record<string, any>} */
		const stored = {};
		/** @type {Record<string, any>} */
		let memory = {};
		await poll({}, { staticData: memory, stored, activation: true });
		receive(1, { message: 'emitted before' });
		expect((await poll({}, { staticData: memory, stored })).items).toHaveLength(1);
		ctx.fake.seedInbox([{ sender: '09121111111', receptor: LINE, message: 'filtered out', date: nowSeconds() - 1 }]);
		expect((await poll({ filters: { textContains: 'wanted' } }, { staticData: memory, stored })).emitted).toBeNull();
		memory = JSON.parse(JSON.stringify(stored));
		receive(1, { message: 'wanted after restart' });
		const { items } = await poll({ filters: { textContains: 'wanted' } }, { staticData: memory, stored, activation: true });
		expect(items.map((item) => item.json.message)).toEqual(['wanted after restart']);
		memory = JSON.parse(JSON.stringify(stored));
		expect((await poll({}, { staticData: memory, stored })).emitted).toBeNull();
	});

	test('a burst of 450 messages is paged through (metadata.totalpages) and each is emitted once', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		receive(450);
		ctx.fake.requests.length = 0;
		const { items } = await poll({}, { staticData });
		expect(items).toHaveLength(450);
		expect(new Set(ids(items)).size).toBe(450);
		expect(ctx.fake.requests.map((r) => `${r.form?.isread}:${r.form?.pagenumber}`)).toEqual(['0:1', '0:2', '0:3', '1:1']);
		receive(1);
		expect((await poll({}, { staticData })).items).toHaveLength(1);
	});

	test('a Sender Numbers entry that can be no sender fails the poll before any request, naming it', async () => {
		const { error, emitted } = await poll({ filters: { senders: '09121111111, 0912-12' } });
		expect(emitted).toBeNull();
		expect(error.message).toBe('Sender Numbers: "0912-12" is not an Iranian mobile (09 and 9 digits) or landline (area code and 8 digits, 021…) number; write a number outside Iran with its country code (+44…)');
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('filters: sender numbers in any form, text contained ignoring case; filtered-out messages never come back', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		const filters = { senders: '+98 912 111 1111, 09133333333', textContains: 'ORDER' };
		await poll({ filters }, { staticData });
		ctx.fake.seedInbox([
			{ sender: '09121111111', receptor: LINE, message: 'my order 12' },
			{ sender: '09121111111', receptor: LINE, message: 'hello' },
			{ sender: '09122222222', receptor: LINE, message: 'order too' },
			{ sender: '09133333333', receptor: LINE, message: 'Order 7' },
			{ sender: '09121111111', receptor: '10009999', message: 'order on another line' },
		]);
		const { items } = await poll({ filters }, { staticData });
		expect(items.map((item) => item.json.message)).toEqual(['my order 12', 'Order 7']);
		expect((await poll({}, { staticData })).emitted).toBeNull();
	});

	test('manual mode (Fetch Test Event) shows the latest matching message and leaves the cursor alone', async () => {
		ctx.fake.seedInbox([
			{ sender: '09121111111', receptor: LINE, message: 'older', date: nowSeconds() - 7200 },
			{ sender: '09121111111', receptor: LINE, message: 'latest', date: nowSeconds() - 60, read: true },
		]);
		/** @type {Record<string, any>} */
		const staticData = {};
		const { items } = await poll({}, { staticData, mode: 'manual' });
		expect(items.map((item) => item.json.message)).toEqual(['latest']);
		expect(staticData).toEqual({});
		expect((await poll({ filters: { textContains: 'old' } }, { mode: 'manual' })).items[0].json.message).toBe('older');
		// An empty inbox: the test says what it needs, not n8n's "No data found".
		const none = await poll({ lineNumber: '10000000' }, { mode: 'manual' });
		expect(none.emitted).toBeNull();
		expect(none.error.message).toBe('No message received on line 10000000 in the last two days');
		expect(none.error.description).toBe('The test event is the latest message the line received in the last two days that passes the Filters. Send a message to the line, then fetch again.');
	});

	test('a Line Number and Sender Numbers pasted with invisible marks (as from the Persian guide) read as typed', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		const filters = { senders: '\u2066۰۹۱۲۱۱۱۱۱۱۱\u2069, \u200f0913\u200b3333333' };
		const pasted = { lineNumber: `\u2066${LINE}\u2069`, filters };
		expect((await poll(pasted, { staticData })).error).toBeUndefined();
		expect(ctx.fake.requests[0].form?.linenumber).toBe(LINE);
		ctx.fake.seedInbox([
			{ sender: '09121111111', receptor: LINE, message: 'from the first' },
			{ sender: '09122222222', receptor: LINE, message: 'filtered out' },
			{ sender: '09133333333', receptor: LINE, message: 'from the second' },
		]);
		// The cursor of the line typed clean is the same line's: nothing old comes again.
		const { items } = await poll({ filters }, { staticData });
		expect(items.map((item) => [item.json.sender, item.json.receptor, item.json.message])).toEqual([
			['09121111111', LINE, 'from the first'],
			['09133333333', LINE, 'from the second'],
		]);
		expect(ctx.fake.requests.every((request) => request.form?.linenumber === LINE)).toBe(true);
	});

	test('another line starts over: nothing old from the new line is emitted', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		ctx.fake.seedInbox([{ sender: '09121111111', receptor: '10001111', message: 'old on the other line' }]);
		expect((await poll({ lineNumber: '10001111' }, { staticData })).emitted).toBeNull();
		ctx.fake.seedInbox([{ sender: '09121111111', receptor: '10001111', message: 'new' }]);
		expect((await poll({ lineNumber: '10001111' }, { staticData })).items.map((item) => item.json.message)).toEqual(['new']);
	});

	test.each(['status', '200'])('a service error (errors sent with HTTP %s) fails the tick, saves nothing, and the next tick catches up', async (mode) => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		const before = JSON.stringify(staticData);
		receive(1);
		ctx.fake.errorMode = mode;
		try {
			const { error } = await poll({}, { staticData, credentials: credentialsFor(ctx.fake, { apiKey: 'wrong-secret-key' }) });
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Kavenegar error 403: "\u2068کد شناسائی API-Key معتبر نمی‌باشد\u2069"');
			expect(error.httpCode).toBe('403');
		} finally {
			ctx.fake.errorMode = 'status';
		}
		expect(JSON.stringify(staticData)).toBe(before);
		expect((await poll({}, { staticData })).items).toHaveLength(1);
	});

	test('a failed page leaves the cursor where it was, so nothing is lost', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		const before = JSON.stringify(staticData);
		receive(250);
		ctx.fake.injectFault({ kind: 'html502', operation: 'sms/inboxpaged' });
		const failed = await poll({}, { staticData });
		expect(failed.error.message).toBe('Kavenegar answered HTTP 502 with an HTML page');
		expect(JSON.stringify(staticData)).toBe(before);
		expect((await poll({}, { staticData })).items).toHaveLength(250);
	});

	test('a connection reset is reported without the key', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		ctx.fake.injectFault({ kind: 'reset', operation: 'sms/inboxpaged' });
		const { error } = await poll({}, { staticData });
		expect(error.message).toMatch(/socket hang up|ECONNRESET|connection/i);
	});
});
