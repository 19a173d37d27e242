/**
 * The fake's connections: an idle keep-alive connection stays open until the client ends it, so a
 * request on a reused connection is answered however long the connection sat idle and however
 * busy the machine was. A server that closes idle connections itself races such a request: the
 * client sends just as the server's timer expires, and the client sees ECONNRESET or EPIPE.
 */
const { Client } = require('undici');
const { useFakeOverHttp } = require('./client');

const ctx = useFakeOverHttp();

/**
 * Blocks this process's event loop without using the CPU, as a loaded machine stalls the client
 * and the fake in it: longer than a Node server keeps an idle connection by default (5 seconds
 * advertised, 6 kept), shorter than the client keeps it.
 */
const blockEventLoop = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 6_500);

describe('fake Kavenegar: connections', () => {
	test('a request sent on a connection left idle past 6 seconds, under a blocked event loop, is answered on that connection', async () => {
		const client = new Client(/** @type {string} */ (ctx.fake.url), { keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000 });
		const info = async () => {
			const response = await client.request({
				path: `/v1/${ctx.fake.apiKey}/account/info.json`,
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: '',
			});
			return /** @type {any} */ (await response.body.json()).return.status;
		};
		try {
			const connectionsBefore = ctx.fake.connections;
			expect(await info()).toBe(200);
			blockEventLoop();
			expect(await info()).toBe(200);
			expect(ctx.fake.connections - connectionsBefore).toBe(1);
		} finally {
			await client.close();
		}
	});
});
