import { inZone, wallClock } from '../../../allNodes/timeZones';

/** Days as JavaScript numbers them (getUTCDay): Sunday is 0. */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * The hours in which messages may reach phones, in minutes of the day. `until` before `from` is a
 * window that runs past midnight; `days` are the days on which the window opens, so a Thursday's
 * 22:00–06:00 ends on Friday morning even when Friday is left out.
 */
export interface SendWindow {
	from: number;
	until: number;
	days: ReadonlySet<number>;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The day of a wall-clock date, as days since 1970-01-01: weekdays and the days after follow from it. */
function dayNumber(year: number, month: number, day: number): number {
	return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** 1970-01-01 was a Thursday. */
const weekday = (dayNumberOf: number) => (dayNumberOf + 4) % 7;

/** Whether a message may reach phones at `ms` (to the minute, in `timeZone`). */
export function isOpen(ms: number, window: SendWindow, timeZone: string): boolean {
	const clock = wallClock(ms, timeZone);
	const minute = clock.hour * 60 + clock.minute;
	const today = weekday(dayNumber(clock.year, clock.month, clock.day));
	if (window.from < window.until) return window.days.has(today) && minute >= window.from && minute < window.until;
	const yesterday = (today + 6) % 7;
	return (window.days.has(today) && minute >= window.from) || (window.days.has(yesterday) && minute < window.until);
}

/**
 * The first opening of the window after `ms`: its From on a day it opens, as an instant of that
 * day in `timeZone`, with the offset in force then (a day the clocks change included). A week
 * ahead always holds one when any day is left.
 */
export function nextOpening(ms: number, window: SendWindow, timeZone: string): number {
	const clock = wallClock(ms, timeZone);
	const today = dayNumber(clock.year, clock.month, clock.day);
	for (let day = today; day <= today + 7; day++) {
		if (!window.days.has(weekday(day))) continue;
		const opening = inZone(day * DAY_MS + window.from * MINUTE_MS, timeZone);
		if (opening > ms) return opening;
	}
	throw new Error('A send window with no day has no opening');
}
