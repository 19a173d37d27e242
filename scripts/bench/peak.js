'use strict';
/**
 * Measure `peak` (only on request: `npm run bench -- --just peak`): what each kind of step costs when
 * PEAK requests reach a running n8n at the same moment (`n8n start`, SQLite, regular mode; the e2e
 * cache's n8n, E2E_N8N_VERSION as the e2e scripts, so run it with Node 24 for 2.41.1). Each workflow
 * is a Header Auth Webhook, the steps measured and a Respond to Webhook, as the one-time code request
 * example is built; the last is that example itself (its hourly cap lifted, so that every round is
 * served). For each: the median answer of requests one at a time, then ROUNDS rounds of PEAK at once,
 * with the slowest answer and the CPU n8n's process spent per request (from /proc): n8n runs a
 * regular-mode instance's executions on one thread, so the slowest of a peak is about PEAK times that.
 * The last row adds the figures up for the fewest steps the example's limits can be kept with.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { N8N_VERSION, ROOT, readJson } = require('../lib/n8nInstall');
const { importCredentials, importWorkflows, publishWorkflow, startN8n } = require('../lib/n8nServer');
const { webhookRegistered } = require('../e2e');
const { API_KEY, fakeModule, row } = require('./common');
const { inN8nWorkFolder } = require('./inN8n');

const PEAK = Number(process.env.BENCH_PEAK || 100);
const ROUNDS = 3;
const ONE_BY_ONE = 10;
const WARM_UP = 20;
const SERVER_HEADER = 'X-Bench-Key';
const SERVER_KEY = crypto.randomBytes(12).toString('hex');
const CREDENTIAL = { id: 'benchPeakKavenegar', name: 'Bench: Kavenegar', type: 'kavenegarApi' };
const HEADER_CREDENTIAL = { id: 'benchPeakServerKey', name: 'Bench: the server', type: 'httpHeaderAuth' };
const TEMPLATE = 'shopLogin';

/** @typedef {import('./common').Row} Row */
/** @typedef {{ id: string, name: string, type: string, typeVersion: number, position: number[], parameters: Record<string, any>, [key: string]: unknown }} WorkflowNode */
/** @typedef {{ id: string, name: string, nodes: WorkflowNode[], connections: Record<string, unknown>, settings: Record<string, unknown>, active: boolean }} Workflow */

/** @type {Workflow | undefined} */
let requestFile;
/** The request example, read once; callers get their own copy to change. */
const example = () => /** @type {Workflow} */ (structuredClone((requestFile ??= readJson(path.join(ROOT, 'examples', 'otp-request-code.json')))));
/**
 * A node of the request example as it is (its table, columns and options), renamed, with what it
 * read from the example's other nodes (`parameters`) taken from the Webhook's body instead.
 * @param {string} name @param {string} as @param {Record<string, any>} parameters
 */
function exampleNode(name, as, parameters = {}) {
	const node = /** @type {WorkflowNode} */ (example().nodes.find((each) => each.name === name));
	delete node.onError;
	return { ...node, parameters: { ...node.parameters, ...parameters }, id: crypto.randomUUID(), name: as };
}
const PHONE = "={{ $('Hook').first().json.body.phone }}";
/** The example's claim: every column, each from the body or as the example writes it. */
function insertNode(/** @type {string} */ as) {
	const node = exampleNode('Claim a send', as);
	const value = node.parameters.columns.value;
	for (const column of Object.keys(value)) if (String(value[column]).startsWith('=')) value[column] = column === 'returning' ? false : PHONE;
	return node;
}
/** The example's read of a session's hour, of the claims of the last 65 minutes (the inserts' rows): 6 rows, as a limit's read returns up to its limit + 1. */
const readNode = (/** @type {string} */ as) =>
	exampleNode('Session this hour', as, {
		filters: { conditions: [{ keyName: 'status', condition: 'eq', keyValue: 'claimed' }, { keyName: 'createdAt', condition: 'gt', keyValue: '={{ $now.minus({ minutes: 65 }).toUTC().toISO() }}' }] },
		limit: 6,
	});
/** @param {string} name @param {string} type @param {number} typeVersion @param {Record<string, any>} parameters */
const plainNode = (name, type, typeVersion, parameters) => ({ id: crypto.randomUUID(), name, type, typeVersion, position: [0, 0], parameters });
const credentialsOf = (/** @type {WorkflowNode} */ node) => {
	if (node.type === 'n8n-nodes-base.webhook') node.credentials = { httpHeaderAuth: { id: HEADER_CREDENTIAL.id, name: HEADER_CREDENTIAL.name } };
	if (node.type.startsWith('n8n-nodes-kavenegar.')) node.credentials = { kavenegarApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
	return node;
};

/** Webhook → steps → Respond to Webhook, the steps in a row. @param {string} slug @param {WorkflowNode[]} steps */
function chain(slug, steps) {
	const hook = { ...plainNode('Hook', 'n8n-nodes-base.webhook', 2, { httpMethod: 'POST', path: `bench-peak-${slug}`, authentication: 'headerAuth', responseMode: 'responseNode', options: {} }), webhookId: crypto.randomUUID() };
	const respond = plainNode('Respond', 'n8n-nodes-base.respondToWebhook', 1.1, { respondWith: 'json', responseBody: '={{ { ok: true } }}', options: { responseCode: 200 } });
	const nodes = [hook, ...steps, respond].map((node, index) => credentialsOf({ ...node, position: [index * 220, 0] }));
	/** @type {Record<string, unknown>} */
	const connections = {};
	for (let index = 0; index < nodes.length - 1; index++) connections[nodes[index].name] = { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] };
	return { id: `benchPeak${slug.replace(/\W/g, '')}`.padEnd(16, '0').slice(0, 16), name: `Bench: peak, ${slug}`, nodes, connections, settings: { saveDataSuccessExecution: 'none' }, active: false };
}
const times = (/** @type {number} */ count, /** @type {(index: number) => WorkflowNode} */ make) => Array.from({ length: count }, (_, index) => make(index));
const setNode = (/** @type {number} */ index) => plainNode(`Set ${index}`, 'n8n-nodes-base.set', 3.4, { assignments: { assignments: [{ id: crypto.randomUUID(), name: 'phone', value: "={{ String($('Hook').first().json.body.phone).replace(/\\D/g, '') }}", type: 'string' }] }, options: {} });

/** The request example as imported, with the bench's credentials and no hourly cap to reach. */
function requestExample() {
	const workflow = example();
	workflow.nodes.forEach(credentialsOf);
	for (const assignment of /** @type {WorkflowNode} */ (workflow.nodes.find((node) => node.name === 'Settings')).parameters.assignments.assignments) if (assignment.name === 'signUpsPerHour') assignment.value = 1e6;
	return { ...workflow, id: 'benchPeakExample', active: false };
}

/** What is measured, in order; the first sets up the codes table the others read and write. */
const VARIANTS = [
	{ label: 'Data table set-up (once)', workflow: () => chain('setup', [exampleNode('Create codes table', 'Create')]), once: true },
	{ label: 'floor: Webhook (Header Auth) → Respond to Webhook', workflow: () => chain('floor', []) },
	{ label: '+ 10 No Operation nodes', workflow: () => chain('noop', times(10, (index) => plainNode(`No Operation ${index}`, 'n8n-nodes-base.noOp', 1, {}))) },
	{ label: '+ 10 Edit Fields nodes (an expression each)', workflow: () => chain('set', times(10, setNode)) },
	{ label: '+ 1 Data table insert', workflow: () => chain('insert', [insertNode('Insert')]) },
	{ label: '+ 1 Data table read', workflow: () => chain('read', [readNode('Read')]) },
	{ label: '+ 4 Data table reads', workflow: () => chain('read4', times(4, (index) => readNode(`Read ${index}`))) },
	{ label: '+ Kavenegar Send Code', workflow: () => chain('send', [exampleNode('Send code', 'Send', { recipient: PHONE, type: 'sms' })]) },
	{ label: 'the request example (examples/otp-request-code.json)', workflow: requestExample, example: true },
];

/** CPU time n8n's process has spent, in ms (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). @param {number} pid */
function cpuMs(pid) {
	const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
	return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** @param {string} url @param {number} person a different person, number, IP and session for each */
async function ask(url, person) {
	const phone = `09${String(person).padStart(6, '0')}123`;
	const started = Date.now();
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', [SERVER_HEADER]: SERVER_KEY },
		body: JSON.stringify({ phone, ip: `5.${Math.floor(person / 250) % 250}.${person % 250}.1`, session: `bench-${person}-${crypto.randomBytes(4).toString('hex')}` }),
		signal: AbortSignal.timeout(5 * 60 * 1000),
	});
	const body = await response.text();
	return { status: response.status, body, ms: Date.now() - started };
}

/** @returns {Promise<Row[]>} */
async function benchPeak() {
	return inN8nWorkFolder('kavenegar-bench-peak-', { withPackage: true }, async ({ workDir, userFolder, logDir }) => {
		const fake = await fakeModule().startFakeKavenegar({ apiKey: API_KEY });
		fake.addApprovedTemplate(TEMPLATE, 'Your Shop login code: %token');
		try {
			const cli = { userFolder, logDir, workDir };
			const measured = VARIANTS.map((variant) => ({ ...variant, built: variant.workflow() }));
			await importCredentials(
				/** @type {any} */ ([
					{ ...CREDENTIAL, data: { apiKey: API_KEY, baseUrl: fake.url } },
					{ ...HEADER_CREDENTIAL, data: { name: SERVER_HEADER, value: SERVER_KEY } },
				]),
				cli,
			);
			await importWorkflows(measured.map(({ built }) => built), cli);
			for (const { built } of measured) await publishWorkflow(built.id, cli);
			const n8n = await startN8n({ role: 'main', userFolder, logDir });
			await n8n.rest().setupOwner();
			/** @type {Row[]} */
			const rows = [];
			/** @type {Record<string, number>} */
			const cpu = {};
			let person = 0;
			for (const { label, built, once, example } of measured) {
				const hook = /** @type {WorkflowNode} */ (built.nodes.find((node) => node.type === 'n8n-nodes-base.webhook'));
				const url = `${n8n.url}/webhook/${hook.parameters.path}`;
				// n8n 2.40 and later register a published workflow's webhooks after they say they are ready.
				await webhookRegistered(url);
				if (once) {
					const answer = await ask(url, person++);
					if (answer.status !== 200) throw new Error(`${label}: HTTP ${answer.status} ${answer.body}`);
					continue;
				}
				// The first calls warm n8n up (its modules, the JIT); they are not counted, but must be answered as the workflow answers.
				const answered = example ? (/** @type {{ status: number, body: string }} */ answer) => answer.status === 200 && JSON.parse(answer.body).sent === true : (/** @type {{ status: number, body: string }} */ answer) => answer.status === 200 && answer.body === '{"ok":true}';
				for (let index = 0; index < WARM_UP; index++) {
					const answer = await ask(url, person++);
					if (!answered(answer)) throw new Error(`${label}: HTTP ${answer.status} ${answer.body.slice(0, 300)}`);
				}
				const alone = [];
				for (let index = 0; index < ONE_BY_ONE; index++) alone.push((await ask(url, person++)).ms);
				const rounds = [];
				for (let round = 0; round < ROUNDS; round++) {
					const before = cpuMs(/** @type {number} */ (n8n.pid));
					const answers = await Promise.all(Array.from({ length: PEAK }, () => ask(url, person++)));
					const refused = answers.filter((answer) => !answered(answer)).length;
					rounds.push({ slowest: Math.max(...answers.map((answer) => answer.ms)), cpu: (cpuMs(/** @type {number} */ (n8n.pid)) - before) / PEAK, refused });
				}
				const cpuPerRequest = Math.min(...rounds.map((round) => round.cpu));
				cpu[hook.parameters.path] = cpuPerRequest;
				const slowest = rounds.map((round) => `${(round.slowest / 1000).toFixed(1)} s${round.refused ? ` (${round.refused} not answered as they should)` : ''}`).join(', ');
				alone.sort((a, b) => a - b);
				rows.push(row(`peak: ${label}`, `alone ${alone[Math.floor(alone.length / 2)]} ms; ${PEAK} at once, slowest ${slowest}; n8n's CPU ${cpuPerRequest.toFixed(0)} ms a request`));
			}
			await n8n.stop();
			const step = (/** @type {string} */ slug, count = 1) => ((cpu[`bench-peak-${slug}`] ?? NaN) - (cpu['bench-peak-floor'] ?? NaN)) / count;
			// Insert its row, read what the limits count (by session, by number and prefix, by IP), send, keep the code.
			const fewest = (cpu['bench-peak-floor'] ?? NaN) + 2 * step('insert') + 3 * step('read4', 4) + step('send');
			rows.push(
				row('peak: the fewest steps the limits need (floor + insert + 3 reads + Send Code + update)', `about ${fewest.toFixed(0)} ms of CPU a request: ${PEAK} at once about ${((fewest * PEAK) / 1000).toFixed(1)} s`),
				row('peak: where', `n8n ${N8N_VERSION}, Node ${process.version}, SQLite, regular mode, ${os.cpus().length} cores`),
			);
			return rows;
		} finally {
			await fake.close();
		}
	});
}

module.exports = { benchPeak };
