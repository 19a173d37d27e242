/**
 * The contract's UnixTime is 10-digit Unix seconds; a date field gives the node whatever
 * the user or an expression put there. Each form goes through the node and is checked on the wire
 * and in the items out. Expected seconds come from fixed, known UTC offsets, not from the node's code.
 */
const { useFake, nowSeconds, jalaliOf } = require('../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').NodeParameterValueType} date */
const sendAt = (date) => ({ resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello', additionalFields: { date } });
/** @param {import('n8n-workflow').NodeParameterValueType} startDate */
const countFrom = (startDate) => ({ resource: 'sms', operation: 'countInbox', startDate });
/**
 * Unix seconds of a wall-clock time at a fixed UTC offset given in minutes.
 * @param {number} year
 * @param {number} month
 * @param {number} day
 * @param {number} hour
 * @param {number} minute
 * @param {number} offsetMinutes
 */
const at = (year, month, day, hour, minute, offsetMinutes) => Date.UTC(year, month - 1, day, hour, minute) / 1000 - offsetMinutes * 60;

/**
 * Runs a send with `date` as Send At and returns the seconds the service received, checking the row out.
 * @param {import('n8n-workflow').NodeParameterValueType} date
 * @param {import('../helpers').RunOptions} [options]
 */
async function sentAt(date, options) {
	const { items, error } = await ctx.run(sendAt(date), options);
	expect(error).toBeUndefined();
	expect(ctx.fake.requests).toHaveLength(1);
	const wire = ctx.fake.requests[0].form?.date;
	expect(wire).toMatch(/^\d{10}$/);
	expect(items).toHaveLength(1);
	expect(items[0].json).toMatchObject({ receptor: '09121234567', date: Number(wire), status: 1 });
	return Number(wire);
}

/**
 * Runs a count from `startDate` and returns the seconds the service received, checking the row out.
 * @param {import('n8n-workflow').NodeParameterValueType} startDate
 */
async function countedFrom(startDate) {
	const { items, error } = await ctx.run(countFrom(startDate));
	expect(error).toBeUndefined();
	const wire = ctx.fake.requests[0].form?.startdate;
	expect(wire).toMatch(/^\d{10}$/);
	// The service counts up to now when no end is given.
	expect(items).toEqual([{ json: { startdate: Number(wire), enddate: expect.any(Number), sumcount: 0, startdateIso: new Date(Number(wire) * 1000).toISOString(), startdateJalali: jalaliOf(Number(wire)), enddateIso: expect.any(String), enddateJalali: expect.any(String) }, pairedItem: { item: 0 } }]);
	expect(items[0].json.enddate).toBeGreaterThan(Number(wire));
	expect(items[0].json.enddate).toBeLessThanOrEqual(nowSeconds());
	return Number(wire);
}

describe('dates: every form a date field holds is sent as 10-digit Unix seconds', () => {
	test('an expression giving a Luxon DateTime ($now.minus)', async () => {
		const before = nowSeconds();
		const sent = await countedFrom('={{ $now.minus({ hours: 2 }) }}');
		expect(sent).toBeGreaterThanOrEqual(before - 7200);
		expect(sent).toBeLessThanOrEqual(nowSeconds() - 7200);
	});

	test('an expression giving a JS Date', async () => {
		const before = nowSeconds();
		const sent = await countedFrom('={{ new Date(Date.now() - 3600000) }}');
		expect(sent).toBeGreaterThanOrEqual(before - 3600);
		expect(sent).toBeLessThanOrEqual(nowSeconds() - 3600);
	});

	test.each([
		// Iran has kept +03:30 all year since 2022.
		['Asia/Tehran', '2030-11-22T10:00:00', at(2030, 11, 22, 10, 0, 210)],
		['Asia/Tehran', '2030-06-22T10:00:00', at(2030, 6, 22, 10, 0, 210)],
		// New York: EDT (-04:00) in summer, EST (-05:00) in winter.
		['America/New_York', '2030-07-15T10:00:00', at(2030, 7, 15, 10, 0, -240)],
		['America/New_York', '2030-01-15T10:00:00', at(2030, 1, 15, 10, 0, -300)],
		['America/New_York', '2030-01-15', at(2030, 1, 15, 0, 0, -300)],
		['UTC', '2030-11-22T10:00:00', at(2030, 11, 22, 10, 0, 0)],
		// Typed with slashes: Date.parse would read these in the machine's zone.
		['Asia/Tehran', '2030/11/22 10:00', at(2030, 11, 22, 10, 0, 210)],
		['America/New_York', '2030/1/5', at(2030, 1, 5, 0, 0, -300)],
		['America/New_York', '2030/07/15 10:00:30', at(2030, 7, 15, 10, 0, -240) + 30],
		['Asia/Tehran', '2030-11-22T10:00:00.750', at(2030, 11, 22, 10, 0, 210)],
	])('a zone-less value (typed, or saved by the picker of earlier versions) is read in the workflow\'s time zone (%s, %s)', async (timezone, value, expected) => {
		expect(await sentAt(value, { timezone })).toBe(expected);
	});

	test.each([
		['ISO with an explicit offset', '2030-11-22T10:00:00+03:30', at(2030, 11, 22, 10, 0, 210)],
		['ISO in UTC (Z)', '2030-11-22T06:30:00.000Z', at(2030, 11, 22, 6, 30, 0)],
		['Unix seconds', 1921234567, 1921234567],
		['Unix seconds from an expression', '={{ 1921234567 }}', 1921234567],
		['Unix milliseconds', 1921234567890, 1921234567],
		['Unix milliseconds from an expression', '={{ 1921234567890 }}', 1921234567],
		['a numeric string', '1921234567', 1921234567],
		['a numeric string of milliseconds', '1921234567890', 1921234567],
	])('%s', async (_what, value, expected) => {
		// An explicit offset or an instant does not depend on the workflow's zone.
		expect(await sentAt(value, { timezone: 'America/New_York' })).toBe(expected);
	});
});

test.each([
	['2027/02/30', 'Send At: "2027/02/30" is not a day of the calendar: check the month and the day'],
	['2027-02-30 09:00', 'Send At: "2027-02-30 09:00" is not a day of the calendar: check the month and the day'],
	['2027/13/01 09:00', 'Send At: "2027/13/01 09:00" is not a day of the calendar: check the month and the day'],
	['2027/03/21 24:00', 'Send At: "2027/03/21 24:00" is not a time of day: hours go from 00 to 23, minutes and seconds from 00 to 59'],
])('a Gregorian date that does not exist is refused before any request, not rolled over into the next month (%s)', async (value, message) => {
	const { error } = await ctx.run(sendAt(value));
	expect(error?.message).toBe(message);
	expect(ctx.fake.requests).toEqual([]);
});

test('every date field is text with both forms in its hint: n8n\'s date picker emptied itself of Jalali dates', () => {
	const { Kavenegar } = require('../../nodes/Kavenegar/Kavenegar.node');
	/** @param {any[]} properties @returns {any[]} */
	const all = (properties) => properties.flatMap((property) => [property, ...all(property.options ?? []).filter((option) => option.type !== undefined)]);
	const dateFields = all(new Kavenegar().description.properties).filter((property) => ['date', 'startDate', 'endDate', 'blockedSince'].includes(property.name));
	expect(new Set(dateFields.map((field) => field.displayName))).toEqual(new Set(['Send At', 'Start Date', 'End Date', 'Blocked Since']));
	for (const field of dateFields) {
		expect(field).toMatchObject({ type: 'string', placeholder: 'e.g. 1406/01/01 09:00' });
		expect(field.hint).toMatch(/^Jalali \(1406\/01\/01 09:00\) or Gregorian \(2027-03-21 09:00\)/);
	}
});
