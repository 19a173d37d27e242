import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { isOpen, nextOpening, WEEKDAYS, type SendWindow } from '../sendWindow/hours';
import { ADVERTISING_HOURS, messageKind } from '../messageKind';
import { invalidInput } from '../rules/inputErrors';
import { checkedWindow, type WindowValues } from '../sendWindow/readWindow';
import { rememberSchedule } from '../sendWindow/scheduledRows';
import { chosenTimeZone } from '../rules/timeZone';
import type { ParamRule } from '../wireParams';

const dayName = (day: string) => day[0].toUpperCase() + day.slice(1);

/** The week as Iran counts it, from Saturday to Friday. */
const IRANIAN_WEEK = [...WEEKDAYS.slice(6), ...WEEKDAYS.slice(0, 6)];

const TIME_HINT = '24-hour HH:MM (Persian digits too), in the zone of Settings → Time Zone';

const daysField: INodeProperties = {
	displayName: 'Days',
	name: 'days',
	type: 'multiOptions',
	// In the week's order, as n8n's Schedule Trigger lists its weekdays, from Iran's first day: a list in
	// alphabetical order hides the week. n8n's lint (n8n-nodes-base/node-param-multi-options-type-unsorted-items)
	// would sort options written out one by one.
	options: IRANIAN_WEEK.map((day) => ({ name: dayName(day), value: day })),
	default: [...IRANIAN_WEEK],
	description: 'Days on which the window opens. A window past midnight ends the next morning.',
};

const fromField: INodeProperties = {
	displayName: 'From',
	name: 'from',
	type: 'string',
	default: '08:00',
	placeholder: 'e.g. 08:00',
	hint: TIME_HINT,
	description: 'Time of day the window opens',
};

const untilField: INodeProperties = {
	displayName: 'Until',
	name: 'until',
	type: 'string',
	default: '21:00',
	placeholder: 'e.g. 21:00',
	hint: TIME_HINT,
	description: 'Time of day the window closes, its first minute outside. Earlier than From: the window runs past midnight.',
};

/**
 * The hours in which a send's messages may reach phones (an option of Additional Fields). It has
 * no wire name: it decides the send's `date` (Send At), which `sendWindowRule` sets.
 */
export const sendWindowField: INodeProperties = {
	displayName: 'Send Window',
	name: 'sendWindow',
	type: 'fixedCollection',
	placeholder: 'Add Send Window',
	// Added, the hours show at once with their defaults, as n8n's own one-group options do.
	default: { hours: {} },
	description:
		'Hours in which messages may reach phones, in the zone of Settings → Time Zone. Outside them, Kavenegar holds the message until the window next opens.',
	// The hours first, then the days they open on; n8n-nodes-base/node-param-fixed-collection-type-unsorted-items
	// sorts by label only values written out one by one.
	options: [{ displayName: 'Hours', name: 'hours', values: [fromField, untilField, daysField] }],
};

/**
 * The window as set, or undefined. Most sends have none: the collection is read raw first (n8n
 * evaluates and checks a value against the node's properties on every getNodeParameter), and
 * only a window is evaluated, with its expressions.
 */
function windowValues(context: IExecuteSingleFunctions): WindowValues | undefined {
	const fields = context.getNodeParameter('additionalFields', {}, { rawExpressions: true });
	if (typeof fields !== 'object' || fields === null || !('sendWindow' in fields)) return undefined;
	const hours = context.getNodeParameter('additionalFields.sendWindow.hours', null) as IDataObject | null;
	if (typeof hours !== 'object' || hours === null) return undefined;
	// n8n may leave out a value the user did not change: it is the field's default.
	return { from: hours.from ?? fromField.default, until: hours.until ?? untilField.default, days: hours.days ?? daysField.default };
}

/** A window and the zone whose clock it reads. */
type ZonedWindow = [SendWindow, string];

/** Every day, in Tehran's clock: advertising's hours (messageKind.ts). */
const ADVERTISING_WINDOW: ZonedWindow = [
	{ from: ADVERTISING_HOURS.from, until: ADVERTISING_HOURS.until, days: new Set(WEEKDAYS.map((_, day) => day)) },
	ADVERTISING_HOURS.timeZone,
];

/**
 * Two weeks of openings of two windows: where they overlap at all, the first moment both are open
 * is among them (each step moves to the next opening of a window closed at that moment, and the
 * overlap begins at an opening of one of the two).
 */
const STEPS = 30;

/** The first moment from `ms` on at which every window is open, or undefined when they never overlap. */
function firstOpenInAll(ms: number, windows: ZonedWindow[]): number | undefined {
	let at = ms;
	for (let step = 0; step < STEPS; step++) {
		const closed = windows.find(([window, zone]) => !isOpen(at, window, zone));
		if (closed === undefined) return at;
		at = nextOpening(at, ...closed);
	}
	return undefined;
}

/**
 * Keeps a send inside its window, and an advertising send inside advertising's hours too (a Send
 * Window only narrows them): outside, the send's `date` becomes the next moment all are open, after
 * now or after the user's Send At, whichever is later, so that Kavenegar holds the messages and
 * nothing goes early. Runs after the local IDs are derived, so that a re-run of the same send
 * keeps its IDs whether the window was open or not.
 */
export const sendWindowRule: ParamRule = function (params) {
	const values = windowValues(this);
	const advertising = messageKind(this) === 'advertising';
	if (values === undefined && !advertising) return;
	const windows: ZonedWindow[] = values === undefined ? [] : [[checkedWindow(this, values), chosenTimeZone(this)]];
	if (advertising) windows.push(ADVERTISING_WINDOW);
	const now = Date.now();
	const sendAt = typeof params.date === 'number' ? params.date : undefined;
	const earliest = Math.max(now, (sendAt ?? 0) * 1000);
	const opening = firstOpenInAll(earliest, windows);
	if (opening === undefined) {
		throw invalidInput(this, 'Send Window', `has no hour within advertising's ${ADVERTISING_HOURS.label}: advertising messages go only then, so the window must overlap them`);
	}
	const held = advertising ? { heldForAdvertisingHours: !isOpen(earliest, ...ADVERTISING_WINDOW) } : {};
	if (opening === earliest) {
		rememberSchedule(this, { goesAt: sendAt !== undefined && sendAt * 1000 > now ? sendAt : undefined, sendAtMoved: false, ...held });
		return;
	}
	const goesAt = Math.floor(opening / 1000);
	params.date = goesAt;
	rememberSchedule(this, { goesAt, sendAtMoved: sendAt !== undefined, ...held });
};
