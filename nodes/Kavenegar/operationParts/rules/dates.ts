import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { invalidInput } from './inputErrors';
import { jalaliToUnixDays, latinDigits, missingJalaliDay } from '../../../allNodes/jalali';
import type { ParamRule } from '../wireParams';
import { quoted } from '../../../allNodes/bidi';
import { inZone } from '../../../allNodes/timeZones';
import { chosenTimeZone } from './timeZone';
import { withoutInvisibleMarks } from '../../../allNodes/invisibleMarks';

interface DateTimeLike {
	toMillis(): number;
}

function isDateTimeLike(value: unknown): value is DateTimeLike {
	return typeof value === 'object' && value !== null && typeof (value as DateTimeLike).toMillis === 'function';
}

/** A Jalali date as people type it, `1405/01/01` or `1405-1-1`, with an optional time `09:00[:00]`. */
const JALALI = /^(1[2-5]\d\d)[/-](\d{1,2})[/-](\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A Gregorian date and time without a zone, `2027-03-21 09:00`, `2027/3/21`, `2027-03-21T09:00:00.5`:
 * read here in the workflow's zone, and checked, since Date.parse reads the slashed form in the
 * machine's zone and rolls 2027-02-30 over into March.
 */
const GREGORIAN = /^(1[6-9]\d\d|[2-9]\d\d\d)([/-])(\d{1,2})\2(\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** The zone-less Gregorian date and time in `text` as a wall-clock time (as if UTC), or why it is not a date. */
function gregorianWallClock(text: string): number | string | undefined {
	const match = GREGORIAN.exec(text);
	if (match === null) return undefined;
	const [year, , month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
	const ms = Number((match[8] ?? '').padEnd(3, '0'));
	const date = new Date(Date.UTC(year, month - 1, day));
	if (month < 1 || month > 12 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return `${quoted(text)} is not a day of the calendar: check the month and the day`;
	if (hour > 23 || minute > 59 || second > 59) return `${quoted(text)} is not a time of day: hours go from 00 to 23, minutes and seconds from 00 to 59`;
	return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/** The Jalali date and time in `text` as a wall-clock time (as if UTC), or why it is not a date. */
function jalaliWallClock(text: string): number | string | undefined {
	const match = JALALI.exec(text);
	if (match === null) return undefined;
	const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
	const missing = missingJalaliDay(year, month, day);
	if (missing !== undefined) return `${quoted(text)} does not exist in the Jalali calendar: ${missing}`;
	if (hour > 23 || minute > 59 || second > 59) return `${quoted(text)} is not a time of day: hours go from 00 to 23, minutes and seconds from 00 to 59`;
	return jalaliToUnixDays(year, month, day) * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000;
}

/**
 * A Jalali date is written by Iran's clock, so it is read in the node's Time Zone setting (Iran's
 * time in a node added now); a Gregorian one keeps n8n's rule, the workflow's zone.
 */
function zoneOfWallClock(context: IExecuteSingleFunctions, text: string): string {
	return JALALI.test(text) ? chosenTimeZone(context) : context.getTimezone();
}

/**
 * Unix seconds from what a date field holds. Read in its zone (zoneOfWallClock): a zone-less
 * Gregorian date and time (typed with dashes or slashes, or saved by n8n's date picker in older
 * versions), a Jalali one as people in Iran type it (years 1200–1599, Latin or Persian digits).
 * As given: an ISO string with an offset, a Luxon DateTime, a JS Date, Unix seconds or
 * milliseconds. Text is read without its invisible marks (allNodes/invisibleMarks.ts).
 * Undefined when empty.
 */
export function toUnixSeconds(
	context: IExecuteSingleFunctions,
	given: unknown,
	field: string,
): number | undefined {
	const value = typeof given === 'string' ? withoutInvisibleMarks(given) : given;
	if (value === undefined || value === null || value === '') return undefined;
	let ms: number;
	if (isDateTimeLike(value)) ms = value.toMillis();
	else if (value instanceof Date) ms = value.getTime();
	else if (typeof value === 'number' || /^\s*\d+(\.\d+)?\s*$/.test(String(value))) {
		const n = Number(value);
		// 10^11 seconds is the year 5138: anything larger is milliseconds.
		ms = n >= 1e11 ? n : n * 1000;
	} else {
		const text = latinDigits(String(value).trim());
		const wallClock = jalaliWallClock(text) ?? gregorianWallClock(text);
		if (typeof wallClock === 'string') throw invalidInput(context, field, wallClock);
		ms = wallClock === undefined ? Date.parse(text) : inZone(wallClock, zoneOfWallClock(context, text));
	}
	if (!Number.isFinite(ms)) {
		throw invalidInput(
			context,
			field,
			`${quoted(String(given))} is not a date: use a Jalali date such as 1405/01/01 09:00, a Gregorian one such as 2026-11-22 10:00 or 2026-11-22T10:00:00+03:30, or Unix seconds`,
		);
	}
	return Math.floor(ms / 1000);
}

/** A rule turning one date parameter into the 10-digit Unix seconds the service reads. */
export function unixTime(name: string, field: string): ParamRule {
	return function (params) {
		params[name] = toUnixSeconds(this, params[name], field);
	};
}

const DAY = 86_400;

interface RangeLimits {
	start: [name: string, field: string];
	end: [name: string, field: string];
	/** Longest allowed span, in days. */
	maxDays: number;
	/** How far back the start may lie, in days. */
	maxPastDays?: number;
	/** The service reads an empty end as now, so the span is checked against now. */
	emptyEndIsNow?: boolean;
}

/** Checks a date range against the contract's limits; run after `unixTime` on both ends. */
export function dateRange(limits: RangeLimits): ParamRule {
	const [startName, startField] = limits.start;
	const [endName, endField] = limits.end;
	const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
	return function (params) {
		const start = params[startName] as number | undefined;
		const now = Math.floor(Date.now() / 1000);
		const givenEnd = params[endName] as number | undefined;
		const end = givenEnd ?? (limits.emptyEndIsNow ? now : undefined);
		if (start !== undefined && limits.maxPastDays !== undefined && start < now - limits.maxPastDays * DAY) {
			throw invalidInput(this, startField, `must be at most ${days(limits.maxPastDays)} in the past`);
		}
		if (start === undefined || end === undefined) return;
		// With End Date left empty the range ends now: the user set only the start, so it is the one to blame.
		if (givenEnd === undefined && end < start) {
			throw invalidInput(this, startField, `must not be in the future when ${endField} is empty (the range then ends now)`);
		}
		if (end < start) throw invalidInput(this, endField, `must not be before ${startField}`);
		if (end - start > limits.maxDays * DAY) {
			throw invalidInput(
				this,
				endField,
				`the range from ${startField} to ${endField} must be at most ${days(limits.maxDays)}`,
			);
		}
	};
}
