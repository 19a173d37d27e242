import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { unixToIso, unixToJalali } from '../../../allNodes/readableRows';
import { chosenTimeZone } from '../rules/timeZone';

/** When an item's messages go, as its send window decided: Unix seconds, or undefined for now. */
export interface Schedule {
	goesAt: number | undefined;
	/** The user's Send At fell outside the window and was moved to its next opening. */
	sendAtMoved: boolean;
	/** An advertising send only: advertising's hours (not a Send Window) held it. */
	heldForAdvertisingHours?: boolean;
}

/**
 * The window's decision per item, from its checks to its rows. n8n hands an item's preSend and
 * its postReceive hooks the same context, however many requests the item's send is split into,
 * so every chunk's rows read the one decision its checks made.
 */
const schedules = new WeakMap<object, Schedule>();

export function rememberSchedule(context: IExecuteSingleFunctions, schedule: Schedule): void {
	schedules.set(context, schedule);
}

/**
 * Adds to each row of a send with a send window when its messages go: `scheduledFor` (ISO 8601,
 * UTC) and `scheduledForJalali` (the node's Time Zone setting), null for a message that goes now, and
 * `sendAtMoved`, and for advertising `heldForAdvertisingHours`. A send without a window keeps its rows as they were.
 */
export async function addScheduledFor(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const schedule = schedules.get(this);
	if (schedule === undefined) return items;
	const timeZone = chosenTimeZone(this);
	for (const item of items) {
		item.json.scheduledFor = unixToIso(schedule.goesAt) ?? null;
		item.json.scheduledForJalali = unixToJalali(schedule.goesAt, timeZone) ?? null;
		item.json.sendAtMoved = schedule.sendAtMoved;
		if (schedule.heldForAdvertisingHours !== undefined) item.json.heldForAdvertisingHours = schedule.heldForAdvertisingHours;
	}
	return items;
}
