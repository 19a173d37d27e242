/**
 * Which answers are retried (docs/errors.md, "Which failures are retried"), walked for each kind
 * of operation in both ways the fake sends errors (a matching HTTP status, or inside HTTP 200),
 * counting the requests that reach the fake, and checking that an error says something may have
 * been sent, or marked read, exactly when it may have.
 */
const net = require('node:net');
const { useFake } = require('./helpers');
const { SERVICE_ERROR_MEANINGS } = require('../nodes/allNodes/serviceErrors');

const ctx = useFake();
const RETRIES = 2;
const limits = { requestLimits: { busyRetries: RETRIES } };
let series = 5_000_000;
const freshNumber = () => `0912${String(++series).padStart(7, '0')}`;

/**
 * The kinds of operation, by how safe a repeat is: a send with local IDs (the service answers a
 * repeat with the first send's row), a read, a read that consumes (Get Inbox and Mark as Read), and
 * a send that a repeat could send twice (Send Code: only an answer that says nothing was sent is retried).
 * @type {Record<string, { operation: string, parameters: () => import('n8n-workflow').INodeParameters, sends: boolean }>}
 */
const KINDS = {
	send: { operation: 'sms/send', sends: true, parameters: () => ({ resource: 'sms', operation: 'send', recipients: freshNumber(), message: 'Hello', ...limits }) },
	read: { operation: 'account/info', sends: false, parameters: () => ({ resource: 'account', operation: 'getInfo', ...limits }) },
	consumingRead: { operation: 'sms/receive', sends: false, parameters: () => ({ resource: 'sms', operation: 'receive', lineNumber: '30004000', ...limits }) },
	sendCode: {
		operation: 'verify/lookup',
		sends: true,
		parameters: () => ({ resource: 'verify', operation: 'sendCode', recipient: freshNumber(), template: 'walkcode', value: '1234', ...limits }),
	},
};

/**
 * The table, written out here rather than read from the node: for each answer, the kinds of
 * operation that retry it, and whether the service may have acted on the request.
 * @typedef {{ answer: string, fault?: import('./fakeKavenegar').Fault, notListening?: boolean, timeout?: boolean, retriedBy: string[], mayHaveActed: boolean }} Row
 */
/** @type {Row[]} */
const ROWS = [
	{ answer: 'busy 409', fault: { kind: 'busy409' }, retriedBy: ['send', 'read', 'consumingRead', 'sendCode'], mayHaveActed: false },
	{ answer: 'busy 451', fault: { kind: 'busy451' }, retriedBy: ['send', 'read', 'consumingRead', 'sendCode'], mayHaveActed: false },
	...Object.keys(SERVICE_ERROR_MEANINGS)
		.map(Number)
		.filter((code) => code !== 409 && code !== 451)
		.map((code) => ({ answer: `code ${code}`, fault: { kind: 'refuse', code }, retriedBy: [], mayHaveActed: false })),
	{ answer: 'an undocumented code', fault: { kind: 'refuse', code: 499 }, retriedBy: [], mayHaveActed: true },
	{ answer: 'no connection', notListening: true, retriedBy: ['send', 'read', 'consumingRead', 'sendCode'], mayHaveActed: false },
	{ answer: 'a connection dropped before the service read the request', fault: { kind: 'reset' }, retriedBy: ['send', 'read'], mayHaveActed: true },
	{ answer: 'a connection dropped after the service acted', fault: { kind: 'reset', after: true }, retriedBy: ['send', 'read'], mayHaveActed: true },
	{ answer: "a proxy's HTML 502", fault: { kind: 'html502' }, retriedBy: ['send', 'read'], mayHaveActed: true },
	{ answer: 'a plain-text 500', fault: { kind: 'text500' }, retriedBy: ['send', 'read'], mayHaveActed: true },
	{ answer: 'an answer cut off after the service acted', fault: { kind: 'truncated', after: true }, retriedBy: ['send', 'read'], mayHaveActed: true },
	{ answer: "a proxy's HTML 403", fault: { kind: 'proxy403' }, retriedBy: [], mayHaveActed: false },
	{ answer: 'a timeout', fault: { kind: 'slow', delayMs: 1000 }, timeout: true, retriedBy: [], mayHaveActed: true },
];

/** A loopback port nothing listens on. */
async function closedPort() {
	const server = net.createServer();
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
	await new Promise((resolve) => server.close(resolve));
	return port;
}

beforeAll(() => {
	ctx.fake.addApprovedTemplate('walkcode', 'Code %token');
});

afterEach(() => {
	ctx.fake.faults.length = 0;
	ctx.fake.errorMode = 'status';
});

describe.each(['status', '200'])('with errors in HTTP %s', (mode) => {
	describe.each(Object.keys(KINDS))('%s', (kindName) => {
		const kind = KINDS[kindName];
		test.each(ROWS.map((row) => [row.answer, row]))('%s', async (_answer, /** @type {any} */ row) => {
			const { fault, notListening, timeout, retriedBy, mayHaveActed } = /** @type {Row} */ (row);
			ctx.fake.errorMode = mode;
			if (fault) ctx.fake.injectFault({ ...fault, operation: kind.operation, times: RETRIES + 1 });
			const parameters = kind.parameters();
			const credentials = notListening ? { baseUrl: `http://127.0.0.1:${await closedPort()}` } : undefined;
			const { items, error } = await ctx.run(timeout ? { ...parameters, requestOptions: { timeout: 200 } } : parameters, { credentials });
			expect(items).toEqual([]);
			expect(error).toBeDefined();
			const retried = retriedBy.includes(kindName);
			const tries = retried ? RETRIES + 1 : 1;
			expect(ctx.fake.requests).toHaveLength(notListening ? 0 : tries);
			expect(ctx.fake.requests.every((request) => request.operation === kind.operation)).toBe(true);
			const description = String(error.description ?? '');
			expect(description.includes(`${tries} tries were made`)).toBe(retried);
			expect(description.includes('may have been sent')).toBe(kind.sends && mayHaveActed);
			if (kindName === 'consumingRead') expect(description.includes('may have marked up to 100 more messages read')).toBe(mayHaveActed);
			if (kindName === 'send') {
				const receptor = String(parameters.recipients);
				// Delivered once at most: a repeat after the service acted carries the same local ID.
				const acted = fault?.after === true || fault?.kind === 'slow';
				await new Promise((resolve) => setTimeout(resolve, fault?.kind === 'slow' ? 1000 : 0));
				expect(ctx.fake.deliveriesTo(receptor)).toBe(acted ? 1 : 0);
			}
		});
	});
});
