'use strict';
/*
 * npm run test:trigger: the Kavenegar Trigger proven in a running n8n. n8n 2.8.4 (scripts/lib/n8nInstall.js)
 * runs `n8n start` with the package installed as a community package and two active workflows, one
 * per event, each polling every 10 seconds (the cron list `0,10,20,30,40,50 * * * * *`). The fake
 * Kavenegar runs in this process, so the script sends, delivers and seeds as a real account would
 * see it happen:
 *
 *   A. 1,200 sends in a burst and 300 incoming messages; then the deliveries (1,000 delivered, 200 failed).
 *   B. 1,200 more sends, seen queued by n8n; n8n stops (SIGTERM); while it is down they are delivered,
 *      1,200 more are sent (C) and 200 messages come in; n8n starts again; C is delivered.
 *   D. A failed poll of each workflow (an HTML 502 page once), while 200 more sends and 50 messages
 *      arrive; then D is delivered.
 *   E. 600 messages dated within one second, delivered: the outbox lists 500 of any range, so those
 *      500 are emitted and the poll after fails saying that some in that second are not followed.
 *
 * Then it reads n8n's own executions over its REST API and checks: every sent message emitted once by
 * Message Status Changed with its final status (of E, the 500 the outbox lists), every incoming
 * message once by New Incoming Message, none twice, none missing; each workflow has an error
 * execution for its failed poll, and Message Status Changed one for E; the API key is
 * in no log line of n8n, no row of its database file and no execution read back. Prints figures.
 *
 * TRIGGER_SCENARIO=short runs A and D only, each event followed by one poll rather than two (about
 * 6 minutes at TRIGGER_POLL_SECONDS=60, against 18 for the whole): CI's form for n8n 2.40 and later,
 * which poll at most once a minute. It still proves that the package loads and both workflows
 * activate and poll in that n8n, that 1,200 sends and 300 incoming messages are each emitted once
 * with the right status, that a failed poll leaves an error execution, and that the API key is in no
 * log, file or execution. It leaves out what B, C and E check: a restart with messages in flight and
 * events while n8n is down, and the crowded second.
 *
 * Environment: as scripts/e2e.js (E2E_N8N_VERSION, E2E_CACHE_DIR, E2E_SKIP_BUILD), and
 * TRIGGER_KEEP=1 to keep the work folder (n8n's logs and database) when it passes, TRIGGER_POLL_SECONDS
 * (default 10; 60 for n8n 2.40, which polls at most once a minute), TRIGGER_SCENARIO (full or short).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { N8N_DIR, N8N_VERSION } = require('./lib/n8nInstall');
const { importCredentials, importWorkflows, publishWorkflow, startN8n } = require('./lib/n8nServer');
const { runLiveProof } = require('./lib/liveProof');
const { log, readUntil, seconds } = require('./lib/processes');
const { startFakeKavenegar } = require('../test/fakeKavenegar');

const KEEP = process.env.TRIGGER_KEEP === '1';
const LINE = '30004000';
/**
 * How often the workflows poll: every 10 s by default. n8n 2.40 refuses polls more often than once a
 * minute (2.8 allows seconds), so TRIGGER_POLL_SECONDS=60 there: the same checks, six times as long.
 */
const POLL_SECONDS = Number(process.env.TRIGGER_POLL_SECONDS || 10);
if (!(60 % POLL_SECONDS === 0 || POLL_SECONDS % 60 === 0)) throw new Error(`TRIGGER_POLL_SECONDS must divide 60 or be whole minutes, not ${POLL_SECONDS}`);
const SHORT = process.env.TRIGGER_SCENARIO === 'short';
if (!['full', 'short', undefined].includes(process.env.TRIGGER_SCENARIO)) throw new Error(`TRIGGER_SCENARIO must be full or short, not ${process.env.TRIGGER_SCENARIO}`);
const CRON =
	POLL_SECONDS < 60
		? `${Array.from({ length: 60 / POLL_SECONDS }, (_, index) => index * POLL_SECONDS).join(',')} * * * * *`
		: `0 */${POLL_SECONDS / 60} * * * *`;
const BURST = 1200;
/** The contract's most recipients per send. */
const PER_SEND = 200;
/** Sends of a burst go this far apart: the outbox then holds at most 200 messages in any one second. */
const SEND_GAP_MS = 1100;
/** Messages dated within one second in part E: more than the 500 the outbox lists for any range. */
const CROWDED = 600;
const API_KEY = `live-trigger-${crypto.randomBytes(12).toString('hex')}`;
const CREDENTIAL = { id: 'kvnTriggerCred0001', name: 'Kavenegar (trigger proof fake)' };
const WORKFLOWS = {
	status: { id: 'kvnTriggerStatus01', name: 'Trigger proof: message status changed', parameters: { event: 'messageStatusChanged' } },
	inbox: { id: 'kvnTriggerInbox001', name: 'Trigger proof: new incoming message', parameters: { event: 'newIncomingMessage', lineNumber: LINE } },
};
const TRIGGER_NODE = 'Kavenegar Trigger';

/** @typedef {import('../test/fakeKavenegar').FakeKavenegar} FakeKavenegar */
/** @typedef {import('./lib/n8nServer').RestClient} RestClient */
/** @typedef {{ messageid: number, status?: number, date: number, dateIso?: string, [field: string]: unknown }} TriggerItem the fields of an emitted item the checks read */
/** @typedef {Awaited<ReturnType<typeof executionsOf>>[number]} Execution an execution read back, with the trigger's items */

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const polls = (/** @type {number} */ count) => sleep(count * POLL_SECONDS * 1000 + 3000);
/**
 * Long enough for a whole poll to start after the event and finish: two polls in the full scenario,
 * one and a bit in the short one (a poll of 1,200 rows takes seconds on a busy machine).
 */
const settle = () => (SHORT ? sleep(POLL_SECONDS * 1000 + 12_000) : polls(2));

/** @param {{ id: string, name: string, parameters: Record<string, string> }} definition */
function workflow({ id, name, parameters }) {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
		connections: {},
		nodes: [
			{
				id: `${id}-trigger`,
				name: TRIGGER_NODE,
				type: 'n8n-nodes-kavenegar.kavenegarTrigger',
				typeVersion: 1,
				position: [0, 0],
				credentials: { kavenegarApi: CREDENTIAL },
				// n8n refuses a `*` in the seconds field of a poll; a list of seconds is accepted.
				parameters: { pollTimes: { item: [{ mode: 'custom', cronExpression: CRON }] }, ...parameters },
			},
		],
	};
}

let recipients = 0;

/**
 * `count` sends through the fake's API, 200 recipients a request, a little over a second apart.
 * @param {FakeKavenegar} fake
 * @param {string} label
 */
async function sendBurst(fake, label, count = BURST) {
	/** @type {number[]} */
	const ids = [];
	for (let first = 0; first < count; first += PER_SEND) {
		const receptor = Array.from({ length: Math.min(PER_SEND, count - first) }, () => `0912${String(++recipients).padStart(7, '0')}`).join(',');
		const response = await fetch(`${fake.url}/v1/${API_KEY}/sms/send.json`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ receptor, message: `Burst ${label}` }),
		});
		const body = await response.json();
		if (body.return?.status !== 200) throw new Error(`send of burst ${label} failed: ${JSON.stringify(body.return)}`);
		ids.push(...body.entries.map((/** @type {{ messageid: number }} */ row) => row.messageid));
		if (first + PER_SEND < count) await sleep(SEND_GAP_MS);
	}
	return ids;
}

/**
 * @param {FakeKavenegar} fake
 * @param {string} label
 * @param {number} count
 */
function receive(fake, label, count) {
	const from = fake.inbox.length;
	fake.seedInbox(Array.from({ length: count }, (_, i) => ({ sender: `0935${String(i).padStart(7, '0')}`, receptor: LINE, message: `Incoming ${label} ${i + 1}` })));
	return fake.inbox.slice(from).map((row) => row.messageid);
}

/**
 * @param {FakeKavenegar} fake
 * @param {number[]} ids
 * @param {number} status
 */
function deliver(fake, ids, status) {
	for (const id of ids) fake.setMessageStatus(id, status);
}

function flatted() {
	return require(path.join(N8N_DIR, 'node_modules', 'flatted'));
}

/**
 * Every execution of a workflow, with the trigger's items, read back over REST.
 * @param {RestClient} api
 * @param {string} workflowId
 */
async function executionsOf(api, workflowId) {
	const summaries = await api.executions({ workflowId });
	const executions = [];
	for (const summary of summaries) {
		const execution = await api.execution(summary.id);
		/** @type {import('n8n-workflow').IRunExecutionData | undefined} */
		const data = typeof execution.data === 'string' ? flatted().parse(execution.data) : execution.data;
		const runs = data?.resultData?.runData?.[TRIGGER_NODE] ?? [];
		executions.push({
			id: summary.id,
			status: summary.status,
			mode: summary.mode,
			items: /** @type {TriggerItem[]} */ (runs.flatMap((run) => (run.data?.main?.[0] ?? []).map((item) => item.json))),
			error: data?.resultData?.error?.message,
			raw: typeof execution.data === 'string' ? execution.data : JSON.stringify(execution),
		});
	}
	return executions;
}

/**
 * Both workflows' executions, once every expected message was emitted: a poll can end after the
 * last settle on a busy machine, so they are read again each poll, for two polls and a minute at most.
 * @param {any} api
 * @param {number[]} statusIds
 * @param {number[]} incomingIds
 */
async function emissions(api, statusIds, incomingIds) {
	const emittedAll = (/** @type {Execution[]} */ executions, /** @type {number[]} */ ids) => {
		const emitted = new Set(executions.flatMap((execution) => execution.items.map((item) => item.messageid)));
		return ids.every((id) => emitted.has(id));
	};
	return readUntil(
		async () => ({ status: await executionsOf(api, WORKFLOWS.status.id), inbox: await executionsOf(api, WORKFLOWS.inbox.id) }),
		({ status, inbox }) => emittedAll(status, statusIds) && emittedAll(inbox, incomingIds),
		{ timeoutMs: 2 * POLL_SECONDS * 1000 + 60_000, intervalMs: POLL_SECONDS * 1000 },
	);
}

/**
 * Each expected ID once: what is missing, what came twice, what was not expected.
 * @param {string} label
 * @param {number[]} expected
 * @param {number[]} emitted
 * @param {string[]} problems
 */
function countOnce(label, expected, emitted, problems) {
	/** @type {Map<number, number>} */
	const seen = new Map();
	for (const id of emitted) seen.set(id, (seen.get(id) ?? 0) + 1);
	const missing = expected.filter((id) => !seen.has(id));
	const twice = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
	const extra = [...seen.keys()].filter((id) => !expected.includes(id));
	if (missing.length) problems.push(`${label}: ${missing.length} never emitted, e.g. ${missing.slice(0, 5).join(', ')}`);
	if (twice.length) problems.push(`${label}: ${twice.length} emitted more than once, e.g. ${twice.slice(0, 5).join(', ')}`);
	if (extra.length) problems.push(`${label}: ${extra.length} emitted that were not expected, e.g. ${extra.slice(0, 5).join(', ')}`);
}

/**
 * Every file under `dir` whose bytes hold one of `needles`.
 * @param {string} dir
 * @param {Buffer[]} needles
 */
function filesHolding(dir, needles) {
	/** @type {string[]} */
	const found = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
		if (!entry.isFile()) continue;
		const file = path.join(entry.parentPath ?? entry.path, entry.name);
		if (file.includes(`${path.sep}node_modules${path.sep}`)) continue;
		const bytes = fs.readFileSync(file);
		if (needles.some((needle) => bytes.includes(needle))) found.push(file);
	}
	return found;
}

/**
 * Resolves once both workflows poll: a poll of each has reached the fake (requests from index `since`
 * on), the one n8n runs when it activates a workflow or, after a restart, the next scheduled one.
 * n8n 2.8 activates them before it says the editor is accessible, 2.40 up to 15 s later (its
 * publication service). Rejects when n8n refuses one.
 * @param {import('./lib/n8nServer').N8nServer} n8n
 * @param {FakeKavenegar} fake
 * @param {number} since
 */
async function activated(n8n, fake, since) {
	const deadline = Date.now() + (60 + POLL_SECONDS) * 1000;
	for (;;) {
		const refused = n8n.lines.find((line) => /problem activating the workflow/.test(line.entry?.message ?? line.text));
		if (refused) {
			const tooOften = /polling interval is too short/.test(refused.text) ? ' (n8n 2.40 and later: TRIGGER_POLL_SECONDS=60)' : '';
			throw new Error(`n8n did not activate a workflow: ${(refused.entry?.message ?? refused.text).split('\n')[0]}${tooOften}`);
		}
		const operations = new Set(fake.requests.slice(since).map((request) => request.operation));
		if (operations.has('sms/inboxpaged') && operations.has('sms/selectoutbox')) return;
		if (Date.now() > deadline) throw new Error(`n8n did not poll for both workflows within ${60 + POLL_SECONDS} s of starting`);
		await sleep(250);
	}
}

/**
 * B and C: sends in flight when n8n stops (SIGTERM), delivered while it is down, more sent and
 * received while it is down; n8n starts again and C is delivered. Returns the new n8n.
 * @param {import('./lib/n8nServer').N8nServer} n8n
 * @param {FakeKavenegar} fake
 * @param {{ failed: number[], delivered: number[] }} sent
 * @param {number[]} received
 * @param {Record<string, string>} figures
 * @param {{ userFolder: string, logDir: string, env: Record<string, string> }} where
 */
async function restartWithMessagesInFlight(n8n, fake, sent, received, figures, { userFolder, logDir, env }) {
	const phase = Date.now();
	const burstB = await sendBurst(fake, 'B');
	received.push(...receive(fake, 'B', 100));
	await polls(1.5);
	await n8n.stop();
	deliver(fake, burstB, 10);
	sent.delivered.push(...burstB);
	const burstC = await sendBurst(fake, 'C');
	received.push(...receive(fake, 'C', 200));
	const downFor = Date.now();
	const requestsBeforeRestart = fake.requests.length;
	n8n = await startN8n({ role: 'main', name: 'n8n-2', userFolder, logDir, env });
	await activated(n8n, fake, requestsBeforeRestart);
	figures.restart = seconds(phase);
	figures.secondStart = seconds(downFor);
	await n8n.rest().login();
	await polls(2);
	deliver(fake, burstC, 10);
	sent.delivered.push(...burstC);
	await polls(2);
	figures.phaseB = seconds(phase);
	log(`B, C: n8n restarted with ${BURST} messages in flight, ${BURST} sent and 200 received while it was down (${figures.phaseB})`);
	return n8n;
}

/**
 * E: more messages dated within one second than the outbox lists, delivered.
 * @param {FakeKavenegar} fake
 * @param {{ failed: number[], delivered: number[] }} sent
 */
function crowdedSecond(fake, sent) {
	const second = Math.floor(Date.now() / 1000) - 2;
	const crowded = Array.from({ length: CROWDED }, (_, i) => fake.recordSend({ receptor: `0935${String(i).padStart(7, '0')}`, message: 'Crowded', date: second }).messageid);
	deliver(fake, crowded, 10);
	sent.delivered.push(...crowded.slice(0, 500));
}

/** @param {import('./lib/liveProof').ProofFolders} folders */
async function main({ workDir, userFolder, logDir, startedAt }) {
	/** @type {string[]} */
	const problems = [];
	/** @type {Record<string, string>} */
	const figures = {};

	const fake = await startFakeKavenegar({ apiKey: API_KEY });
	const env = { N8N_LOG_LEVEL: 'debug' };
	const cli = { userFolder, logDir, workDir, env };
	await importCredentials([{ ...CREDENTIAL, type: 'kavenegarApi', data: { apiKey: API_KEY, baseUrl: fake.url } }], cli);
	await importWorkflows(Object.values(WORKFLOWS).map(workflow), cli);
	for (const { id } of Object.values(WORKFLOWS)) await publishWorkflow(id, cli);
	figures.setup = seconds(startedAt);

	let phase = Date.now();
	let n8n = await startN8n({ role: 'main', name: 'n8n-1', userFolder, logDir, env });
	figures.firstStart = seconds(phase);
	await n8n.rest().setupOwner();
	await activated(n8n, fake, 0);
	log(`n8n ${N8N_VERSION} started in ${figures.firstStart}, both workflows active; polls every ${POLL_SECONDS}s`);
	await polls(1);

	/** @type {{ failed: number[], delivered: number[] }} */
	const sent = { failed: [], delivered: [] };
	/** @type {number[]} */
	const received = [];

	phase = Date.now();
	const burstA = await sendBurst(fake, 'A');
	received.push(...receive(fake, 'A', 300));
	await settle();
	deliver(fake, burstA.slice(0, 1000), 10);
	deliver(fake, burstA.slice(1000), 6);
	sent.delivered.push(...burstA.slice(0, 1000));
	sent.failed.push(...burstA.slice(1000));
	await settle();
	figures.phaseA = seconds(phase);
	log(`A: ${BURST} sends and 300 incoming messages, then delivered (${figures.phaseA})`);

	if (!SHORT) n8n = await restartWithMessagesInFlight(n8n, fake, sent, received, figures, { userFolder, logDir, env });

	phase = Date.now();
	fake.injectFault({ kind: 'html502', operation: 'sms/selectoutbox' });
	fake.injectFault({ kind: 'html502', operation: 'sms/inboxpaged' });
	const burstD = await sendBurst(fake, 'D', 200);
	received.push(...receive(fake, 'D', 50));
	await polls(1);
	deliver(fake, burstD, 10);
	sent.delivered.push(...burstD);
	await settle();
	figures.phaseD = seconds(phase);
	log(`D: one failed poll of each workflow, 200 sends and 50 incoming messages around it (${figures.phaseD})`);

	// More than the outbox can list in one second: the 500 it lists are followed, the poll after fails.
	phase = Date.now();
	if (!SHORT) {
		crowdedSecond(fake, sent);
		await polls(3);
		figures.phaseE = seconds(phase);
		log(`E: ${CROWDED} messages dated within one second, delivered (${figures.phaseE})`);
	}

	const api = n8n.rest();
	await api.login();
	const { status, inbox } = await emissions(api, [...sent.delivered, ...sent.failed], received);
	await n8n.stop();
	await fake.close();

	// ------------------------------------------------------------ each message once
	const statusItems = status.flatMap((execution) => execution.items);
	countOnce('Message Status Changed', [...sent.delivered, ...sent.failed], statusItems.map((item) => item.messageid), problems);
	const wrongStatus = statusItems.filter((item) => item.status !== (sent.failed.includes(item.messageid) ? 6 : 10));
	if (wrongStatus.length) problems.push(`Message Status Changed: ${wrongStatus.length} item(s) with the wrong status, e.g. ${JSON.stringify(wrongStatus[0])}`);
	const fields = ['messageid', 'message', 'receptor', 'sender', 'cost', 'status', 'statustext', 'statusName', 'previousStatus', 'previousStatusName', 'date', 'dateIso', 'final'];
	const incomplete = statusItems.filter((item) => fields.some((field) => !(field in item)) || item.dateIso !== new Date(item.date * 1000).toISOString());
	if (incomplete.length) problems.push(`Message Status Changed: ${incomplete.length} item(s) without ${fields.join(', ')}, e.g. ${JSON.stringify(incomplete[0])}`);
	countOnce('New Incoming Message', received, inbox.flatMap((execution) => execution.items).map((item) => item.messageid), problems);

	// ------------------------------------------------------------ the failed polls
	const missed = status.filter((execution) => execution.status === 'error' && /may have missed status changes: 500 or more messages are dated within one second/.test(execution.error ?? ''));
	const crowdedErrors = SHORT ? 0 : 1;
	if (missed.length !== crowdedErrors) problems.push(`Message Status Changed: ${missed.length} error execution(s) saying that ${CROWDED} messages in one second were too many for the outbox, not ${crowdedErrors}`);
	for (const [label, executions] of /** @type {const} */ ([['Message Status Changed', status], ['New Incoming Message', inbox]])) {
		const errors = executions.filter((execution) => execution.status === 'error');
		if (!errors.some((execution) => /HTTP 502 with an HTML page/.test(execution.error ?? ''))) {
			problems.push(`${label}: no error execution for the failed poll (errors: ${errors.map((e) => e.error).join(' | ') || 'none'})`);
		}
		const unexpected = executions.filter((execution) => execution.status !== 'success' && execution.status !== 'error');
		if (unexpected.length) problems.push(`${label}: executions neither successful nor failed: ${unexpected.map((e) => `${e.id} ${e.status}`).join(', ')}`);
	}

	// ------------------------------------------------------------ the API key
	const needles = [API_KEY, encodeURIComponent(API_KEY)].map((text) => Buffer.from(text));
	const holding = filesHolding(workDir, needles);
	if (holding.length) problems.push(`the API key is in ${holding.map((file) => path.relative(workDir, file)).join(', ')}`);
	const readBack = [...status, ...inbox].filter((execution) => execution.raw.includes(API_KEY));
	if (readBack.length) problems.push(`the API key is in execution(s) ${readBack.map((e) => e.id).join(', ')}`);
	const logLines = fs.readdirSync(logDir).reduce((sum, file) => sum + fs.readFileSync(path.join(logDir, file), 'utf8').split('\n').length, 0);

	/** @type {Record<string, number>} */
	const requests = {};
	for (const record of fake.requests) requests[record.operation] = (requests[record.operation] ?? 0) + 1;
	const count = (/** @type {Execution[]} */ executions, /** @type {string} */ state) => executions.filter((execution) => execution.status === state).length;
	console.log('');
	console.log(`Kavenegar Trigger in n8n ${N8N_VERSION} (n8n start, polls every ${POLL_SECONDS}s, ${SHORT ? 'short scenario: A and D' : 'full scenario'}):`);
	const crowdedNote = SHORT ? '' : ` (and ${CROWDED - 500} more in E's crowded second, reported missed)`;
	console.log(`  Message Status Changed  ${statusItems.length} items for ${sent.delivered.length + sent.failed.length} sends the outbox can list${crowdedNote}, in ${count(status, 'success')} executions; ${count(status, 'error')} error execution(s)`);
	console.log(`  New Incoming Message    ${inbox.flatMap((e) => e.items).length} items for ${received.length} messages, in ${count(inbox, 'success')} executions; ${count(inbox, 'error')} error execution(s)`);
	console.log(`  requests to the fake    ${Object.entries(requests).map(([operation, n]) => `${operation} ${n}`).join(', ')}`);
	console.log(`  API key searched in     ${logLines} log lines, every file of n8n's user folder (its database included), ${status.length + inbox.length} executions read back`);
	console.log(`  times                   setup ${figures.setup}, first start ${figures.firstStart}, A ${figures.phaseA}, B+C ${SHORT ? 'left out' : `${figures.phaseB} (second start ${figures.secondStart})`}, D ${figures.phaseD}, E ${figures.phaseE ?? 'left out'}, total ${seconds(startedAt)}`);
	return problems;
}

runLiveProof('trigger proof', { prefix: 'kavenegar-trigger-', keep: KEEP, main });
