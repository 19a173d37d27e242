const { useFake, expectRejectedBeforeSending, isoFromNow } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const send = (extra) => ({ resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello', ...extra });
/**
 * `count` distinct numbers, starting at 0912 `from`.
 * @param {number} count
 */
const numbers = (count, from = 0) => Array.from({ length: count }, (_, i) => `0912${String(from + i).padStart(7, '0')}`);
const LONG_SAFE = Number.MAX_SAFE_INTEGER;
/** A number from its own series, so that tests do not see each other's deliveries. */
let series = 5_000_000;
/** @param {number} count */
const freshNumbers = (count) => numbers(count, (series += 10_000));

describe('SMS → Send', () => {
	test('posts a form to sms/send.json with the key in the path and returns one item per recipient', async () => {
		const { items, error } = await ctx.run(
			send({ recipients: '0912 123 4567,\n+98 935-123-4567', message: 'سلام دنیا' }),
		);
		expect(error).toBeUndefined();
		const [request] = ctx.fake.requests;
		expect(request).toMatchObject({
			method: 'POST',
			operation: 'sms/send',
			apiKey: 'test-key/with+chars',
			contentType: 'application/x-www-form-urlencoded',
			query: {},
			form: { receptor: '09121234567,09351234567', message: 'سلام دنیا' },
		});
		expect(items.map((item) => item.json.receptor)).toEqual(['09121234567', '09351234567']);
		expect(items[0].json).toEqual({
			messageid: expect.any(Number),
			message: 'سلام دنیا',
			status: 1,
			statustext: 'در صف ارسال',
			statusName: 'Queued',
			sender: '10004346',
			receptor: '09121234567',
			date: expect.any(Number),
			dateIso: expect.any(String), dateJalali: expect.any(String),
			cost: 120,
			localid: expect.any(Number),
		});
		expect(items.every((item) => item.pairedItem.item === 0)).toBe(true);
	});

	test('sends every additional field under its contract name', async () => {
		const at = isoFromNow(3600);
		const { items, error } = await ctx.run(
			send({
				recipients: ['09121234567', '09351234567'],
				additionalFields: {
					sender: '30004000',
					date: at,
					type: 1,
					localIds: '71, 72',
					hide: true,
					tag: 'crm',
					policy: 'night',
					mediaId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
				},
			}),
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).toEqual({
			receptor: '09121234567,09351234567',
			message: 'Hello',
			sender: '30004000',
			date: String(Math.floor(Date.parse(at) / 1000)),
			type: '1',
			localid: '71,72',
			hide: '1',
			tag: 'crm',
			policy: 'night',
			mediaid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
		});
		expect(items).toHaveLength(2);
		expect(items[0].json.sender).toBe('30004000');
		expect(items.map((item) => item.json.localid)).toEqual([71, 72]);
	});

	test('one request per input item, each output paired with its input', async () => {
		const { items } = await ctx.run(send({ recipients: '={{ $json.phone }}' }), {
			items: [{ json: { phone: '09121111111' } }, { json: { phone: '09122222222' } }],
		});
		expect(ctx.fake.requests.map((r) => r.form?.receptor).sort()).toEqual(['09121111111', '09122222222']);
		expect(items.map((item) => [item.json.receptor, item.pairedItem.item])).toEqual([
			['09121111111', 0],
			['09122222222', 1],
		]);
	});

	test.each([
		[{ recipients: '09121234567, hello' }, 'Recipients: "hello" is not a phone number'],
		[{ recipients: [...numbers(429), 'hello', ...numbers(20, 500)] }, 'Recipients: "hello" is not a phone number'],
		[{ recipients: ' , ' }, 'Recipients: at least one number is required'],
		[{ recipients: numbers(10_001) }, 'Recipients: at most 10000 numbers per item (got 10001); send larger lists as several items'],
		[{ message: '  ' }, 'Message: is required'],
		[{ additionalFields: { localIds: '1' }, recipients: '09121234567,09351234567' }, 'Local IDs: give one local ID per recipient (2 recipients, 1 local IDs)'],
		[
			{ recipients: numbers(450), additionalFields: { localIds: numbers(449).map((_, i) => i + 1) } },
			'Local IDs: give one local ID per recipient (450 recipients, 449 local IDs)',
		],
		[{ additionalFields: { localIds: 'abc' } }, 'Local IDs: "abc" is not a numeric ID'],
		[
			{ additionalFields: { localIds: '9223372036854775808' } },
			'Local IDs: "9223372036854775808" is larger than a local ID can be (at most 9223372036854775807)',
		],
		[{ additionalFields: { tag: 'has space' } }, 'Tag: at most 200 characters, English letters, digits, "-" and "_" only'],
		[{ additionalFields: { tag: 'x'.repeat(201) } }, 'Tag: at most 200 characters, English letters, digits, "-" and "_" only'],
		[{ additionalFields: { date: 'next tuesday' } }, 'Send At: "next tuesday" is not a date: use a Jalali date such as 1405/01/01 09:00, a Gregorian one such as 2026-11-22 10:00 or 2026-11-22T10:00:00+03:30, or Unix seconds'],
		[{ options: { normalisePhoneNumbers: false }, recipients: '+14155550100, 0912 123 4567' }, 'Recipients: "0912 123 4567" is not a phone number'],
		[{ options: { normalisePhoneNumbers: false }, recipients: '۰۹۱۲۱۲۳۴۵۶۷' }, 'Recipients: "۰۹۱۲۱۲۳۴۵۶۷" is not a phone number'],
		// Normalized means in Iran: what no Iranian mobile number is, is refused instead of sent.
		...['0912-12', '09121234567, 0912-12', '0912 123 45678', '02112345678', '12345', '9121234'].map(
			(recipients) =>
				/** @type {[{ recipients: string }, string]} */ ([
					{ recipients },
					`Recipients: "${recipients.split(', ').pop()}" is not an Iranian mobile number (09 and 9 digits); write a number outside Iran with its country code (+44…)`,
				]),
		),
	])('rejects bad input before sending anything, checking the whole list → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, send(extra), message);
	});

	test('numbers outside Iran written with their country code still go out with normalizing on, and as typed with it off', async () => {
		await ctx.run(send({ recipients: '+14155550100, 004915112345678, +98 912 123 4567' }));
		await ctx.run(send({ recipients: '14155550100', options: { normalisePhoneNumbers: false } }));
		expect(ctx.fake.requests.map((r) => r.form?.receptor)).toEqual(['+14155550100,004915112345678,09121234567', '14155550100']);
	});

	test.each(['status', '200'])("a refused sender line (412, errors sent with HTTP %s) names Sender Line and the line in the title, and nothing else 412 could mean", async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const { error } = await ctx.run(send({ recipients: '09121234567, 09351234567', additionalFields: { sender: '999999' } }));
			expect(error.message).toBe('Sender Line 999999: invalid sender line (Kavenegar error 412: "\u2068ارسال کننده نامعتبر است\u2069")');
			expect(error.description).toBe(
				`Kavenegar error 412 means: invalid sender line. The service said: "\u2068ارسال کننده نامعتبر است\u2069" (HTTP ${mode === 'status' ? 412 : 200}).`,
			);
			expect(error.httpCode).toBe('412');
			expect(ctx.fake.requests).toHaveLength(1);
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});

	test.each(['status', '200'])('a service error (errors sent with HTTP %s) becomes a NodeApiError with code, meaning and message', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const { error } = await ctx.run(send({ additionalFields: { tag: 'undefinedtag' } }));
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Kavenegar error 400: "tag "undefinedtag" is not defined" – parameters are incomplete or out of range');
			expect(error.description).toContain('tag "undefinedtag" is not defined');
			expect(error.httpCode).toBe('400');
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});

	test('a wrong key is error 403 with the service message, without the key', async () => {
		const { error } = await ctx.run(send(), { credentials: { apiKey: 'wrong-secret-key' } });
		expect(error.message).toBe('Kavenegar error 403: "\u2068کد شناسائی API-Key معتبر نمی‌باشد\u2069"');
	});
});

describe('SMS → Send: more than 200 recipients', () => {
	test('450 recipients go as requests of 200, 200 and 50, and the rows come back joined in order', async () => {
		const list = freshNumbers(450);
		const { items, error } = await ctx.run(send({ recipients: list.join('\n') }));
		expect(error).toBeUndefined();
		const requests = ctx.fake.requests;
		expect(requests.map((r) => r.form?.receptor.split(',').length)).toEqual([200, 200, 50]);
		expect(requests.flatMap((r) => r.form?.receptor.split(','))).toEqual(list);
		for (const request of requests) {
			expect(request.form?.localid.split(',')).toHaveLength(Number(request.form?.receptor.split(',').length));
			expect(request.form?.message).toBe('Hello');
		}
		expect(items.map((item) => item.json.receptor)).toEqual(list);
		expect(items.every((item) => item.pairedItem.item === 0)).toBe(true);
		// Each row carries the local ID its recipient was sent with.
		const sentIds = requests.flatMap((r) => r.form?.localid.split(',').map(Number));
		expect(items.map((item) => item.json.localid)).toEqual(sentIds);
		expect(list.every((number) => ctx.fake.deliveriesTo(number) === 1)).toBe(true);
	});

	test.each([
		[200, [200]],
		[201, [200, 1]],
		[400, [200, 200]],
	])('%i recipients → requests of %j', async (count, sizes) => {
		const { items } = await ctx.run(send({ recipients: freshNumbers(count) }));
		expect(ctx.fake.requests.map((r) => r.form?.receptor.split(',').length)).toEqual(sizes);
		expect(items).toHaveLength(count);
	});

	test('your own local IDs are split along with their recipients and shown on each row', async () => {
		const list = freshNumbers(250);
		const ids = list.map((_, i) => 900_000 + i);
		const { items } = await ctx.run(send({ recipients: list, additionalFields: { localIds: ids.join(',') } }));
		expect(ctx.fake.requests.map((r) => r.form?.localid)).toEqual([ids.slice(0, 200).join(','), ids.slice(200).join(',')]);
		expect(items.map((item) => [item.json.receptor, item.json.localid])).toEqual(list.map((number, i) => [number, ids[i]]));
	});

	test.each(['status', '200'])(
		'request 2 of 3 failing with a service error (HTTP %s) stops the send and says that the first 200 went out; a re-run in the same execution completes it without doubles',
		async (mode) => {
			ctx.fake.errorMode = mode;
			try {
				const list = freshNumbers(450);
				ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/send', skip: 1 });
				// One request at a time and no retries, so that the second request is the one that fails.
				const first = await ctx.run(send({ recipients: list, requestLimits: { maxRequestsInFlight: 1, busyRetries: 0 } }), { executionId: `chunk-failure-${mode}` });
				expect(first.items).toEqual([]);
				expect(first.error.name).toBe('NodeApiError');
				expect(first.error.message).toBe('Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later');
				expect(first.error.description).toContain(
					'Request 2 of 3 failed. Went through: recipients 1–200 of 450. Not sent (refused): recipients 201–400 of 450. Not sent (not started after the failure): recipients 401–450 of 450. They were sent with local IDs, so running the node again today with the same data (Retry On Fail, a re-run, a retry from the executions list) or with the same Local IDs does not send to them twice.',
				);
				expect(ctx.fake.requests).toHaveLength(2);
				expect(list.slice(0, 200).every((number) => ctx.fake.deliveriesTo(number) === 1)).toBe(true);
				expect(list.slice(200).every((number) => ctx.fake.deliveriesTo(number) === 0)).toBe(true);

				const again = await ctx.run(send({ recipients: list }), { executionId: `chunk-failure-${mode}` });
				expect(again.error).toBeUndefined();
				expect(again.items.map((item) => item.json.receptor)).toEqual(list);
				expect(list.every((number) => ctx.fake.deliveriesTo(number) === 1)).toBe(true);
			} finally {
				ctx.fake.errorMode = 'status';
			}
		},
	);

	test('a dropped connection on request 2 is reported the same way, as of unknown outcome, without the key', async () => {
		const list = freshNumbers(300);
		ctx.fake.injectFault({ kind: 'reset', operation: 'sms/send', skip: 1 });
		const { error } = await ctx.run(send({ recipients: list, requestLimits: { maxRequestsInFlight: 1, busyRetries: 0 } }));
		expect(error.name).toBe('NodeApiError');
		expect(error.description).toContain(
			'Whether Kavenegar received this request is unknown: the message may have been sent to the recipients. They were sent with local IDs, so running the node again today with the same data (Retry On Fail, a re-run, a retry from the executions list) or with the same Local IDs does not send to them twice. Request 2 of 2 failed. Went through: recipients 1–200 of 300. Unknown whether they went through: recipients 201–300 of 300.',
		);
		expect(list.filter((number) => ctx.fake.deliveriesTo(number) === 1)).toEqual(list.slice(0, 200));
	});

	test.each(['status', '200'])(
		'with On Error: Continue, request 2 refused with 501 (errors in HTTP %s): the 200 sent come out, then the error item; nothing is repeated',
		async (mode) => {
			ctx.fake.errorMode = mode;
			try {
				const list = freshNumbers(300);
				ctx.fake.injectFault({ kind: 'refuse', code: 501, operation: 'sms/send', skip: 1 });
				const { items, error } = await ctx.run(send({ recipients: list, requestLimits: { maxRequestsInFlight: 1 } }), {
					settings: { onError: 'continueRegularOutput' },
				});
				expect(error).toBeUndefined();
				expect(ctx.fake.requests).toHaveLength(2);
				expect(items.slice(0, 200).map((item) => item.json.receptor)).toEqual(list.slice(0, 200));
				const sent = new Map(ctx.fake.outbox.map((message) => [message.receptor, message.messageid]));
				expect(items.slice(0, 200).map((item) => item.json.messageid)).toEqual(list.slice(0, 200).map((number) => sent.get(number)));
				expect(items).toHaveLength(201);
				expect(items[200].json.error).toMatch(/^Recipients: a test account sends only to the account owner's number \(Kavenegar error 501/);
				expect(items[200].error.description).toContain(
					'Request 2 of 2 failed. Went through: recipients 1–200 of 300. Not sent (refused): recipients 201–300 of 300.',
				);
				expect(items[200].error.description).not.toContain('may have been sent');
				expect(list.map((number) => ctx.fake.deliveriesTo(number))).toEqual([...Array(200).fill(1), ...Array(100).fill(0)]);
			} finally {
				ctx.fake.errorMode = 'status';
			}
		},
	);

	test('without local IDs the partial-failure error warns that a re-run sends to the first recipients again', async () => {
		ctx.fake.injectFault({ kind: 'refuse', code: 501, operation: 'sms/send', skip: 1 });
		const { error } = await ctx.run(
			send({ recipients: freshNumbers(201), options: { preventDuplicateSends: false }, requestLimits: { maxRequestsInFlight: 1 } }),
		);
		expect(error.description).toContain(
			'Request 2 of 2 failed. Went through: recipients 1–200 of 201. Not sent (refused): recipients 201 of 201. They were sent without local IDs: running the node again sends to them again.',
		);
	});
});

describe('SMS → Send: Prevent Duplicate Sends', () => {
	test('is on by default: each recipient gets a numeric local ID that fits a Long and survives JSON', async () => {
		const list = freshNumbers(3);
		const { items } = await ctx.run(send({ recipients: list }));
		const ids = ctx.fake.requests[0].form?.localid.split(',') ?? [];
		expect(ids).toHaveLength(3);
		for (const id of ids) {
			expect(id).toMatch(/^\d+$/);
			expect(Number(id)).toBeGreaterThan(0);
			expect(Number(id)).toBeLessThanOrEqual(LONG_SAFE);
		}
		expect(new Set(ids).size).toBe(3);
		expect(items.map((item) => String(item.json.localid))).toEqual(ids);
	});

	test('the same send derives the same IDs in any execution the same day; other item data, another text or another line derive new ones', async () => {
		const list = freshNumbers(2);
		const idsOf = async (/** @type {import('../../helpers').RunOptions} */ options, message = 'Hello') => {
			ctx.fake.requests.length = 0;
			await ctx.run(send({ recipients: '={{ $json.to }}', message }), options);
			return ctx.fake.requests.map((r) => r.form?.localid);
		};
		const order = { json: { to: list.join(','), order: 'A-1' } };
		const firstRun = await idsOf({ items: [order] });
		expect(await idsOf({ items: [order] })).toEqual(firstRun);
		// Another item before it changes nothing: identity is the item's data, not its position.
		expect(await idsOf({ items: [{ json: { to: '09120000001' } }, order] })).toContain(firstRun[0]);
		expect(await idsOf({ items: [{ json: { ...order.json, order: 'A-2' } }] })).not.toEqual(firstRun);
		expect(await idsOf({ items: [order] }, 'Hello again')).not.toEqual(firstRun);
	});

	test('a deliberate repeat goes out when Prevent Duplicate Sends is off, or with other local IDs', async () => {
		const [number] = freshNumbers(1);
		await ctx.run(send({ recipients: number }));
		await ctx.run(send({ recipients: number }));
		expect(ctx.fake.deliveriesTo(number)).toBe(1);
		await ctx.run(send({ recipients: number, options: { preventDuplicateSends: false } }));
		await ctx.run(send({ recipients: number, additionalFields: { localIds: '424242' } }));
		expect(ctx.fake.deliveriesTo(number)).toBe(3);
	});

	test('re-running a workflow after fixing one item delivers the items that had gone through once', async () => {
		const [a, b, c] = freshNumbers(3);
		const parameters = send({ recipients: '={{ $json.to }}', message: '=Hello {{ $json.name }}' });
		const first = await ctx.run(parameters, {
			items: [{ json: { to: a, name: 'A' } }, { json: { to: 'not-a-number', name: 'B' } }, { json: { to: c, name: 'C' } }],
			settings: { onError: 'continueRegularOutput' },
		});
		expect(first.items.filter((item) => item.error)).toHaveLength(1);
		// The user fixes item 2, removes nothing, and runs the workflow again: a new execution.
		const second = await ctx.run(parameters, {
			items: [{ json: { to: a, name: 'A' } }, { json: { to: b, name: 'B' } }, { json: { to: c, name: 'C' } }],
		});
		expect(second.error).toBeUndefined();
		expect([a, b, c].map((number) => ctx.fake.deliveriesTo(number))).toEqual([1, 1, 1]);
		// The repeats are answered with the first send's rows.
		const firstRows = first.items.filter((item) => !item.error).map((item) => item.json.messageid);
		expect([second.items[0].json.messageid, second.items[2].json.messageid]).toEqual(firstRows);
	});

	test("retrying a failed execution from the executions list (a new execution, mode 'retry') delivers once", async () => {
		const [number] = freshNumbers(1);
		const parameters = send({ recipients: number, message: 'Your parcel is on its way' });
		ctx.fake.injectFault({ kind: 'reset', after: true, operation: 'sms/send' });
		// No retries of its own, so that the first execution fails as it would after its last try.
		const first = await ctx.run({ ...parameters, requestLimits: { busyRetries: 0 } });
		expect(first.error).toBeDefined();
		expect(ctx.fake.deliveriesTo(number)).toBe(1);
		const retry = await ctx.run(parameters);
		expect(retry.error).toBeUndefined();
		expect(ctx.fake.deliveriesTo(number)).toBe(1);
		expect(ctx.fake.requests[0].form?.localid).toBe(ctx.fake.requests.at(-1)?.form?.localid);
	});

	test('other data is another send: a changed text, recipient or item goes out', async () => {
		const [number] = freshNumbers(1);
		await ctx.run(send({ recipients: number, message: 'first text' }));
		await ctx.run(send({ recipients: number, message: 'second text' }));
		await ctx.run(send({ recipients: '={{ $json.to }}', message: 'first text' }), { items: [{ json: { to: number, run: 3 } }] });
		expect(ctx.fake.deliveriesTo(number)).toBe(3);
	});

	test('the same number twice in one list gets the message once', async () => {
		const [number] = freshNumbers(1);
		const { items } = await ctx.run(send({ recipients: [number, number] }));
		expect(ctx.fake.deliveriesTo(number)).toBe(1);
		expect(items).toHaveLength(2);
		expect(items[0].json.messageid).toBe(items[1].json.messageid);
	});

	test('a send re-run after a timeout on the first attempt delivers once', async () => {
		const [number] = freshNumbers(1);
		const parameters = send({ recipients: number, requestOptions: { timeout: 300 } });
		ctx.fake.injectFault({ kind: 'slow', delayMs: 1500, operation: 'sms/send' });
		const first = await ctx.run(parameters, { executionId: 'timeout-retry' });
		expect(first.error.message).toBe('Kavenegar did not answer within the timeout (Request Options → Timeout)');
		expect(first.error.description).toBe(
			'Whether Kavenegar received this request is unknown: the message may have been sent to the recipients. They were sent with local IDs, so running the node again today with the same data (Retry On Fail, a re-run, a retry from the executions list) or with the same Local IDs does not send to them twice.',
		);
		// The service did process the request that timed out.
		expect(ctx.fake.deliveriesTo(number)).toBe(1);
		const retry = await ctx.run(parameters, { executionId: 'timeout-retry' });
		expect(retry.error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(2);
		expect(ctx.fake.deliveriesTo(number)).toBe(1);
		const [delivered] = ctx.fake.outbox.filter((m) => m.receptor === number);
		expect(retry.items[0].json).toMatchObject({ messageid: delivered.messageid, receptor: number, localid: Number(delivered.localid) });
	});

	test("n8n's Retry On Fail after a dropped connection delivers once", async () => {
		const [number] = freshNumbers(1);
		ctx.fake.injectFault({ kind: 'reset', after: true, operation: 'sms/send' });
		const { items, error } = await ctx.run(send({ recipients: number }), {
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 },
		});
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(2);
		expect(ctx.fake.deliveriesTo(number)).toBe(1);
		expect(items.map((item) => item.json.receptor)).toEqual([number]);
	});

	test('turned off, the same retry delivers twice (what the option prevents)', async () => {
		const [number] = freshNumbers(1);
		ctx.fake.injectFault({ kind: 'reset', after: true, operation: 'sms/send' });
		await ctx.run(send({ recipients: number, options: { preventDuplicateSends: false } }), {
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 },
		});
		expect(ctx.fake.requests.map((r) => r.form?.localid)).toEqual([undefined, undefined]);
		expect(ctx.fake.deliveriesTo(number)).toBe(2);
	});

	test('the derivation: a loop (another run index) or another day gives new IDs; Retry On Fail keeps the first try\'s IDs even when the text changed', () => {
		const { derivedLocalIds } = require('../../../nodes/Kavenegar/operationParts/duplicateSends');
		/**
		 * @param {number} runIndex
		 * @param {string | undefined} executionId
		 */
		const context = (runIndex, executionId, timezone = 'Asia/Tehran') => ({
			// Each call is another run of the node: n8n gives each run execute data of its own.
			getExecuteData: ((executeData) => () => executeData)({}),
			getExecutionId: () => executionId,
			getItemIndex: () => 0,
			getInputData: () => ({ json: { order: 7 } }),
			getTimezone: () => timezone,
			getWorkflow: () => ({ id: 'wf' }),
			getNode: () => ({ id: 'node' }),
			getWorkflowDataProxy: () => ({ $runIndex: runIndex }),
			getNodeParameter: () => 'send',
		});
		const derive = (/** @type {any} */ ctxt, message = 'Hi') => derivedLocalIds(ctxt, { message, receptor: 'x' }, ['receptor'], [['09121234567']]);
		jest.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval'] });
		try {
			const once = derive(context(0, '41'));
			expect(derive(context(0, '42'))).toEqual(once);
			expect(derive(context(1, '43'))).not.toEqual(once);
			expect(derive(context(0, undefined))).toEqual(once);
			// Retry On Fail: same execution, node and run; the text now holds another time.
			expect(derive(context(0, '41'), 'Hi at 10:01')).toEqual(once);
			expect(derive(context(0, '44'), 'Hi at 10:01')).not.toEqual(once);
			// 23:00 UTC is already the next day in Tehran (UTC+3:30), not in UTC.
			jest.setSystemTime(new Date('2026-11-23T23:00:00Z'));
			expect(derive(context(0, '45'))).not.toEqual(once);
			expect(derive(context(0, '46', 'UTC'))).toEqual(derive(context(0, '47', 'UTC')));
		} finally {
			jest.useRealTimers();
		}
	});
});

describe('SMS → Send: phone numbers', () => {
	test('normalises what people type: Persian and Arabic-Indic digits, +98, 0098, spaces, dashes, brackets', async () => {
		const { items } = await ctx.run(
			send({ recipients: ['۰۹۱۲۱۲۳۴۵۶۷', '٠٩٣٥١٢٣٤٥٦٧', '+98 (912) 765-4321', '0098-935-765-4321', '989121112233'] }),
		);
		expect(ctx.fake.requests[0].form?.receptor).toBe('09121234567,09351234567,09127654321,09357654321,09121112233');
		expect(items).toHaveLength(5);
	});

	test('with Normalize Phone Numbers off, numbers outside Iran are only trimmed and sent as typed', async () => {
		const { items, error } = await ctx.run(
			send({ recipients: ' +14155550100 ,\n004915112345678', options: { normalisePhoneNumbers: false } }),
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form?.receptor).toBe('+14155550100,004915112345678');
		expect(items.map((item) => item.json.receptor)).toEqual(['+14155550100', '004915112345678']);
	});
});

describe('SMS → Send: Message Preview', () => {
	test('is off by default', async () => {
		const { items } = await ctx.run(send());
		expect(items[0].json).not.toHaveProperty('parts');
		expect(items[0].json).not.toHaveProperty('unicode');
	});

	test.each([
		['x'.repeat(160), 1, false],
		['x'.repeat(161), 2, false],
		['x'.repeat(306), 2, false],
		['x'.repeat(307), 3, false],
		['{'.repeat(80), 1, false],
		['{'.repeat(81), 2, false],
		['س'.repeat(70), 1, true],
		['س'.repeat(71), 2, true],
		['س'.repeat(134), 2, true],
		['س'.repeat(135), 3, true],
		['Hello `you`', 1, true],
		['Prix: 5€, déjà vu', 1, false],
	])('adds parts and unicode to each row → %#', async (message, parts, unicode) => {
		const { items } = await ctx.run(send({ recipients: '09121234567,09351234567', message, options: { messagePreview: true } }));
		expect(items).toHaveLength(2);
		for (const item of items) expect(item.json).toMatchObject({ parts, unicode, message, cost: expect.any(Number) });
	});
});

describe('SMS → Send: values of the wrong type from expressions', () => {
	/**
	 * @param {import('n8n-workflow').INodeParameters} parameters
	 * @param {import('n8n-workflow').IDataObject} json
	 * @param {string} message
	 */
	const refused = async (parameters, json, message) => {
		const { items, error } = await ctx.run(parameters, { items: [{ json }] });
		expect(items).toEqual([]);
		expect(error.message).toBe(message);
		expect(ctx.fake.requests).toHaveLength(0);
	};

	test('a Message that is an object is refused, not sent as "[object Object]"', () =>
		refused(send({ message: '={{ $json.body }}' }), { body: { text: 'hi' } }, 'Message: must be text, not an object: {"text":"hi"}'));

	test('a Message that is a list or null is refused', async () => {
		await refused(send({ message: '={{ $json.parts }}' }), { parts: ['a', 'b'] }, 'Message: must be text, not a list: ["a","b"]');
		await refused(send({ message: '={{ $json.none }}' }), { none: null }, 'Message: must be text, not null');
	});

	test('a long value is shown cut to 80 characters', () =>
		refused(
			send({ message: '={{ $json.body }}' }),
			{ body: { text: 'x'.repeat(200) } },
			`Message: must be text, not an object: ${JSON.stringify({ text: 'x'.repeat(200) }).slice(0, 80)}…`,
		));

	test('Recipients given as objects name the object, not "[object Object]"', () =>
		refused(
			send({ recipients: '={{ $json.contacts }}' }),
			{ contacts: [{ phone: '09121234567' }] },
			'Recipients: each entry must be text or a number, not an object: {"phone":"09121234567"}',
		));

	test('Local IDs given as objects are refused', () =>
		refused(
			send({ additionalFields: { localIds: '={{ $json.ids }}' } }),
			{ ids: [{ id: 1 }] },
			'Local IDs: each entry must be text or a number, not an object: {"id":1}',
		));

	test('Sender Line given as an object is refused', () =>
		refused(send({ additionalFields: { sender: '={{ $json.line }}' } }), { line: { n: 1 } }, 'Sender Line: must be text, not an object: {"n":1}'));

	test('Media ID must be the contract\'s Guid', async () => {
		await refused(send({ additionalFields: { mediaId: 'not-a-guid' } }), {}, 'Media ID: must be a media file ID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6');
		const [number] = freshNumbers(1);
		const { error } = await ctx.run(send({ recipients: number, additionalFields: { mediaId: '3FA85F64-5717-4562-B3FC-2C963F66AFA6' } }));
		expect(error?.message ?? '').not.toMatch(/^Media ID/);
		expect(ctx.fake.requests[0].form?.mediaid).toBe('3FA85F64-5717-4562-B3FC-2C963F66AFA6');
	});
});

describe('SMS → Send: service errors as the user sees them', () => {
	test('With On Error: Continue, the error item carries the service\'s own message and the advice', async () => {
		const [number] = freshNumbers(1);
		const credit = ctx.fake.credit;
		ctx.fake.credit = 0;
		try {
			const { items, error } = await ctx.run(send({ recipients: number }), { settings: { onError: 'continueRegularOutput' } });
			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			// What n8n shows on the item: only the title survives, as json.error.
			expect(items[0].json).toEqual({
				error: 'Kavenegar error 418: "\u2068اعتبار حساب شما کافی نیست\u2069"',
			});
			expect(items[0].error.description).toContain('Top up the account\'s credit');
			expect(items[0].error.httpCode).toBe('418');
		} finally {
			ctx.fake.credit = credit;
		}
	});

	test('in stop mode the title names the code, the description quotes the service and says what to do', async () => {
		const [number] = freshNumbers(1);
		const credit = ctx.fake.credit;
		ctx.fake.credit = 0;
		try {
			const { error } = await ctx.run(send({ recipients: number }));
			expect(error.message).toBe('Kavenegar error 418: "\u2068اعتبار حساب شما کافی نیست\u2069"');
			expect(error.description).toBe(
				'Code 418 is Kavenegar\'s general refusal, given for several causes; its message above names this one (HTTP 418). Top up the account\'s credit in the Kavenegar panel if it is low, and check the API key in the Kavenegar credential.',
			);
			expect(error.httpCode).toBe('418');
		} finally {
			ctx.fake.credit = credit;
		}
	});
});
