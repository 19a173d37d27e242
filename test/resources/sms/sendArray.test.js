const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
let series = 7_000_000;
/** Numbers from their own series, so that tests do not see each other's deliveries. */
const freshNumbers = (/** @type {number} */ count) => {
	series += 10_000;
	return Array.from({ length: count }, (_, i) => `0935${String(series + i).padStart(7, '0')}`);
};
/** @typedef {Record<string, any>} Row a row of Send Different Messages, as a workflow's JSON gives it */
/** @type {(numbers: string[], extra?: (i: number) => Row) => Row[]} */
const rows = (numbers, extra = () => ({})) =>
	numbers.map((recipient, i) => ({ recipient, sender: i % 2 ? '30004000' : '10004346', message: `Hello ${i + 1}, "friend"`, ...extra(i) }));
/**
 * @param {unknown} messageRows
 * @param {import('n8n-workflow').INodeParameters} [extra]
 */
const sendArray = (messageRows, extra) => ({
	resource: 'sms',
	operation: 'sendArray',
	messagesInput: 'json',
	messagesJson: JSON.stringify(messageRows),
	...extra,
});
/**
 * @param {import('../../fakeKavenegar').RequestRecord} request
 * @param {string} name
 */
const wire = (request, name) => (request.form?.[name] === undefined ? undefined : JSON.parse(request.form[name]));

describe('SMS → Send Different Messages', () => {
	test('rows become the three JSON-array form fields; one item per message with its local ID', async () => {
		const numbers = freshNumbers(2);
		const { items, error } = await ctx.run({
			resource: 'sms',
			operation: 'sendArray',
			messages: {
				message: [
					{ recipient: '+98 ' + numbers[0].slice(1), sender: '10004346', message: 'سلام' },
					{ recipient: numbers[1], sender: '30004000', message: 'Hi, you' },
				],
			},
		});
		expect(error).toBeUndefined();
		const [request] = ctx.fake.requests;
		expect(request).toMatchObject({ method: 'POST', operation: 'sms/sendarray', contentType: 'application/x-www-form-urlencoded' });
		expect(wire(request, 'receptor')).toEqual(numbers);
		expect(wire(request, 'sender')).toEqual(['10004346', '30004000']);
		expect(wire(request, 'message')).toEqual(['سلام', 'Hi, you']);
		expect(/** @type {Record<string, string>} */ (request.form).type).toBeUndefined();
		expect(items.map((item) => [item.json.receptor, item.json.message, item.json.sender])).toEqual([
			[numbers[0], 'سلام', '10004346'],
			[numbers[1], 'Hi, you', '30004000'],
		]);
		expect(items.map((item) => item.json.localid)).toEqual(wire(request, 'localmessageids'));
	});

	test('a campaign aggregated into one item (docs/long-lists-and-limits.md): the JSON from an expression over the contacts, one message each', async () => {
		const numbers = freshNumbers(250);
		const contacts = numbers.map((phone, i) => ({ phone, name: i % 2 ? 'Sara' : 'رضا' }));
		const { items, error } = await ctx.run(
			{
				resource: 'sms',
				operation: 'sendArray',
				messagesInput: 'json',
				messagesJson: "={{ $json.data.map((contact) => ({ recipient: contact.phone, sender: '10004346', message: 'Hi ' + contact.name })) }}",
			},
			{ items: [{ json: { data: contacts } }] },
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((request) => wire(request, 'receptor').length)).toEqual([200, 50]);
		expect(ctx.fake.requests.flatMap((request) => wire(request, 'message'))).toEqual(contacts.map((contact) => `Hi ${contact.name}`));
		expect(items.map((item) => [item.json.receptor, item.json.message])).toEqual(contacts.map((contact) => [contact.phone, `Hi ${contact.name}`]));
		expect(numbers.filter((number) => ctx.fake.deliveriesTo(number) !== 1)).toEqual([]);
	});

	test('450 messages go as requests of 200, 200 and 50, every array cut at the same places, rows joined in order', async () => {
		const numbers = freshNumbers(450);
		const given = rows(numbers, (i) => ({ type: 1, localId: 5_000_000 + i }));
		const { items, error } = await ctx.run(sendArray(given));
		expect(error).toBeUndefined();
		const requests = ctx.fake.requests;
		expect(requests.map((r) => wire(r, 'receptor').length)).toEqual([200, 200, 50]);
		for (const name of ['sender', 'message', 'type', 'localmessageids']) {
			expect(requests.map((r) => wire(r, name).length)).toEqual([200, 200, 50]);
		}
		expect(requests.flatMap((r) => wire(r, 'message'))).toEqual(given.map((row) => row.message));
		expect(requests.flatMap((r) => wire(r, 'localmessageids'))).toEqual(given.map((row) => row.localId));
		expect(items.map((item) => [item.json.receptor, item.json.message, item.json.localid])).toEqual(
			given.map((row) => [row.recipient, row.message, row.localId]),
		);
		expect(items.every((item) => item.pairedItem.item === 0)).toBe(true);
		expect(numbers.every((number) => ctx.fake.deliveriesTo(number) === 1)).toBe(true);
	});

	test('a local ID above 2^53 keeps every digit on the wire and in the output', async () => {
		const [number] = freshNumbers(1);
		const { items } = await ctx.run(sendArray(rows([number], () => ({ localId: '9223372036854775807' }))));
		expect(ctx.fake.requests[0].form?.localmessageids).toBe('[9223372036854775807]');
		expect(items[0].json.localid).toBe('9223372036854775807');
	});

	test("the service's own shape is accepted, with localmessageids as its local-ID list", async () => {
		const numbers = freshNumbers(2);
		const { items } = await ctx.run(
			sendArray({ receptor: numbers, sender: ['10004346', '10004346'], message: ['a', 'b'], localmessageids: [41, 42] }),
		);
		expect(ctx.fake.requests[0].form?.localmessageids).toBe('[41,42]');
		expect(items.map((item) => item.json.localid)).toEqual([41, 42]);
	});

	test.each([
		[rows(['09121234567', 'hello']), 'Messages (JSON) #2: recipient "hello" is not a phone number'],
		[[...rows(Array(430).fill('09121234567')), { recipient: '09121234567', sender: '', message: 'x' }], 'Messages (JSON) #431: sender line is required'],
		[rows(Array(300).fill('09121234567'), (i) => (i === 250 ? { message: ' ' } : {})), 'Messages (JSON) #251: message text is required'],
		[rows(Array(300).fill('09121234567'), (i) => (i < 299 ? { localId: i + 1 } : {})), 'Messages (JSON): give a local ID for every message or for none (299 of 300)'],
		[rows(['09121234567'], () => ({ localId: '12a' })), 'Messages (JSON) #1: local ID "12a" is not numeric'],
		[rows(['09121234567'], () => ({ localId: '99999999999999999999' })), 'Messages (JSON) #1: local ID "99999999999999999999" is larger than a local ID can be (at most 9223372036854775807)'],
		[rows(['09121234567'], () => ({ type: 'big' })), 'Messages (JSON) #1: display type "big" is not a whole number'],
		[rows(Array(10_001).fill('09121234567')), 'Messages (JSON): at most 10000 messages per item (got 10001); send more as several items'],
		[[], 'Messages (JSON): add at least one message'],
	])('rejects bad input before sending anything, checking every row → %#', async (given, message) => {
		await expectRejectedBeforeSending(ctx, sendArray(given), message);
	});

	test('with Normalize Phone Numbers off, numbers are sent as typed and a spaced one is refused before sending', async () => {
		const asTyped = { options: { normalisePhoneNumbers: false } };
		await expectRejectedBeforeSending(
			ctx,
			sendArray(rows(['+14155550100', '+98 912 123 4567']), asTyped),
			'Messages (JSON) #2: recipient "+98 912 123 4567" is not a phone number',
		);
		const { items } = await ctx.run(sendArray(rows(['+14155550100', '004915112345678']), asTyped));
		expect(wire(ctx.fake.requests[0], 'receptor')).toEqual(['+14155550100', '004915112345678']);
		expect(items).toHaveLength(2);
	});

	test('Message Preview adds parts and unicode per row, each from its own text', async () => {
		const numbers = freshNumbers(2);
		const { items } = await ctx.run(
			sendArray(
				[
					{ recipient: numbers[0], sender: '10004346', message: 'س'.repeat(71) },
					{ recipient: numbers[1], sender: '10004346', message: 'x'.repeat(160) },
				],
				{ options: { messagePreview: true } },
			),
		);
		expect(items.map((item) => [item.json.parts, item.json.unicode])).toEqual([
			[2, true],
			[1, false],
		]);
	});
});

describe('SMS → Send Different Messages: Prevent Duplicate Sends', () => {
	test('two rows to the same number get different local IDs, so both are delivered', async () => {
		const [number] = freshNumbers(1);
		const { items } = await ctx.run(sendArray(rows([number, number])));
		const ids = wire(ctx.fake.requests[0], 'localmessageids');
		expect(new Set(ids).size).toBe(2);
		ids.forEach((/** @type {number} */ id) => expect(Number.isSafeInteger(id) && id > 0).toBe(true));
		expect(items).toHaveLength(2);
		expect(ctx.fake.deliveriesTo(number)).toBe(2);
	});

	test('a re-run after a timeout on the first attempt delivers once', async () => {
		const numbers = freshNumbers(3);
		const parameters = sendArray(rows(numbers), { requestOptions: { timeout: 300 } });
		ctx.fake.injectFault({ kind: 'slow', delayMs: 1500, operation: 'sms/sendarray' });
		const first = await ctx.run(parameters, { executionId: 'send-array-timeout' });
		expect(first.error.message).toBe('Kavenegar did not answer within the timeout (Request Options → Timeout)');
		expect(first.error.description).toContain('Whether Kavenegar received this request is unknown: the messages may have been sent. They were sent with local IDs');
		const retry = await ctx.run(parameters, { executionId: 'send-array-timeout' });
		expect(retry.error).toBeUndefined();
		expect(retry.items.map((item) => item.json.receptor)).toEqual(numbers);
		expect(numbers.every((number) => ctx.fake.deliveriesTo(number) === 1)).toBe(true);
	});

	test("n8n's Retry On Fail after a dropped connection on request 2 of 2 delivers every message once", async () => {
		const numbers = freshNumbers(250);
		ctx.fake.injectFault({ kind: 'reset', after: true, operation: 'sms/sendarray', skip: 1 });
		// Without the node's own retries, so that n8n's Retry On Fail is what runs the send again.
		const { items, error } = await ctx.run(sendArray(rows(numbers), { requestLimits: { maxRequestsInFlight: 1, busyRetries: 0 } }), {
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 },
		});
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(4);
		expect(items.map((item) => item.json.receptor)).toEqual(numbers);
		expect(numbers.every((number) => ctx.fake.deliveriesTo(number) === 1)).toBe(true);
	});
});

describe('SMS → Send Different Messages: errors', () => {
	test.each(['status', '200'])('a service error (errors sent with HTTP %s) on request 2 says how far the send got', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/sendarray', skip: 1 });
			const { items, error } = await ctx.run(sendArray(rows(freshNumbers(201)), { requestLimits: { maxRequestsInFlight: 1, busyRetries: 0 } }));
			expect(items).toEqual([]);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later');
			expect(error.httpCode).toBe('409');
			expect(error.description).toContain('Request 2 of 2 failed. Went through: messages 1–200 of 201. Not sent (refused): messages 201 of 201.');
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});

	test.each(['status', '200'])('an undefined tag (errors sent with HTTP %s) is the service\'s 400', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const { error } = await ctx.run(sendArray(rows(freshNumbers(1)), { additionalFields: { tag: 'nosuchtag' } }));
			expect(error.message).toBe('Kavenegar error 400: "tag "nosuchtag" is not defined" – parameters are incomplete or out of range');
			expect(error.description).toContain('tag "nosuchtag" is not defined');
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});
});

describe('SMS → Send Different Messages: re-runs', () => {
	test('running the same data again in a new execution delivers each message once; another text goes out', async () => {
		const numbers = freshNumbers(2);
		const parameters = sendArray(rows(numbers));
		const first = await ctx.run(parameters);
		const again = await ctx.run(parameters);
		expect(again.error).toBeUndefined();
		expect(numbers.map((number) => ctx.fake.deliveriesTo(number))).toEqual([1, 1]);
		expect(again.items.map((item) => item.json.messageid)).toEqual(first.items.map((item) => item.json.messageid));
		await ctx.run(sendArray(rows(numbers, () => ({ message: 'another text' }))));
		expect(numbers.map((number) => ctx.fake.deliveriesTo(number))).toEqual([2, 2]);
	});
});
