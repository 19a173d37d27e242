/**
 * The node's sending engine (nodes/Kavenegar/sending/): all items checked before
 * anything leaves in stop mode, one bound on requests in flight, parallel chunks and pages in
 * order, backoff on busy answers where a repeat is safe, and errors that say what was sent.
 */
const { useFake } = require('./helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const send = (extra) => ({ resource: 'sms', operation: 'send', recipients: '={{ $json.phone }}', message: 'Hello', ...extra });
let series = 7_000_000;
/**
 * `count` numbers no other test uses, so that deliveries are counted per test.
 * @param {number} count
 */
const freshNumbers = (count) => {
	series += 10_000;
	return Array.from({ length: count }, (_, i) => `0912${String(series + i).padStart(7, '0')}`);
};
/** @param {string[]} numbers */
const asItems = (numbers) => numbers.map((phone) => ({ json: { phone } }));
/** @type {Partial<import('n8n-workflow').INode>} */
const CONTINUE = { onError: 'continueRegularOutput' };

afterEach(() => {
	ctx.fake.latencyMs = 0;
	ctx.fake.storm = undefined;
	ctx.fake.faults.length = 0;
	ctx.fake.maxInFlight = 0;
});

describe('all or nothing before anything leaves (stop mode)', () => {
	test('one bad item among good ones: nothing is sent, and the error says so', async () => {
		const [first, third] = freshNumbers(2);
		const { items, error } = await ctx.run(send(), { items: asItems([first, 'not-a-number', third]) });
		expect(items).toEqual([]);
		expect(ctx.fake.requests).toHaveLength(0);
		expect(error.message).toBe('Recipients: "not-a-number" is not a phone number');
		expect(error.description).toBe(
			'Nothing was sent to Kavenegar for any item: the node checks all 3 items before the first request goes out, and item 2 failed this check. Fix it (or set On Error to Continue to send the good items) and run again.',
		);
	});

	test('fixed and run again, every item is delivered once', async () => {
		const numbers = freshNumbers(3);
		const bad = await ctx.run(send(), { items: asItems([numbers[0], 'oops', numbers[2]]), executionId: 'fix-and-rerun' });
		expect(bad.error).toBeDefined();
		const good = await ctx.run(send(), { items: asItems(numbers), executionId: 'fix-and-rerun' });
		expect(good.error).toBeUndefined();
		expect(numbers.map((number) => ctx.fake.deliveriesTo(number))).toEqual([1, 1, 1]);
	});

	test('with Request Options → Batching the check still covers every item before the first request', async () => {
		const [first, third] = freshNumbers(2);
		const { error } = await ctx.run(send({ requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 30 } } } }), {
			items: asItems([first, 'nope', third]),
		});
		expect(error.message).toBe('Recipients: "nope" is not a phone number');
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('with Batching and only good items, every item goes once the last one is checked', async () => {
		const numbers = freshNumbers(3);
		const { items, error } = await ctx.run(send({ requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 30 } } } }), {
			items: asItems(numbers),
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.receptor)).toEqual(numbers);
	});

	test('with Batching, an item whose expression fails stops the run with nothing sent', async () => {
		const [first] = freshNumbers(1);
		const { error } = await ctx.run(
			send({ message: '={{ $json.text ?? $("No Such Node").item.json.text }}', requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 30 } } } }),
			{ items: [{ json: { phone: first, text: 'hi' } }, { json: { phone: first } }, { json: { phone: first, text: 'hi' } }] },
		);
		expect(error).toBeDefined();
		// The item built before the failing one waits out n8n's pause, then learns the run failed.
		await new Promise((resolve) => setTimeout(resolve, 1300));
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('an item whose expression fails stops the run with nothing sent', async () => {
		const [first] = freshNumbers(1);
		const { error } = await ctx.run(send({ message: '={{ $json.text ?? $("No Such Node").item.json.text }}' }), {
			items: [{ json: { phone: first, text: 'hi' } }, { json: { phone: first } }],
		});
		expect(error).toBeDefined();
		expect(ctx.fake.requests).toHaveLength(0);
		expect(ctx.fake.deliveriesTo(first)).toBe(0);
	});

	test('with On Error: Continue, a bad item before one n8n cannot build ends with both as error items and nothing sent', async () => {
		const [good] = freshNumbers(1);
		const { items, error } = await ctx.run(send({ message: '={{ $json.text ?? $("No Such Node").item.json.text }}' }), {
			items: [{ json: { phone: 'not-a-number', text: 'hi' } }, { json: { phone: good } }],
			settings: CONTINUE,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.error)).toEqual(['Recipients: "not-a-number" is not a phone number', "Referenced node doesn't exist"]);
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('with On Error: Continue the good items go and the bad one says nothing was sent for it', async () => {
		const [first, third] = freshNumbers(2);
		const { items, error } = await ctx.run(send(), { items: asItems([first, 'not-a-number', third]), settings: CONTINUE });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.receptor ?? item.json.error)).toEqual([first, 'Recipients: "not-a-number" is not a phone number', third]);
		expect(items[1].error.description).toBe('Nothing was sent to Kavenegar for this item.');
		expect([first, third].map((number) => ctx.fake.deliveriesTo(number))).toEqual([1, 1]);
	});

	test('after a failed request in stop mode, requests not started yet are not sent', async () => {
		const numbers = freshNumbers(30);
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/send', skip: 2 });
		const { error } = await ctx.run(send({ requestLimits: { maxRequestsInFlight: 1, busyRetries: 0 } }), { items: asItems(numbers) });
		expect(error.message).toBe('Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later');
		expect(ctx.fake.requests).toHaveLength(3);
		expect(numbers.filter((number) => ctx.fake.deliveriesTo(number) === 1)).toEqual(numbers.slice(0, 2));
	});
});

describe('one bound on requests in flight for the node run', () => {
	test('2,000 items never have more requests in flight than 256, the most the learned limit reaches', async () => {
		ctx.fake.latencyMs = 5;
		const numbers = freshNumbers(2000);
		const { items, error } = await ctx.run(send(), { items: asItems(numbers) });
		expect(error).toBeUndefined();
		expect(ctx.fake.maxInFlight).toBeLessThanOrEqual(256);
		expect(ctx.fake.maxInFlight).toBeGreaterThan(1);
		expect(items.map((item) => item.json.receptor)).toEqual(numbers);
		// Not a speed check: 2,000 items through n8n's engine take seconds of CPU, many more on a loaded
		// machine, and a run cut off by the default timeout would go on into the next tests' fake.
	}, 120_000);

	test("Stop execution: requests still waiting for a place in the bound are never sent", async () => {
		ctx.fake.latencyMs = 50;
		const numbers = freshNumbers(300);
		/** @type {number | undefined} */
		let sentAtStop;
		// A ceiling of 25, so that most of the 300 are still waiting at the stop.
		await ctx.run(send({ requestLimits: { maxRequestsInFlight: 25 } }), {
			items: asItems(numbers),
			onExecution: (execution) => {
				const watch = setInterval(() => {
					if (ctx.fake.requests.length < 30) return;
					clearInterval(watch);
					sentAtStop = ctx.fake.requests.length;
					execution.cancel();
				}, 1);
			},
		});
		// What was in flight at the stop may still land; nothing that was waiting may start after it.
		await new Promise((resolve) => setTimeout(resolve, 500));
		expect(sentAtStop).toBeDefined();
		expect(ctx.fake.requests.length).toBeLessThanOrEqual(/** @type {number} */ (sentAtStop) + 25);
		expect(numbers.filter((number) => ctx.fake.deliveriesTo(number) > 1)).toEqual([]);
	});

	test('Max Requests in Flight sets the bound across items and the chunks of each', async () => {
		ctx.fake.latencyMs = 5;
		const lists = [freshNumbers(450), freshNumbers(450), freshNumbers(450)];
		const { items, error } = await ctx.run(send({ requestLimits: { maxRequestsInFlight: 4 } }), {
			items: lists.map((list) => ({ json: { phone: list } })),
		});
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(9);
		expect(ctx.fake.maxInFlight).toBe(4);
		expect(items.map((item) => item.json.receptor)).toEqual(lists.flat());
	});
});

describe('parallel chunks and pages keep their order', () => {
	test('the chunks of a send go side by side, later ones answered first, and rows come back in order', async () => {
		const numbers = freshNumbers(1000);
		// The first chunk's answer is slowest: rows would come back out of order if they were joined as answered.
		ctx.fake.latencyMs = () => (ctx.fake.requests.length < 5 ? 60 - 10 * ctx.fake.requests.length : 0);
		const { items, error } = await ctx.run(send(), { items: [{ json: { phone: numbers } }] });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(5);
		expect(ctx.fake.maxInFlight).toBe(5);
		expect(items.map((item) => item.json.receptor)).toEqual(numbers);
		// Each row carries the local ID its own recipient was sent with.
		const sentWith = new Map(ctx.fake.outbox.map((message) => [message.receptor, String(message.localid)]));
		expect(items.map((item) => String(item.json.localid))).toEqual(numbers.map((number) => sentWith.get(number)));
	});

	test('one failed chunk among parallel ones: the error names exactly the recipients that went through', async () => {
		const numbers = freshNumbers(1000);
		// A refusal, not a busy answer: one that comes with others in flight is sent again, whatever Retries on Busy Answers says.
		ctx.fake.injectFault({ kind: 'refuse', code: 418, operation: 'sms/send', skip: 2 });
		const { error } = await ctx.run(send(), { items: [{ json: { phone: numbers } }] });
		expect(ctx.fake.requests).toHaveLength(5);
		// The third request to arrive failed; which chunk that was is up to the network.
		const failed = numbers.indexOf(ctx.fake.requests[2].form?.receptor.split(',')[0] ?? '') / 200;
		/** @param {number} chunk */
		const range = (chunk) => `${chunk * 200 + 1}–${chunk * 200 + 200}`;
		const through = [0, 1, 2, 3, 4].filter((chunk) => chunk !== failed).map(range).join(', ');
		expect(error.description).toContain(
			`Request ${failed + 1} of 5 failed. Went through: recipients ${through} of 1000. Not sent (refused): recipients ${range(failed)} of 1000.`,
		);
		const delivered = numbers.filter((number) => ctx.fake.deliveriesTo(number) === 1);
		expect(delivered).toEqual(numbers.filter((_, i) => Math.floor(i / 200) !== failed));
	});

	test('the pages after the first go side by side and the rows come back in page order', async () => {
		const line = '30009999';
		const now = Math.floor(Date.now() / 1000);
		ctx.fake.seedInbox(Array.from({ length: 1000 }, (_, i) => ({ sender: `0935${String(i).padStart(7, '0')}`, receptor: line, message: `m${i}`, date: now - 100 - i })));
		// Later pages answer sooner (125 ms for page 1 down to 25 ms for page 5), and all of pages 2–5 overlap
		// by a wide margin even on a loaded machine.
		ctx.fake.latencyMs = () => 150 - Math.min(125, ctx.fake.requests.length * 25);
		const { items, error } = await ctx.run({ resource: 'sms', operation: 'getInbox', lineNumber: line, returnAll: true });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((r) => r.form?.pagenumber).sort()).toEqual(['1', '2', '3', '4', '5']);
		expect(ctx.fake.maxInFlight).toBe(4);
		const expected = ctx.fake.inbox.filter((m) => m.receptor === line).sort((a, b) => b.date - a.date).map((m) => m.messageid);
		expect(items.map((item) => item.json.messageid)).toEqual(expected);
	});

	test('Get Inbox with a Limit above 200 pages up to the Limit', async () => {
		const line = '30008888';
		const now = Math.floor(Date.now() / 1000);
		ctx.fake.seedInbox(Array.from({ length: 700 }, (_, i) => ({ sender: '09350000000', receptor: line, message: `m${i}`, date: now - 100 - i })));
		const { items, error } = await ctx.run({ resource: 'sms', operation: 'getInbox', lineNumber: line, limit: '={{ 450 }}' });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(450);
		expect(ctx.fake.requests).toHaveLength(3);
	});
});

describe('backoff on busy answers', () => {
	test('a storm of 409 and 451 on a send of 1,000 is survived with exactly one message per recipient', async () => {
		const numbers = freshNumbers(1000);
		ctx.fake.busyStorm({ kinds: ['busy409', 'busy451'], every: 2, count: 8, operation: 'sms/send' });
		const { items, error } = await ctx.run(send({ requestLimits: { busyRetries: 8 } }), { items: [{ json: { phone: numbers } }] });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.length).toBeGreaterThan(5);
		expect(items.map((item) => item.json.receptor)).toEqual(numbers);
		expect(numbers.every((number) => ctx.fake.deliveriesTo(number) === 1)).toBe(true);
	});

	test('connections cut after the service took the send: retried with the same local IDs, delivered once', async () => {
		const numbers = freshNumbers(600);
		ctx.fake.busyStorm({ kinds: ['reset'], after: true, every: 2, count: 3, operation: 'sms/send' });
		const { items, error } = await ctx.run(send({ requestLimits: { busyRetries: 6 } }), { items: [{ json: { phone: numbers } }] });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.receptor)).toEqual(numbers);
		expect(numbers.every((number) => ctx.fake.deliveriesTo(number) === 1)).toBe(true);
	});

	test('5xx on a read is retried', async () => {
		ctx.fake.injectFault({ kind: 'text500', operation: 'account/info' });
		ctx.fake.injectFault({ kind: 'html502', operation: 'account/info' });
		const { items, error } = await ctx.run({ resource: 'account', operation: 'getInfo' });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(ctx.fake.requests).toHaveLength(3);
	});

	test.each(['status', '200'])("Kavenegar's 429 (the caller's IP is restricted, errors with HTTP %s) is not a busy answer: not retried, with its meaning and next step", async (mode) => {
		ctx.fake.errorMode = mode;
		ctx.fake.injectFault({ kind: 'ipRestricted429', operation: 'account/info' });
		try {
			const { error } = await ctx.run({ resource: 'account', operation: 'getInfo' });
			expect(error.message).toBe('Kavenegar error 429: "IP address is restricted" – the caller\'s IP is restricted for this account (not a busy answer: it is not retried)');
			expect(error.description).toContain("Allow the n8n server's IP in the Kavenegar panel");
			expect(ctx.fake.requests).toHaveLength(1);
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});

	test('the error after the last try says how many tries were made', async () => {
		ctx.fake.injectFault({ kind: 'busy451', operation: 'account/info', times: 3 });
		const { error } = await ctx.run({ resource: 'account', operation: 'getInfo', requestLimits: { busyRetries: 2 } });
		expect(error.message).toBe('Kavenegar error 451: "Too many calls" – too many calls: slow down and retry later');
		expect(error.description).toContain('3 tries were made, the node waiting longer after each.');
		expect(ctx.fake.requests).toHaveLength(3);
	});

	test('a send without a local ID goes again after a busy answer, which sent nothing, and is delivered once', async () => {
		const [number] = freshNumbers(1);
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/send' });
		const { items, error } = await ctx.run(send({ options: { preventDuplicateSends: false } }), { items: asItems([number]) });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((request) => request.form?.localid)).toEqual([undefined, undefined]);
		expect(ctx.fake.deliveriesTo(number)).toBe(1);
		expect(items.map((item) => item.json.receptor)).toEqual([number]);
	});

	test('a send without a local ID fails after its last busy answer, having sent nothing', async () => {
		const [number] = freshNumbers(1);
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/send', times: 2 });
		const { error } = await ctx.run(send({ options: { preventDuplicateSends: false }, requestLimits: { busyRetries: 1 } }), { items: asItems([number]) });
		expect(error.message).toBe('Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later');
		expect(error.description).toContain('2 tries were made');
		expect(ctx.fake.requests).toHaveLength(2);
		expect(ctx.fake.deliveriesTo(number)).toBe(0);
	});

	test('Verify → Send Code goes again after a busy answer: one code reaches the recipient', async () => {
		ctx.fake.addApprovedTemplate('flowcode', 'Code %token');
		const [number] = freshNumbers(1);
		ctx.fake.injectFault({ kind: 'busy451', operation: 'verify/lookup' });
		const { items, error } = await ctx.run({ resource: 'verify', operation: 'sendCode', recipient: number, template: 'flowcode', value: '1234' });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((request) => request.operation)).toEqual(['verify/lookup', 'verify/lookup']);
		expect(ctx.fake.deliveriesTo(number)).toBe(1);
		expect(items).toHaveLength(1);
	});

	test('Verify → Send Code is not retried after a connection cut once it was sent, and says its outcome is unknown', async () => {
		ctx.fake.addApprovedTemplate('flowcode', 'Code %token');
		const [number] = freshNumbers(1);
		ctx.fake.injectFault({ kind: 'reset', after: true, operation: 'verify/lookup' });
		const { error } = await ctx.run({ resource: 'verify', operation: 'sendCode', recipient: number, template: 'flowcode', value: '1234' });
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.deliveriesTo(number)).toBe(1);
		expect(error.httpCode).toBe('ECONNRESET');
		expect(error.description).toBe(
			'Whether Kavenegar received this request is unknown: the message may have been sent to the recipient. It has no local ID, so running it again may send to the recipient a second time: check first (for example with Get Status by Recipient).',
		);
	});

	test('a send cut off after the service took it says its outcome is unknown and that a re-run is safe', async () => {
		const [number] = freshNumbers(1);
		ctx.fake.injectFault({ kind: 'html502', operation: 'sms/send' });
		const { error } = await ctx.run(send({ requestLimits: { busyRetries: 0 } }), { items: asItems([number]) });
		expect(error.message).toBe('Kavenegar answered HTTP 502 with an HTML page');
		expect(error.description).toContain(
			'Whether Kavenegar received this request is unknown: the message may have been sent to the recipients. They were sent with local IDs, so running the node again today with the same data (Retry On Fail, a re-run, a retry from the executions list) or with the same Local IDs does not send to them twice.',
		);
	});
});
