import { NodeApiError, type NodeOperationError } from 'n8n-workflow';
import { BUSY_CODES } from '../../shared/serviceErrors';

/** How safe a repeat of a request is, which decides what is retried after a failure. */
export type Repeat =
	/** Reads, and writes whose repeat changes nothing (a send with local IDs): retried on every transient failure. */
	| 'safe'
	/** Writes that would happen twice: retried only when the service certainly did not act (it said busy, or was not reached). */
	| 'onRefusal'
	/** Sends without a local ID: never retried. */
	| 'never';

/**
 * Kavenegar's "busy" (409) and "too many calls" (451): the service did not act. Its 429 is not one
 * of them: it means the caller's IP is restricted, which no retry mends (docs/kavenegar-api.md).
 */
const BUSY = new Set([...BUSY_CODES].map(String));
/** Network failures before a connection existed: the service cannot have seen the request. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Network failures after the request may have been written: the service may have acted. */
const CUT_OFF = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ERR_SOCKET_CONNECTION_TIMEOUT']);

export type FailureKind = 'busy' | 'notReached' | 'unknownOutcome' | 'refused';

/**
 * What a failure says about the request: the service said busy; it was never reached; it may
 * have acted (the connection broke, the answer timed out, a 5xx or a cut-off answer came); or it
 * answered with an error and did not act.
 */
export function failureKind(failure: NodeApiError | NodeOperationError): FailureKind {
	const code = String((failure as NodeApiError).httpCode ?? '');
	if (BUSY.has(code)) return 'busy';
	if (NOT_REACHED.has(code)) return 'notReached';
	if (!(failure instanceof NodeApiError)) return 'refused';
	if (CUT_OFF.has(code) || /^5\d\d$/.test(code) || code === '200' || !/^\d+$/.test(code)) return 'unknownOutcome';
	return 'refused';
}

export function isRetried(kind: FailureKind, repeat: Repeat): boolean {
	if (repeat === 'never' || kind === 'refused') return false;
	return repeat === 'safe' || kind === 'busy' || kind === 'notReached';
}

/** The first wait after a busy answer; each next one doubles, with jitter. */
const FIRST_BACKOFF_MS = 250;

/** How long to wait before try `attempt + 1`: exponential, with jitter so that items do not retry in step. */
export function backoffMs(attempt: number): number {
	const ceiling = FIRST_BACKOFF_MS * 2 ** (attempt - 1);
	return ceiling / 2 + Math.random() * (ceiling / 2);
}
