const { useFake } = require('../helpers');
const { kavenegarWithOwnN8nWorkflow } = require('../harness');

const ctx = useFake();
const send = { resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello' };
const inbox = { resource: 'sms', operation: 'getInbox', lineNumber: '30004000', returnAll: true };
/** n8n's own wording for ECONNRESET, kept as it is. */
const RESET_MESSAGE = 'The connection to the server was closed unexpectedly, perhaps it is offline. You can retry the request immediately or wait and retry later.';

/**
 * Every answer passes the envelope check. Each case names what happened, without a stack, the
 * key or the URL in what the user reads.
 */
describe('the envelope check on every response', () => {
	test.each([
		['html502', 'Kavenegar answered HTTP 502 with an HTML page', '502'],
		['text500', 'Kavenegar answered HTTP 500 with a body that is not Kavenegar JSON', '500'],
		['truncated', 'Kavenegar answered HTTP 200 with a body that is not Kavenegar JSON', '200'],
		['busy409', 'Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later', '409'],
	])('%s on a send and on a paged read', async (kind, message, httpCode) => {
		for (const parameters of [send, inbox]) {
			ctx.fake.injectFault({ kind });
			// Without retries, to see the error of one answer (retries: test/sending.test.js).
			const { items, error } = await ctx.run({ ...parameters, requestLimits: { busyRetries: 0 } });
			expect(items).toEqual([]);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe(message);
			expect(error.httpCode).toBe(httpCode);
			expect(JSON.stringify(error)).not.toContain(ctx.fake.url);
		}
	});

	test.each([
		// A send also says its outcome is unknown (see the send tests), which decides whether to run it again.
		['a send', send, 'Kavenegar did not answer within the timeout (Request Options → Timeout)'],
		['a paged read', inbox, 'Kavenegar did not answer within the timeout (Request Options → Timeout)'],
	])('an answer slower than the Request Options timeout fails %s', async (_what, parameters, message) => {
		ctx.fake.injectFault({ kind: 'slow', delayMs: 1500 });
		const { items, error } = await ctx.run({ ...parameters, requestOptions: { timeout: 200 } });
		expect(items).toEqual([]);
		expect(error.message).toBe(message);
		expect(error.httpCode).toBe('ECONNABORTED');
	});

	test.each([
		['a send', send],
		['a paged read', inbox],
	])('a connection reset says so on %s', async (_what, parameters) => {
		ctx.fake.injectFault({ kind: 'reset' });
		const { items, error } = await ctx.run({ ...parameters, requestLimits: { busyRetries: 0 } });
		expect(items).toEqual([]);
		expect(ctx.fake.requests).toHaveLength(1);
		expect(error.message).toBe(RESET_MESSAGE);
		expect(error.httpCode).toBe('ECONNRESET');
		expect(JSON.stringify(error)).not.toContain(ctx.fake.url);
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
		expect(ctx.fake.requests.map((r) => r.form?.receptor).sort()).toEqual(['09121111111', '09123333333']);
	});

	/**
	 * Three sends, one item each; a batch interval keeps them reaching the service in item order.
	 * @param {import('n8n-workflow').INodeParameters} [extra]
	 */
	const threeSends = (extra) =>
		ctx.run(
			{
				...send,
				recipients: '={{ $json.phone }}',
				requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 30 } } },
				requestLimits: { busyRetries: 0 },
				...extra,
			},
			{
				items: [{ json: { phone: '09124440001', tag: 'crm' } }, { json: { phone: '09124440002', tag: 'nosuchtag' } }, { json: { phone: '09124440003', tag: 'crm' } }],
				settings: { onError: 'continueRegularOutput' },
			},
		);
	const expectNormalRow = (/** @type {import('../harness').OutputItem} */ item, /** @type {string} */ receptor, /** @type {number} */ index) =>
		expect(item).toEqual({
			json: {
				messageid: expect.any(Number),
				message: 'Hello',
				status: 1,
				statustext: 'در صف ارسال',
				statusName: 'Queued',
				sender: '10004346',
				receptor,
				date: expect.any(Number),
				dateIso: expect.any(String), dateJalali: expect.any(String),
				cost: 120,
				localid: expect.any(Number),
			},
			pairedItem: { item: index },
		});

	test.each([
		[
			"a service error (undefined tag → 400), with the service's own message",
			undefined,
			'Kavenegar error 400: "tag "nosuchtag" is not defined" – parameters are incomplete or out of range',
		],
		['an HTML 502 page', 'html502', 'Kavenegar answered HTTP 502 with an HTML page'],
		['a connection reset', 'reset', RESET_MESSAGE],
	])('with On Error: Continue, %s on item 2 of 3 fails only item 2', async (_what, kind, message) => {
		if (kind) ctx.fake.injectFault({ kind, operation: 'sms/send', skip: 1 });
		const { items, error } = await threeSends(kind ? {} : { additionalFields: { tag: '={{ $json.tag }}' } });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((r) => r.form?.receptor)).toEqual(['09124440001', '09124440002', '09124440003']);
		if (!kind) expect(ctx.fake.requests.map((r) => r.form?.tag)).toEqual(['crm', 'nosuchtag', 'crm']);
		expect(items).toHaveLength(3);
		expectNormalRow(items[0], '09124440001', 0);
		// n8n also keeps the error object beside the item, for the next node's "error" output.
		expect(items[1]).toEqual({ json: { error: message }, error: expect.objectContaining({ message }), pairedItem: { item: 1 } });
		expectNormalRow(items[2], '09124440003', 2);
		expect(JSON.stringify(items)).not.toContain(ctx.fake.url);
	});
});

/**
 * Installed with `npm install` into ~/.n8n/nodes, the package gets its own n8n-workflow (npm installs
 * peer dependencies), and n8n's routing wraps every error the node throws in a NodeApiError of its own
 * copy. That wrap keeps the title and the description but reads the code only where an HTTP client's
 * error holds it; the editor showed "Error code: none" under a 418 title (issue 10).
 */
describe('errors keep their code when the package has its own n8n-workflow', () => {
	const ownCopy = kavenegarWithOwnN8nWorkflow();
	/** @param {import('n8n-workflow').INodeParameters} parameters */
	const run = (parameters) => ctx.run({ ...parameters, requestLimits: { busyRetries: 0 } }, { nodeType: ownCopy });

	test.each([['status'], ['200']])('no credit (418, errors with HTTP %s): the code, the title and what to do', async (errorMode) => {
		const credit = ctx.fake.credit;
		ctx.fake.credit = 0;
		ctx.fake.errorMode = errorMode;
		try {
			const { error } = await run(send);
			expect(error.name).toBe('NodeApiError');
			expect(error.httpCode).toBe('418');
			expect(error.message).toBe('Kavenegar error 418: "\u2068اعتبار حساب شما کافی نیست\u2069"');
			expect(error.description).toBe(
				`Code 418 is Kavenegar's general refusal, given for several causes; its message above names this one (HTTP ${errorMode === 'status' ? 418 : 200}). Top up the account's credit in the Kavenegar panel if it is low, and check the API key in the Kavenegar credential.`,
			);
		} finally {
			ctx.fake.credit = credit;
			ctx.fake.errorMode = 'status';
		}
	});

	test.each([
		['html502', 'Kavenegar answered HTTP 502 with an HTML page', '502'],
		['busy409', 'Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later', '409'],
		['reset', RESET_MESSAGE, 'ECONNRESET'],
	])('%s', async (kind, message, httpCode) => {
		ctx.fake.injectFault({ kind });
		const { error } = await run(inbox);
		expect(error.message).toBe(message);
		expect(error.httpCode).toBe(httpCode);
	});

	test('a timeout keeps its title; n8n gives the code no place', async () => {
		ctx.fake.injectFault({ kind: 'slow', delayMs: 1500 });
		const { error } = await run({ ...inbox, requestOptions: { timeout: 200 } });
		expect(error.message).toBe('Kavenegar did not answer within the timeout (Request Options → Timeout)');
		expect(error.httpCode).toBe('none');
	});

	test("bad input carries no code: the editor shows no 'From Kavenegar – Error code' as if the service had answered", async () => {
		const { error } = await run({ ...send, recipients: 'call me' });
		expect(error.message).toBe('Recipients: "call me" is not a phone number');
		expect(error.description).toBe('Nothing was sent to Kavenegar for this item.');
		expect(error.httpCode ?? null).toBeNull();
		expect(ctx.fake.requests).toHaveLength(0);
	});
});
