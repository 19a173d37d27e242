/**
 * Jalali dates in and out through n8n's engine: every date field takes a Jalali date and time as
 * people in Iran type it (Latin or Persian digits), read in the workflow's time zone; a day the
 * calendar does not have is refused by name before any request; every row's date comes back in the
 * Jalali calendar beside the ISO copy. Expected seconds are written from known UTC offsets (Tehran
 * +03:30, and +04:30 in the summers up to 2022), not from the node's code.
 */
const { useFake, expectRejectedBeforeSending, nowSeconds, DAY } = require('../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').NodeParameterValueType} date */
const sendAt = (date) => ({ resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Nowruz mobarak', additionalFields: { date } });
/** @param {import('n8n-workflow').NodeParameterValueType} blockedSince */
const blockedSince = (blockedSince) => ({ resource: 'blocklist', operation: 'getMany', lineNumber: '30004000', filters: { blockedSince } });
/**
 * Unix seconds of a wall-clock time at a fixed UTC offset given in minutes.
 * @param {number} year @param {number} month @param {number} day @param {number} hour @param {number} minute @param {number} offsetMinutes
 */
const at = (year, month, day, hour, minute, offsetMinutes) => Date.UTC(year, month - 1, day, hour, minute) / 1000 - offsetMinutes * 60;
const TEHRAN = { timezone: 'Asia/Tehran' };

describe('Jalali dates in: each date field reads a typed Jalali date in the workflow\'s time zone', () => {
	test.each([
		['Nowruz 1406 at 09:00, Latin digits', '1406/01/01 09:00', at(2027, 3, 21, 9, 0, 210)],
		['the same in Persian digits', '۱۴۰۶/۰۱/۰۱ ۰۹:۰۰', at(2027, 3, 21, 9, 0, 210)],
		['a day without a time is its midnight', '۱۴۰۶/۰۱/۰۱', at(2027, 3, 21, 0, 0, 210)],
		['with seconds, dashes, one-digit month and day', '1406-1-1 09:00:30', at(2027, 3, 21, 9, 0, 210) + 30],
		['Esfand 30 of leap year 1408', '1408/12/30 10:00', at(2030, 3, 20, 10, 0, 210)],
	])('Send At: %s (%s)', async (_what, typed, expected) => {
		const { items, error } = await ctx.run(sendAt(typed), TEHRAN);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0].form?.date).toBe(String(expected));
		expect(items[0].json).toMatchObject({ date: expected, dateIso: new Date(expected * 1000).toISOString() });
	});

	test('Nowruz greetings scheduled in Jalali go out at the second typed, and the row says it back in Jalali', async () => {
		const { items } = await ctx.run(sendAt('1406/01/01 00:00:01'), TEHRAN);
		expect(ctx.fake.requests[0].form?.date).toBe(String(at(2027, 3, 21, 0, 0, 210) + 1));
		expect(items[0].json).toMatchObject({ dateIso: '2027-03-20T20:30:01.000Z', dateJalali: '1406/01/01 00:00:01' });
	});

	test('another workflow time zone reads the same typed time there (New York, summer time in March 2027)', async () => {
		const { items } = await ctx.run(sendAt('1406/01/01 09:00'), { timezone: 'America/New_York' });
		expect(ctx.fake.requests[0].form?.date).toBe(String(at(2027, 3, 21, 9, 0, -240)));
		expect(items[0].json.dateJalali).toBe('1406/01/01 09:00:00');
	});

	test.each([
		// Iran kept summer time (+04:30) until 2022 and abolished it from 1402 (2023).
		['a summer day of 1401, under the former summer time', '1401/03/11 12:00', at(2022, 6, 1, 12, 0, 270)],
		['the same day of 1402, after it was abolished', '1402/03/11 12:00', at(2023, 6, 1, 12, 0, 210)],
		['a winter day of 1400', '1400/10/11 12:00', at(2022, 1, 1, 12, 0, 210)],
	])('Blocked Since: %s (%s)', async (_what, typed, expected) => {
		const { error } = await ctx.run(blockedSince(typed), TEHRAN);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form?.startdate).toBe(String(expected));
	});

	test('Start Date and End Date of a range (Count Inbox) read Jalali too', async () => {
		const start = nowSeconds() - 2 * DAY;
		// Today's Jalali date as ICU writes it in Tehran, minute-exact.
		const parts = Object.fromEntries(
			new Intl.DateTimeFormat('en-US-u-ca-persian', { timeZone: 'Asia/Tehran', numberingSystem: 'latn', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
				.formatToParts(new Date(start * 1000))
				.map(({ type, value }) => [type, value]),
		);
		const typed = `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`;
		const { items, error } = await ctx.run({ resource: 'sms', operation: 'countInbox', startDate: typed, filters: { endDate: `${typed.slice(0, 11)}23:59` } }, TEHRAN);
		expect(error).toBeUndefined();
		const form = ctx.fake.requests[0].form ?? {};
		expect(Number(form.startdate)).toBe(start - (start % 60));
		expect(items[0].json).toMatchObject({ startdateJalali: `${typed}:00`, enddateJalali: `${typed.slice(0, 11)}23:59:00` });
	});
});

describe('Jalali dates in: a date the calendar does not have is refused by name, before any request', () => {
	test.each([
		[sendAt('1404/12/30'), 'Send At: "1404/12/30" does not exist in the Jalali calendar: Esfand 1404 has 29 days (1404 is not a leap year)'],
		[sendAt('۱۴۰۵/۰۷/۳۱ ۱۰:۰۰'), 'Send At: "1405/07/31 10:00" does not exist in the Jalali calendar: Mehr 1405 has 30 days'],
		[sendAt('1405/13/01'), 'Send At: "1405/13/01" does not exist in the Jalali calendar: the Jalali calendar has no month 13'],
		[sendAt('1406/01/01 24:00'), 'Send At: "1406/01/01 24:00" is not a time of day: hours go from 00 to 23, minutes and seconds from 00 to 59'],
		[blockedSince('1403/12/31'), 'Blocked Since: "1403/12/31" does not exist in the Jalali calendar: Esfand 1403 has 30 days (1403 is a leap year)'],
		[{ resource: 'sms', operation: 'countInbox', startDate: '1405/09/01', filters: { endDate: '1405/09/00' } }, 'End Date: "1405/09/00" does not exist in the Jalali calendar: Azar 1405 has 30 days'],
	])('%j', async (parameters, message) => {
		await expectRejectedBeforeSending(ctx, parameters, message);
	});
});
