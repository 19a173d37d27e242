/**
 * The Jalali arithmetic of nodes/allNodes/jalali.ts against sources that do not share its code: the
 * Gregorian date of each Nowruz (1 Farvardin) of 1399–1410 as Iran's calendar publishes it, and
 * ICU's Persian calendar (Intl, in Node) for every day from Nowruz 1399 to Nowruz 1411.
 */
const { isJalaliLeapYear, jalaliDateTime, jalaliToUnixDays, latinDigits, missingJalaliDay } = require('../../nodes/allNodes/jalali');

const DAY_MS = 86_400_000;

/** 1 Farvardin of each year and its Gregorian date (the day the vernal equinox, Tehran time, falls on or before noon of). */
const NOWRUZ = [
	[1399, '2020-03-20'],
	[1400, '2021-03-21'],
	[1401, '2022-03-21'],
	[1402, '2023-03-21'],
	[1403, '2024-03-20'],
	[1404, '2025-03-21'],
	[1405, '2026-03-21'],
	[1406, '2027-03-21'],
	[1407, '2028-03-20'],
	[1408, '2029-03-20'],
	[1409, '2030-03-21'],
	[1410, '2031-03-21'],
];

/** ICU's Persian calendar: year, month and day of an instant, in UTC. */
const icu = new Intl.DateTimeFormat('en-US-u-ca-persian', { timeZone: 'UTC', numberingSystem: 'latn', year: 'numeric', month: 'numeric', day: 'numeric' });
/** @param {number} ms */
function icuDay(ms) {
	/** @type {Record<string, string>} */
	const parts = {};
	for (const { type, value } of icu.formatToParts(new Date(ms))) parts[type] = value;
	return [Number(parts.year), Number(parts.month), Number(parts.day)];
}

describe('Jalali calendar arithmetic', () => {
	test.each(NOWRUZ)('Nowruz %i is %s', (year, gregorian) => {
		expect(new Date(jalaliToUnixDays(Number(year), 1, 1) * DAY_MS).toISOString().slice(0, 10)).toBe(gregorian);
	});

	test('the leap years of 1399–1410 are those whose Esfand ends a day before the next Nowruz: 1399, 1403, 1408', () => {
		const leap = NOWRUZ.slice(0, -1).filter(([, gregorian], index) => (Date.parse(String(NOWRUZ[index + 1][1])) - Date.parse(String(gregorian))) / DAY_MS === 366);
		expect(leap.map(([year]) => year)).toEqual([1399, 1403, 1408]);
		expect(NOWRUZ.map(([year]) => Number(year)).filter(isJalaliLeapYear)).toEqual([1399, 1403, 1408]);
	});

	test('every day from Nowruz 1399 to Nowruz 1411 is the day ICU\'s Persian calendar gives for it', () => {
		const mismatches = [];
		let days = 0;
		for (let year = 1399; year <= 1410; year++) {
			for (let month = 1; month <= 12; month++) {
				for (let day = 1; day <= 31; day++) {
					if (missingJalaliDay(year, month, day) !== undefined) continue;
					const ms = jalaliToUnixDays(year, month, day) * DAY_MS + DAY_MS / 2;
					if (icuDay(ms).join('/') !== `${year}/${month}/${day}`) mismatches.push(`${year}/${month}/${day}`);
					days++;
				}
			}
		}
		expect(mismatches).toEqual([]);
		expect(days).toBe(jalaliToUnixDays(1411, 1, 1) - jalaliToUnixDays(1399, 1, 1));
	});

	test.each([
		[1399, 12, 30, undefined],
		[1403, 12, 30, undefined],
		[1408, 12, 30, undefined],
		[1404, 12, 30, 'Esfand 1404 has 29 days (1404 is not a leap year)'],
		[1405, 12, 30, 'Esfand 1405 has 29 days (1405 is not a leap year)'],
		[1403, 12, 31, 'Esfand 1403 has 30 days (1403 is a leap year)'],
		[1405, 7, 31, 'Mehr 1405 has 30 days'],
		[1405, 6, 31, undefined],
		[1405, 1, 0, 'Farvardin 1405 has 31 days'],
		[1405, 13, 1, 'the Jalali calendar has no month 13'],
		[1405, 0, 1, 'the Jalali calendar has no month 0'],
	])('%i/%i/%i: %s', (year, month, day, why) => {
		expect(missingJalaliDay(year, month, day)).toBe(why);
	});

	test('Persian and Arabic-Indic digits read as Latin ones', () => {
		expect(latinDigits('۱۴۰۵/۰۱/۰۱ ۰۹:۳۰')).toBe('1405/01/01 09:30');
		expect(latinDigits('١٤٠٥/٠١/٠١')).toBe('1405/01/01');
	});

	test.each([
		// 2026-03-20T20:30Z is midnight of Nowruz 1405 in Tehran (+03:30) and still Esfand 29 in UTC.
		['2026-03-20T20:30:00Z', 'Asia/Tehran', '1405/01/01 00:00:00'],
		['2026-03-20T20:30:00Z', 'UTC', '1404/12/29 20:30:00'],
		// Iran kept summer time (+04:30) until 2022.
		['2022-06-01T07:30:00Z', 'Asia/Tehran', '1401/03/11 12:00:00'],
		['2023-06-01T08:30:00Z', 'Asia/Tehran', '1402/03/11 12:00:00'],
		['2025-03-20T12:00:00Z', 'Asia/Tehran', '1403/12/30 15:30:00'],
	])('%s in %s is written %s', (iso, timeZone, written) => {
		expect(jalaliDateTime(Date.parse(iso), timeZone)).toBe(written);
	});

	test.each(['Asia/Tehran', 'Asia/Kathmandu', 'America/New_York', 'Australia/Lord_Howe', 'Africa/Monrovia', 'UTC'])(
		'formatted a quarter hour at a time, it writes what Intl writes, across summer time changes and odd offsets (%s)',
		(timeZone) => {
			const intl = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
			/** @param {number} ms */
			const expected = (ms) => {
				/** @type {Record<string, string>} */
				const p = {};
				for (const { type, value } of intl.formatToParts(new Date(ms))) p[type] = value;
				return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
			};
			// 1970–1973 (Monrovia was UTC−0:44:30 until 1972), and two years of summer time changes, at steps that fall on every minute and second.
			const spans = [[0, 3 * 365 * 86_400_000, 40_013_000], [Date.parse('2022-03-01T00:00:00Z'), Date.parse('2022-12-01T00:00:00Z'), 5_413_000], [Date.parse('2026-03-01T00:00:00Z'), Date.parse('2026-11-30T00:00:00Z'), 5_413_000]];
			const wrong = [];
			for (const [from, to, step] of spans) {
				for (let ms = from; ms < to; ms += step) if (jalaliDateTime(ms, timeZone) !== expected(ms)) wrong.push(new Date(ms).toISOString());
			}
			expect(wrong).toEqual([]);
		},
	);
});
