const { startWebhookServer } = require('../webhookServer');
const { shutdownEngine } = require('../harness');

const SECRET = 'incoming-Secret_0123456789';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** @type {Awaited<ReturnType<typeof startWebhookServer>>} */
let server;
/** @type {(parameters?: import('n8n-workflow').INodeParameters) => Promise<void>} */
const serve = async (parameters = {}) => {
	await server?.close();
	server = await startWebhookServer({ parameters: { event: 'incomingMessage', secret: SECRET, ...parameters } });
};
const url = (query = `secret=${SECRET}`) => `${server.urlOf('incoming-message')}?${query}`;
const fields = (extra = {}) => ({ messageid: '8791234', from: '09121234567', to: '10004346', message: 'YES', ...extra });
const form = (extra = {}) => new URLSearchParams(fields(extra)).toString();

beforeEach(() => serve());
afterAll(async () => {
	await server.close();
	shutdownEngine();
});

describe('Kavenegar Webhook Trigger: Incoming Message over n8n\'s webhook path', () => {
	test('a POSTed form is answered 200 at once, then one execution emits the item with the polling trigger\'s field names', async () => {
		const before = Math.floor(Date.now() / 1000);
		const answer = await server.call(url(), { method: 'POST', headers: FORM, body: form() });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ received: true });
		const [run] = await server.settled([SECRET]);
		expect(server.executions).toHaveLength(1);
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(1);
		const { json } = run.items[0];
		expect(json).toEqual({
			messageid: 8791234,
			sender: '09121234567',
			receptor: '10004346',
			message: 'YES',
			date: expect.any(Number),
			dateIso: new Date(json.date * 1000).toISOString(),
			eventKey: 'incomingMessage:8791234',
		});
		expect(json.date).toBeGreaterThanOrEqual(before);
	});

	test('a GET with the fields in the query string, and a POSTed JSON object, give the same item', async () => {
		const get = await server.call(url(`secret=${SECRET}&${form()}`));
		const json = await server.call(url(), { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ ...fields(), messageid: 8791234 }) });
		expect([get.status, json.status]).toEqual([200, 200]);
		const runs = await server.settled([SECRET]);
		const strip = (/** @type {any} */ item) => ({ ...item.json, date: 0, dateIso: '' });
		expect(runs.map((run) => strip(run.items[0]))).toEqual([strip(runs[0].items[0]), strip(runs[0].items[0])]);
		expect(runs[0].items[0].json.message).toBe('YES');
	});
});
