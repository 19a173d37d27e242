const http = require('node:http');
const { runPoll, credentialsFor, requireFromEngine } = require('../harness');
const { useFake, expectNoKey } = require('../helpers');

const { Container } = requireFromEngine('@n8n/di');
const { Logger } = requireFromEngine('@n8n/backend-common');

const ctx = useFake();
const ALL_STATUSES = [6, 10, 11, 13, 14];
const poll = (parameters = {}, options = {}) =>
	runPoll({
		parameters: { event: 'messageStatusChanged', ...parameters },
		credentials: credentialsFor(ctx.fake),
		...options,
	});
const sent = (count = 1, sender) =>
	Array.from({ length: count }, (_, i) => ctx.fake.recordSend({ receptor: `0912000${String(i).padStart(4, '0')}`, message: 'x', sender }).messageid);
const statusesOf = (items) => items.map(({ json }) => [json.messageid, json.previousStatus, json.status]);

/** The logger n8n-core hands the trigger as `this.logger`, its warnings recorded, not printed. */
let warn;
beforeEach(() => {
	ctx.fake.outbox.length = 0;
	warn = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('Kavenegar Trigger: Message Status Changed', () => {
	test('the first activation watches what is unsettled and emits nothing, not even settled messages', async () => {
		const [queued, delivered] = sent(2);
		ctx.fake.setMessageStatus(delivered, 10);
		const staticData = {};
		const { emitted, error } = await poll({}, { staticData });
		expect(error).toBeUndefined();
		expect(emitted).toBeNull();
		expect(ctx.fake.requests.map((r) => [r.method, r.operation, r.form])).toEqual([['POST', 'sms/latestoutbox', { pagesize: '500' }]]);
		expect(Object.keys(staticData['node:Kavenegar Trigger'].statusChanges.watched)).toEqual([String(queued)]);
	});

	test('a message reaching a final status is emitted once, with the old and new status', async () => {
		const [id] = sent(1);
		const staticData = {};
		await poll({}, { staticData });
		expect((await poll({}, { staticData })).emitted).toBeNull();
		ctx.fake.setMessageStatus(id, 10);
		const { items } = await poll({}, { staticData });
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			messageid: id,
			status: 10,
			statustext: 'رسیده به گیرنده',
			previousStatus: 1,
			previousStatusText: 'در صف ارسال',
			final: true,
			receptor: '09120000000',
			sender: '10004346',
			date: expect.any(Number),
			dateIso: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
		});
		expect((await poll({}, { staticData })).emitted).toBeNull();
		expect(staticData['node:Kavenegar Trigger'].statusChanges.watched).toEqual({});
	});

	test('steps on the way (queued → sent to carrier) are not emitted; the final step names the last one seen', async () => {
		const [failed, blocked, cancelled] = sent(3);
		const staticData = {};
		await poll({}, { staticData });
		ctx.fake.setMessageStatus(failed, 4);
		expect((await poll({}, { staticData })).emitted).toBeNull();
		ctx.fake.setMessageStatus(failed, 6);
		ctx.fake.setMessageStatus(blocked, 14);
		ctx.fake.setMessageStatus(cancelled, 13);
		const { items } = await poll({}, { staticData });
		expect(statusesOf(items)).toEqual([
			[failed, 4, 6],
			[blocked, 1, 14],
			[cancelled, 1, 13],
		]);
	});

	test('by default only final statuses are reported: at not delivered (11) a message stays watched, silently, until it settles', async () => {
		const [id] = sent(1);
		const staticData = {};
		await poll({}, { staticData });
		ctx.fake.setMessageStatus(id, 11);
		const [sentSince] = sent(1);
		ctx.fake.setMessageStatus(sentSince, 11);
		expect((await poll({}, { staticData })).emitted).toBeNull();
		const watched = staticData['node:Kavenegar Trigger'].statusChanges.watched;
		expect([watched[id].status, watched[sentSince].status]).toEqual([11, 11]);
		ctx.fake.setMessageStatus(id, 10);
		ctx.fake.setMessageStatus(sentSince, 6);
		const { items } = await poll({}, { staticData });
		expect(items.map(({ json }) => [json.messageid, json.previousStatus, json.status, json.final])).toEqual([
			[id, 11, 10, true],
			[sentSince, 11, 6, true],
		]);
		expect(staticData['node:Kavenegar Trigger'].statusChanges.watched).toEqual({});
	});

	test('not delivered (11), when chosen, is reported but still watched: a later delivery is a second item, 11 → 10', async () => {
		const parameters = { statuses: ALL_STATUSES };
		const [id] = sent(1);
		const staticData = {};
		await poll(parameters, { staticData });
		ctx.fake.setMessageStatus(id, 11);
		const first = await poll(parameters, { staticData });
		expect(first.items.map(({ json }) => [json.previousStatus, json.status, json.final])).toEqual([[1, 11, false]]);
		expect((await poll(parameters, { staticData })).emitted).toBeNull();
		ctx.fake.setMessageStatus(id, 10);
		const second = await poll(parameters, { staticData });
		expect(second.items.map(({ json }) => [json.previousStatus, json.status, json.final])).toEqual([[11, 10, true]]);
	});

	test('only the chosen statuses are reported; a settled message is dropped either way', async () => {
		const [delivered, failed] = sent(2);
		const staticData = {};
		const parameters = { statuses: [6] };
		await poll(parameters, { staticData });
		ctx.fake.setMessageStatus(delivered, 10);
		ctx.fake.setMessageStatus(failed, 6);
		expect(statusesOf((await poll(parameters, { staticData })).items)).toEqual([[failed, 1, 6]]);
		expect(staticData['node:Kavenegar Trigger'].statusChanges.watched).toEqual({});
	});

	test('a message sent after activation that settled before the next poll is reported without a previous status', async () => {
		const staticData = {};
		await poll({}, { staticData });
		const [settled, pending] = sent(2);
		ctx.fake.setMessageStatus(settled, 10);
		const { items } = await poll({}, { staticData });
		expect(statusesOf(items)).toEqual([[settled, null, 10]]);
		ctx.fake.setMessageStatus(pending, 6);
		expect(statusesOf((await poll({}, { staticData })).items)).toEqual([[pending, 1, 6]]);
	});

	test('watched messages pushed out of the latest 500 are followed through sms/status, 500 IDs a request', async () => {
		const [early] = sent(1);
		const staticData = {};
		await poll({}, { staticData });
		sent(500);
		await poll({}, { staticData });
		sent(500);
		ctx.fake.setMessageStatus(early, 10);
		ctx.fake.requests.length = 0;
		const { items } = await poll({}, { staticData });
		expect(statusesOf(items)).toEqual([[early, 1, 10]]);
		expect(ctx.fake.requests.map((r) => r.operation)).toEqual(['sms/latestoutbox', 'sms/status', 'sms/status']);
		expect(ctx.fake.requests.slice(1).map((r) => r.form.messageid.split(',').length)).toEqual([500, 1]);
		expect(Object.keys(staticData['node:Kavenegar Trigger'].statusChanges.watched)).toHaveLength(1000);
	});

	test('a restart (new workflow and context, the static data as stored) does not emit again', async () => {
		const [id] = sent(1);
		const stored = {};
		await poll({}, { staticData: stored });
		ctx.fake.setMessageStatus(id, 10);
		expect((await poll({}, { staticData: stored })).items).toHaveLength(1);
		const afterRestart = JSON.parse(JSON.stringify(stored));
		expect((await poll({}, { staticData: afterRestart })).emitted).toBeNull();
	});

	test('the sender line filter is sent to the service; another line starts over', async () => {
		const staticData = {};
		const [id] = sent(1, '30004000');
		await poll({ filters: { senderLine: '30004000' } }, { staticData });
		expect(ctx.fake.requests[0].form).toEqual({ pagesize: '500', sender: '30004000' });
		ctx.fake.setMessageStatus(id, 10);
		expect((await poll({ filters: { senderLine: '50001' } }, { staticData })).emitted).toBeNull();
	});

	test('manual mode (Fetch Test Event) shows the latest message with a reported status, cursor untouched', async () => {
		const [older, newer] = sent(2);
		ctx.fake.setMessageStatus(older, 10);
		ctx.fake.setMessageStatus(newer, 6);
		const staticData = {};
		const { items } = await poll({}, { staticData, mode: 'manual' });
		expect(statusesOf(items)).toEqual([[newer, null, 6]]);
		expect(staticData).toEqual({});
		expect((await poll({ statuses: [13] }, { mode: 'manual' })).emitted).toBeNull();
	});

	test.each(['status', '200'])('without IP access (errors sent with HTTP %s) the error says what to do', async (mode) => {
		ctx.fake.ipAccess = false;
		ctx.fake.errorMode = mode;
		try {
			const { error } = await poll({}, { staticData: {} });
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe("Kavenegar error 407: this operation needs IP access: add the caller's IP in the account panel");
			expect(error.description).toContain('sms/latestoutbox');
			expect(error.description).toContain("add this n8n server's public IP in the Kavenegar panel");
			expect(error.httpCode).toBe('407');
			expectNoKey(error, ctx.fake.apiKey);
		} finally {
			ctx.fake.ipAccess = true;
			ctx.fake.errorMode = 'status';
		}
	});

	test('a wrong key (403) or a busy service (409) gets no IP-access hint', async () => {
		const wrongKey = await runPoll({
			parameters: { event: 'messageStatusChanged' },
			credentials: credentialsFor(ctx.fake, { apiKey: 'another-key' }),
		});
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/latestoutbox' });
		const busy = await poll({}, { staticData: {} });
		for (const [{ error }, code] of [[wrongKey, '403'], [busy, '409']]) {
			expect(error.httpCode).toBe(code);
			expect(error.description).not.toContain('IP');
			expectNoKey(error, ctx.fake.apiKey);
		}
	});

	/** A service answering every request with `code`, for codes the fake has no way to give. */
	async function answering(code) {
		const server = http.createServer((req, res) => {
			req.resume();
			req.on('end', () => {
				res.writeHead(code, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ return: { status: code, message: 'x' }, entries: null }));
			});
		});
		await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
		return { baseUrl: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
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
			expectNoKey(error, ctx.fake.apiKey);
		} finally {
			await service.close();
		}
	});
});

describe('Kavenegar Trigger: how much is watched, and what latestoutbox cannot show', () => {
	const warnings = () => warn.mock.calls.map(([message]) => message);

	test('more than 500 sent between two polls logs a warning (no key, no URL); a known message among the newest 500 does not', async () => {
		sent(1);
		const staticData = {};
		await poll({}, { staticData });
		sent(499);
		await poll({}, { staticData });
		expect(warn).not.toHaveBeenCalled();
		sent(501);
		await poll({}, { staticData });
		expect(warnings()).toEqual([expect.stringContaining('may have been missed')]);
		const logged = JSON.stringify(warn.mock.calls);
		expect(logged).not.toContain(ctx.fake.url);
		expect(logged).not.toContain('/v1/');
		expectNoKey(warn.mock.calls, ctx.fake.apiKey);
	});

	test('at most 5,000 messages are watched, the oldest dropped first; a poll makes at most 11 requests', async () => {
		const staticData = {};
		await poll({}, { staticData });
		const rounds = Array.from({ length: 11 }, () => []);
		for (const round of rounds) {
			round.push(...sent(500));
			await poll({}, { staticData });
		}
		const watched = () =>
			Object.keys(staticData['node:Kavenegar Trigger'].statusChanges.watched)
				.map(Number)
				.sort((a, b) => a - b);
		expect(watched()).toEqual(rounds.slice(1).flat());

		const last = sent(500);
		const settled = [rounds[1][0], rounds[2][0]];
		for (const id of settled) ctx.fake.setMessageStatus(id, 10);
		ctx.fake.requests.length = 0;
		const { items } = await poll({}, { staticData });
		expect(ctx.fake.requests.map((r) => r.operation)).toEqual(['sms/latestoutbox', ...Array(10).fill('sms/status')]);
		expect(statusesOf(items)).toEqual(settled.map((id) => [id, 1, 10]));
		const unsettled = [...rounds.slice(1).flat(), ...last].filter((id) => !settled.includes(id));
		expect(watched()).toEqual(unsettled.slice(-5000));

		ctx.fake.setMessageStatus(rounds[1][1], 10);
		ctx.fake.setMessageStatus(rounds[1][499], 10);
		expect(statusesOf((await poll({}, { staticData })).items)).toEqual([[rounds[1][499], 1, 10]]);
	});
});

describe('Kavenegar Trigger: how long a message is watched', () => {
	test('a message still unsettled three days after its date is no longer watched', async () => {
		const now = Math.floor(Date.now() / 1000);
		const old = ctx.fake.recordSend({ receptor: '09121234567', message: 'x', date: now - 3 * 86_400 - 60 }).messageid;
		const recent = ctx.fake.recordSend({ receptor: '09121234567', message: 'x', date: now - 3600 }).messageid;
		const staticData = {};
		await poll({}, { staticData });
		expect(Object.keys(staticData['node:Kavenegar Trigger'].statusChanges.watched)).toEqual([String(recent)]);
		ctx.fake.setMessageStatus(old, 10);
		expect((await poll({}, { staticData })).emitted).toBeNull();
	});
});
