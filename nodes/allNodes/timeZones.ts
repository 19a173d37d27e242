/*
 * Wall-clock times in a time zone and the instants they name, with the zone's own rules on that
 * day (summer time included), from Node's Intl: no dependency. Date fields read what people type
 * with it, and the send window finds its next opening with it.
 */

/** A wall-clock reading: month and day from 1, hours 0–23. */
export interface WallClock {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

/** One formatter per calendar and zone, kept: building an Intl.DateTimeFormat costs far more than using one. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** Year to second, two digits each but the year, 00–23 hours, in `locale`'s calendar (`en-US`: Gregorian). */
export function clockFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
	const key = `${locale} ${timeZone}`;
	let format = formats.get(key);
	if (format === undefined) {
		format = new Intl.DateTimeFormat(locale, {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formats.set(key, format);
	}
	return format;
}

/** What a clock in `timeZone` shows at the instant `utcMs`. */
export function wallClock(utcMs: number, timeZone: string): WallClock {
	const parts = clockFormat('en-US', timeZone).formatToParts(new Date(utcMs));
	const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
	return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Offset of `timeZone` from UTC at the instant `utcMs`, in milliseconds. */
export function zoneOffsetMs(utcMs: number, timeZone: string): number {
	const { year, month, day, hour, minute, second } = wallClock(utcMs, timeZone);
	return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant a wall-clock time (given as if it were UTC) names in `timeZone`. The offset is read
 * twice, the second time at the instant the first guess gives, so that a time on the day a zone
 * changes its clocks gets the offset in force at that time, not the one of midnight.
 */
export function inZone(wallClockAsUtc: number, timeZone: string): number {
	const guess = wallClockAsUtc - zoneOffsetMs(wallClockAsUtc, timeZone);
	return wallClockAsUtc - zoneOffsetMs(guess, timeZone);
}
