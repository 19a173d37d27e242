/*
 * How many requests the node run may have in flight: a limit learned from Kavenegar's answers,
 * since its rate limits are not documented. It grows while answers come back fine and shrinks on
 * signs of overload (busy answers, timeouts, dropped connections), as TCP's congestion window does:
 * doubling each round trip until the first sign, then one more per round trip of good answers, and
 * cut to 70 % of what was in flight on a sign, once per round trip.
 */

/** Where an unset limit starts: one round trip of good answers takes it to 256, so 500 items go in 3 round trips. */
export const START_IN_FLIGHT = 128;
/** The most ever in flight, set or learned: 5,000 items must not open 5,000 sockets (n8n opens one per request). */
export const MOST_IN_FLIGHT = 256;
/** What a sign of overload leaves of the requests in flight: TCP CUBIC's factor. */
const CUT = 0.7;

export interface LearnedLimit {
	/** The requests that may be in flight now. */
	value: number;
	/** The user's Max Requests in Flight, else MOST_IN_FLIGHT: the limit never goes above it. */
	ceiling: number;
	/** Until the first sign of overload, each good answer adds one (doubling per round trip). */
	growingFast: boolean;
	/** Good answers since the limit last grew by one, after the first sign. */
	goodSinceGrowth: number;
	/** Requests sent so far, and how many had been sent at the last cut: answers to those sent before it do not cut again. */
	sent: number;
	sentAtCut: number;
}

/** A user's Max Requests in Flight is where the limit starts and its ceiling; unset, it starts lower and finds its way up. */
export function newLimit(userMax: number | undefined): LearnedLimit {
	const ceiling = Math.min(userMax ?? MOST_IN_FLIGHT, MOST_IN_FLIGHT);
	return {
		value: userMax === undefined ? Math.min(START_IN_FLIGHT, ceiling) : ceiling,
		ceiling,
		growingFast: userMax === undefined,
		goodSinceGrowth: 0,
		sent: 0,
		sentAtCut: 0,
	};
}

export function answeredFine(limit: LearnedLimit): void {
	if (limit.value >= limit.ceiling) return;
	if (limit.growingFast || ++limit.goodSinceGrowth >= limit.value) {
		limit.value++;
		limit.goodSinceGrowth = 0;
	}
}

/**
 * A request sent as the `order`-th of the run, with `inFlight` requests in flight (itself
 * included), met a sign of overload. All requests sent before the last cut belong to the round
 * trip that cut already answered for.
 */
export function overloaded(limit: LearnedLimit, order: number, inFlight: number): void {
	limit.growingFast = false;
	limit.goodSinceGrowth = 0;
	if (order <= limit.sentAtCut) return;
	limit.value = Math.max(1, Math.floor(Math.min(limit.value, inFlight) * CUT));
	limit.sentAtCut = limit.sent;
}

/**
 * A busy answer to a request sent with more in flight than the limit now allows is the node's own
 * overshoot, which the cut has mended: the request waits its turn again without using a try.
 * Kavenegar said busy at that many; the limit stays below it for now.
 */
export function overshot(limit: LearnedLimit, inFlight: number): boolean {
	limit.value = Math.max(1, Math.min(limit.value, inFlight - 1));
	return inFlight > limit.value;
}
