const { useFake, expectRejectedBeforeSending } = require('../../helpers');
const { TOOL_TYPE } = require('../../harness');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const receive = (extra) => ({ resource: 'sms', operation: 'receive', lineNumber: '30004000', ...extra });
/** @param {number} count @param {string} [receptor] */
const received = (count, receptor = '30004000') =>
	ctx.fake.seedInbox(Array.from({ length: count }, (_, i) => ({ sender: `0912${String(i).padStart(7, '0')}`, receptor, message: `m${i}` })));
const unread = () => ctx.fake.inbox.filter((m) => !m.read).map((m) => m.message);

beforeEach(() => {
	ctx.fake.inbox.length = 0;
});

describe('SMS → Get Inbox and Mark as Read', () => {
	test('calls sms/receive for unread messages until fewer than 100 come back; each comes out once and is read at Kavenegar', async () => {
		received(230);
		received(1, '10004346');
		const { items, error } = await ctx.run(receive());
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((r) => [r.method, r.operation, r.form])).toEqual(
			Array.from({ length: 3 }, () => ['POST', 'sms/receive', { linenumber: '30004000', isread: '0' }]),
		);
		expect(items).toHaveLength(230);
		expect(new Set(items.map((item) => item.json.messageid)).size).toBe(230);
		expect(items[0]).toEqual({
			json: { messageid: expect.any(Number), message: 'm0', sender: '09120000000', receptor: '30004000', date: expect.any(Number), dateIso: expect.any(String), dateJalali: expect.any(String) },
			pairedItem: { item: 0 },
		});
		expect(unread()).toEqual(['m0']);
	});

	test('exactly 100 waiting: a second call answers entries null, which is zero more items, not an error', async () => {
		received(100);
		const { items, error } = await ctx.run(receive());
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(2);
		expect(items).toHaveLength(100);
	});

	test('nothing waiting: no items, no error', async () => {
		const { items, error } = await ctx.run(receive());
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	test('Stop After stops the calls, and outputs the whole last batch (it is read at Kavenegar already)', async () => {
		received(250);
		const { items } = await ctx.run(receive({ readUntilEmpty: false, stopAfter: 150 }));
		expect(ctx.fake.requests).toHaveLength(2);
		expect(items).toHaveLength(200);
		expect(unread()).toHaveLength(50);
	});

	test('a busy answer is retried (the service did not act); a cut-off answer is not (its messages are read already)', async () => {
		received(3);
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/receive' });
		const busy = await ctx.run(receive());
		expect(busy.items).toHaveLength(3);
		expect(ctx.fake.requests).toHaveLength(2);
		ctx.fake.requests.length = 0;
		received(3);
		ctx.fake.injectFault({ kind: 'reset', operation: 'sms/receive', after: true });
		const cut = await ctx.run(receive());
		expect(cut.error).toBeDefined();
		expect(ctx.fake.requests).toHaveLength(1);
	});

	test('250 unread, the second call busy until retries run out: the error names the 100 read and how to read them again', async () => {
		received(250);
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/receive', skip: 1, times: 2 });
		const { items, error } = await ctx.run(receive({ requestLimits: { busyRetries: 1 } }));
		expect(items).toEqual([]);
		expect(ctx.fake.requests).toHaveLength(3);
		expect(unread()).toHaveLength(150);
		const read = ctx.fake.inbox.filter((m) => m.read);
		expect(error.message).toBe('Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later');
		const dates = read.map((m) => m.date);
		const iso = (/** @type {number} */ seconds) => new Date(seconds * 1000).toISOString();
		expect(error.description).toContain(
			`Read before this failure, and marked read at Kavenegar, so they will not come again as unread: 100 messages on line 30004000, message IDs ${read.map((m) => m.messageid).join(', ')}, received ${iso(Math.min(...dates))} to ${iso(Math.max(...dates))}. Read them again with SMS → Get Inbox, Read State: Read, for that line and those dates.`,
		);
		// A busy answer is not a lost one: the service did not act on the failed call.
		expect(error.description).not.toContain('may have marked');
	});

	test.each([
		['Continue', 'continueRegularOutput'],
		['Continue (using error output)', 'continueErrorOutput'],
	])('with On Error: %s the 100 read come out, then the error as an item of its own', async (_name, onError) => {
		received(250);
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/receive', skip: 1, times: 2 });
		const { items, error, run } = await ctx.run(receive({ requestLimits: { busyRetries: 1 } }), { settings: { onError: /** @type {any} */ (onError) } });
		expect(error).toBeUndefined();
		const read = ctx.fake.inbox.filter((m) => m.read).map((m) => m.messageid);
		expect(read).toHaveLength(100);
		const outputs = run?.data.resultData.runData.Kavenegar[0].data?.main ?? [];
		const errorItems = onError === 'continueErrorOutput' ? outputs[1] ?? [] : items.slice(100);
		const rows = onError === 'continueErrorOutput' ? items : items.slice(0, 100);
		expect(rows.map((item) => item.json.messageid)).toEqual(read);
		expect(rows.every((item) => item.pairedItem?.item === 0 && item.error === undefined)).toBe(true);
		expect(errorItems).toHaveLength(1);
		expect(errorItems[0].json.error).toBe('Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later');
		expect(errorItems[0].error?.description).toContain('The 100 messages read before this failure are output as items before this error: Kavenegar has marked them read.');
	});

	test("as an AI agent's tool, the model gets the 100 read and then the error as the tool's result", async () => {
		received(250);
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/receive', skip: 1, times: 2 });
		// Version 2 keeps Retries on Busy Answers in Request Options.
		const { items, error } = await ctx.run(receive({ requestOptions: { busyRetries: 1 } }), { settings: { type: TOOL_TYPE, typeVersion: 2 } });
		expect(error).toBeUndefined();
		const read = ctx.fake.inbox.filter((m) => m.read).map((m) => m.messageid);
		expect(items.slice(0, 100).map((item) => item.json.messageid)).toEqual(read);
		expect(items).toHaveLength(101);
		expect(items[100].json).toEqual({
			error: 'Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later',
			details: expect.stringContaining('The 100 messages read before this failure are output as items before this error'),
			code: '409',
		});
	});

	test('an answer lost after two full calls: the error names the 100 that came and says up to 100 more may be read', async () => {
		received(250);
		ctx.fake.injectFault({ kind: 'reset', after: true, operation: 'sms/receive', skip: 1 });
		const { items, error } = await ctx.run(receive());
		expect(items).toEqual([]);
		// The second call was taken and its answer cut off: not repeated, since a repeat would read past it.
		expect(ctx.fake.requests).toHaveLength(2);
		expect(unread()).toHaveLength(50);
		expect(error.httpCode).toBe('ECONNRESET');
		expect(error.description).toContain('Read before this failure, and marked read at Kavenegar, so they will not come again as unread: 100 messages on line 30004000');
		expect(error.description).toContain(
			'The answer to the last call was lost: Kavenegar may have marked up to 100 more messages read that did not reach n8n. Find them with SMS → Get Inbox, Read State: Read.',
		);
	});

	test('two lines, the second failing after the first read all: the error n8n shows names what the first read', async () => {
		received(30);
		received(5, '10004346');
		ctx.fake.injectFault({ kind: 'refuse', code: 412, operation: 'sms/receive', skip: 1 });
		const { items, error } = await ctx.run(receive({ lineNumber: '={{ $json.line }}', requestLimits: { maxRequestsInFlight: 1 } }), {
			items: [{ json: { line: '30004000' } }, { json: { line: '10004346' } }],
		});
		expect(items).toEqual([]);
		expect(ctx.fake.requests.map((r) => r.form?.linenumber)).toEqual(['30004000', '10004346']);
		expect(error.message).toBe('Line Number 10004346: invalid sender line (Kavenegar error 412: "\u2068ارسال کننده نامعتبر است\u2069")');
		const read = ctx.fake.inbox.filter((m) => m.read);
		expect(read.map((m) => m.receptor)).toEqual(Array(30).fill('30004000'));
		expect(error.description).toContain(
			`Other items of this run read messages that Kavenegar has marked read, and n8n does not output them when the node fails: item 1: 30 messages on line 30004000, message IDs ${read.map((m) => m.messageid).join(', ')}`,
		);
		expect(error.description).toContain('Read them again with SMS → Get Inbox, Read State: Read, for that line and those dates.');
	});

	test('two items, one without a line: in stop mode nothing is read', async () => {
		received(2);
		const { error } = await ctx.run(receive({ lineNumber: '={{ $json.line }}' }), { items: [{ json: { line: '30004000' } }, { json: { line: '' } }] });
		expect(error?.message).toBe('Line Number: is required');
		expect(ctx.fake.requests).toHaveLength(0);
		expect(unread()).toHaveLength(2);
	});

	test.each([[{ lineNumber: '' }, "The 'Kavenegar' node has issues:\n- Parameter \"Line Number\" is required."]])(
		'rejects bad input before sending → %#',
		async (extra, message) => {
			await expectRejectedBeforeSending(ctx, receive(extra), message);
		},
	);
});
