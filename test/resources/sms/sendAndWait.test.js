const { callWaitingLink, resumeWaiting } = require('../../harness');
const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** The newest node version: the send options live in Additional Fields. */
const V3 = { settings: { typeVersion: 3 } };

/**
 * SMS → Send and Wait for Response.
 * @param {Record<string, any>} [more]
 */
const ask = (more = {}) => ({ resource: 'sms', operation: 'sendAndWait', approvers: '+98 912 111 1111', message: 'Refund order 1234?', ...more });

/** Runs the node until it waits; resolves with the run and the one SMS the fake received. */
async function askAndWait(/** @type {Record<string, any>} */ parameters, options = {}) {
	const result = await ctx.run(parameters, { ...V3, ...options });
	expect(result.error).toBeUndefined();
	expect(result.run?.waitTill).toBeInstanceOf(Date);
	const sends = ctx.fake.requests.filter((request) => request.operation === 'sms/send');
	expect(sends).toHaveLength(1);
	return { run: /** @type {import('n8n-workflow').IRun} */ (result.run), sent: { ...sends[0], form: sends[0].form ?? {} }, items: result.items };
}

const linkIn = (/** @type {string} */ text) => /** @type {string} */ (/https?:\/\/\S+$/.exec(text)?.[0]);

describe('SMS → Send and Wait for Response', () => {
	test("the labels' field defaults are the ones the page falls back to (n8n's lint wants them written out)", () => {
		const { sendAndWaitFields } = require('../../../nodes/Kavenegar/resources/sms/sendAndWait');
		const { DEFAULT_LABELS } = require('../../../nodes/Kavenegar/approvals/question');
		/** @type {(properties: any[], name: string) => any} */
		const find = (properties, name) => {
			for (const property of properties) {
				if (property.name === name) return property;
				const found = find([...(property.options ?? []), ...(property.values ?? [])].filter((entry) => typeof entry === 'object' && 'name' in entry), name);
				if (found) return found;
			}
			return undefined;
		};
		expect(['approveLabel', 'disapproveLabel', 'responseFormButtonLabel'].map((name) => find(sendAndWaitFields, name)?.default)).toEqual([
			DEFAULT_LABELS.approve,
			DEFAULT_LABELS.decline,
			DEFAULT_LABELS.send,
		]);
	});

	test('sends the question with its signed link, once, and the run waits with no output', async () => {
		const { run, sent } = await askAndWait(ask());
		expect(run.status).toBe('waiting');
		expect(sent).toMatchObject({ method: 'POST', contentType: 'application/x-www-form-urlencoded' });
		expect(Object.keys(sent.form).sort()).toEqual(['localid', 'message', 'receptor']);
		expect(sent.form.receptor).toBe('09121111111');
		const link = linkIn(sent.form.message);
		expect(sent.form.message).toBe(`Refund order 1234?\n${link}`);
		// n8n's signed resume link: the waiting-webhook base URL, the execution, the node's ID.
		expect(link).toMatch(/^http:\/\/127\.0\.0\.1\/test-execution-\d+\/kavenegar-node\?signature=[0-9a-f]{64}$/);
		expect(sent.form.localid).toMatch(/^\d+$/);
		// No limit set: n8n's own "wait indefinitely".
		expect(run.waitTill?.toISOString()).toBe('3000-01-01T00:00:00.000Z');
	});

	test('opening the link shows the question and decides nothing; the page posts the answer back', async () => {
		const { run } = await askAndWait(ask({ message: 'Pay <b>invoice</b> 77?\nفاکتور ۷۷ پرداخت شود؟' }));
		const { response, workflowData } = await callWaitingLink(run, { method: 'GET' });
		expect(workflowData).toBeUndefined();
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
		expect(response.headers['content-security-policy']).toContain("default-src 'none'");
		expect(response.headers['referrer-policy']).toBe('no-referrer');
		expect(response.body).toContain('<p class="message" dir="auto">Pay &lt;b&gt;invoice&lt;/b&gt; 77?<br>فاکتور ۷۷ پرداخت شود؟</p>');
		expect(response.body).toContain('<form method="post">');
		expect(response.body).toContain('<button type="submit" name="decision" value="approve" dir="auto">Approve</button>');
		expect(response.body).toContain('value="decline" class="secondary" dir="auto">Decline</button>');
		expect(response.body).not.toMatch(/<script/i);
	});

	test.each([
		['approve', true],
		['decline', false],
	])('the page posts %s: the run goes on with data.approved %s', async (decision, approved) => {
		const { run } = await askAndWait(ask());
		const { response, workflowData } = await callWaitingLink(run, { method: 'POST', body: { decision } });
		expect(response.status).toBe(200);
		expect(response.body).toContain('Your answer was sent. If someone answered this question before you, their answer stands.');
		const items = await resumeWaiting(run, workflowData);
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({ data: { approved, timedOut: false, respondedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
	});

	test.each([
		['Decline', 'decline', false],
		['Approve', 'approve', true],
	])('two people answer at once, Approve and Decline, and n8n takes %s: both pages are true, and the run goes on once, with it', async (_, taken, approved) => {
		const { run } = await askAndWait(ask());
		// n8n reads the waiting execution for each POST and runs the node's webhook for both before it
		// resumes the run; the first resume marks it running, and n8n refuses the other.
		const calls = await Promise.all(
			['approve', 'decline'].map(async (decision) => ({ decision, ...(await callWaitingLink(run, { method: 'POST', body: { decision } })) })),
		);
		for (const { response, workflowData } of calls) {
			expect(workflowData).toBeDefined();
			expect(response.status).toBe(200);
			expect(response.body).toContain('Your answer was sent. If someone answered this question before you, their answer stands.');
			expect(response.body).not.toMatch(/recorded|counted|decided/i);
		}
		const [won, lost] = [calls.find((call) => call.decision === taken), calls.find((call) => call.decision !== taken)];
		const items = await resumeWaiting(run, won?.workflowData);
		expect(items.map((item) => item.json.data.approved)).toEqual([approved]);
		await expect(resumeWaiting(run, lost?.workflowData)).rejects.toThrow('this run is not waiting');
	});

	test.each([
		['a link preview', 'WhatsApp/2.23.20.0'],
		['a crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
		['a client without a user agent', ''],
	])('a POST from %s decides nothing', async (_, userAgent) => {
		const { run } = await askAndWait(ask());
		const { response, workflowData } = await callWaitingLink(run, { method: 'POST', body: { decision: 'approve' }, headers: { 'user-agent': userAgent } });
		expect(workflowData).toBeUndefined();
		expect(response.status).toBe(403);
		expect(response.body).toContain('Answer not recorded');
	});

	test.each([
		["Telegram's in-app browser", 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 Telegram-Android/10.14.5 (Samsung SM-A546E; Android 14; SDK 34; AVERAGE)'],
		['a phone whose model name ends in BOT', 'Mozilla/5.0 (Linux; Android 12; CUBOT X50) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36'],
	])("a POST from %s is a person's answer", async (_, userAgent) => {
		const { run } = await askAndWait(ask());
		const { response, workflowData } = await callWaitingLink(run, { method: 'POST', body: { decision: 'approve' }, headers: { 'user-agent': userAgent } });
		expect(response.status).toBe(200);
		expect(workflowData?.[0][0].json.data).toMatchObject({ approved: true });
	});

	test.each([
		['no body', undefined],
		['a JSON null', null],
		['a list', ['approve']],
		['a free text over 4,000 characters', { text: 'x'.repeat(4001) }],
	])('a POST with %s decides nothing, and the question waits on', async (_, body) => {
		const { run } = await askAndWait(ask(_ === 'a free text over 4,000 characters' ? { responseType: 'freeText' } : {}));
		const { response, workflowData } = await callWaitingLink(run, { method: 'POST', body });
		expect(workflowData).toBeUndefined();
		expect(response.status).toBe(400);
		expect(response.body).toContain('Answer not recorded');
	});

	test('a question the link can no longer show (its expression fails) ends nothing: the page says so', async () => {
		const { run } = await askAndWait(ask({ message: '={{ $json.order ? "Refund " + $json.order + "?" : $("No Such Node").item.json.x }}' }), { items: [{ json: { order: 'A-5' } }] });
		// The waiting item is what n8n stores; a question whose expression reads what is gone then fails.
		run.data.executionData?.nodeExecutionStack[0].data.main[0]?.forEach((item) => delete item?.json.order);
		const { response, workflowData } = await callWaitingLink(run, { method: 'GET' });
		expect(workflowData).toBeUndefined();
		expect(response.status).toBe(500);
		expect(response.body).toContain('could not be shown or answered');
	});

	test('Approve Only: the page has no Decline, and a posted decline decides nothing', async () => {
		const { run } = await askAndWait(ask({ approvalOptions: { values: { approvalType: 'single', approveLabel: 'تایید' } } }));
		const page = await callWaitingLink(run, { method: 'GET' });
		expect(page.response.body).toContain('value="approve" dir="auto">تایید</button>');
		expect(page.response.body).not.toContain('value="decline"');
		const declined = await callWaitingLink(run, { method: 'POST', body: { decision: 'decline' } });
		expect(declined.workflowData).toBeUndefined();
		expect(declined.response.status).toBe(400);
	});

	test('Free Text: the page asks for text; the answer comes out as data.text, an empty one decides nothing', async () => {
		const { run } = await askAndWait(ask({ responseType: 'freeText', additionalFields: { responseFormButtonLabel: 'ارسال' } }));
		const page = await callWaitingLink(run, { method: 'GET' });
		expect(page.response.body).toContain('<textarea id="answer" name="text" dir="auto" required');
		expect(page.response.body).toContain('<button type="submit" dir="auto">ارسال</button>');
		expect((await callWaitingLink(run, { method: 'POST', body: { text: '  ' } })).workflowData).toBeUndefined();
		const { workflowData } = await callWaitingLink(run, { method: 'POST', body: { text: ' Only half, please ' } });
		const items = await resumeWaiting(run, workflowData);
		expect(items.map((item) => item.json)).toEqual([{ data: { text: 'Only half, please', timedOut: false, respondedAt: expect.any(String) } }]);
	});

	test('the question on the page reads as in the SMS: its expressions over the item the node waits with', async () => {
		const { run, sent } = await askAndWait(ask({ message: '=Refund {{ $json.order }} for {{ $json.amount }} rials?' }), { items: [{ json: { order: 'A-17', amount: 50000 } }] });
		expect(sent.form.message).toMatch(/^Refund A-17 for 50000 rials\?\n/);
		const { response } = await callWaitingLink(run, { method: 'GET' });
		expect(response.body).toContain('>Refund A-17 for 50000 rials?</p>');
	});

	test('Limit Wait Time: the run waits until then, and a time-out passes the items on with data.timedOut', async () => {
		const before = Date.now();
		const limit = { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' } } };
		const { run } = await askAndWait(ask({ additionalFields: limit }), { items: [{ json: { order: 'A-1' } }, { json: { order: 'A-2' } }] });
		expect(Number(run.waitTill) - before).toBeGreaterThanOrEqual(2 * 3_600_000);
		expect(Number(run.waitTill) - before).toBeLessThan(2 * 3_600_000 + 60_000);
		const items = await resumeWaiting(run);
		expect(items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ order: 'A-1', data: { approved: false, timedOut: true } }, { item: 0 }],
			[{ order: 'A-2', data: { approved: false, timedOut: true } }, { item: 1 }],
		]);
	});

	test('Limit Wait Time at a Jalali date and time, read in the workflow time zone', async () => {
		const limit = { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: '۱۴۱۰/۰۱/۰۱ ۰۹:۰۰' } } };
		const { run } = await askAndWait(ask({ additionalFields: limit }), { timezone: 'Asia/Tehran' });
		// 1410/01/01 is 2031-03-21; 09:00 in Tehran is 05:30 UTC.
		expect(run.waitTill?.toISOString()).toBe('2031-03-21T05:30:00.000Z');
	});

	test('a number from an expression is a message like any text', async () => {
		const { sent } = await askAndWait(ask({ message: '={{ $json.amount }}' }), { items: [{ json: { amount: 50000 } }] });
		expect(sent.form.message).toMatch(/^50000\n/);
	});

	test("Request Options → Timeout and Proxy apply to the question's request", async () => {
		ctx.fake.injectFault({ kind: 'slow', operation: 'sms/send', delayMs: 3000 });
		const slow = await ctx.run(ask({ requestOptions: { timeout: 500 } }), V3);
		expect(slow.error.message).toBe('Kavenegar did not answer sms/send within 0.5 seconds');
		ctx.fake.requests.length = 0;
		await expectRejectedBeforeSending(ctx, { ...ask(), requestOptions: { proxy: 'not a proxy' } }, 'Request Options → Proxy: "not a proxy" is not a proxy address such as http://myproxy:3128');
	});

	test.each([
		[ask({ approvers: '0912' }), 'Recipients: "0912" is not an Iranian mobile number (09 and 9 digits); write a number outside Iran with its country code (+44…)'],
		[ask({ message: ' ' }), 'Message: is required'],
		[ask({ additionalFields: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: '1400/01/01 09:00' } } } }), 'Limit Wait Time → Max Date and Time: "1400/01/01 09:00" has passed: give a time to come'],
		[ask({ additionalFields: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: '' } } } }), 'Limit Wait Time → Max Date and Time: is required when the limit is a date'],
	])('bad input is refused before anything is sent → %#', async (parameters, message) => {
		await expectRejectedBeforeSending(ctx, { ...parameters }, message);
	});

	test('every recipient gets the same link; the link and the SMS parts count against Max Messages per Run', async () => {
		const persian = 'آیا بازپرداخت سفارش ۱۲۳۴ به مبلغ پنجاه هزار ریال تایید می‌شود؟';
		const over = await ctx.run(ask({ approvers: '09121111111, 09122222222', message: persian, additionalFields: { maxMessagesPerRun: 5 } }), V3);
		// Persian text and the link (about 125 characters here): 3 parts of 67 each, to 2 recipients.
		expect(over.error.message).toBe('Max Messages per Run: this run would send 6 messages, more than its cap of 5');
		expect(over.error.description).toContain('Additional Fields → Max Messages per Run');
		expect(ctx.fake.requests).toEqual([]);
		const { sent } = await askAndWait(ask({ approvers: '09121111111, 09122222222', message: persian, additionalFields: { maxMessagesPerRun: 6 } }));
		expect(sent.form.receptor).toBe('09121111111,09122222222');
		expect(sent.form.localid.split(',')).toHaveLength(2);
	});

	test('Stop Below Credit reads the credit first and sends nothing under the floor', async () => {
		const { error } = await ctx.run(ask({ additionalFields: { stopBelowCredit: ctx.fake.credit + 1 } }), V3);
		expect(error.message).toMatch(/^Stop Below Credit: the account has [\d,]+ rials of credit, below this send's floor of [\d,]+$/);
		expect(ctx.fake.requests.map((request) => request.operation)).toEqual(['account/info']);
	});

	test('busy answers (409, 451) are tried again, waiting longer each time: the question goes once', async () => {
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/send' });
		ctx.fake.injectFault({ kind: 'busy451', operation: 'sms/send' });
		const outbox = ctx.fake.outbox.length;
		const result = await ctx.run(ask(), V3);
		expect(result.error).toBeUndefined();
		expect(result.run?.status).toBe('waiting');
		const sends = ctx.fake.requests.filter((request) => request.operation === 'sms/send');
		expect(sends).toHaveLength(3);
		// The same request each time: the same local ID.
		expect(new Set(sends.map((request) => request.form?.localid)).size).toBe(1);
		expect(ctx.fake.outbox.length - outbox).toBe(1);
	});

	test('busy after the last try: the error says so and how many tries were made, nothing sent', async () => {
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/send', times: 4 });
		const outbox = ctx.fake.outbox.length;
		const { error } = await ctx.run(ask(), V3);
		expect(error.message).toContain('409');
		expect(error.description).toContain('4 tries were made, the node waiting longer after each.');
		expect(ctx.fake.requests.filter((request) => request.operation === 'sms/send')).toHaveLength(4);
		expect(ctx.fake.outbox.length).toBe(outbox);
	});

	test('without local IDs, a connection dropped after Kavenegar took the question is not tried again', async () => {
		ctx.fake.injectFault({ kind: 'reset', operation: 'sms/send', after: true });
		const outbox = ctx.fake.outbox.length;
		const { error } = await ctx.run(ask({ additionalFields: { preventDuplicateSends: false } }), V3);
		expect(error.description).toBe(
			'Whether Kavenegar received this request is unknown: the question may have been sent. They were sent without local IDs: running the node again sends to them again. Turn on Prevent Duplicate Sends or give Local IDs to make a re-run safe.',
		);
		const sends = ctx.fake.requests.filter((request) => request.operation === 'sms/send');
		expect(sends).toHaveLength(1);
		expect(sends[0].form?.localid).toBeUndefined();
		expect(ctx.fake.outbox.length - outbox).toBe(1);
	});

	test("Stop Below Credit's read of the credit is tried again after a busy answer", async () => {
		ctx.fake.injectFault({ kind: 'busy451', operation: 'account/info' });
		const { run } = await askAndWait(ask({ additionalFields: { stopBelowCredit: 1 } }));
		expect(run.status).toBe('waiting');
		expect(ctx.fake.requests.map((request) => request.operation)).toEqual(['account/info', 'account/info', 'sms/send']);
	});

	test('an account not allowed links (420): the error says an approval SMS needs its link, and points to Get Reply', async () => {
		ctx.fake.linksAllowed = false;
		try {
			const outbox = ctx.fake.outbox.length;
			const { error } = await ctx.run(ask(), V3);
			expect(ctx.fake.outbox.length).toBe(outbox);
			expect(error.message).toBe('Message: links are not allowed in the text for this account (Kavenegar error 420: "\u2068استفاده از لینک در متن پیام برای شما محدود شده است\u2069")');
			expect(error.description).toContain('An approval SMS must carry its link: ask Kavenegar to allow links for this account');
			expect(error.description).toContain("Without links, ask with SMS → Send and read the approver's reply (such as 1) with SMS → Get Reply");
		} finally {
			ctx.fake.linksAllowed = true;
		}
	});

	test('Retry On Fail sends the same question again with the same local IDs: Kavenegar delivers it once', async () => {
		const executionId = 'approval-retried';
		const first = await askAndWait(ask(), { executionId });
		const messagesBefore = ctx.fake.outbox.length;
		ctx.fake.requests.length = 0;
		const again = await askAndWait(ask(), { executionId });
		expect(again.sent.form.localid).toBe(first.sent.form.localid);
		expect(again.sent.form.message).toBe(first.sent.form.message);
		expect(ctx.fake.outbox.length).toBe(messagesBefore);
	});
});
