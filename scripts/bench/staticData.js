'use strict';
/**
 * Measure `static data` (only on request: `npm run bench -- --just "static data"`): whether a count
 * kept in a workflow's static data holds when executions overlap, which decides whether the node
 * could keep a limit of codes per recipient there (docs/jalali-dates-and-send-cap.md). A running
 * n8n (`n8n start`, SQLite, regular mode; the e2e cache's n8n) with Webhook → Code: the Code node
 * adds one to a counter in the workflow's static data and waits a little, as a send would wait for
 * Kavenegar. CALLS calls go one at a time, then CALLS all at once; after each load the counter n8n
 * saved is read back. A counter that holds would grow by CALLS each time.
 */
const { N8N_VERSION } = require('../lib/n8nInstall');
const { importWorkflows, publishWorkflow, startN8n } = require('../lib/n8nServer');
const { row, verdict } = require('./common');
const { inN8nWorkFolder } = require('./inN8n');

const CALLS = 20;
const WEBHOOK_PATH = 'bench-static-data';
const WORKFLOW_ID = 'benchStaticData01';
const SETTLE_TIMEOUT_MS = 2 * 60 * 1000;

/** @typedef {import('./common').Row} Row */

function counterWorkflow() {
	const code = [
		"const data = $getWorkflowStaticData('global');",
		'data.codes = (data.codes ?? 0) + 1;',
		'const seen = data.codes;',
		'await new Promise((resolve) => setTimeout(resolve, 300));',
		'return [{ json: { seen } }];',
	].join('\n');
	return {
		id: WORKFLOW_ID,
		name: 'Bench: a counter in static data',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: 'bench-static-webhook', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'bench-static-data', parameters: { httpMethod: 'POST', path: WEBHOOK_PATH, responseMode: 'lastNode', options: {} } },
			{ id: 'bench-static-code', name: 'Count', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0], parameters: { jsCode: code } },
		],
		connections: { Webhook: { main: [[{ node: 'Count', type: 'main', index: 0 }]] } },
	};
}

/**
 * @param {string} url
 * @param {number} count
 * @param {boolean} together
 */
async function calls(url, count, together) {
	const one = async () => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status;
	if (together) return Promise.all(Array.from({ length: count }, one));
	const statuses = [];
	for (let index = 0; index < count; index++) statuses.push(await one());
	return statuses;
}

/**
 * The counter as n8n saved it, once no execution of the workflow is open.
 * @param {import('../lib/n8nServer').RestClient} api
 */
async function savedCounter(api) {
	const deadline = Date.now() + SETTLE_TIMEOUT_MS;
	while (Date.now() < deadline) {
		const open = await api.executions({ workflowId: WORKFLOW_ID, status: ['new', 'running', 'waiting'] });
		if (open.length === 0) break;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	const workflow = await api.workflow(WORKFLOW_ID);
	return Number(workflow.staticData?.global?.codes ?? 0);
}

/** @returns {Promise<Row[]>} */
async function benchStaticData() {
	return inN8nWorkFolder('kavenegar-bench-static-', { withPackage: false }, async ({ workDir, userFolder, logDir }) => {
		const cli = { userFolder, logDir, workDir };
		await importWorkflows([counterWorkflow()], cli);
		await publishWorkflow(WORKFLOW_ID, cli);
		const n8n = await startN8n({ role: 'main', userFolder, logDir });
		const api = n8n.rest();
		await api.setupOwner();
		const url = `${n8n.url}/webhook/${WEBHOOK_PATH}`;
		const oneByOne = await calls(url, CALLS, false);
		const afterOneByOne = await savedCounter(api);
		const together = await calls(url, CALLS, true);
		const afterTogether = await savedCounter(api);
		await n8n.stop();
		const answered = (/** @type {number[]} */ statuses) => statuses.filter((status) => status === 200).length;
		const grewTogether = afterTogether - afterOneByOne;
		return [
			row(`static data: ${CALLS} calls one at a time`, `${answered(oneByOne)} answered; the saved counter went from 0 to ${afterOneByOne}`, `${CALLS}`, verdict(afterOneByOne === CALLS)),
			row(`static data: ${CALLS} calls at once`, `${answered(together)} answered; the saved counter grew by ${grewTogether}: ${CALLS - grewTogether} count(s) lost`, `${CALLS}`, verdict(grewTogether === CALLS)),
			row('static data: where', `n8n ${N8N_VERSION}, Node ${process.version}, SQLite, regular mode; Webhook → Code, 300 ms in each execution`),
		];
	});
}

module.exports = { benchStaticData };
