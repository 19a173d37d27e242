/**
 * The fake run as its own process for a script that loads it (scripts/queue.js): faults from the
 * command line that start after some sends, and the control routes that read what the service took
 * and put received messages in the inbox while it runs.
 */
const { request } = require('undici');
const { callerFor, startFakeProcess: startFake, stopFakeProcess: stop } = require('./client');

const startFakeProcess = (/** @type {string[]} */ args) => startFake('control-key', args);

/**
 * @param {{ url: string }} fake
 * @param {'GET' | 'POST'} method
 * @param {string} route
 * @param {unknown} [body]
 */
async function control(fake, method, route, body) {
	const response = await request(`${fake.url}/_fake/${route}`, {
		method,
		body: body === undefined ? undefined : JSON.stringify(body),
		headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
	});
	return { http: response.statusCode, body: /** @type {Record<string, any[]>} */ (await response.body.json()) };
}

describe('fake Kavenegar: faults from the command line and the control routes', () => {
	/** @type {import('./client').FakeProcess} */
	let fake;
	/** @type {import('./client').Caller} */
	let call;
	beforeAll(async () => {
		fake = await startFakeProcess(['--fault', 'reset,operation=sms/send,skip=2,times=2,after=1']);
		call = callerFor(fake);
	});
	afterAll(() => stop(fake));

	test('--fault with skip and after: the first sends pass, the next ones are taken and then their connections reset', async () => {
		const send = (/** @type {string} */ receptor, /** @type {string} */ localid) => call('sms/send', { form: { receptor, message: 'hi', localid } });
		expect((await send('09120000001', '1')).http).toBe(200);
		expect((await send('09120000002', '2')).http).toBe(200);
		await expect(send('09120000003', '3')).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
		await expect(send('09120000004', '4')).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
		const again = await send('09120000003', '3');
		expect(again.http).toBe(200);

		const { http, body } = await control(fake, 'GET', 'outbox');
		expect(http).toBe(200);
		// Taken once each, although the third number was sent twice: its local ID guarded the repeat.
		expect(body.outbox.map((row) => [row.receptor, row.localid])).toEqual([
			['09120000001', '1'],
			['09120000002', '2'],
			['09120000003', '3'],
			['09120000004', '4'],
		]);
		expect(body.outbox[0]).toEqual({ messageid: expect.any(Number), receptor: '09120000001', message: 'hi', localid: '1', date: expect.any(Number) });
		expect(body.requests).toEqual({ 'sms/send': 5 });
		expect(body.faultsLeft).toBe(0);
	});

	test('POST /_fake/inbox puts messages in the inbox now, and the inbox serves them', async () => {
		const added = await control(fake, 'POST', 'inbox', [{ sender: '09351112222', receptor: '10004346', message: 'live one' }]);
		expect(added.http).toBe(200);
		expect(added.body).toEqual([
			{ messageid: expect.any(Number), sender: '09351112222', receptor: '10004346', message: 'live one', date: expect.any(Number), read: false },
		]);
		const inbox = await call('sms/inboxpaged', { form: { linenumber: '10004346', isread: '0', pagenumber: '1' } });
		expect(inbox.body.entries.map((row) => row.message)).toEqual(['live one']);
		expect((await control(fake, 'POST', 'inbox', [{ sender: 1 }])).http).toBe(400);
		expect((await control(fake, 'GET', 'nothing')).http).toBe(404);
	});

	test('a malformed --fault stops the fake before it serves, saying what is expected', async () => {
		await expect(startFakeProcess(['--fault', 'explode'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('KIND is one of') });
		await expect(startFakeProcess(['--fault', 'reset,skip=x'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('whole number') });
	});
});
