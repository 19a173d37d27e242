/*
 * The Jalali (Solar Hijri) calendar, the one Kavenegar's users, their customers and the panel
 * write dates in. Out, Intl formats it (Node's ICU knows the Persian calendar); in, a few lines of
 * arithmetic turn a typed Jalali day into a Gregorian one. Both use the 33-year leap rule, which
 * agrees with the official (astronomical) calendar from about 1178 to 1633, around the years a
 * typed date is read as Jalali in, 1200–1599 (test/allNodes/jalali.test.js pins each Nowruz of
 * 1399–1410 and the Esfand 30 of leap years).
 */
import { clockFormat } from './timeZones';

const MONTHS = ['Farvardin', 'Ordibehesht', 'Khordad', 'Tir', 'Mordad', 'Shahrivar', 'Mehr', 'Aban', 'Azar', 'Dey', 'Bahman', 'Esfand'];

/** Days before each month's first day. */
const DAYS_BEFORE_MONTH = [0, 31, 62, 93, 124, 155, 186, 216, 246, 276, 306, 336];

/** Julian day of 1 Farvardin 1 (622 CE) minus one, and the Julian day of 1970-01-01. */
const JALALI_EPOCH = 1_948_320;
const UNIX_EPOCH = 2_440_588;

export function isJalaliLeapYear(year: number): boolean {
	return (25 * year + 11) % 33 < 8;
}

function monthLength(year: number, month: number): number {
	if (month <= 6) return 31;
	if (month <= 11) return 30;
	return isJalaliLeapYear(year) ? 30 : 29;
}

/** Days since 1970-01-01 of a Jalali day (month and day from 1). */
export function jalaliToUnixDays(year: number, month: number, day: number): number {
	const julianDay = JALALI_EPOCH - 1 + 365 * (year - 1) + Math.floor((8 * year + 21) / 33) + DAYS_BEFORE_MONTH[month - 1] + day;
	return julianDay - UNIX_EPOCH;
}

/** Why a Jalali day does not exist, or undefined when it does. */
export function missingJalaliDay(year: number, month: number, day: number): string | undefined {
	if (month < 1 || month > 12) return `the Jalali calendar has no month ${month}`;
	const length = monthLength(year, month);
	if (day >= 1 && day <= length) return undefined;
	const leap = month === 12 ? ` (${year} is ${isJalaliLeapYear(year) ? '' : 'not '}a leap year)` : '';
	return `${MONTHS[month - 1]} ${year} has ${length} days${leap}`;
}

/** Persian (۰–۹) and Arabic-Indic (٠–٩) digits as Latin ones: people type either. */
export function latinDigits(text: string): string {
	return text.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

function formatted(ms: number, timeZone: string): Record<string, string> {
	const parts: Record<string, string> = {};
	for (const { type, value } of clockFormat('en-US-u-ca-persian-nu-latn', timeZone).formatToParts(new Date(ms))) parts[type] = value;
	return parts;
}

/** Time zone offsets, and their changes, fall on quarter hours: within one, local time runs as UTC does and no day starts. */
export const QUARTER_MS = 15 * 60_000;
/** Formatted quarter hours by time zone: Intl's formatting is most of the CPU of a 10,000-message inbox, whose dates crowd into few quarters. */
const quarters = new Map<string, Map<number, { prefix: string; minute: number }>>();
const MOST_QUARTERS = 10_000;

/** An instant as people in Iran write it, in the Jalali calendar and `timeZone`: `1405/01/01 09:00:00`. */
export function jalaliDateTime(ms: number, timeZone: string): string {
	const quarter = Math.floor(ms / QUARTER_MS);
	let known = quarters.get(timeZone);
	if (known === undefined) quarters.set(timeZone, (known = new Map()));
	let start = known.get(quarter);
	if (start === undefined) {
		const parts = formatted(quarter * QUARTER_MS, timeZone);
		// Zones whose offset is not whole quarter hours (local mean times before 1972) are formatted instant by instant.
		if (parts.second !== '00' || Number(parts.minute) % 15 !== 0) {
			const exact = formatted(ms, timeZone);
			return `${exact.year}/${exact.month}/${exact.day} ${exact.hour}:${exact.minute}:${exact.second}`;
		}
		if (known.size >= MOST_QUARTERS) known.clear();
		start = { prefix: `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:`, minute: Number(parts.minute) };
		known.set(quarter, start);
	}
	// Offsets and their changes fall on quarter hours, so within one the local time runs as UTC does.
	const seconds = Math.floor((ms - quarter * QUARTER_MS) / 1000);
	const two = (value: number) => String(value).padStart(2, '0');
	return `${start.prefix}${two(start.minute + Math.floor(seconds / 60))}:${two(seconds % 60)}`;
}
