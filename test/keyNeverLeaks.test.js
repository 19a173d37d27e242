/**
 * The API key never appears in a log line: every failure kind runs with n8n's logger at debug
 * level, and everything written to stdout and stderr is searched for the key.
 */
process.env.N8N_LOG_LEVEL = 'debug';

const { useFake } = require('./helpers');

const API_KEY = 'leak-probe-KEY/with+slash=';
const ctx = useFake({ apiKey: API_KEY });
const written = [];

beforeAll(() => {
	for (const stream of [process.stdout, process.stderr]) {
		const write = stream.write.bind(stream);
		stream.write = (chunk, ...rest) => {
			written.push(String(chunk));
			return write(chunk, ...rest);
		};
	}
});

const send = { resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello' };
const inbox = { resource: 'sms', operation: 'getInbox', lineNumber: '30004000', returnAll: true };

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
		[`${kind} on a send`, () => (ctx.fake.injectFault({ kind }), ctx.run(send))],
		[`${kind} on a paged read`, () => (ctx.fake.injectFault({ kind }), ctx.run(inbox))],
	]),
	['connection refused', () => ctx.run(send, { credentials: { baseUrl: 'http://127.0.0.1:1' } })],
];

test.each(failures)('%s: the run fails and no log line holds the key', async (_name, fail) => {
	written.length = 0;
	const { error } = await fail();
	expect(error).toBeDefined();
	const log = written.join('');
	expect(log).not.toContain(API_KEY);
	expect(log).not.toContain(encodeURIComponent(API_KEY));
});

test('the logger really writes node errors at this level', async () => {
	written.length = 0;
	await ctx.run({ ...send, recipients: 'nope' });
	expect(written.join('')).toContain('Recipients: "nope" is not a phone number');
});
