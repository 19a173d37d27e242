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
export const WINDOW_LABELS = { from: 'Send Window → From', until: 'Send Window → Until', days: 'Send Window → Days' };

const TIME_OF_DAY = /^(\d{1,2}):(\d{2})$/;

function minutesOfDay(context: IExecuteSingleFunctions, value: unknown, label: string): number {
	const wrongType = wrongTypeRule(value, 'a time of day such as 08:00');
	if (wrongType) throw invalidInput(context, label, wrongType);
	const text = latinDigits(withoutInvisibleMarks(String(value ?? '')).trim());
	const match = TIME_OF_DAY.exec(text);
	const [hour, minute] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
	if (!(hour <= 23 && minute <= 59)) {
		throw invalidInput(context, label, `${quoted(String(value ?? ''))} is not a time of day: write it as HH:MM, from 00:00 to 23:59`);
	}
	return hour * 60 + minute;
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
	if (from === until) {
		const time = `${String(Math.floor(from / 60)).padStart(2, '0')}:${String(from % 60).padStart(2, '0')}`;
		throw invalidInput(context, WINDOW_LABELS.until, `must differ from From (both are ${time}): the window would have no hours`);
	}
	return { from, until, days: weekdays(context, values.days) };
}
