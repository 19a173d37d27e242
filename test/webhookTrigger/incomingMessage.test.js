const { startWebhookServer } = require('../webhookServer');
const { shutdownEngine } = require('../harness');
const { jalaliOf } = require('../helpers');

const SECRET = 'incoming-Secret_0123456789';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'Content-Type': 'application/json' };
const PERSIAN = 'سلام، سفارش ۱۲ را تأیید می‌کنم ✅';
const MULTIPART = ['messageid', 'from', 'to', 'message']
	.map((name, index) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${['8791234', '09121234567', '10004346', 'YES'][index]}\r\n`)
	.join('') + '--b--\r\n';

/** @type {Awaited<ReturnType<typeof startWebhookServer>>} */
let server;
/**
 * @param {import('n8n-workflow').INodeParameters} [parameters]
 * @param {number} [typeVersion]
 */
const serve = async (parameters = {}, typeVersion = 2) => {
	await server?.close();
	server = await startWebhookServer({ parameters: { event: 'incomingMessage', ...parameters }, secret: SECRET, typeVersion });
};
const url = (query = `secret=${SECRET}`, test = false) => `${server.urlOf('incoming-message', test)}?${query}`;
/** @param {Record<string, string>} [extra] */
const fields = (extra = {}) => ({ messageid: '8791234', from: '09121234567', to: '10004346', message: 'YES', ...extra });
/** @param {Record<string, string>} [extra] */
const form = (extra = {}) => new URLSearchParams(fields(extra)).toString();
/** @param {Record<string, string>} [extra] */
const post = (extra = {}) => server.call(url(), { method: 'POST', headers: FORM, body: form(extra) });
/** The one execution's item, after checking that exactly one started and ran without error. */
const onlyItem = async () => {
	const runs = await server.settled([SECRET]);
	expect(runs).toHaveLength(1);
	expect(runs[0].error).toBeUndefined();
	expect(runs[0].items).toHaveLength(1);
	return runs[0].items[0].json;
};

beforeEach(() => serve());
afterAll(async () => {
	await server.close();
	shutdownEngine();
});

describe("Kavenegar Webhook Trigger: Incoming Message over n8n's webhook path", () => {
	test("a POSTed form is answered 200 at once, then one execution emits the item with the polling trigger's field names", async () => {
		const before = Math.floor(Date.now() / 1000);
		const answer = await post();
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ received: true });
		const json = await onlyItem();
		expect(json).toEqual({
			messageid: 8791234,
			sender: '09121234567',
			receptor: '10004346',
			message: 'YES',
			date: expect.any(Number),
			dateIso: new Date(json.date * 1000).toISOString(), dateJalali: jalaliOf(json.date),
			eventKey: 'incomingMessage:8791234',
		});
		expect(json.date).toBeGreaterThanOrEqual(before);
	});

	test('a GET with the fields in the query string, and a POSTed JSON object, give the same item', async () => {
		const get = await server.call(url(`secret=${SECRET}&${form()}`));
		const json = await server.call(url(), { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ ...fields(), messageid: 8791234 }) });
		expect([get.status, json.status]).toEqual([200, 200]);
		const runs = await server.settled([SECRET]);
		const stripped = runs.map(({ items }) => ({ ...items[0].json, date: 0, dateIso: '', dateJalali: '' }));
		expect(stripped[1]).toEqual(stripped[0]);
		expect(stripped[0]).toMatchObject({ messageid: 8791234, sender: '09121234567', message: 'YES' });
	});

	test('Persian text arrives byte for byte, by form, query string and JSON', async () => {
		await post({ message: PERSIAN });
		await server.call(url(`secret=${SECRET}&${form({ message: PERSIAN })}`));
		await server.call(url(), { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(fields({ message: PERSIAN })) });
		const runs = await server.settled([SECRET]);
		expect(runs).toHaveLength(3);
		for (const run of runs) expect(Buffer.from(run.items[0].json.message, 'utf8').equals(Buffer.from(PERSIAN, 'utf8'))).toBe(true);
	});

	test('a text URL-encoded once more is decoded once: by form, by query string and by JSON', async () => {
		const once = encodeURIComponent(PERSIAN);
		await post({ message: once });
		await server.call(url(`secret=${SECRET}&${form({ message: once })}`));
		await server.call(url(), { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(fields({ message: once })) });
		// Encoded as PHP's urlencode does: spaces as +.
		await post({ message: new URLSearchParams({ m: 'YES please 100%' }).toString().slice(2) });
		const runs = await server.settled([SECRET]);
		expect(runs.map((run) => run.items[0].json.message)).toEqual([PERSIAN, PERSIAN, PERSIAN, 'YES please 100%']);
	});

	test('never twice: % and + in a plain text stay, and a text that only looks encoded after one decoding stays encoded', async () => {
		const texts = ['50% off + free 1+1', '1+1=2', '100%', 'a%2', encodeURIComponent('%41 is A'), '۱۰۰٪ تخفیف + ارسال رایگان'];
		for (const message of texts) await post({ message });
		const runs = await server.settled([SECRET]);
		expect(runs.map((run) => run.items[0].json.message)).toEqual(['50% off + free 1+1', '1+1=2', '100%', 'a%2', '%41 is A', texts[5]]);
	});

	test('Persian and Arabic-Indic digits and +98/0098 forms in numbers and IDs become what the node uses', async () => {
		await post({ messageid: '۸۷۹۱۲۳۴', from: '+98 ۹۱۲ ۱۲۳ ۴۵۶۷', to: '١٠٠٠٤٣٤٦' });
		const json = await onlyItem();
		expect(json).toMatchObject({ messageid: 8791234, sender: '09121234567', receptor: '10004346', eventKey: 'incomingMessage:8791234' });
	});

	test('the editor\'s test URL runs the same node in manual mode', async () => {
		const answer = await server.call(url(`secret=${SECRET}`, true), { method: 'POST', headers: FORM, body: form() });
		expect(answer.status).toBe(200);
		expect((await onlyItem()).messageid).toBe(8791234);
	});

	test('a caller that appends its own ?fields to the URL still reaches the node with its fields', async () => {
		const answer = await server.call(url(`secret=${SECRET}?${form()}`));
		expect(answer.status).toBe(200);
		expect(await onlyItem()).toMatchObject({ messageid: 8791234, sender: '09121234567', message: 'YES' });
	});
});

describe.each([1, 2])('Kavenegar Webhook Trigger version %i: refused calls start nothing', (typeVersion) => {
	beforeEach(() => serve({}, typeVersion));

	test.each([
		['no secret', 401, '', 'The secret is missing: the URL must end with ?secret=…'],
		['an empty secret', 401, 'secret=', 'The secret is missing: the URL must end with ?secret=…'],
		['a wrong secret', 403, 'secret=incoming-Secret_0123456780', 'The secret is wrong'],
		['the secret in other letter case', 403, `secret=${SECRET.toUpperCase()}`, 'The secret is wrong'],
		['a prefix of the secret', 403, `secret=${SECRET.slice(0, -1)}`, 'The secret is wrong'],
		['the secret given twice', 403, `secret=${SECRET}&secret=${SECRET}`, 'The secret is wrong'],
	])('%s: %i, and no execution', async (_, status, query, reason) => {
		for (const call of [server.call(url(query), { method: 'POST', headers: FORM, body: form() }), server.call(url(`${query}&${form()}`))]) {
			const answer = await call;
			expect(answer.status).toBe(status);
			expect(answer.body).toEqual({ error: reason });
			expect(answer.text).not.toContain(SECRET);
		}
		expect(server.executions).toHaveLength(0);
	});

	test.each([
		['no messageid', 400, form({ messageid: '' }), FORM, "Field 'messageid' is missing"],
		['a messageid that is no number', 400, form({ messageid: '12ab' }), FORM, "Field 'messageid' must be a number"],
		['a field given twice', 400, `${form()}&message=again`, FORM, "Field 'message' must be given once, as text"],
		['a JSON array', 400, JSON.stringify([fields()]), JSON_TYPE, 'A JSON body must be an object of fields'],
		['a nested JSON field', 400, JSON.stringify({ ...fields(), message: { text: 'YES' } }), JSON_TYPE, "Field 'message' must be given once, as text"],
		['a body over 16 KB', 413, form({ message: 'x'.repeat(16 * 1024) }), FORM, 'The body is over 16 KB: a Kavenegar callback is a few short fields'],
		['plain text', 415, form(), { 'Content-Type': 'text/plain' }, "Content type 'text/plain' is not taken: send the fields as a query string, a form (application/x-www-form-urlencoded) or JSON"],
		['XML', 415, '<messageid>1</messageid>', { 'Content-Type': 'application/xml' }, "Content type 'application/xml' is not taken: send the fields as a query string, a form (application/x-www-form-urlencoded) or JSON"],
		// n8n hands a multipart body to its own form parser, which leaves no raw bytes and nests the fields under `data`.
		['multipart', 415, MULTIPART, { 'Content-Type': 'multipart/form-data; boundary=b' }, "Content type 'multipart/form-data' is not taken: send the fields as a query string, a form (application/x-www-form-urlencoded) or JSON"],
		// For a node of version 2 n8n does not even read a body of another type.
		['bytes', 415, form(), { 'Content-Type': 'application/octet-stream' }, "Content type 'application/octet-stream' is not taken: send the fields as a query string, a form (application/x-www-form-urlencoded) or JSON"],
		['no sender', 400, form({ from: '' }), FORM, "Field 'from' is missing"],
		['no receiving line', 400, form({ to: '' }), FORM, "Field 'to' is missing"],
	])('%s: %i with the reason, and no execution', async (_, status, body, headers, reason) => {
		const answer = await server.call(url(), { method: 'POST', headers, body });
		expect([answer.status, answer.body]).toEqual([status, { error: reason }]);
		expect(server.executions).toHaveLength(0);
	});

	test('a GET without messageid, from or to is refused like a POST', async () => {
		const answers = [
			await server.call(url(`secret=${SECRET}&from=09121234567&to=10004346&message=YES`)),
			await server.call(url(`secret=${SECRET}&messageid=1&to=10004346&message=YES`)),
			await server.call(url(`secret=${SECRET}&messageid=1&from=%20&to=10004346`)),
			await server.call(url(`secret=${SECRET}&messageid=1&from=09121234567&message=YES`)),
		];
		expect(answers.map((answer) => [answer.status, answer.body.error])).toEqual([
			[400, "Field 'messageid' is missing"],
			[400, "Field 'from' is missing"],
			[400, "Field 'from' is missing"],
			[400, "Field 'to' is missing"],
		]);
		expect(server.executions).toHaveLength(0);
	});

	test('a message with an empty text is taken: only the numbers and the ID are required', async () => {
		const answer = await post({ message: '' });
		expect(answer.status).toBe(200);
		expect((await onlyItem()).message).toBe('');
	});

	test('the secret is checked before the body: a wrong secret with a malformed body is 403, not 400', async () => {
		const answer = await server.call(url('secret=wrong'), { method: 'POST', headers: FORM, body: form({ messageid: '' }) });
		expect(answer.status).toBe(403);
	});

	test('the other event\'s path and a path under another webhook ID are not this node\'s', async () => {
		expect((await server.call(`${server.urlOf('delivery-report')}?secret=${SECRET}&${form()}`)).status).toBe(404);
		expect((await server.call(`${url().replace('c0ffee00', 'deadbeef')}&${form()}`)).status).toBe(404);
		expect(server.executions).toHaveLength(0);
	});
});

describe('Kavenegar Webhook Trigger: Incoming Message filters', () => {
	test('lines, sender numbers (any way of writing them) and text contains: a call outside them is answered and starts nothing', async () => {
		await serve({ filters: { lines: '10004346, 2000660110', senders: '+989121234567, 09351234567', textContains: 'yes' } });
		const answers = [
			await post(),
			await post({ from: '۰۰۹۸۹۳۵۱۲۳۴۵۶۷', to: '2000660110', message: 'Yes please' }),
			await post({ to: '30004000' }),
			await post({ from: '09120000000' }),
			await post({ message: 'NO' }),
		];
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
		expect(answers.slice(2).map((answer) => answer.body)).toEqual(Array(3).fill({ received: true, started: false, reason: 'filtered' }));
		const runs = await server.settled([SECRET]);
		expect(runs.map((run) => run.items[0].json.sender)).toEqual(['09121234567', '09351234567']);
	});
});

describe('Kavenegar Webhook Trigger: filters pasted with invisible marks', () => {
	test('lines and sender numbers pasted from a right-to-left page filter as typed', async () => {
		await serve({ filters: { lines: '\u206610004346\u2069, \u200f2000660110', senders: '\u2066+98 912 123 4567\u2069,\u2069' } });
		const answers = [await post(), await post({ to: '2000660110' }), await post({ to: '30004000' }), await post({ from: '09120000000' })];
		expect(answers.map((answer) => answer.body)).toEqual([
			{ received: true },
			{ received: true },
			{ received: true, started: false, reason: 'filtered' },
			{ received: true, started: false, reason: 'filtered' },
		]);
		const runs = await server.settled([SECRET]);
		expect(runs.map((run) => [run.items[0].json.sender, run.items[0].json.receptor])).toEqual([
			['09121234567', '10004346'],
			['09121234567', '2000660110'],
		]);
	});
});

describe('Kavenegar Webhook Trigger: repeats', () => {
	test('Ignore Repeats: the same event called back again is answered and starts nothing; another event still starts', async () => {
		await serve({ ignoreRepeats: true });
		const answers = [await post(), await post(), await post({ messageid: '8791235' }), await server.call(url(`secret=${SECRET}&${form()}`))];
		expect(answers.map((answer) => answer.body)).toEqual([
			{ received: true },
			{ received: true, started: false, reason: 'repeat' },
			{ received: true },
			{ received: true, started: false, reason: 'repeat' },
		]);
		const runs = await server.settled([SECRET]);
		expect(runs.map((run) => run.items[0].json.eventKey)).toEqual(['incomingMessage:8791234', 'incomingMessage:8791235']);
	});

	test('Ignore Repeats: twenty copies of one call at the same moment start one execution', async () => {
		await serve({ ignoreRepeats: true });
		const answers = await Promise.all(Array.from({ length: 20 }, () => post({ messageid: '555' })));
		expect(answers.every((answer) => answer.status === 200)).toBe(true);
		expect(await server.settled([SECRET])).toHaveLength(1);
	});

	test('without it, each call starts a run and the items carry the same eventKey for Remove Duplicates', async () => {
		await post();
		await post();
		const runs = await server.settled([SECRET]);
		expect(runs.map((run) => run.items[0].json.eventKey)).toEqual(['incomingMessage:8791234', 'incomingMessage:8791234']);
	});

	test("the editor's test URL is not held to it: a repeated test call is a deliberate retry", async () => {
		await serve({ ignoreRepeats: true });
		for (let i = 0; i < 2; i++) await server.call(url(`secret=${SECRET}`, true), { method: 'POST', headers: FORM, body: form() });
		expect(await server.settled([SECRET])).toHaveLength(2);
	});
});
