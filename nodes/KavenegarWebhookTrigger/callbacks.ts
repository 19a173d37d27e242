import type { IDataObject } from 'n8n-workflow';
import { asciiDigits, normalisePhoneNumber } from '../allNodes/phoneNumbers';
import { jalaliDateTime } from '../allNodes/jalali';
import { FINAL_STATUSES, messageStatusName } from '../allNodes/readableRows';

export const INCOMING_MESSAGE = 'incomingMessage';
export const DELIVERY_REPORT = 'deliveryReport';

/**
 * A callback holds four short fields; a long SMS is a few kilobytes of URL-encoded Persian text.
 * Anything much larger is not Kavenegar: it is refused before it costs an execution.
 */
export const MAX_BODY_BYTES = 16 * 1024;

/** The parts of n8n's request object a callback is read from. */
export interface CallRequest {
	headers: Record<string, string | string[] | undefined>;
	query: unknown;
	body: unknown;
	rawBody?: Buffer;
}

/** A call the trigger does not take: the HTTP status and the reason it is answered with. */
export class Refusal {
	constructor(
		readonly status: number,
		readonly reason: string,
	) {}
}

const ACCEPTED_TYPES = ['application/x-www-form-urlencoded', 'application/json'];

function bodySize(request: CallRequest): number {
	const declared = Number(request.headers['content-length'] ?? 0);
	return Math.max(request.rawBody?.length ?? 0, Number.isFinite(declared) ? declared : 0);
}

/**
 * Whether the call carries a body, read or not: n8n reads only the bodies it parses (for a node of
 * version 2 not even those of other types), and hands a multipart body to its own form parser,
 * which leaves no raw bytes behind. The headers tell in every case.
 */
function hasBody(request: CallRequest): boolean {
	const declared = Number(request.headers['content-length'] ?? 0);
	return (request.rawBody?.length ?? 0) > 0 || declared > 0 || request.headers['transfer-encoding'] !== undefined;
}

function mediaType(request: CallRequest): string {
	return String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** One field's value as text; a repeated or nested field is no callback's. */
function fieldText(name: string, value: unknown): string | Refusal {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (value === null || value === undefined) return '';
	return new Refusal(400, `Field '${name}' must be given once, as text`);
}

function collect(into: Record<string, string>, source: unknown): Refusal | undefined {
	if (typeof source !== 'object' || source === null) return undefined;
	for (const [name, value] of Object.entries(source)) {
		const text = fieldText(name, value);
		if (text instanceof Refusal) return text;
		into[name] = text;
	}
	return undefined;
}

/**
 * The call's fields, from its query string and its body alike (the service's method and encoding
 * are not documented), without `secret`, which is the URL's and never the event's. `extraQuery` is
 * what a caller that appends its own `?` to a URL already holding one left inside the secret.
 */
export function callFields(request: CallRequest, extraQuery: string): Record<string, string> | Refusal {
	if (bodySize(request) > MAX_BODY_BYTES) {
		return new Refusal(413, `The body is over ${MAX_BODY_BYTES / 1024} KB: a Kavenegar callback is a few short fields`);
	}
	const type = mediaType(request);
	if (hasBody(request) && !ACCEPTED_TYPES.includes(type)) {
		return new Refusal(415, `Content type '${type || 'none'}' is not taken: send the fields as a query string, a form (application/x-www-form-urlencoded) or JSON`);
	}
	if (type === 'application/json' && (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))) {
		return new Refusal(400, 'A JSON body must be an object of fields');
	}
	const fields: Record<string, string> = {};
	const refusal =
		collect(fields, Object.fromEntries(new URLSearchParams(extraQuery))) ?? collect(fields, request.query) ?? collect(fields, request.body);
	if (refusal) return refusal;
	delete fields.secret;
	return fields;
}

/** Only URL-safe characters, at least one escape, no space: text that was URL-encoded once more. */
const ENCODED_AGAIN = /^(?=.*%[0-9A-Fa-f]{2})[A-Za-z0-9\-_.!~*'()%+]*$/;

/**
 * The text as the sender wrote it. The service may URL-encode a text once more than the request
 * needs; such a text is decoded once, `+` as a space, as a form would be. A text that holds a space
 * or any character an encoder would have escaped was not encoded, so `50%`, `1+1` and Persian text
 * stay as they came; a text that is not valid UTF-8 once decoded is kept as it came too.
 */
export function decodedText(text: string): string {
	if (!ENCODED_AGAIN.test(text)) return text;
	try {
		return decodeURIComponent(text.replace(/\+/g, ' '));
	} catch {
		return text;
	}
}

/** A number the callback must carry: who sent an incoming message, or the line that received it. */
function number(fields: Record<string, string>, name: 'from' | 'to'): string | Refusal {
	const raw = fields[name] ?? '';
	const value = normalisePhoneNumber(raw) ?? asciiDigits(raw).trim();
	return value === '' ? new Refusal(400, `Field '${name}' is missing`) : value;
}

/** A message ID as the polling trigger's rows carry it: a number, or digits beyond 2^53 as text. */
function messageId(fields: Record<string, string>): number | string | Refusal {
	const digits = asciiDigits(fields.messageid ?? '').trim();
	if (digits === '') return new Refusal(400, "Field 'messageid' is missing");
	if (!/^\d{1,30}$/.test(digits)) return new Refusal(400, "Field 'messageid' must be a number");
	const value = Number(digits);
	return Number.isSafeInteger(value) ? value : digits;
}

function receivedAt(now: number, timeZone: string): IDataObject {
	const date = Math.floor(now / 1000);
	return { date, dateIso: new Date(date * 1000).toISOString(), dateJalali: jalaliDateTime(date * 1000, timeZone) };
}

/** An incoming message as the polling trigger and Get Inbox give it, with the key of the event. */
export function incomingMessage(fields: Record<string, string>, now: number, timeZone: string): IDataObject | Refusal {
	const messageid = messageId(fields);
	if (messageid instanceof Refusal) return messageid;
	const sender = number(fields, 'from');
	if (sender instanceof Refusal) return sender;
	const receptor = number(fields, 'to');
	if (receptor instanceof Refusal) return receptor;
	return {
		messageid,
		sender,
		receptor,
		message: decodedText(fields.message ?? ''),
		...receivedAt(now, timeZone),
		eventKey: `${INCOMING_MESSAGE}:${messageid}`,
	};
}

/** A delivery report with the status's English name, whether it is final, and the key of the event. */
export function deliveryReport(fields: Record<string, string>, now: number, timeZone: string): IDataObject | Refusal {
	const messageid = messageId(fields);
	if (messageid instanceof Refusal) return messageid;
	const digits = asciiDigits(fields.status ?? '').trim();
	if (digits === '') return new Refusal(400, "Field 'status' is missing");
	if (!/^\d{1,4}$/.test(digits)) return new Refusal(400, "Field 'status' must be a number");
	const status = Number(digits);
	return {
		messageid,
		status,
		statusName: messageStatusName(status),
		final: FINAL_STATUSES.has(status),
		...receivedAt(now, timeZone),
		eventKey: `${DELIVERY_REPORT}:${messageid}:${status}`,
	};
}
