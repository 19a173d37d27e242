'use strict';
/**
 * The Kavenegar Webhook Trigger's Jalali dates in its Time Zone setting (nodes/allNodes/timeZoneSetting.ts),
 * over n8n's webhook path in a workflow set to UTC: a trigger added now (version 3) writes them in
 * Iran's time, the details it fetches included; one saved before (versions 1 and 2) keeps the
 * workflow's zone; the setting's choices are honoured.
 */
const { startWebhookServer } = require('../webhookServer');
const { credentialsFor } = require('../harness');
const { useFake, jalaliOf } = require('../helpers');

const ctx = useFake();
const SECRET = 'timezone-Secret_0123456789';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** @type {Awaited<ReturnType<typeof startWebhookServer>>} */
let server;
/**
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {number} typeVersion
 */
const serve = async (parameters, typeVersion) => {
	await server?.close();
	server = await startWebhookServer({ parameters, secret: SECRET, credentials: credentialsFor(ctx.fake), typeVersion });
};
/**
 * @param {'incoming-message' | 'delivery-report'} path
 * @param {Record<string, string>} fields
 */
const call = async (path, fields) => {
	await server.call(`${server.urlOf(path)}?secret=${SECRET}`, { method: 'POST', headers: FORM, body: new URLSearchParams(fields).toString() });
	const runs = await server.settled([SECRET, ctx.fake.apiKey]);
	expect(runs.map((run) => run.error)).toEqual([undefined]);
	return runs[0].items[0].json;
};
const incoming = () => call('incoming-message', { messageid: '8791234', from: '09121234567', to: '10004346', message: 'YES' });

afterAll(() => server.close());

test.each([
	[3, {}, 'Asia/Tehran'],
	[2, {}, 'UTC'],
	[1, {}, 'UTC'],
	[3, { timeZone: 'workflow' }, 'UTC'],
	[2, { timeZone: 'Asia/Tehran' }, 'Asia/Tehran'],
	[3, { timeZone: 'Europe/Berlin' }, 'Europe/Berlin'],
])('version %i with %j: an incoming message dated in %s', async (typeVersion, setting, zone) => {
	await serve({ event: 'incomingMessage', ...setting }, typeVersion);
	const json = await incoming();
	expect(json.dateJalali).toBe(jalaliOf(json.date, zone));
});

test("version 3: a delivery report's details, fetched from Kavenegar, in Iran's time", async () => {
	await serve({ event: 'deliveryReport', fetchDetails: true }, 3);
	const { messageid } = ctx.fake.recordSend({ receptor: '09121234567', message: 'sent', sender: '10004346' });
	const json = await call('delivery-report', { messageid: String(messageid), status: '10' });
	expect(json.dateJalali).toBe(jalaliOf(json.date, 'Asia/Tehran'));
	expect(json.details.dateJalali).toBe(jalaliOf(json.details.date, 'Asia/Tehran'));
	expect(json.details.readAtJalali).toBe(jalaliOf(Math.floor(Date.parse(json.details.readAtIso) / 1000), 'Asia/Tehran'));
});
