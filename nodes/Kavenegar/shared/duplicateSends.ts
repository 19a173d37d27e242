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
 * A local ID for one message that is the same when n8n runs this node again for the same send
 * and different for any other send, so that the service's duplicate guard turns a retry into a
 * no-op. It is computed from:
 * - the workflow, the execution and the node: "Retry On Fail" re-runs the node inside the same
 *   execution (same execution ID), and queue-mode workers all see the same IDs. "Retry" from the
 *   executions list starts a new execution with a new ID, so that counts as a new send; give
 *   your own local IDs to make sends safe across executions.
 * - the run index: a node that runs several times in one execution (a loop) sends anew each
 *   time, while Retry On Fail keeps the run index.
 * - the item index and the operation.
 * - what tells the messages of one item apart: each entry of `messages` (the recipient; for
 *   different messages also the row).
 * The message text is left out on purpose: an expression such as `{{ $now }}` in the text
 * would give a retry a new ID and defeat the guard.
 * Undefined when the run has no execution ID: an ID shared by unrelated runs would swallow
 * genuine sends, which is worse than having no guard.
 */
export function derivedLocalIds(
	context: IExecuteSingleFunctions,
	messages: string[][],
): string[] | undefined {
	const executionId = context.getExecutionId();
	if (!executionId) return undefined;
	const itemIndex = context.getItemIndex();
	const send = [
		'kavenegar-localid-v1',
		context.getWorkflow().id ?? '',
		executionId,
		context.getNode().id,
		String(context.getWorkflowDataProxy(itemIndex).$runIndex),
		String(itemIndex),
		String(context.getNodeParameter('operation', '')),
	];
	return messages.map((parts) => {
		const digest = createHash('sha256').update(JSON.stringify([...send, ...parts])).digest();
		const id = digest.readBigUInt64BE(0) & SAFE_ID_MASK;
		return String(id === 0n ? 1n : id);
	});
}
