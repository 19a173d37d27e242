const { startWebhookServer } = require('../webhookServer');
const { credentialsFor } = require('../harness');
const { useFake, jalaliOf } = require('../helpers');

const ctx = useFake();
const SECRET = 'delivery-Secret_0123456789';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** @type {Awaited<ReturnType<typeof startWebhookServer>>} */
let server;
/**
 * @param {import('n8n-workflow').INodeParameters} [parameters]
 * @param {{ typeVersion?: number, credentials?: import('../harness').Credentials }} [options] the credential holds the fake's API key unless told
 */
const serve = async (parameters = {}, { typeVersion = 2, credentials = credentialsFor(ctx.fake) } = {}) => {
	await server?.close();
	server = await startWebhookServer({ parameters: { event: 'deliveryReport', ...parameters }, secret: SECRET, credentials, typeVersion });
};
/** @param {Record<string, string>} report */
const report = (report) => server.call(`${server.urlOf('delivery-report')}?secret=${SECRET}`, { method: 'POST', headers: FORM, body: new URLSearchParams(report).toString() });
const settled = () => server.settled([SECRET, ctx.fake.apiKey]);
const sent = () => ctx.fake.recordSend({ receptor: '09121234567', message: 'سفارش شما ارسال شد', sender: '10004346' }).messageid;

beforeEach(() => serve());
afterEach(() => {
	ctx.fake.ipAccess = true;
	ctx.fake.latencyMs = 0;
});
afterAll(() => server.close());

describe("Kavenegar Webhook Trigger: Delivery Report over n8n's webhook path", () => {
	test('a report by GET or POST becomes messageid, status, its English name, final and the eventKey; nothing asks the service', async () => {
		const get = await server.call(`${server.urlOf('delivery-report')}?secret=${SECRET}&messageid=8791234&status=10`);
		const post = await report({ messageid: '8791235', status: '۱۱' });
		expect([get.status, get.body, post.status]).toEqual([200, { received: true }, 200]);
		const runs = await settled();
		expect(runs.map((run) => run.error)).toEqual([undefined, undefined]);
		const [delivered, notYet] = runs.map((run) => run.items[0].json);
		expect(delivered).toEqual({
			messageid: 8791234,
			status: 10,
			statusName: 'Delivered',
			final: true,
			date: expect.any(Number),
			dateIso: new Date(delivered.date * 1000).toISOString(), dateJalali: jalaliOf(delivered.date),
			eventKey: 'deliveryReport:8791234:10',
		});
		expect(notYet).toMatchObject({ messageid: 8791235, status: 11, statusName: 'Not Delivered', final: false, eventKey: 'deliveryReport:8791235:11' });
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test.each([
		['no status', { messageid: '1' }, "Field 'status' is missing"],
		['a status that is no number', { messageid: '1', status: 'DELIVERED' }, "Field 'status' must be a number"],
		['a negative status', { messageid: '1', status: '-6' }, "Field 'status' must be a number"],
		['no messageid', { status: '10' }, "Field 'messageid' is missing"],
	])('%s: 400 with the reason, and no execution', async (_, fields, reason) => {
		const answer = await report(fields);
		expect([answer.status, answer.body]).toEqual([400, { error: reason }]);
		expect(server.executions).toHaveLength(0);
	});

	test('Statuses filter: a report of another status is answered and starts nothing', async () => {
		await serve({ filters: { statuses: [6, 10] } });
		const answers = [await report({ messageid: '1', status: '10' }), await report({ messageid: '2', status: '4' }), await report({ messageid: '3', status: '6' })];
		expect(answers.map((answer) => answer.body.started)).toEqual([undefined, false, undefined]);
		expect((await settled()).map((run) => run.items[0].json.status)).toEqual([10, 6]);
	});

	test('Ignore Repeats: the same status of the same message once; a new status of it is a new event', async () => {
		await serve({ ignoreRepeats: true });
		for (const status of ['5', '5', '10', '10']) await report({ messageid: '77', status });
		expect((await settled()).map((run) => run.items[0].json.eventKey)).toEqual(['deliveryReport:77:5', 'deliveryReport:77:10']);
	});
});

describe.each([1, 2])('Kavenegar Webhook Trigger version %i: Fetch Message Details', (typeVersion) => {
	test("the message's row is fetched with sms/select, with the credential's own key, inside the execution, after the callback was answered", async () => {
		await serve({ fetchDetails: true }, { typeVersion });
		const id = sent();
		ctx.fake.latencyMs = 1000;
		const answer = await report({ messageid: String(id), status: '10' });
		expect(answer.status).toBe(200);
		// The service answers sms/select a second late: the callback's answer did not wait for it.
		let ran = false;
		void server.executions[0].then(() => (ran = true));
		await Promise.resolve();
		expect(ran).toBe(false);
		const [run] = await settled();
		expect(run.error).toBeUndefined();
		expect(ctx.fake.requests.map((r) => [r.method, r.operation, r.apiKey, r.form])).toEqual([['POST', 'sms/select', ctx.fake.apiKey, { messageid: String(id) }]]);
		const { json } = run.items[0];
		expect(json).toMatchObject({ messageid: id, status: 10, statusName: 'Delivered', final: true, eventKey: `deliveryReport:${id}:10` });
		const message = {
			messageid: id,
			message: 'سفارش شما ارسال شد',
			sender: '10004346',
			receptor: '09121234567',
			date: expect.any(Number),
			dateIso: new Date(json.details.date * 1000).toISOString(), dateJalali: jalaliOf(json.details.date),
			cost: expect.any(Number),
		};
		expect(json.details).toEqual(
			typeVersion === 1
				? { ...message, status: 1, statustext: expect.any(String), statusName: 'Queued' }
				: { ...message, currentStatus: 1, currentStatusText: expect.any(String), currentStatusName: 'Queued', readAtIso: expect.any(String), readAtJalali: expect.any(String) },
		);
	});

	test('a report of 11 whose message was delivered since: the item keeps the callback\'s status beside the one read from the service', async () => {
		await serve({ fetchDetails: true }, { typeVersion });
		const id = sent();
		ctx.fake.setMessageStatus(id, 10);
		const before = Date.now();
		await report({ messageid: String(id), status: '11' });
		const [run] = await settled();
		const { json } = run.items[0];
		expect(json).toMatchObject({ status: 11, statusName: 'Not Delivered', final: false });
		if (typeVersion === 1) {
			expect(json.details).toMatchObject({ status: 10, statusName: 'Delivered' });
		} else {
			expect(json.details).toMatchObject({ currentStatus: 10, currentStatusName: 'Delivered' });
			expect(Object.keys(json.details)).not.toEqual(expect.arrayContaining(['status']));
			expect(Object.keys(json.details).filter((name) => /^status/.test(name))).toEqual([]);
			expect(Date.parse(json.details.readAtIso)).toBeGreaterThanOrEqual(before - 1000);
		}
	});

	test('a message the service has no row for gets details null', async () => {
		await serve({ fetchDetails: true }, { typeVersion });
		const [run] = (await report({ messageid: '999999999', status: '100' }), await settled());
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toMatchObject({ messageid: 999999999, statusName: 'Not Found', details: null });
	});

	test('without IP access the execution fails with a NodeApiError that says so; the callback was still answered 200', async () => {
		await serve({ fetchDetails: true }, { typeVersion });
		ctx.fake.ipAccess = false;
		const answer = await report({ messageid: String(sent()), status: '10' });
		expect(answer.status).toBe(200);
		const [run] = await settled();
		expect(run.items).toEqual([]);
		expect(run.error.name).toBe('NodeApiError');
		expect(run.error.httpCode).toBe('407');
		expect(run.error.description).toContain("Fetch Message Details reads the message with sms/select, which Kavenegar serves only to allowed IPs: add this n8n server's public IP in the Kavenegar panel");
	});

	test("a wrong key: Kavenegar's 403, and a hint that names the credential holding the key", async () => {
		await serve({ fetchDetails: true }, { typeVersion, credentials: credentialsFor(ctx.fake, { apiKey: 'not-the-key' }) });
		await report({ messageid: String(sent()), status: '10' });
		const [run] = await settled();
		expect(run.error.name).toBe('NodeApiError');
		expect(run.error.httpCode).toBe('403');
		expect(run.error.description).toContain("API Key in this trigger's Kavenegar Webhook API credential");
		expect(JSON.stringify(run.error)).not.toContain('not-the-key');
	});

	test('no API key in the credential: the callback is answered 200, and the execution fails before any request, saying where the key goes', async () => {
		await serve({ fetchDetails: true }, { typeVersion, credentials: {} });
		const answer = await report({ messageid: String(sent()), status: '10' });
		expect(answer.status).toBe(200);
		const [run] = await settled();
		expect(run.items).toEqual([]);
		expect(run.error.name).toBe('NodeOperationError');
		expect(run.error.message).toBe(
			"Fetch Message Details needs an API key: add your Kavenegar API key to the API Key field of this trigger's Kavenegar Webhook API credential, or turn Fetch Message Details off",
		);
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('off by default: no API key is needed and nothing asks the service', async () => {
		await serve({}, { typeVersion, credentials: {} });
		await report({ messageid: String(sent()), status: '10' });
		const [run] = await settled();
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).not.toHaveProperty('details');
		expect(ctx.fake.requests).toHaveLength(0);
	});
});
