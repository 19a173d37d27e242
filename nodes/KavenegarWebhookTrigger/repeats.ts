/**
 * Events this n8n process has started a workflow for, by trigger node, so that a callback the
 * service sends again does not start it twice. Memory of this process only: it is empty after a
 * restart, and each of several webhook processes (queue mode) keeps its own. That is the option's
 * documented limit; n8n's Remove Duplicates node with the item's `eventKey` is the lasting way.
 */
const REMEMBER_MS = 24 * 60 * 60 * 1000;
const REMEMBER_COUNT = 10_000;

const byNode = new Map<string, Map<string, number>>();

/**
 * True the first time `eventKey` is seen for `nodeKey` within the last day; it is then remembered.
 * Check and record are one synchronous step, so two calls arriving together cannot both pass.
 */
export function firstTime(nodeKey: string, eventKey: string, now: number): boolean {
	let seen = byNode.get(nodeKey);
	if (!seen) byNode.set(nodeKey, (seen = new Map()));
	const at = seen.get(eventKey);
	if (at !== undefined && now - at < REMEMBER_MS) return false;
	seen.delete(eventKey);
	seen.set(eventKey, now);
	// A Map iterates in insertion order: the first keys are the oldest.
	for (const [key, time] of seen) {
		if (seen.size <= REMEMBER_COUNT && now - time < REMEMBER_MS) break;
		seen.delete(key);
	}
	return true;
}
