const http = require('node:http');
const { runPoll, credentialsFor } = require('../harness');
const { useFake, nowSeconds, DAY, jalaliOf } = require('../helpers');

const ctx = useFake();
const ALL_STATUSES = [6, 10, 11, 13, 14];
const STATE = 'node:Kavenegar Trigger';
const poll = (parameters = {}, options = {}) =>
	runPoll({
		parameters: { event: 'messageStatusChanged', ...parameters },
		credentials: credentialsFor(ctx.fake),
		...options,
	});
/**
 * `count` messages sent now, or dated `date` (a send registered then, or a burst spread over seconds).
 * @param {number} [count]
 * @param {{ sender?: string, date?: number | ((i: number) => number) }} [options]
 */
const sent = (count = 1, { sender, date } = {}) =>
	Array.from(
		{ length: count },
		(_, i) => ctx.fake.recordSend({ receptor: `0912000${String(i).padStart(4, '0')}`, message: `m${i}`, sender, date: typeof date === 'function' ? date(i) : date }).messageid,
	);
/** @param {number[]} ids */
const deliver = (ids, status = 10) => ids.forEach((id) => ctx.fake.setMessageStatus(id, status));
/** @param {import('../harness').OutputItem[]} items */
const statusesOf = (items) => items.map(({ json }) => [json.messageid, json.previousStatus, json.status]);
/** @param {import('../harness').OutputItem[]} items */
const idsOf = (items) => items.map(({ json }) => json.messageid);
const selects = () => ctx.fake.requests.filter((r) => r.operation === 'sms/selectoutbox');

/** Every request the trigger made kept to the contract: ranges of a day at most, from at most 3 days back, 500 IDs or rows. */
function expectWithinContract() {
	const now = nowSeconds();
	for (const { operation, form } of ctx.fake.requests) {
		if (operation === 'sms/selectoutbox') {
			expect(Number(form?.enddate) - Number(form?.startdate)).toBeLessThanOrEqual(DAY);
			expect(Number(form?.startdate)).toBeGreaterThanOrEqual(now - 3 * DAY);
		} else if (operation === 'sms/latestoutbox') {
			expect(form?.pagesize).toBe('500');
		} else {
			expect(form?.messageid.split(',').length).toBeLessThanOrEqual(500);
		}
	}
}

beforeEach(() => {
	ctx.fake.outbox.length = 0;
});

describe('Kavenegar Trigger: Message Status Changed', () => {
	test('activation reads the last hour of the outbox, remembers it and emits nothing, not even settled messages', async () => {
		const [queued, delivered] = sent(2);
		deliver([delivered]);
		/** @type {Record<string, any>} */
		const staticData = {};
		const { emitted, error } = await poll({}, { staticData });
		expect(error).toBeUndefined();
		expect(emitted).toBeNull();
		// The latest registered too, for messages scheduled for later (see the scheduled tests).
		expect(ctx.fake.requests.map((r) => [r.method, r.operation])).toEqual([
			['POST', 'sms/selectoutbox'],
			['POST', 'sms/latestoutbox'],
		]);
		const { startdate, enddate } = ctx.fake.requests[0].form ?? {};
		expect(Number(enddate) - Number(startdate)).toBe(3600);
		expect(Math.abs(Number(enddate) - nowSeconds())).toBeLessThanOrEqual(2);
		expect(Object.keys(staticData[STATE].statusChanges.messages)).toEqual([String(queued), String(delivered)]);
	});

	test('a message reaching a final status is emitted once, with its text, cost, ISO date, English status names and the previous status', async () => {
		const [id] = sent(1);
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		expect((await poll({}, { staticData })).emitted).toBeNull();
		deliver([id]);
		const { items } = await poll({}, { staticData });
		expect(items).toHaveLength(1);
		const { json } = items[0];
		expect(json).toEqual({
			messageid: id,
			message: 'm0',
			status: 10,
			statustext: 'رسیده به گیرنده',
			statusName: 'Delivered',
			previousStatus: 1,
			previousStatusName: 'Queued',
			final: true,
			receptor: '09120000000',
			sender: '10004346',
			cost: 120,
			date: expect.any(Number),
			dateIso: new Date(Number(json.date) * 1000).toISOString(), dateJalali: jalaliOf(Number(json.date)),
		});
		expect((await poll({}, { staticData })).emitted).toBeNull();
	});

	test('the items have the names of the node\'s outbox rows, plus the previous status', async () => {
		const [id] = sent(1);
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		deliver([id], 6);
		const { items } = await poll({}, { staticData });
		const node = await ctx.run({ resource: 'sms', operation: 'getMessages', messageIds: String(id) });
		expect(items[0].json).toEqual({ ...node.items[0].json, previousStatus: 1, previousStatusName: 'Queued', final: true });
	});

	test('steps on the way (queued → sent to carrier) are not emitted; the final step names the last one seen', async () => {
		const [failed, blocked, cancelled] = sent(3);
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		deliver([failed], 4);
		expect((await poll({}, { staticData })).emitted).toBeNull();
		deliver([failed], 6);
		deliver([blocked], 14);
		deliver([cancelled], 13);
		const { items } = await poll({}, { staticData });
		expect(statusesOf(items)).toEqual([
			[failed, 4, 6],
			[blocked, 1, 14],
			[cancelled, 1, 13],
		]);
	});

	test('by default only final statuses are reported: at not delivered (11) a message stays watched, silently, until it settles', async () => {
		const [id] = sent(1);
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		deliver([id], 11);
		const [sentSince] = sent(1);
		deliver([sentSince], 11);
		expect((await poll({}, { staticData })).emitted).toBeNull();
		const messages = staticData[STATE].statusChanges.messages;
		expect([messages[id][0], messages[sentSince][0]]).toEqual([11, 11]);
		deliver([id], 10);
		deliver([sentSince], 6);
		const { items } = await poll({}, { staticData });
		expect(items.map(({ json }) => [json.messageid, json.previousStatus, json.status, json.final])).toEqual([
			[id, 11, 10, true],
			[sentSince, 11, 6, true],
		]);
	});

	test('not delivered (11), when chosen, is reported but still watched: a later delivery is a second item, 11 → 10', async () => {
		const parameters = { statuses: ALL_STATUSES };
		const [id] = sent(1);
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll(parameters, { staticData });
		deliver([id], 11);
		const first = await poll(parameters, { staticData });
		expect(first.items.map(({ json }) => [json.previousStatus, json.status, json.statusName, json.final])).toEqual([[1, 11, 'Not Delivered', false]]);
		expect((await poll(parameters, { staticData })).emitted).toBeNull();
		deliver([id], 10);
		const second = await poll(parameters, { staticData });
		expect(second.items.map(({ json }) => [json.previousStatus, json.status, json.final])).toEqual([[11, 10, true]]);
	});

	test('only the chosen statuses are reported', async () => {
		const [delivered, failed] = sent(2);
		/** @type {Record<string, any>} */
		const staticData = {};
		const parameters = { statuses: [6] };
		await poll(parameters, { staticData });
		deliver([delivered], 10);
		deliver([failed], 6);
		expect(statusesOf((await poll(parameters, { staticData })).items)).toEqual([[failed, 1, 6]]);
	});

	test('a message sent after activation that settled before the next poll is reported without a previous status', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		const [settled, pending] = sent(2);
		deliver([settled]);
		const { items } = await poll({}, { staticData });
		expect(statusesOf(items)).toEqual([[settled, null, 10]]);
		expect(items[0].json.previousStatusName).toBeNull();
		deliver([pending], 6);
		expect(statusesOf((await poll({}, { staticData })).items)).toEqual([[pending, 1, 6]]);
	});

	test('1,200 sends between two polls: the outbox is read in ranges halved until each holds fewer than 500, and every delivery is emitted once', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		const start = nowSeconds() - 240;
		const burst = sent(1200, { date: (i) => start + Math.floor(i / 10) });
		ctx.fake.requests.length = 0;
		expect((await poll({}, { staticData })).emitted).toBeNull();
		expect(selects().length).toBeGreaterThan(3);
		expect(Object.keys(staticData[STATE].statusChanges.messages)).toHaveLength(1200);
		expectWithinContract();
		// The next poll re-reads that stretch in ranges planned from what it knows, 400 known messages
		// a range, the last one running to now: three requests, no full answer wasted.
		ctx.fake.requests.length = 0;
		expect((await poll({}, { staticData })).emitted).toBeNull();
		expect(selects()).toHaveLength(3);
		deliver(burst);
		ctx.fake.requests.length = 0;
		const { items } = await poll({}, { staticData });
		expect(selects()).toHaveLength(3);
		expect(idsOf(items)).toEqual(burst);
		expect(items.every(({ json }) => json.previousStatus === 1 && json.status === 10)).toBe(true);
		expectWithinContract();
		expect((await poll({}, { staticData })).emitted).toBeNull();
	});

	test('watched messages older than what a poll re-reads are followed through sms/status (500 IDs a request), their rows from sms/select', async () => {
		const start = nowSeconds() - 1800;
		const early = sent(1001, { date: (i) => start + Math.floor(i / 10) });
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		deliver([early[0], early[1000]]);
		ctx.fake.requests.length = 0;
		const { items } = await poll({}, { staticData });
		expect(statusesOf(items)).toEqual([
			[early[0], 1, 10],
			[early[1000], 1, 10],
		]);
		expect(items[0].json).toMatchObject({ message: 'm0', cost: 120, statusName: 'Delivered', previousStatusName: 'Queued' });
		expect(ctx.fake.requests.map((r) => [r.operation, r.form?.messageid?.split(',').length])).toEqual([
			['sms/selectoutbox', undefined],
			['sms/latestoutbox', undefined],
			['sms/status', 500],
			['sms/status', 500],
			['sms/status', 1],
			['sms/select', 2],
		]);
		expectWithinContract();
	});

	test('a restart, with n8n saving the state only when a poll emits: what was in flight is found again, nothing is emitted twice', async () => {
		/** @type {Record<string, any>} */
		const stored = {};
		let memory = {};
		const [a, b] = sent(2);
		await poll({}, { staticData: memory, stored, activation: true });
		const [c] = sent(1);
		expect((await poll({}, { staticData: memory, stored })).emitted).toBeNull();
		deliver([a]);
		expect(statusesOf((await poll({}, { staticData: memory, stored })).items)).toEqual([[a, 1, 10]]);
		const [d, e] = sent(2);
		deliver([e], 4);
		expect((await poll({}, { staticData: memory, stored })).emitted).toBeNull();
		expect(stored[STATE].statusChanges.messages[d]).toBeUndefined();

		memory = JSON.parse(JSON.stringify(stored));
		deliver([b, c, d]);
		deliver([e], 6);
		const afterRestart = await poll({}, { staticData: memory, stored, activation: true });
		// d and e were first seen by a poll whose state n8n never saved: found again, without a previous status.
		expect(statusesOf(afterRestart.items)).toEqual([
			[b, 1, 10],
			[c, 1, 10],
			[d, null, 10],
			[e, null, 6],
		]);
		memory = JSON.parse(JSON.stringify(stored));
		expect((await poll({}, { staticData: memory, stored })).emitted).toBeNull();
	});

	test('n8n stopped for more than 3 days: the next poll reads what the outbox still has, and the poll after fails naming what could not be read, then it carries on', async () => {
		const now = nowSeconds();
		const [watchedEarly] = sent(1, { date: now - 4 * DAY });
		const [recent] = sent(1, { date: now - 3600 });
		const stored = {
			[STATE]: { statusChanges: { senderLine: '', readFrom: now - 4 * DAY + 60, messages: { [watchedEarly]: [1, now - 4 * DAY] } } },
		};
		deliver([recent]);
		const staticData = JSON.parse(JSON.stringify(stored));
		const first = await poll({}, { staticData });
		expect(first.error).toBeUndefined();
		expect(statusesOf(first.items)).toEqual([[recent, null, 10]]);
		expectWithinContract();
		const second = await poll({}, { staticData });
		expect(second.error.name).toBe('NodeOperationError');
		expect(second.error.message).toMatch(
			/^Kavenegar Trigger may have missed status changes: messages sent from \d{4}-.+Z to \d{4}-.+Z could not be read: the outbox answers only the last 3 days/,
		);
		expect(second.error.description).toContain('Get Status');
		const [later] = sent(1);
		deliver([later]);
		const third = await poll({}, { staticData });
		expect(third.error).toBeUndefined();
		expect(statusesOf(third.items)).toEqual([[later, null, 10]]);
	});

	test('500 messages dated within one second: the 500 the outbox lists are followed, and the next poll fails saying the rest are not', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		const second = nowSeconds() - 30;
		const crowded = sent(600, { date: second });
		deliver(crowded.slice(0, 3));
		const detecting = await poll({}, { staticData });
		expect(detecting.error).toBeUndefined();
		expect(idsOf(detecting.items)).toEqual(crowded.slice(0, 3));
		const failed = await poll({}, { staticData });
		expect(failed.error.message).toBe(
			`Kavenegar Trigger may have missed status changes: 500 or more messages are dated within one second (${new Date(second * 1000).toISOString()}): the outbox lists at most 500 per answer, so some of them are not followed`,
		);
		// Reported once: the polls that re-read that second do not fail again.
		expect((await poll({}, { staticData })).error).toBeUndefined();
		expect((await poll({}, { staticData })).error).toBeUndefined();
	});

	test('a message unsettled three days after its date is no longer watched', async () => {
		const now = nowSeconds();
		const [old] = sent(1, { date: now - 3 * DAY - 60 });
		const staticData = { [STATE]: { statusChanges: { senderLine: '', readFrom: now - 60, messages: { [old]: [1, now - 3 * DAY - 60] } } } };
		await poll({}, { staticData });
		expect(staticData[STATE].statusChanges.messages).toEqual({});
		deliver([old]);
		expect((await poll({}, { staticData })).emitted).toBeNull();
	});

	test('the sender line filter is sent to the service; another line starts over', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		const [id] = sent(1, { sender: '30004000' });
		await poll({ filters: { senderLine: '30004000' } }, { staticData });
		expect(ctx.fake.requests[0].form).toMatchObject({ sender: '30004000' });
		deliver([id]);
		expect((await poll({ filters: { senderLine: '50001' } }, { staticData })).emitted).toBeNull();
	});

	test('a sender line filter pasted with invisible marks is the same line, on the wire and for the cursor', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		const [id] = sent(1, { sender: '30004000' });
		await poll({ filters: { senderLine: '\u200f3000\u200b4000\u200e' } }, { staticData });
		expect(ctx.fake.requests[0].form).toMatchObject({ sender: '30004000' });
		deliver([id]);
		const { items } = await poll({ filters: { senderLine: '30004000' } }, { staticData });
		expect(statusesOf(items)).toEqual([[id, 1, 10]]);
	});

	test('manual mode (Fetch Test Event) shows the latest message with a reported status, cursor untouched', async () => {
		const [older, newer] = sent(2);
		deliver([older], 10);
		deliver([newer], 6);
		/** @type {Record<string, any>} */
		const staticData = {};
		const { items } = await poll({}, { staticData, mode: 'manual' });
		expect(statusesOf(items)).toEqual([[newer, null, 6]]);
		expect(items[0].json.statusName).toBe('Failed');
		expect(staticData).toEqual({});
		// Nothing at the chosen status: the test says what it needs, not n8n's "No data found".
		const none = await poll({ statuses: [13] }, { mode: 'manual' });
		expect(none.emitted).toBeNull();
		expect(none.error.message).toBe('No sent message has one of the chosen Report Statuses yet');
		expect(none.error.description).toMatch(/^The test event is the latest message among the last 500 .* Send a message and wait until it reaches such a status/);
	});

	test.each(['status', '200'])('without IP access (errors sent with HTTP %s) the error says what to do', async (mode) => {
		ctx.fake.ipAccess = false;
		ctx.fake.errorMode = mode;
		try {
			const { error } = await poll({}, { staticData: {} });
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Kavenegar error 407: "\u2068دسترسی به اطلاعات مورد نظر برای شما امکان پذیر نیست\u2069" – this operation needs IP access: add the caller\'s IP in the account panel');
			expect(error.description).toContain('sms/selectoutbox');
			expect(error.description).toContain("add this n8n server's public IP in the Kavenegar panel");
			expect(error.httpCode).toBe('407');
		} finally {
			ctx.fake.ipAccess = true;
			ctx.fake.errorMode = 'status';
		}
	});

	test('a failed poll (busy service) changes nothing: the next poll catches up', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		await poll({}, { staticData });
		const [id] = sent(1);
		deliver([id]);
		const before = JSON.stringify(staticData);
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/selectoutbox' });
		const busy = await poll({}, { staticData });
		expect(busy.error.httpCode).toBe('409');
		expect(busy.error.description).not.toContain('IP');
		expect(JSON.stringify(staticData)).toBe(before);
		expect(statusesOf((await poll({}, { staticData })).items)).toEqual([[id, null, 10]]);
	});

	test('a wrong key (403) gets no IP-access hint', async () => {
		const { error } = await runPoll({
			parameters: { event: 'messageStatusChanged' },
			credentials: credentialsFor(ctx.fake, { apiKey: 'another-key' }),
		});
		expect(error.httpCode).toBe('403');
		expect(error.description).not.toContain('IP');
	});

	/**
	 * A service answering every request with `code`, for codes the fake has no way to give.
	 * @param {number} code
	 */
	async function answering(code) {
		const server = http.createServer((req, res) => {
			req.resume();
			req.on('end', () => {
				res.writeHead(code, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ return: { status: code, message: 'x' }, entries: null }));
			});
		});
		await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
		return { baseUrl: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
	}

	test.each([
		[416, true],
		[418, false],
	])('service code %i: IP-access hint %s', async (code, hinted) => {
		const service = await answering(code);
		try {
			const { error } = await runPoll({
				parameters: { event: 'messageStatusChanged' },
				credentials: credentialsFor(ctx.fake, { baseUrl: service.baseUrl }),
			});
			expect(error.httpCode).toBe(String(code));
			expect(error.description.includes("add this n8n server's public IP in the Kavenegar panel")).toBe(hinted);
		} finally {
			await service.close();
		}
	});
});
