'use strict';
/**
 * Send Window (Additional Fields of SMS → Send, Send Different Messages and Voice Call → Send Voice
 * Message) through n8n-core's engine against the fake: what `date` went over the wire, what the
 * rows say, and the clock set with jest's fake Date (the engine's timers stay real).
 */
const { useFake, expectRejectedBeforeSending, jalaliOf, setNow } = require('../../helpers');

const ctx = useFake();
afterEach(() => jest.useRealTimers());


const seconds = (/** @type {string} */ iso) => Date.parse(iso) / 1000;
/** @param {import('n8n-workflow').INodeParameters} hours */
const windowOf = (hours) => ({ sendWindow: { hours } });
const DAYTIME = windowOf({ from: '08:00', until: '21:00' });
const TEHRAN = { timezone: 'Asia/Tehran' };
let series = 3_000_000;
/** Numbers of their own, so that one test's sends are not another's duplicates. */
const fresh = (count = 1) => Array.from({ length: count }, () => `0912${String(series++).padStart(7, '0')}`);
/** @param {import('n8n-workflow').INodeParameters} [additionalFields] */
const sms = (additionalFields = {}) => ({ resource: 'sms', operation: 'send', recipients: fresh().join(','), message: 'Your order has shipped', additionalFields });

describe('Send Window: when the message goes', () => {
	test('inside the window the message goes now: no date is sent, and the rows say so', async () => {
		setNow('2026-11-23T06:30:00Z'); // Monday 10:00 in Tehran
		const { items, error } = await ctx.run(sms(DAYTIME), TEHRAN);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).not.toHaveProperty('date');
		expect(items[0].json).toMatchObject({ scheduledFor: null, scheduledForJalali: null, sendAtMoved: false });
	});

	test('outside the window the message is held at Kavenegar until the next opening (02:00 → 08:00)', async () => {
		setNow('2026-11-22T22:30:00Z'); // Monday 02:00 in Tehran
		const { items, error } = await ctx.run(sms(DAYTIME), TEHRAN);
		expect(error).toBeUndefined();
		const opening = seconds('2026-11-23T04:30:00Z'); // Monday 08:00 in Tehran
		expect(ctx.fake.requests[0].form?.date).toBe(String(opening));
		expect(items[0].json).toMatchObject({
			scheduledFor: '2026-11-23T04:30:00.000Z',
			scheduledForJalali: '1405/09/02 08:00:00',
			sendAtMoved: false,
			date: opening,
		});
		expect(items[0].json.scheduledForJalali).toBe(jalaliOf(opening, 'Asia/Tehran'));
	});

	test.each([1, 2, 3])('node version %i reads the window from Additional Fields alike', async (typeVersion) => {
		setNow('2026-11-22T22:30:00Z');
		const { error } = await ctx.run(sms(DAYTIME), { ...TEHRAN, settings: { typeVersion } });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-23T04:30:00Z')));
	});

	test('after the window closes, the next opening is the next morning', async () => {
		setNow('2026-11-23T17:30:00Z'); // Monday 21:00 in Tehran: Until is the first minute outside
		await ctx.run(sms(DAYTIME), TEHRAN);
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-24T04:30:00Z')));
	});

	test('a window that runs past midnight (22:00 until 06:00) is open at 23:00 and 03:00, and closed at noon', async () => {
		const night = windowOf({ from: '22:00', until: '06:00' });
		for (const now of ['2026-11-23T19:30:00Z', '2026-11-23T23:30:00Z']) {
			setNow(now); // 23:00 Monday, 03:00 Tuesday in Tehran
			ctx.fake.requests.length = 0;
			await ctx.run(sms(night), TEHRAN);
			expect(ctx.fake.requests[0].form).not.toHaveProperty('date');
		}
		setNow('2026-11-24T08:30:00Z'); // Tuesday 12:00 in Tehran
		ctx.fake.requests.length = 0;
		const { items } = await ctx.run(sms(night), TEHRAN);
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-24T18:30:00Z'))); // Tuesday 22:00
		expect(items[0].json.scheduledForJalali).toBe('1405/09/03 22:00:00');
	});

	test('past midnight, the morning belongs to the day the window opened: Thursday night runs into a Friday left out', async () => {
		const night = windowOf({ from: '22:00', until: '06:00', days: ['saturday', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday'] });
		setNow('2026-11-26T23:30:00Z'); // Friday 03:00 in Tehran, after Thursday's 22:00
		await ctx.run(sms(night), TEHRAN);
		expect(ctx.fake.requests[0].form).not.toHaveProperty('date');
		setNow('2026-11-27T08:30:00Z'); // Friday 12:00: no window opens on Friday
		ctx.fake.requests.length = 0;
		await ctx.run(sms(night), TEHRAN);
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-28T18:30:00Z'))); // Saturday 22:00
	});

	test('a day left out is skipped: Thursday 22:00 with Friday out goes on Saturday 08:00', async () => {
		const noFriday = windowOf({ from: '08:00', until: '21:00', days: ['saturday', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday'] });
		setNow('2026-11-26T18:30:00Z'); // Thursday 22:00 in Tehran
		const { items } = await ctx.run(sms(noFriday), TEHRAN);
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-28T04:30:00Z')));
		expect(items[0].json.scheduledForJalali).toBe('1405/09/07 08:00:00');
		// Days given by an expression as a comma list read the same.
		setNow('2026-11-27T06:30:00Z'); // Friday 10:00
		ctx.fake.requests.length = 0;
		await ctx.run(sms(windowOf({ from: '08:00', until: '21:00', days: '={{ "Saturday, Sunday, Monday, Tuesday, Wednesday, Thursday" }}' })), TEHRAN);
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-28T04:30:00Z')));
	});

	test('added without changes, the window is 08:00 to 21:00 every day', async () => {
		setNow('2026-11-22T22:30:00Z'); // 02:00 in Tehran
		await ctx.run(sms({ sendWindow: { hours: {} } }), TEHRAN);
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-23T04:30:00Z')));
	});

	test('the time zone is the workflow’s: 02:00 UTC is 05:30 in Tehran, and the opening is 08:00 in each', async () => {
		setNow('2026-11-23T02:00:00Z');
		await ctx.run(sms(DAYTIME), { timezone: 'UTC' });
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-23T08:00:00Z')));
	});
});

describe('Send Window: days the clocks change', () => {
	test('Europe/Berlin, 28 March 2027 (clocks forward at 02:00): 08:00 is 06:00 UTC, summer time', async () => {
		setNow('2027-03-28T00:30:00Z'); // 01:30 CET, before the change
		const { items } = await ctx.run(sms(DAYTIME), { timezone: 'Europe/Berlin' });
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2027-03-28T06:00:00Z')));
		expect(items[0].json.scheduledFor).toBe('2027-03-28T06:00:00.000Z');
	});

	test('Europe/Berlin, an opening the clocks skip (02:30 that day) goes at 03:30 summer time', async () => {
		setNow('2027-03-28T00:00:00Z'); // 01:00 CET
		await ctx.run(sms(windowOf({ from: '02:30', until: '21:00' })), { timezone: 'Europe/Berlin' });
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2027-03-28T01:30:00Z')));
	});

	test('America/New_York, 1 November 2026 (clocks back at 02:00): 08:00 is 13:00 UTC, standard time', async () => {
		setNow('2026-11-01T05:30:00Z'); // 01:30 EDT, before the change
		await ctx.run(sms(DAYTIME), { timezone: 'America/New_York' });
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-01T13:00:00Z')));
	});

	test('America/New_York, the evening before clocks go forward: the next opening is 08:00 EDT (12:00 UTC)', async () => {
		setNow('2027-03-14T03:00:00Z'); // Saturday 22:00 EST; clocks go forward on Sunday 14 March
		await ctx.run(sms(DAYTIME), { timezone: 'America/New_York' });
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2027-03-14T12:00:00Z')));
	});
});

describe('Send Window and Send At', () => {
	test('a Send At inside the window is sent as given', async () => {
		setNow('2026-11-23T06:30:00Z');
		const { items } = await ctx.run(sms({ ...DAYTIME, date: '2026-11-24 10:00' }), TEHRAN);
		const at = seconds('2026-11-24T06:30:00Z');
		expect(ctx.fake.requests[0].form?.date).toBe(String(at));
		expect(items[0].json).toMatchObject({ scheduledFor: '2026-11-24T06:30:00.000Z', sendAtMoved: false });
	});

	test('a Send At outside the window is moved to the next opening, never earlier, and the rows say so', async () => {
		setNow('2026-11-23T06:30:00Z');
		const { items } = await ctx.run(sms({ ...DAYTIME, date: '2026-11-24 23:00' }), TEHRAN);
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-25T04:30:00Z'))); // Wednesday 08:00
		expect(items[0].json).toMatchObject({ scheduledFor: '2026-11-25T04:30:00.000Z', scheduledForJalali: '1405/09/04 08:00:00', sendAtMoved: true });
	});

	test('a Jalali Send At outside the window: 1405/09/10 05:00 goes at 1405/09/10 08:00', async () => {
		setNow('2026-11-23T06:30:00Z');
		const { items } = await ctx.run(sms({ ...DAYTIME, date: '۱۴۰۵/۰۹/۱۰ ۰۵:۰۰' }), TEHRAN);
		expect(items[0].json).toMatchObject({ scheduledForJalali: '1405/09/10 08:00:00', sendAtMoved: true });
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-12-01T04:30:00Z')));
	});

	test('a Send At already past, at night: held until the opening, not sent now', async () => {
		setNow('2026-11-22T22:30:00Z'); // 02:00 in Tehran
		const { items } = await ctx.run(sms({ ...DAYTIME, date: '2026-11-22 20:00' }), TEHRAN);
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-23T04:30:00Z')));
		expect(items[0].json.sendAtMoved).toBe(true);
	});

	test('without a window, rows carry no schedule fields and Send At goes as given', async () => {
		setNow('2026-11-22T22:30:00Z');
		const { items, error } = await ctx.run(sms({ date: '2026-11-23 03:00' }), TEHRAN);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-22T23:30:00Z')));
		expect(items[0].json).not.toHaveProperty('scheduledFor');
		expect(items[0].json).not.toHaveProperty('sendAtMoved');
	});
});

describe('Send Window: every send that offers it', () => {
	test('a send split into requests of 200 schedules every request for the same opening', async () => {
		setNow('2026-11-22T22:30:00Z');
		const { items, error } = await ctx.run({ ...sms(DAYTIME), recipients: fresh(450) }, TEHRAN);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(3);
		const opening = seconds('2026-11-23T04:30:00Z');
		expect(ctx.fake.requests.map((request) => request.form?.date)).toEqual([String(opening), String(opening), String(opening)]);
		expect(items).toHaveLength(450);
		expect(new Set(items.map((item) => item.json.scheduledFor))).toEqual(new Set(['2026-11-23T04:30:00.000Z']));
	});

	test('Send Different Messages', async () => {
		setNow('2026-11-22T22:30:00Z');
		const [a, b] = fresh(2);
		const { items, error } = await ctx.run(
			{
				resource: 'sms',
				operation: 'sendArray',
				messagesInput: 'json',
				messagesJson: JSON.stringify([{ recipient: a, sender: '10004346', message: 'One' }, { recipient: b, sender: '10004346', message: 'Two' }]),
				additionalFields: DAYTIME,
			},
			TEHRAN,
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-23T04:30:00Z')));
		expect(items.map((item) => item.json.scheduledFor)).toEqual(['2026-11-23T04:30:00.000Z', '2026-11-23T04:30:00.000Z']);
	});

	test('Voice Call → Send Voice Message', async () => {
		setNow('2026-11-22T22:30:00Z');
		const { items, error } = await ctx.run(
			{ resource: 'voiceCall', operation: 'send', callRecipients: fresh().join(','), spokenMessage: 'Your order has shipped', additionalFields: DAYTIME },
			TEHRAN,
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].operation).toBe('call/maketts');
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-23T04:30:00Z')));
		expect(items[0].json.scheduledForJalali).toBe('1405/09/02 08:00:00');
	});

	test('SMS → Cancel stops a message the window held', async () => {
		setNow('2026-11-22T22:30:00Z');
		const { items } = await ctx.run(sms(DAYTIME), TEHRAN);
		const messageId = items[0].json.messageid;
		const cancelled = await ctx.run({ resource: 'sms', operation: 'cancel', messageIds: String(messageId) }, TEHRAN);
		expect(cancelled.error).toBeUndefined();
		expect(cancelled.items[0].json).toMatchObject({ messageid: messageId, status: 13, statusName: 'Cancelled' });
	});
});

describe('Send Window: bad values are refused before anything is sent', () => {
	test.each([
		[{ from: '25:00' }, 'Send Window → From: "25:00" is not a time of day: write it as HH:MM, from 00:00 to 23:59'],
		[{ until: '8-9' }, 'Send Window → Until: "8-9" is not a time of day: write it as HH:MM, from 00:00 to 23:59'],
		[{ from: '08:60' }, 'Send Window → From: "08:60" is not a time of day: write it as HH:MM, from 00:00 to 23:59'],
		[{ from: '25:00', until: '8-9' }, 'Send Window → From and Until: "25:00" and "8-9" are not times of day: write them as HH:MM, from 00:00 to 23:59'],
		[{ from: ['08:00'], until: '8-9' }, 'Send Window → From: must be a time of day such as 08:00, not a list: ["08:00"]'],
		[{ from: '' }, 'Send Window → From: "" is not a time of day: write it as HH:MM, from 00:00 to 23:59'],
		[{ from: '8:00', until: '08:00' }, 'Send Window → Until: must differ from From (both are 08:00): the window would have no hours'],
		[{ days: [] }, 'Send Window → Days: no day is left: keep at least one day on which messages may go'],
		[{ days: 'Fri' }, 'Send Window → Days: "Fri" is not a day: use day names in English, such as Saturday or Friday'],
	])('%j', async (hours, message) => {
		setNow('2026-11-23T06:30:00Z');
		await expectRejectedBeforeSending(ctx, sms(windowOf({ from: '08:00', until: '21:00', ...hours })), message);
	});

	test('Persian digits in From and Until read as Latin ones', async () => {
		setNow('2026-11-22T22:30:00Z');
		await ctx.run(sms(windowOf({ from: '۰۸:۰۰', until: '۲۱:۰۰' })), TEHRAN);
		expect(ctx.fake.requests[0].form?.date).toBe(String(seconds('2026-11-23T04:30:00Z')));
	});

	test('stop mode: one item with a bad window and no item is sent', async () => {
		setNow('2026-11-23T06:30:00Z');
		const [a, b] = fresh(2);
		const { items, error } = await ctx.run(
			{ ...sms(windowOf({ from: '={{ $json.from }}', until: '21:00' })), recipients: '={{ $json.phone }}' },
			{ ...TEHRAN, items: [{ json: { phone: a, from: '08:00' } }, { json: { phone: b, from: '25:00' } }] },
		);
		expect(items).toEqual([]);
		expect(error?.message).toContain('Send Window → From');
		expect(ctx.fake.requests).toHaveLength(0);
	});
});
