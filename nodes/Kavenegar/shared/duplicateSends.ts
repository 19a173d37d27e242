import { createHash } from 'node:crypto';
import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { PREVENT_DUPLICATE_SENDS } from './sendOptions';

/** On unless turned off: a user who never opened the options still gets sends a retry cannot double. */
export function preventsDuplicateSends(context: IExecuteSingleFunctions): boolean {
	return context.getNodeParameter(PREVENT_DUPLICATE_SENDS, true) !== false;
}

const LONG_MAX = (1n << 63n) - 1n;

/** The contract types local IDs as Long: digits that fit a signed 64-bit integer. */
export function isLong(id: string): boolean {
	return /^\d{1,19}$/.test(id) && BigInt(id) <= LONG_MAX;
}

export const LONG_RULE = `is larger than a local ID can be (at most ${LONG_MAX})`;

/**
 * Local IDs are kept within 2^53 − 1: the service answers them as JSON numbers, and n8n parses
 * JSON into doubles, so a larger ID would come back with other digits than were sent. 53 bits
 * of SHA-256 still make a collision between two real sends negligible.
 */
const SAFE_ID_MASK = (1n << 53n) - 1n;

/**
 * How long the same data counts as the same send. The contract says the service finds local IDs of
 * the last 12 hours, so its duplicate guard remembers them at least that long; a longer window could
 * hand the guard an ID it has forgotten, and the message would go out again anyway.
 */
export const SAME_SEND_WINDOW_HOURS = 12;
const WINDOW_MS = SAME_SEND_WINDOW_HOURS * 3_600_000;

/**
 * A local ID for one message that is the same whenever n8n sends the same data again, so that the
 * service's duplicate guard turns the repeat into a no-op. n8n gives a node no link from a retried
 * execution to the one it retries, and a user who fixes one item and runs the workflow again starts
 * an unrelated execution, so the ID is made from the send itself:
 * - the workflow, the node and the operation;
 * - the node's parameters as written, expressions unresolved: Retry On Fail evaluates `{{ $now }}`
 *   anew, and a resolved text would give the retry a new ID; and the workflow's time zone, which
 *   turns a written Send At into a time;
 * - the input item's JSON, which is what those expressions read: other data is another send, the
 *   same data in another position (items removed or reordered) is the same send;
 * - what tells the messages of one item apart: each entry of `messages` (the recipient, so the same
 *   number twice in a list gets the message once; for different messages also the row);
 * - the 12-hour window of UTC time the send falls in, so that the same data is sent again later.
 * Neither the execution nor the item index is part of it: those change on a re-run.
 */
export function derivedLocalIds(context: IExecuteSingleFunctions, messages: string[][]): string[] {
	const node = context.getNode();
	// Hashed once per item: the input item can be a whole aggregated list, and a send of 10,000
	// numbers must not hash it 10,000 times.
	const send = createHash('sha256')
		.update(
			JSON.stringify([
				'kavenegar-localid-v2',
				context.getWorkflow().id ?? '',
				node.id,
				String(context.getNodeParameter('operation', '')),
				JSON.stringify(node.parameters),
				context.getTimezone(),
				JSON.stringify(context.getInputData().json),
				String(Math.floor(Date.now() / WINDOW_MS)),
			]),
		)
		.digest('hex');
	return messages.map((parts) => {
		const digest = createHash('sha256').update(JSON.stringify([send, ...parts])).digest();
		const id = digest.readBigUInt64BE(0) & SAFE_ID_MASK;
		return String(id === 0n ? 1n : id);
	});
}
