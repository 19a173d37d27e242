/**
 * The fake run as its own process, as scripts/e2e.js runs it: the seeding options and the sample
 * file route, over plain HTTP.
 */
const { request } = require('undici');
const { callerFor, startFakeProcess: startFake, stopFakeProcess: stop } = require('./client');
const { jpeg } = require('../mediaSamples');

const startFakeProcess = (/** @type {string[]} */ args) => startFake('cli-key', args);

describe('fake Kavenegar: command line', () => {
	/** @type {import('./client').FakeProcess} */
	let fake;
	/** @type {import('./client').Caller} */
	let call;
	beforeAll(async () => {
		fake = await startFakeProcess([
			'--approved-template', 'shopLogin',
			'--approved-template', 'shopCall=Hello, your code is %token',
			'--seed-inbox', '10004346:205',
			'--seed-inbox', '30004000:2',
		]);
		call = callerFor(fake);
	});
	afterAll(() => stop(fake));

	test('--approved-template makes templates Send Code can use at once, with a default text or the one given', async () => {
		const sms = await call('verify/lookup', { form: { receptor: '09121234567', template: 'shopLogin', token: '4821' } });
		expect(sms.http).toBe(200);
		expect(sms.body.entries).toEqual([expect.objectContaining({ receptor: '09121234567', message: 'Your verification code: 4821' })]);
		const call2 = await call('verify/lookup', { form: { receptor: '09121234567', template: 'shopCall', token: '77' } });
		expect(call2.body.entries[0].message).toBe('Hello, your code is 77');
		const unknown = await call('verify/lookup', { form: { receptor: '09121234567', template: 'other', token: '1' } });
		expect(unknown.body.return.status).toBe(424);
	});

	test('--seed-inbox LINE:COUNT puts COUNT unread messages on that line, numbered, one a second, the last one now', async () => {
		const page = (/** @type {number} */ pagenumber, linenumber = '10004346') =>
			call('sms/inboxpaged', { form: { linenumber, isread: '0', pagenumber: String(pagenumber) } });
		const first = await page(1);
		expect(first.body.metadata).toEqual({ totalcount: 205, currentpage: 1, totalpages: 2, pagesize: 200 });
		expect(first.body.entries[0]).toEqual({
			messageid: expect.any(Number),
			message: 'Message 1 of 205',
			sender: '09120000001',
			receptor: '10004346',
			date: expect.any(Number),
		});
		const second = await page(2);
		const last = second.body.entries.at(-1);
		expect(last).toMatchObject({ message: 'Message 205 of 205', sender: '09120000205' });
		expect(last.date - first.body.entries[0].date).toBe(204);
		expect(Math.abs(last.date - Date.now() / 1000)).toBeLessThan(30);
		expect((await page(1, '30004000')).body.entries.map((row) => row.message)).toEqual(['Message 1 of 2', 'Message 2 of 2']);
	});

	test('GET /samples/logo.jpg serves a JPEG the upload accepts, outside the API', async () => {
		const response = await request(`${fake.url}/samples/logo.jpg`);
		expect(response.statusCode).toBe(200);
		expect(response.headers['content-type']).toBe('image/jpeg');
		const bytes = Buffer.from(await response.body.arrayBuffer());
		expect(bytes.equals(jpeg(2048))).toBe(true);
		const other = await request(`${fake.url}/samples/other.jpg`);
		expect(other.statusCode).toBe(404);
		await other.body.dump();
	});

	test('a malformed seeding option stops the fake before it serves, saying what is expected', async () => {
		await expect(startFakeProcess(['--seed-inbox', '10004346'])).rejects.toMatchObject({
			code: 2,
			stderr: expect.stringContaining('expected LINE:COUNT'),
		});
		await expect(startFakeProcess(['--approved-template', 'has space'])).rejects.toMatchObject({ code: 2 });
	});

	test('a malformed --error-mode or --seed-message stops the fake before it serves', async () => {
		await expect(startFakeProcess(['--error-mode', 'html'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('expected status or 200') });
		await expect(startFakeProcess(['--seed-message', '10004346:STOP'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('LINE:SENDER:TEXT') });
	});
});

describe('fake Kavenegar: command line for trying the node in the editor (npm run fake)', () => {
	/** @type {import('./client').FakeProcess[]} */
	const started = [];
	const startWith = async (/** @type {string[]} */ args) => {
		const fake = await startFakeProcess(args);
		started.push(fake);
		return { ...fake, call: callerFor(fake) };
	};
	afterAll(() => Promise.all(started.map(stop)));
	const send = (/** @type {import('./client').Caller} */ call) => call('sms/send', { form: { receptor: '09121234567', message: 'hi' } });

	test('--error-mode 200 answers service errors inside HTTP 200; the default mirrors the code as the HTTP status', async () => {
		const inside = await startWith(['--error-mode', '200']);
		expect(await inside.call('sms/send', { form: { message: 'no receptor' } })).toMatchObject({ http: 200, body: { return: { status: 400 } } });
		const mirrored = await startWith([]);
		expect(await mirrored.call('sms/send', { form: { message: 'no receptor' } })).toMatchObject({ http: 400, body: { return: { status: 400 } } });
	});

	test('--no-ip-access makes the outbox operations answer 407; sends still work', async () => {
		const fake = await startWith(['--no-ip-access']);
		expect((await fake.call('sms/latestoutbox', { form: {} })).body.return.status).toBe(407);
		expect((await send(fake.call)).body.return.status).toBe(200);
	});

	test('--no-credit makes every send answer 418 and send nothing; reads still work', async () => {
		const fake = await startWith(['--no-credit']);
		expect((await send(fake.call)).body.return.status).toBe(418);
		expect((await fake.call('call/maketts', { form: { receptor: '09121234567', message: 'hi' } })).body.return.status).toBe(418);
		expect((await fake.call('account/info', { form: {} })).body.entries.remaincredit).toBe(0);
	});

	test('--busy-above N answers busy to a request that arrives while N others are being answered, and sends nothing for it', async () => {
		const fake = await startWith(['--busy-above', '2', '--latency-ms', '300']);
		const answers = await Promise.all([0, 1, 2].map((i) => fake.call('sms/send', { form: { receptor: `0912123456${i}`, message: 'hi' } })));
		expect(answers.map((a) => a.body.return.status).sort()).toEqual([200, 200, 409]);
		expect(answers.find((a) => a.body.return.status === 409)?.http).toBe(409);
		expect((await fake.call('sms/latestoutbox', { form: {} })).body.entries).toHaveLength(2);
		await expect(startFakeProcess(['--busy-above', 'many'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--busy-above many: expected a whole number') });
	});

	test('--fault queues failures in the order given, per operation and count', async () => {
		const fake = await startWith(['--fault', 'busy409,operation=sms/send,times=2', '--fault', 'html502']);
		expect((await send(fake.call)).body.return.status).toBe(409);
		// The second fault matches any operation, but the first one is still queued for sms/send.
		const proxyPage = await request(`${fake.url}/v1/cli-key/account/info.json`, { method: 'POST' });
		expect([proxyPage.statusCode, await proxyPage.body.text()]).toEqual([502, expect.stringContaining('502 Bad Gateway')]);
		expect((await send(fake.call)).body.return.status).toBe(409);
		expect((await send(fake.call)).body.return.status).toBe(200);
	});

	test('--fault reset,after=1 processes the request, then drops the connection', async () => {
		const fake = await startWith(['--fault', 'reset,operation=sms/send,after=1']);
		await expect(send(fake.call)).rejects.toThrow();
		const { body } = await fake.call('sms/latestoutbox', { form: {} });
		expect(body.entries.map((row) => row.message)).toEqual(['hi']);
	});

	test('--fault refuse,code=501 answers the code and sends nothing; the next send goes', async () => {
		const fake = await startWith(['--fault', 'refuse,operation=sms/send,code=501']);
		expect((await send(fake.call)).body.return.status).toBe(501);
		expect((await fake.call('sms/latestoutbox', { form: {} })).body.entries).toEqual([]);
		expect((await send(fake.call)).body.return.status).toBe(200);
	});

	test('--seed-message puts one message with the given text in the inbox', async () => {
		const fake = await startWith(['--seed-message', '10004346:09121234567:STOP please', '--seed-message', '10004346:09351234567:لغو']);
		const { body } = await fake.call('sms/inboxpaged', { form: { linenumber: '10004346', isread: '0' } });
		expect(body.entries.map((row) => [row.sender, row.message])).toEqual([['09121234567', 'STOP please'], ['09351234567', 'لغو']]);
	});

	test('tells a person on stderr what to put in the credential', async () => {
		const fake = await startWith(['--api-key', 'editor-key', '--no-credit']);
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(fake.stderr()).toContain(`API Key editor-key and Base URL ${fake.url}`);
		expect(fake.stderr()).toContain('no credit');
	});
});
