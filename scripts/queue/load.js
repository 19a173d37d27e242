'use strict';
/* The load: webhook calls with bounded concurrency, each timed, with what n8n answered. */

const RECIPIENTS_PER_CALL = 50;

/**
 * Call i's recipients: 0912, the call number in 4 digits, the recipient's in 3, so that all differ.
 * @param {number} call
 */
function recipientsOf(call) {
	return Array.from({ length: RECIPIENTS_PER_CALL }, (_, index) => `0912${String(call).padStart(4, '0')}${String(index).padStart(3, '0')}`);
}

/**
 * The caller's own Local IDs for call i: the same whenever the caller sends call i again.
 * @param {number} call
 */
function localIdsOf(call) {
	return Array.from({ length: RECIPIENTS_PER_CALL }, (_, index) => String(call * 1000 + index + 1));
}

/** @typedef {{ call: number, status?: number, ok?: boolean, ms?: number, body?: any, error?: string, recalled?: CallResult }} CallResult recalled: the answer when the caller sent a failed call again */

/**
 * One call: POST { call, recipients, localIds }; { call, status, ok, ms, body?, error? }.
 * @param {string} url
 * @param {number} call
 * @param {number} timeoutMs
 */
async function callOnce(url, call, timeoutMs) {
	const started = performance.now();
	/** @type {CallResult} */
	const result = { call };
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ call, recipients: recipientsOf(call), localIds: localIdsOf(call) }),
			signal: AbortSignal.timeout(timeoutMs),
		});
		result.status = response.status;
		const text = await response.text();
		try {
			result.body = JSON.parse(text);
		} catch {
			result.body = text;
		}
		result.ok = response.ok && Array.isArray(result.body) && result.body.length === RECIPIENTS_PER_CALL;
	} catch (error) {
		result.ok = false;
		result.error = error.cause?.code ?? error.name ?? error.message;
	}
	result.ms = performance.now() - started;
	return result;
}

/**
 * Calls url once for each call number 1…calls, at most `concurrency` at a time. beforeCall(call) is
 * awaited before each call, onAnswered(result) after each answer (the run uses them to kill a worker
 * at a chosen point). Resolves the results in call order: { call, status, ok, ms, rows?, error? }.
 * @param {{ url: string, calls: number, concurrency: number, timeoutMs: number, beforeCall?: (call: number) => unknown, onAnswered?: (result: CallResult, answered: number) => unknown }} load
 */
async function callWebhook({ url, calls, concurrency, timeoutMs, beforeCall = () => {}, onAnswered = () => {} }) {
	/** @type {CallResult[]} */
	const results = new Array(calls);
	let next = 1;
	async function lane() {
		while (next <= calls) {
			const call = next++;
			await beforeCall(call);
			results[call - 1] = await callOnce(url, call, timeoutMs);
			await onAnswered(results[call - 1], results.filter(Boolean).length);
		}
	}
	await Promise.all(Array.from({ length: Math.min(concurrency, calls) }, lane));
	return results;
}

/**
 * @param {number[]} values
 * @param {number} p
 */
function percentile(values, p) {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

module.exports = { RECIPIENTS_PER_CALL, recipientsOf, localIdsOf, callOnce, callWebhook, percentile };
