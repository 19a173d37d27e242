const { useFake, expectNoKey } = require('../helpers');

const ctx = useFake();
const send = { resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello' };
const inbox = { resource: 'sms', operation: 'getInbox', lineNumber: '30004000', returnAll: true };

/**
 * Every answer passes the envelope check. Each case names what happened, without a stack, the
 * key or the URL in what the user reads.
 */
describe('the envelope check on every response', () => {
	test.each([
		['html502', 'Kavenegar answered HTTP 502 with an HTML page', '502'],
		['text500', 'Kavenegar answered HTTP 500 with a body that is not Kavenegar JSON', '500'],
		['truncated', 'Kavenegar answered HTTP 200 with a body that is not Kavenegar JSON', '200'],
		['busy409', 'Kavenegar error 409: the server is busy: retry later', '409'],
	])('%s on a send and on a paged read', async (kind, message, httpCode) => {
		for (const parameters of [send, inbox]) {
			ctx.fake.injectFault({ kind });
			const { items, error } = await ctx.run(parameters);
			expect(items).toEqual([]);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe(message);
			expect(error.httpCode).toBe(httpCode);
			expectNoKey(error, ctx.fake.apiKey);
			expect(JSON.stringify(error)).not.toContain(ctx.fake.url);
		}
	});

	test.each([
		// A send says the outcome is unknown, which decides whether to run it again.
		['a send', send, 'Kavenegar did not answer within the timeout (Request Options → Timeout)'],
		// A read goes through n8n's own pagination, which words a timeout its way.
		['a paged read', inbox, 'The connection was aborted, perhaps the server is offline'],
	])('an answer slower than the Request Options timeout fails %s', async (_what, parameters, message) => {
		ctx.fake.injectFault({ kind: 'slow', delayMs: 1500 });
		const { items, error } = await ctx.run({ ...parameters, requestOptions: { timeout: 200 } });
		expect(items).toEqual([]);
		expect(error.message).toBe(message);
		expect(error.httpCode).toBe('ECONNABORTED');
		expectNoKey(error, ctx.fake.apiKey);
	});

	test('a connection reset says so', async () => {
		ctx.fake.injectFault({ kind: 'reset' });
		const { error } = await ctx.run(send);
		expect(error.message).toMatch(/socket hang up|ECONNRESET|connection/i);
		expectNoKey(error, ctx.fake.apiKey);
	});

	test('with On Error: Continue, good items come out and the failed one carries its error', async () => {
		const { items, error } = await ctx.run(
			{ ...send, recipients: '={{ $json.phone }}' },
			{
				items: [{ json: { phone: '09121111111' } }, { json: { phone: 'not a number' } }, { json: { phone: '09123333333' } }],
				settings: { onError: 'continueRegularOutput' },
			},
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items[0].json.receptor).toBe('09121111111');
		expect(items[1].json).toEqual({ error: 'Recipients: "not a number" is not a phone number' });
		expect(items[2].json.receptor).toBe('09123333333');
		expect(ctx.fake.requests.map((r) => r.form.receptor).sort()).toEqual(['09121111111', '09123333333']);
	});
});
