'use strict';
/*
 * Messages arriving at the polling trigger's line while the loads run, held around each kill.
 *
 * The kill is for the sends. A trigger execution on the killed worker would be failed as stalled
 * like any other, and its messages with it: the main has already moved the trigger's cursor past
 * them (n8n runs no execution twice; docs/queue-mode.md). So before each kill the feed stops and the
 * trigger is left to settle (every message fed so far emitted, no execution of it open); only then
 * may worker-2 be killed, and the feed starts again once it is dead.
 */
const { TRIGGER_LINE } = require('./workflows');
const { readUntil } = require('../lib/processes');

/** @typedef {import('../../test/fakeKavenegar').InboxMessage} InboxMessage */

/** @param {number} ms */
function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * @param {{ fakeUrl: string, total: number, settled: (inbox: InboxMessage[]) => Promise<boolean> }} options
 *   settled: whether the trigger has emitted every message given and has no execution open
 */
function startInboxFeed({ fakeUrl, total, settled }) {
	/** @type {InboxMessage[]} */
	const inbox = [];
	let stopped = false;
	let held = false;
	let idle = false;
	/** @type {string | undefined} */
	let lastError;
	/** @type {Promise<void>} */
	let posting = Promise.resolve();

	async function post() {
		const count = Math.min(Math.ceil(total / 6), total - inbox.length);
		const messages = Array.from({ length: count }, (_, index) => ({ sender: `0935${String(inbox.length + index + 1).padStart(7, '0')}`, receptor: TRIGGER_LINE, message: `Incoming ${inbox.length + index + 1}` }));
		const response = await fetch(`${fakeUrl}/_fake/inbox`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(messages) });
		inbox.push(...(await response.json()));
	}

	const running = (async () => {
		while (!stopped && inbox.length < total) {
			if (!held) {
				posting = post();
				await posting;
			}
			await sleep(4000);
		}
	})();

	return {
		inbox,
		/** Whether the trigger has settled since the feed was held: a kill now finds none of its executions. */
		get idle() {
			return idle;
		},
		/** Why the trigger was last found unsettled, when reading it failed. */
		get lastError() {
			return lastError;
		},
		hold() {
			if (held) return;
			held = true;
			idle = false;
			(async () => {
				await posting;
				while (held && !idle) {
					try {
						if (await settled(inbox)) idle = held;
					} catch (error) {
						lastError = /** @type {Error} */ (error).message;
					}
					if (!idle) await sleep(1000);
				}
			})();
		},
		/**
		 * Resolves once the trigger has settled since the feed was held, or after timeoutMs.
		 * @param {number} timeoutMs
		 */
		async untilIdle(timeoutMs) {
			await readUntil(() => !held || idle, Boolean, { timeoutMs, intervalMs: 200 });
		},
		resume() {
			held = false;
			idle = false;
		},
		/** Stops feeding once every one of the `total` messages has arrived: a fast load leaves some to feed. */
		async stop() {
			stopped = true;
			held = false;
			await running;
			while (inbox.length < total) await post();
		},
	};
}

module.exports = { startInboxFeed };
