import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { quoted } from '../../../allNodes/bidi';
import { withoutInvisibleMarks } from '../../../allNodes/invisibleMarks';
import { latinDigits } from '../../../allNodes/jalali';
import { splitList } from '../../../allNodes/lists';
import { invalidInput } from '../rules/inputErrors';
import { wrongTypeRule } from '../rules/valueRules';
import { WEEKDAYS, type SendWindow } from './hours';

/** The window as the user set it: From and Until as HH:MM, Days as day names. */
export interface WindowValues {
	from: unknown;
	until: unknown;
	days: unknown;
}

/** The labels the panel shows, for the errors. */
export const WINDOW_LABELS = {
	from: 'Send Window → From',
	until: 'Send Window → Until',
	fromAndUntil: 'Send Window → From and Until',
	days: 'Send Window → Days',
};

const TIME_OF_DAY = /^(\d{1,2}):(\d{2})$/;

/** Minutes of the day in `value`, undefined when it is no time of day; a list or an object is refused at once. */
function minutesOfDay(context: IExecuteSingleFunctions, value: unknown, label: string): number | undefined {
	const wrongType = wrongTypeRule(value, 'a time of day such as 08:00');
	if (wrongType) throw invalidInput(context, label, wrongType);
	const text = latinDigits(withoutInvisibleMarks(String(value ?? '')).trim());
	const match = TIME_OF_DAY.exec(text);
	const [hour, minute] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
	return hour <= 23 && minute <= 59 ? hour * 60 + minute : undefined;
}

const HH_MM = 'HH:MM, from 00:00 to 23:59';
const given = (value: unknown) => quoted(String(value ?? ''));

/** Both times are read before either is refused, so that one error names every time to fix. */
function notTimesOfDay(context: IExecuteSingleFunctions, values: WindowValues, from: number | undefined, until: number | undefined): Error {
	if (from === undefined && until === undefined) {
		return invalidInput(context, WINDOW_LABELS.fromAndUntil, `${given(values.from)} and ${given(values.until)} are not times of day: write them as ${HH_MM}`);
	}
	const [label, value] = from === undefined ? [WINDOW_LABELS.from, values.from] : [WINDOW_LABELS.until, values.until];
	return invalidInput(context, label, `${given(value)} is not a time of day: write it as ${HH_MM}`);
}

function weekdays(context: IExecuteSingleFunctions, value: unknown): Set<number> {
	const given = splitList(value);
	const unknown = given.find((name) => !WEEKDAYS.includes(name.toLowerCase()));
	if (unknown !== undefined) {
		throw invalidInput(context, WINDOW_LABELS.days, `${quoted(unknown)} is not a day: use day names in English, such as Saturday or Friday`);
	}
	const names = given.map((name) => name.toLowerCase());
	if (names.length === 0) {
		throw invalidInput(context, WINDOW_LABELS.days, 'no day is left: keep at least one day on which messages may go');
	}
	return new Set(names.map((name) => WEEKDAYS.indexOf(name)));
}

/** The window the values describe, or an error naming the field and the rule it breaks. */
export function checkedWindow(context: IExecuteSingleFunctions, values: WindowValues): SendWindow {
	const from = minutesOfDay(context, values.from, WINDOW_LABELS.from);
	const until = minutesOfDay(context, values.until, WINDOW_LABELS.until);
	if (from === undefined || until === undefined) throw notTimesOfDay(context, values, from, until);
	if (from === until) {
		const time = `${String(Math.floor(from / 60)).padStart(2, '0')}:${String(from % 60).padStart(2, '0')}`;
		throw invalidInput(context, WINDOW_LABELS.until, `must differ from From (both are ${time}): the window would have no hours`);
	}
	return { from, until, days: weekdays(context, values.days) };
}
