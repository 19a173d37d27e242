/**
 * The API key never appears in a log line: every failure kind runs while everything handed to
 * n8n's logger (message and metadata, whatever the level) is recorded and searched for the key.
 * Recording at the logger rather than on stdout keeps it independent of where jest sends output.
 */
process.env.N8N_LOG_LEVEL = 'debug';

const { requireFromEngine, runPoll, credentialsFor } = require('./harness');
const { useFake } = require('./helpers');

const { Container } = requireFromEngine('@n8n/di');
const { Logger } = requireFromEngine('@n8n/backend-common');

const API_KEY = 'leak-probe-KEY/with+slash=';
const ctx = useFake({ apiKey: API_KEY });
/** @type {string[]} */
const written = [];

/**
 * Errors serialise to `{}` by default; a leak could hide in their message, stack or cause.
 * @param {unknown} value
 */
function serialise(value) {
	return JSON.stringify(value, (_key, v) =>
		v instanceof Error ? { ...v, message: v.message, stack: v.stack, description: /** @type {any} */ (v).description, cause: v.cause } : v,
	);
}

beforeAll(() => {
	const logger = Container.get(Logger);
	for (const level of ['error', 'warn', 'info', 'debug']) {
		/** @type {any} */ (logger)[level] = (/** @type {unknown} */ message, /** @type {unknown} */ meta) => written.push(`${level}: ${serialise(message)} ${serialise(meta) ?? ''}`);
	}
});

const send = { resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello' };
const inbox = { resource: 'sms', operation: 'getInbox', lineNumber: '30004000', returnAll: true };

const noRetries = { requestLimits: { busyRetries: 0 } };

/** @type {any[][]} [name, run] pairs */
const failures = [
	['bad input', () => ctx.run({ ...send, recipients: 'nope' })],
	['wrong key', () => ctx.run(send, { credentials: { apiKey: `${API_KEY}x` } })],
	['service error in HTTP 200', async () => {
		ctx.fake.errorMode = '200';
		try {
			return await ctx.run({ ...send, additionalFields: { tag: 'unknowntag' } });
		} finally {
			ctx.fake.errorMode = 'status';
		}
	}],
	['IP access', async () => {
		ctx.fake.ipAccess = false;
		try {
			return await ctx.run({ resource: 'sms', operation: 'getLatestOutbox', limit: 5 });
		} finally {
			ctx.fake.ipAccess = true;
		}
	}],
	...['reset', 'html502', 'text500', 'truncated', 'busy409'].flatMap((kind) => [
		// Without the node's retries, which would get past a single fault.
		[`${kind} on a send`, () => (ctx.fake.injectFault({ kind }), ctx.run({ ...send, ...noRetries }))],
		[`${kind} on a paged read`, () => (ctx.fake.injectFault({ kind }), ctx.run({ ...inbox, ...noRetries }))],
	]),
	['connection refused', () => ctx.run(send, { credentials: { baseUrl: 'http://127.0.0.1:1' } })],
	// Node's URL parser puts the whole URL, key included, into its error's `input`.
	...['http://bad host.example', 'http://[bad', 'http://127.0.0.1:99999'].map((baseUrl) => [`a Base URL that is no URL (${baseUrl})`, () => ctx.run(send, { credentials: { baseUrl } })]),
];

test.each(failures)('%s: the run fails and no log line holds the key', async (_name, fail) => {
	written.length = 0;
	const { error } = await fail();
	expect(error).toBeDefined();
	const log = written.join('\n');
	expect(log).not.toContain(API_KEY);
	expect(log).not.toContain(encodeURIComponent(API_KEY));
});

test('the recorder sees what the engine logs about a failing node', async () => {
	written.length = 0;
	await ctx.run({ ...send, recipients: 'nope' });
	expect(written.join('\n')).toContain('Running node \\"Kavenegar\\" finished with error');
});

test("the suite-wide guard in the harness fires when the key does reach an item", async () => {
	// A message whose text is the key comes back in the sent row: the guard must refuse that run.
	await expect(ctx.run({ ...send, message: API_KEY })).rejects.toThrow('The API key leaked into items');
});

/*
 * With On Error: Continue, n8n puts the error object itself on the output item; n8n's error for a
 * network failure would carry the request (URL and key) as its cause. Every way the node makes
 * requests is covered: one request, inbox and media pages, and split sends.
 */
test.each([
	['one request', { resource: 'sms', operation: 'countInbox', startDate: '={{ $now.minus({ hours: 1 }) }}' }],
	['inbox pages', inbox],
	['media pages', { resource: 'media', operation: 'getAll', returnAll: true }],
	['split send', send],
])('On Error: Continue after a connection reset (%s): the failed item carries no request', async (_how, parameters) => {
	ctx.fake.injectFault({ kind: 'reset' });
	const { items } = await ctx.run({ ...parameters, ...noRetries }, { settings: { onError: 'continueRegularOutput' } });
	expect(items).toHaveLength(1);
	expect(items[0].json.error).toMatch(/closed unexpectedly/);
	expect(items[0].error.cause).toBeUndefined();
});

/*
 * The Kavenegar Trigger's polls go through the same error path; the harness walks a failed poll's
 * error for the key too.
 */
test.each(['messageStatusChanged', 'newIncomingMessage'])('a poll (%s) with a Base URL that is no URL fails with no key in its error', async (event) => {
	const { error } = await runPoll({
		parameters: { event, ...(event === 'newIncomingMessage' ? { lineNumber: '30004000' } : {}) },
		credentials: credentialsFor(ctx.fake, { apiKey: API_KEY, baseUrl: 'http://bad host.example' }),
	});
	expect(error).toBeDefined();
	expect(serialise(error)).not.toContain(API_KEY);
});
