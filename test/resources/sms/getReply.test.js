const { useFake, DAY, nowSeconds, isoFromNow, jalaliOf } = require('../../helpers');

// Three messages a page, so that a few replies among other people's messages take several pages.
const ctx = useFake({ inboxPageSize: 3 });

const LINE = '30004000';
const APPROVER = '09121234567';

/** @param {import('n8n-workflow').INodeParameters} [extra] */
const getReply = (extra) => ({ resource: 'sms', operation: 'getReply', recipient: APPROVER, lineNumber: LINE, since: isoFromNow(-3600), ...extra });

/**
 * A message on the line from the approver `secondsAgo`, unless `extra` says otherwise.
 * @param {string} message
 * @param {number} secondsAgo
 * @param {{ sender?: string, receptor?: string, read?: boolean }} [extra]
 */
const received = (message, secondsAgo, extra) => ({ sender: APPROVER, receptor: LINE, message, date: nowSeconds() - secondsAgo, ...extra });

/** Messages on the line from other people, which the replies must be picked out from. */
const others = (/** @type {number} */ count) => Array.from({ length: count }, (_, i) => received(`پیام ${i}`, 1000 + i, { sender: `0935${String(i).padStart(7, '0')}` }));

/** The answers of the replies a run found, in order. */
const answersOf = (/** @type {import('../../harness').OutputItem[]} */ items) => items[0].json.replies.map((/** @type {{ answer: string }} */ reply) => reply.answer);

beforeEach(() => {
	ctx.fake.inbox.length = 0;
});

describe('SMS → Get Reply', () => {
	test('a yes since the moment approves: both read states, every page, nothing marked read', async () => {
		ctx.fake.seedInbox([...others(4), received('بله', 600, { read: true })]);
		const readStates = ctx.fake.inbox.map((message) => message.read);
		const since = isoFromNow(-3600);
		const before = nowSeconds();
		const { items, error } = await ctx.run(getReply({ since }));
		const after = nowSeconds();
		expect(error).toBeUndefined();
		const [reply] = ctx.fake.inbox.filter((message) => message.sender === APPROVER);
		const sinceSeconds = String(Date.parse(since) / 1000);
		expect(items).toEqual([
			{
				json: {
					replied: true,
					answer: 'approved',
					text: 'بله',
					receivedAt: new Date(reply.date * 1000).toISOString(),
					receivedAtJalali: jalaliOf(reply.date),
					messageId: reply.messageid,
					replies: [{ messageId: reply.messageid, text: 'بله', receivedAt: new Date(reply.date * 1000).toISOString(), receivedAtJalali: jalaliOf(reply.date), answer: 'approved', bareAnswer: 'approved' }],
					since,
				},
				pairedItem: { item: 0 },
			},
		]);
		// Unread first (two pages of the four others), then read; only the inbox's own parameters.
		expect(ctx.fake.requests.map((request) => [request.method, request.operation, request.form?.isread, request.form?.pagenumber])).toEqual([
			['POST', 'sms/inboxpaged', '0', '1'],
			['POST', 'sms/inboxpaged', '0', '2'],
			['POST', 'sms/inboxpaged', '1', '1'],
		]);
		for (const request of ctx.fake.requests) {
			expect(request.form).toEqual({ linenumber: LINE, isread: expect.any(String), startdate: sinceSeconds, enddate: expect.any(String), pagenumber: expect.any(String) });
			expect(Number(request.form?.enddate)).toBeGreaterThanOrEqual(before);
			expect(Number(request.form?.enddate)).toBeLessThanOrEqual(after);
		}
		expect(ctx.fake.inbox.map((message) => message.read)).toEqual(readStates);
	});

	test.each([
		['بله', 'approved'],
		['  بله!  ', 'approved'],
		['«بله»', 'approved'],
		['بلي', 'approved'],
		['ب\u200cله', 'approved'],
		['\u200fبله\u200f', 'approved'],
		['بــله', 'approved'],
		['آره', 'approved'],
		['۱', 'approved'],
		['١', 'approved'],
		[' 1. ', 'approved'],
		['YES', 'approved'],
		['Ok!', 'approved'],
		['o k', 'approved'],
		['2', 'declined'],
		['۲', 'declined'],
		['خير', 'declined'],
		['نه.', 'declined'],
		['No', 'declined'],
		['بله ولی فردا', 'other'],
		['yes please', 'other'],
		['11', 'other'],
		['1 2', 'other'],
		['ok 👍', 'other'],
		['سلام', 'other'],
	])('the reply %j reads as %s', async (message, answer) => {
		ctx.fake.seedInbox([received(message, 60)]);
		const { items, error } = await ctx.run(getReply());
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual(expect.objectContaining({ replied: true, answer, text: message }));
	});

	test('Yes Words and No Words of your own replace the defaults', async () => {
		ctx.fake.seedInbox([received('1', 120), received('تایید', 60)]);
		const { items } = await ctx.run(getReply({ yesWords: 'تأیید, تایید', noWords: 'رد' }));
		expect(answersOf(items)).toEqual(['other', 'approved']);
		expect(items[0].json.text).toBe('تایید');
	});

	test('replies from another number, to another line or from before the moment are never taken; the number and line any way written', async () => {
		ctx.fake.seedInbox([
			received('1', 7200),
			received('1', 600, { sender: '09350000000' }),
			received('1', 500, { receptor: '10004346' }),
			received('2', 400, { sender: '+989121234567' }),
		]);
		const { items } = await ctx.run(getReply({ recipient: '+98 ۹۱۲ ۱۲۳ ۴۵۶۷', lineNumber: '3000 ۴۰۰۰' }));
		expect(items[0].json).toEqual(expect.objectContaining({ answer: 'declined', text: '2' }));
		expect(items[0].json.replies).toHaveLength(1);
		expect(ctx.fake.requests.map((request) => request.form?.linenumber)).toEqual([LINE, LINE]);
	});

	test('the first reply that says yes or no decides; replies before and after it are listed', async () => {
		ctx.fake.seedInbox([received('سلام', 300), received('2', 200), received('1', 100, { read: true })]);
		const { items } = await ctx.run(getReply());
		expect(items[0].json).toEqual(expect.objectContaining({ replied: true, answer: 'declined', text: '2' }));
		expect(answersOf(items)).toEqual(['other', 'declined', 'approved']);
	});

	test('replies that say neither: answer other, with the first of them', async () => {
		ctx.fake.seedInbox([received('چرا؟', 200), received('کی؟', 100)]);
		const { items } = await ctx.run(getReply());
		expect(items[0].json).toEqual(expect.objectContaining({ replied: true, answer: 'other', text: 'چرا؟' }));
	});

	test('no reply: replied false, answer and the reply\'s fields null', async () => {
		ctx.fake.seedInbox(others(2));
		const since = isoFromNow(-600);
		const { items } = await ctx.run(getReply({ since }));
		expect(items.map((item) => item.json)).toEqual([
			{ replied: false, answer: null, text: null, receivedAt: null, receivedAtJalali: null, messageId: null, replies: [], since },
		]);
	});

	test('with a Reference, only a yes or no with it beside the word decides', async () => {
		ctx.fake.seedInbox([
			received('1', 600),
			received('1 9999', 500),
			received('14821', 400),
			received('بله ۴۸۲۱ لطفا', 300),
			received('۴۸۲۱ بله', 200),
			received('2 4821', 100),
		]);
		const { items } = await ctx.run(getReply({ reference: '4821' }));
		expect(items[0].json).toEqual(expect.objectContaining({ answer: 'approved', text: '۴۸۲۱ بله' }));
		expect(answersOf(items)).toEqual(['other', 'other', 'other', 'other', 'approved', 'declined']);
		const other = await ctx.run(getReply({ reference: '9999' }));
		expect(other.items[0].json).toEqual(expect.objectContaining({ answer: 'approved', text: '1 9999' }));
	});

	test('with a Reference, each reply still says the yes or no it is alone (bareAnswer), for the workflow to judge; 11 and لغو are none', async () => {
		ctx.fake.seedInbox([
			received('بله', 700),
			received('۲', 600),
			received('١', 550),
			received('1 4821', 500),
			received('11', 400),
			received('لغو ۱۱', 300),
			received('1 1', 200),
			received('ok 👍', 100),
		]);
		const { items } = await ctx.run(getReply({ reference: '4821' }));
		expect(items[0].json).toEqual(expect.objectContaining({ answer: 'approved', text: '1 4821' }));
		expect(items[0].json.replies.map((/** @type {{ answer: string, bareAnswer: string | null }} */ reply) => [reply.answer, reply.bareAnswer])).toEqual([
			['other', 'approved'],
			['other', 'declined'],
			['other', 'approved'],
			['approved', null],
			['other', null],
			['other', null],
			['other', null],
			['other', null],
		]);
		const withoutReference = await ctx.run(getReply({ noWords: '' }));
		expect(withoutReference.items[0].json.replies.map((/** @type {{ bareAnswer: string | null }} */ reply) => reply.bareAnswer).slice(0, 3)).toEqual(['approved', null, 'approved']);
	});

	test('a Since more than two days back is read in ranges of two days, each in both read states', async () => {
		ctx.fake.seedInbox([received('1', 4 * DAY)]);
		const sinceSeconds = nowSeconds() - 5 * DAY;
		const { items } = await ctx.run(getReply({ since: String(sinceSeconds) }));
		expect(items[0].json).toEqual(expect.objectContaining({ answer: 'approved' }));
		const ranges = [sinceSeconds, sinceSeconds + 2 * DAY, sinceSeconds + 4 * DAY].flatMap((start) => [[start, '0'], [start, '1']]);
		expect(ctx.fake.requests.map((request) => [Number(request.form?.startdate), request.form?.isread])).toEqual(ranges);
		expect(ctx.fake.requests.slice(0, 4).map((request) => Number(request.form?.enddate) - Number(request.form?.startdate))).toEqual([2 * DAY, 2 * DAY, 2 * DAY, 2 * DAY]);
	});

	test('Since empty: when the node first ran in this execution, kept for its later runs (a loop through a Wait)', async () => {
		const executionId = 'waits-for-a-reply';
		const first = await ctx.run(getReply({ since: '' }), { executionId });
		const firstRun = Date.parse(first.items[0].json.since) / 1000;
		expect(Math.abs(firstRun - nowSeconds())).toBeLessThanOrEqual(1);
		expect(first.items[0].json.replied).toBe(false);
		ctx.fake.seedInbox([received('بله', nowSeconds() - firstRun)]);
		await new Promise((resolve) => setTimeout(resolve, 1100));
		const contextData = first.run?.data.executionData?.contextData;
		const later = await ctx.run(getReply({ since: '' }), { contextData, executionId });
		expect(later.items[0].json).toEqual(expect.objectContaining({ answer: 'approved', since: first.items[0].json.since }));
		expect(ctx.fake.requests.at(-1)?.form?.startdate).toBe(String(firstRun));
	});

	test('a Since a little ahead of n8n\'s clock (the send\'s date is Kavenegar\'s) reads from now', async () => {
		const since = isoFromNow(120);
		const { items, error } = await ctx.run(getReply({ since }));
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual(expect.objectContaining({ replied: false, since }));
		expect(Number(ctx.fake.requests[0].form?.startdate)).toBeLessThanOrEqual(nowSeconds());
	});

	test('each item asks of its own number: one output item per input item', async () => {
		ctx.fake.seedInbox([received('1', 60), received('2', 60, { sender: '09351112233' })]);
		const { items } = await ctx.run(getReply({ recipient: '={{ $json.phone }}' }), { items: [{ json: { phone: APPROVER } }, { json: { phone: '09351112233' } }] });
		expect(items.map((item) => [item.json.answer, item.pairedItem])).toEqual([['approved', { item: 0 }], ['declined', { item: 1 }]]);
	});

	test.each([
		[{ recipient: '' }, "The 'Kavenegar' node has issues:\n- Parameter \"Recipient\" is required."],
		[{ recipient: 'not-a-number' }, 'Recipient: "not-a-number" is not a phone number'],
		[{ recipient: '0912 123' }, 'Recipient: "0912 123" is not an Iranian mobile number (09 and 9 digits); write a number outside Iran with its country code (+44…)'],
		[{ lineNumber: '' }, "The 'Kavenegar' node has issues:\n- Parameter \"Line Number\" is required."],
		[{ lineNumber: '={{ $json.missing }}' }, 'Line Number: is required'],
		[{ lineNumber: '3000-4000' }, 'Line Number: "3000-4000" is not a line number: digits only, such as 10004346'],
		[{ since: 'yesterday-ish' }, 'Since: "yesterday-ish" is not a date: use a Jalali date such as 1405/01/01 09:00, a Gregorian one such as 2026-11-22 10:00 or 2026-11-22T10:00:00+03:30, or Unix seconds'],
		[{ since: '2026-02-30 10:00' }, 'Since: "2026-02-30 10:00" is not a day of the calendar: check the month and the day'],
		[{ since: isoFromNow(-8 * DAY) }, expect.stringMatching(/^Since: must be at most 7 days in the past \(got \d{4}-.*Z\)$/)],
		[{ since: isoFromNow(3600) }, expect.stringMatching(/^Since: must not be in the future \(got \d{4}-.*Z\)$/)],
		[{ yesWords: '' }, 'Yes Words: at least one word is required'],
		[{ yesWords: 'ok, !!' }, 'Yes Words: "!!" has no letter or digit'],
		[{ noWords: '2, OK' }, 'No Words: "OK" is also one of the Yes Words'],
		[{ reference: '48 21' }, 'Reference: "48 21" must be one word or number, without spaces or punctuation (such as 4821)'],
		[{ reference: 'نه' }, 'Reference: "\u2068نه\u2069" is also one of the No Words'],
	])('%o is refused by name before any request', async (extra, message) => {
		const { items, error } = await ctx.run(getReply(extra));
		expect(items).toEqual([]);
		expect(error?.message).toEqual(message);
		expect(error?.httpCode ?? null).toBeNull();
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('Since empty in an execution whose first run is over 7 days old says so', async () => {
		const contextData = { 'node:Kavenegar': { getReplyFirstRun: nowSeconds() - 8 * DAY } };
		const { error } = await ctx.run(getReply({ since: '' }), { contextData });
		expect(error?.message).toMatch(/^Since: empty means when this node first ran in this execution \(.*Z\), more than 7 days ago: set a moment within the last 7 days$/);
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('a service error comes through with its meaning', async () => {
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/inboxpaged' });
		const { error } = await ctx.run(getReply({ requestLimits: { busyRetries: 0 } }));
		expect(error.message).toBe('Kavenegar error 409: "\u2068سرور قادر به پاسخگوئی نیست بعدا تلاش کنید\u2069" – the server is busy: retry later');
	});
});
