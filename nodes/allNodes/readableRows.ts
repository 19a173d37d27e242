import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import type { Envelope } from './envelope';
import { jalaliDateTime } from './jalali';
import { settingTimeZone } from './timeZoneSetting';

/**
 * English names of the message status codes (the SDKs' enums, docs/kavenegar-api.md): the service's
 * own `statustext` is Persian. 100 is what a lookup answers for an ID it does not know.
 */
export const MESSAGE_STATUS_NAMES: Record<number, string> = {
	1: 'Queued',
	2: 'Scheduled',
	4: 'Sent to Telecom',
	5: 'Sent to Carrier',
	6: 'Failed',
	10: 'Delivered',
	11: 'Not Delivered',
	13: 'Cancelled',
	14: 'Blocked',
	100: 'Not Found',
};

/** Statuses a message does not leave: failed, delivered, cancelled (refunded), blocked (refunded). */
export const FINAL_STATUSES: ReadonlySet<number> = new Set([6, 10, 13, 14]);

export function messageStatusName(status: unknown): string {
	return MESSAGE_STATUS_NAMES[Number(status)] ?? `Unknown status ${String(status)}`;
}

/** The service's Unix seconds as ISO 8601 (UTC), beside the raw value, for people and date nodes. */
export function unixToIso(seconds: unknown): string | undefined {
	const value = Number(seconds);
	return seconds === null || seconds === '' || !Number.isFinite(value) ? undefined : new Date(value * 1000).toISOString();
}

/** The contract's UnixTime fields (docs/kavenegar-api.md, "Rows"): test/docs/facts.test.js holds them to it. */
const DATE_FIELDS = ['date', 'startdate', 'enddate', 'expiredate'];

/** A created template's codes (docs/kavenegar-api.md), named as the Create operation's options name them. */
const TEMPLATE_CODE_NAMES: Array<[string, string, Record<number, string>]> = [
	['sourcetype', 'sourceTypeName', { 0: 'Website', 1: 'Mobile App' }],
	['sendmethod', 'sendMethodName', { 1: 'Text Message', 2: 'Voice Call' }],
	['fallbackmethod', 'fallbackMethodName', { 0: 'System Default', 1: 'Text Message', 2: 'Voice Call', 3: 'Disabled' }],
];

/** The service's Unix seconds in the Jalali calendar, in `timeZone`, as people write them: `1405/01/01 09:00:00`. */
export function unixToJalali(seconds: unknown, timeZone: string): string | undefined {
	const value = Number(seconds);
	return seconds === null || seconds === '' || !Number.isFinite(value) ? undefined : jalaliDateTime(value * 1000, timeZone);
}

/**
 * A row of the service with, next to each Unix date, `<field>Iso` (ISO 8601, UTC) and
 * `<field>Jalali` (the Jalali calendar in `timeZone`, the node's Time Zone setting), next to a
 * message's status code, `statusName`, and next to a template's method codes, their names. A
 * message row is one with a `messageid`: blocklist, template and media rows have statuses of their
 * own, in English already.
 */
export function readableRow<T extends IDataObject>(row: T, timeZone: string): T & IDataObject {
	const readable: IDataObject = { ...row };
	for (const field of DATE_FIELDS) {
		if (field in row && typeof row[field] !== 'object') {
			readable[`${field}Iso`] = unixToIso(row[field]) ?? null;
			readable[`${field}Jalali`] = unixToJalali(row[field], timeZone) ?? null;
		}
	}
	if ('messageid' in row && 'status' in row) readable.statusName = messageStatusName(row.status);
	for (const [field, nameField, names] of TEMPLATE_CODE_NAMES) {
		if (field in row) readable[nameField] = names[Number(row[field])] ?? `Unknown ${String(row[field])}`;
	}
	return readable as T & IDataObject;
}

/**
 * The node's rows made readable where they are born: in the answer, right after the envelope
 * check and before any operation's own hook or paging reads `entries`, so every operation's rows
 * get the same fields whichever way they leave the node.
 */
export async function addReadableFields(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const body = response.body as Envelope;
	const { entries } = body;
	const timeZone = settingTimeZone(this);
	if (Array.isArray(entries)) {
		body.entries = entries.map((row) => (typeof row === 'object' && row !== null ? readableRow(row as IDataObject, timeZone) : row));
	} else if (typeof entries === 'object' && entries !== null) {
		body.entries = readableRow(entries as IDataObject, timeZone);
	}
	return items;
}
