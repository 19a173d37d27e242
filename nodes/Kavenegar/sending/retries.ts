import { NodeApiError, sleep, type NodeOperationError } from 'n8n-workflow';
import { serviceCodeOf } from '../../allNodes/envelope';
import { BUSY_CODES, SERVICE_ERROR_MEANINGS } from '../../allNodes/serviceErrors';

/** How safe a repeat of a request is, which decides what is retried after a failure. */
export type Repeat =
	/** Reads, and writes whose repeat changes nothing (a send with local IDs): retried on every transient failure. */
	| 'safe'
	/**
	 * Writes that would happen twice (sends without a local ID among them), and reads that consume:
	 * retried only when the service certainly did not act (it said busy, or was not reached).
	 */
	| 'onRefusal';

/** Network failures before a connection existed: the service cannot have seen the request. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** n8n's codes for an answer that did not come within Request Options → Timeout. */
const TIMED_OUT = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/** What a failed request's answer says about what the service did. */
export type FailureKind = 'busy' | 'refused' | 'undocumented' | 'notReached' | 'cutOff' | 'timeout' | 'notKavenegar';

export interface RetryRule {
	/** The answer, as docs/errors.md names it. */
	answer: string;
	/** Whether Kavenegar may have acted on the request (sent, marked read…): the error then says so. */
	mayHaveActed: boolean;
	/** The kinds of request for which the answer is retried. */
	retriedFor: Repeat[];
}

/**
 * Which answers are retried: one table for every operation. Kavenegar's return code decides when
 * the answer is Kavenegar's JSON, whatever the HTTP status it came with (200, or a matching one
 * such as 501): an answer in which the service says what it did or refused is never retried, only
 * its busy answers are. Failures of transport are retried where a repeat is safe: everywhere when
 * the service cannot have seen the request, only for repeat-safe requests when it may have acted.
 * A timeout is not retried: Request Options → Timeout bounds the wait on purpose.
 */
export const RETRY_TABLE: Record<FailureKind, RetryRule> = {
	busy: {
		answer: `Kavenegar's busy answers: code ${[...BUSY_CODES].join(' or ')}`,
		mayHaveActed: false,
		retriedFor: ['safe', 'onRefusal'],
	},
	// Among them 429: at Kavenegar the caller's IP is restricted, which no retry mends (docs/kavenegar-api.md).
	refused: {
		answer: 'Any other code Kavenegar documents (see the table below), such as 501, 418, 412 or 424',
		mayHaveActed: false,
		retriedFor: [],
	},
	undocumented: {
		answer: "A code Kavenegar's documentation does not describe",
		mayHaveActed: true,
		retriedFor: [],
	},
	notReached: {
		answer: `No connection: ${[...NOT_REACHED].join(', ')}`,
		mayHaveActed: false,
		retriedFor: ['safe', 'onRefusal'],
	},
	cutOff: {
		answer: 'The connection dropped after the request went out (ECONNRESET, EPIPE…), or an answer that is not Kavenegar JSON with HTTP 2xx or 5xx (a cut-off answer, a proxy error page)',
		mayHaveActed: true,
		retriedFor: ['safe'],
	},
	timeout: {
		answer: 'No answer within Request Options → Timeout',
		mayHaveActed: true,
		retriedFor: [],
	},
	notKavenegar: {
		answer: 'An answer that is not Kavenegar JSON with another HTTP status (3xx, 4xx: a wrong Base URL, a proxy that refused)',
		mayHaveActed: false,
		retriedFor: [],
	},
};

/** Which row of RETRY_TABLE a failure of a request is. An error of the node's own (a request not started) is a refusal. */
export function failureKind(failure: NodeApiError | NodeOperationError): FailureKind {
	const serviceCode = serviceCodeOf(failure);
	if (serviceCode !== undefined) {
		if (BUSY_CODES.has(serviceCode)) return 'busy';
		return SERVICE_ERROR_MEANINGS[serviceCode] === undefined ? 'undocumented' : 'refused';
	}
	if (!(failure instanceof NodeApiError)) return 'refused';
	const code = String(failure.httpCode ?? '');
	if (NOT_REACHED.has(code)) return 'notReached';
	if (TIMED_OUT.has(code)) return 'timeout';
	// A numeric code here is the HTTP status of an answer that is not Kavenegar's JSON.
	if (/^\d+$/.test(code)) return /^[25]\d\d$/.test(code) ? 'cutOff' : 'notKavenegar';
	return 'cutOff';
}

export function isRetried(kind: FailureKind, repeat: Repeat): boolean {
	return RETRY_TABLE[kind].retriedFor.includes(repeat);
}

/** Whether Kavenegar may have acted on a request that failed so. */
export function mayHaveActed(failure: NodeApiError | NodeOperationError): boolean {
	return RETRY_TABLE[failureKind(failure)].mayHaveActed;
}

/** The first wait after a busy answer; each next one doubles, with jitter. */
const FIRST_BACKOFF_MS = 250;

/** How long to wait before try `attempt + 1`: exponential, with jitter so that items do not retry in step. */
export function backoffMs(attempt: number): number {
	const ceiling = FIRST_BACKOFF_MS * 2 ** (attempt - 1);
	return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** A failure after more than one try says how many were made. */
export function notingTries<E extends NodeApiError | NodeOperationError>(failure: E, attempt: number): E {
	if (attempt <= 1) return failure;
	const tries = `${attempt} tries were made, the node waiting longer after each.`;
	failure.description = failure.description ? `${failure.description} ${tries}` : tries;
	return failure;
}

/**
 * One request outside the sending engine (Send and Wait for Response's send, Stop Below Credit's
 * read of the credit), tried again as `repeat` allows, up to `retries` times, waiting longer each time.
 */
export async function triedAgainAsAllowed<T>(repeat: Repeat, retries: number, request: () => Promise<T>, signal?: AbortSignal): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await request();
		} catch (error) {
			// Kavenegar's calls fail with n8n's errors only (callKavenegar).
			const failure = error as NodeApiError | NodeOperationError;
			if (attempt > retries || signal?.aborted || !isRetried(failureKind(failure), repeat)) throw notingTries(failure, attempt);
			await sleep(backoffMs(attempt));
		}
	}
}
