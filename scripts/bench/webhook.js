'use strict';
/**
 * Measure `webhook` (only on request: `npm run bench -- --just webhook`): callbacks into a running
 * n8n (`n8n start`, SQLite, regular mode; the e2e cache's n8n, E2E_N8N_VERSION as the e2e scripts),
 * CALLBACKS of them CONCURRENCY at a time, first into the Kavenegar Webhook Trigger (Incoming
 * Message, a POST form as Kavenegar's panel sends it), then into n8n's own Webhook node (POST,
 * Respond Immediately) doing the same, each followed by a No Operation node; before each load, ONE_BY_ONE
 * callbacks one at a time, for the answer time of a callback that does not queue behind others.
 * Prints the answer times (p50/p95/max), how long until the last execution finished, and from n8n's
 * database once it has stopped: executions started, calls lost, calls run twice.
 */
const { N8N_VERSION } = require('../lib/n8nInstall');
const { importCredentials, importWorkflows, publishWorkflow, startN8n } = require('../lib/n8nServer');
const hooks = require('../lib/webhookTrigger');
const { row, verdict } = require('./common');
const { inN8nWorkFolder } = require('./inN8n');

const CALLBACKS = Number(process.env.BENCH_WEBHOOK_CALLBACKS || 1000);
const CONCURRENCY = 50;
const ONE_BY_ONE = 50;
const SETTLE_TIMEOUT_MS = 5 * 60 * 1000;
const TARGET_P95_MS = 100;
const PLAIN_PATH = 'bench-plain-webhook';

/** @typedef {import('./common').Row} Row */

/** n8n's own Webhook node (POST, answers at once) → No Operation. */
function plainWorkflow() {
	return {
		id: 'benchPlainWebhook1',
		name: "Bench: n8n's Webhook node",
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: 'bench-plain-webhook', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'bench-plain-webhook', parameters: { httpMethod: 'POST', path: PLAIN_PATH, responseMode: 'onReceived', options: {} } },
			{ id: 'bench-plain-noop', name: 'Webhook received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
		],
		connections: { Webhook: { main: [[{ node: 'Webhook received', type: 'main', index: 0 }]] } },
	};
}

/**
 * CALLBACKS form POSTs to url; then waits until n8n lists them all as finished.
 * @param {import('../lib/n8nServer').RestClient} api
 * @param {string} workflowId
 * @param {(messageid: number) => string} urlOf
 */
async function load(api, workflowId, urlOf) {
	const call = (/** @type {number} */ messageid) => hooks.callHook(urlOf(messageid), 'POST form', { messageid, from: '09351234567', to: '30004000', message: `پاسخ ${messageid}: YES` });
	const alone = await hooks.inParallel(ONE_BY_ONE, 1, (index) => call(CALLBACKS + index + 1));
	const aloneTimes = alone.filter((answer) => answer.status === 200).map((answer) => answer.ms);
	const started = performance.now();
	const answers = await hooks.inParallel(CALLBACKS, CONCURRENCY, (index) => call(index + 1));
	const answeredIn = performance.now() - started;
	const deadline = Date.now() + SETTLE_TIMEOUT_MS;
	let listed = [];
	for (;;) {
		listed = await api.executions({ workflowId });
		if (listed.length >= CALLBACKS + ONE_BY_ONE && !listed.some((execution) => ['new', 'running', 'waiting'].includes(execution.status))) break;
		if (Date.now() > deadline) break;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	const times = answers.filter((answer) => answer.status === 200).map((answer) => answer.ms);
	return {
		alone: { p50: hooks.percentile(aloneTimes, 50), p95: hooks.percentile(aloneTimes, 95), max: Math.max(...aloneTimes) },
		refused: [...alone, ...answers].filter((answer) => answer.status !== 200).length,
		p50: hooks.percentile(times, 50),
		p95: hooks.percentile(times, 95),
		max: Math.max(...times),
		answeredIn,
		finishedIn: performance.now() - started,
	};
}

/**
 * Calls per messageid among the executions' items, as lost and twice.
 * @param {import('../lib/webhookTrigger').StoredExecution[]} executions
 * @param {(execution: import('../lib/webhookTrigger').StoredExecution) => unknown[]} idsOf
 */
function tally(executions, idsOf) {
	/** @type {Map<string, number>} */
	const seen = new Map();
	for (const execution of executions) for (const id of idsOf(execution)) seen.set(String(id), (seen.get(String(id)) ?? 0) + 1);
	let lost = 0;
	let twice = 0;
	for (let id = 1; id <= CALLBACKS + ONE_BY_ONE; id++) {
		const count = seen.get(String(id)) ?? 0;
		if (count === 0) lost++;
		if (count > 1) twice++;
	}
	return { executions: executions.length, failed: executions.filter((execution) => execution.status !== 'success').length, lost, twice };
}

/** @returns {Promise<Row[]>} */
async function benchWebhook() {
	return inN8nWorkFolder('kavenegar-bench-webhook-', { withPackage: true }, async ({ workDir, userFolder, logDir }) => {
		const [incoming] = hooks.hooksFor(['incomingMessage']);
		const kavenegar = hooks.webhookWorkflow({ id: 'benchKavenegarHook1', name: 'Bench: Kavenegar Webhook Trigger', hooks: [incoming] });
		const plain = plainWorkflow();
		const cli = { userFolder, logDir, workDir };
		await importCredentials(hooks.hookCredentials([incoming]), cli);
		await importWorkflows([kavenegar, plain], cli);
		for (const { id } of [kavenegar, plain]) await publishWorkflow(id, cli);
		const n8n = await startN8n({ role: 'main', userFolder, logDir });
		const base = /** @type {string} */ (n8n.url);
		const api = n8n.rest();
		await api.setupOwner();
		await hooks.hookServed(base, incoming);
		await hooks.callHook(`${base}/webhook/${PLAIN_PATH}`, 'POST form', { messageid: 0 });
		const figures = {
			kavenegar: await load(api, kavenegar.id, () => hooks.hookUrl(base, incoming)),
			plain: await load(api, plain.id, () => `${base}/webhook/${PLAIN_PATH}`),
		};
		await n8n.stop();
		const counted = {
			kavenegar: tally(await hooks.executionsInSqlite(userFolder, kavenegar.id), (execution) => hooks.itemsOf(execution, incoming.nodeName).map((item) => item.messageid)),
			// Its warm-up call (messageid 0) is one more execution, not counted as a call.
			plain: tally((await hooks.executionsInSqlite(userFolder, plain.id)).filter((execution) => hooks.itemsOf(execution, 'Webhook')[0]?.body?.messageid !== '0'), (execution) => hooks.itemsOf(execution, 'Webhook').map((item) => item.body?.messageid)),
		};
		/** @type {Row[]} */
		const rows = [];
		for (const [which, label] of /** @type {const} */ ([['kavenegar', 'Kavenegar Webhook Trigger'], ['plain', "n8n's Webhook node"]])) {
			const f = figures[which];
			const c = counted[which];
			const ok = c.lost === 0 && c.twice === 0 && c.failed === 0 && f.refused === 0;
			rows.push(
				row(`webhook: ${label}, one at a time`, `p50 ${f.alone.p50.toFixed(1)} ms, p95 ${f.alone.p95.toFixed(1)} ms, max ${f.alone.max.toFixed(0)} ms (${ONE_BY_ONE} callbacks)`, which === 'kavenegar' ? `p95 < ${TARGET_P95_MS} ms` : '', which === 'kavenegar' ? verdict(f.alone.p95 < TARGET_P95_MS) : ''),
				row(`webhook: ${label}, ${CONCURRENCY} at a time`, `p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, max ${f.max.toFixed(0)} ms (${CALLBACKS} callbacks, all answered in ${(f.answeredIn / 1000).toFixed(1)} s)`),
				row(`webhook: ${label}, executions`, `${c.executions} started for ${CALLBACKS + ONE_BY_ONE} callbacks, ${c.lost} lost, ${c.twice} run twice, ${c.failed} failed, ${f.refused} refused; last finished ${(f.finishedIn / 1000).toFixed(1)} s after the ${CONCURRENCY}-at-a-time load began`, 'none lost or twice', verdict(ok)),
			);
		}
		rows.push(row('webhook: where', `n8n ${N8N_VERSION}, Node ${process.version}, SQLite, regular mode`));
		return rows;
	});
}

module.exports = { benchWebhook };
