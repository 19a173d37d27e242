#!/usr/bin/env node
'use strict';
/*
 * The package in n8n queue mode, exactly once: npm run test:queue.
 *
 * 1. Redis and PostgreSQL (Debian's packages, installed when missing) as this script's own processes
 *    on loopback; n8n main with EXECUTIONS_MODE=queue and two `n8n worker` processes, each with the
 *    package installed as a community package in its own user folder; a fake Kavenegar per load, with
 *    faults that start after some sends (connections reset after the send was taken, answers later
 *    than the node's timeout, connections reset before it).
 * 2. Two loads of Webhook → Kavenegar Send (50 recipients a call, Retry On Fail on), CALLS calls at
 *    most CONCURRENCY at a time: one with Prevent Duplicate Sends deriving the local IDs, one with the
 *    caller's own Local IDs. Half-way through each, worker 2 is killed with SIGKILL (its whole process
 *    group) while it runs executions, and started again. What n8n reports for them is checked: main
 *    fails them as stalled (n8n never runs them again), the caller gets HTTP 500, or no answer when
 *    the worker had saved the execution just before it died; a call can also go unanswered through
 *    n8n's job.finished() race. n8n's own Retry of such an execution is tried and reported (it cannot
 *    run it: the input is gone). The caller then sends every call that got no rows again, and the fake
 *    counts: each recipient of each call exactly one message.
 * 3. All the while the Kavenegar Trigger (new incoming message, polled every 5 s) is active on main
 *    and messages arrive in the fake's inbox, held around each kill until the trigger has settled
 *    (scripts/queue/inboxFeed.js): each must be emitted in exactly one execution.
 * 4. The Kavenegar Webhook Trigger: callbacks to main and to an `n8n webhook` process, run by the
 *    workers, each once (scripts/queue/webhook.js).
 * 5. An approval by SMS (Send and Wait for Response): asked on a worker, answered through main's
 *    signed link, finished on a worker (scripts/queue/approval.js).
 * 6. The one-time code examples (scripts/otp.js) as they are, on PostgreSQL with their executions on
 *    the workers: every case of npm run test:otp, the peak of 100 people among them.
 * 7. Two sends that fail for good (nothing listening, an answer 404) leave stored and logged errors.
 *    The API key (with characters to escape) is searched, raw, URL-encoded and JSON-escaped, in every
 *    log line of every n8n process and n8n CLI command (at debug level), in Redis (every command it
 *    received, from `redis-cli monitor`, and every key and value left, from `--scan`) and PostgreSQL
 *    (every statement with its parameters, from its log, and every row, from pg_dump). The fakes' own
 *    logs are not searched: a fake is the service and prints the key it accepts (which shows that the
 *    search finds the key where it is).
 * 8. Prints the figures and fails on any duplicate, loss, leak, or an answer of n8n it cannot
 *    explain. Every process it started is stopped by its PID, also on failure and on SIGINT.
 *
 * The whole run takes one to two minutes once n8n is cached, so CI runs the same numbers.
 * Environment: QUEUE_CALLS (default 200 a load), QUEUE_CONCURRENCY (default 10),
 * QUEUE_INBOX_MESSAGES (default 30), QUEUE_KEEP=1 (keep the temporary folder),
 * and those of scripts/lib/n8nInstall.js (E2E_N8N_VERSION, E2E_CACHE_DIR, …).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startFake } = require('./lib/fake');
const { N8N_DIR, abandonInstall, ensureBuilt, ensureN8n, installPackage } = require('./lib/n8nInstall');
const { importCredentials, importWorkflows, publishWorkflow, startN8n } = require('./lib/n8nServer');
const { freePort, killAll, log, seconds, stopChildrenOnExit } = require('./lib/processes');
const { RECIPIENTS_PER_CALL, callOnce, callWebhook, percentile, recipientsOf } = require('./queue/load');
const { ensurePackages, startPostgres, startRedis } = require('./queue/services');
const { TRIGGER_WORKFLOW_ID, sendWorkflow, triggerWorkflow } = require('./queue/workflows');
const { webhookTriggerPart } = require('./queue/webhook');
const { startInboxFeed } = require('./queue/inboxFeed');
const { APPROVAL_WORKFLOW_ID, approvalWorkflow, runApproval } = require('./queue/approval');
const { OTP_SECRETS, callFlows: callOtpFlows, otpStage } = require('./otp');

const CALLS = Number(process.env.QUEUE_CALLS || 200);
const CONCURRENCY = Number(process.env.QUEUE_CONCURRENCY || 10);
const INBOX_MESSAGES = Number(process.env.QUEUE_INBOX_MESSAGES || 30);
const KEEP = process.env.QUEUE_KEEP === '1';
const WORKER_CONCURRENCY = 5;
// Characters a URL path, a form body and JSON each escape differently.
const API_KEY = 'queue-Key/with+chars=&%?#"';
const NODE_TIMEOUT_MS = 3000;
// Bull's lock and stalled check, shortened so that a dead worker's executions are noticed in seconds
// rather than a minute; the renewal stays well inside the lock on a busy 2-core machine.
const QUEUE_SETTINGS = { QUEUE_WORKER_LOCK_DURATION: '15000', QUEUE_WORKER_LOCK_RENEW_TIME: '3000', QUEUE_WORKER_STALLED_INTERVAL: '5000' };
const SETTLE_TIMEOUT_MS = 120 * 1000;
// The trigger polls every 5 seconds; a few polls are enough for it to emit what was fed and close.
const TRIGGER_SETTLE_MS = 30 * 1000;
const OPEN_STATUSES = ['new', 'running', 'waiting'];
// Far above a call's longest normal time (four tries of a 3 s timeout, 1 s apart), so that a call with
// no answer is one n8n never answers.
const CALL_TIMEOUT_MS = 45 * 1000;

/** @typedef {import('n8n-workflow').IRunExecutionData} IRunExecutionData */
/** @typedef {import('./lib/n8nServer').N8nServer} N8nServer */
/** @typedef {import('./lib/n8nServer').RestClient} RestClient */
/** @typedef {import('./queue/load').CallResult} CallResult */
/** @typedef {import('../test/fakeKavenegar').InboxMessage} InboxMessage */
/** @typedef {Awaited<ReturnType<typeof startFake>>} Fake */
/** @typedef {Pick<import('../test/fakeKavenegar').SentMessage, 'messageid' | 'receptor' | 'message' | 'localid' | 'date'>} OutboxRow */
/** @typedef {{ outbox: OutboxRow[], requests: Record<string, number>, faultsLeft: number }} FakeState the fake's GET /_fake/outbox */
/** @typedef {any} Execution an execution as n8n's REST API answers it (JSON; `data` is flatted text) */
/**
 * What a load runs on; worker2 is replaced by the worker started again after the kill.
 * @typedef {{ mainServer: N8nServer, api: RestClient, servers: N8nServer[], startWorker: (name: string, logName?: string) => Promise<N8nServer>, postgres: Awaited<ReturnType<typeof startPostgres>>, worker2: N8nServer, restarts: number, stalled: Set<string>, feed: ReturnType<typeof startInboxFeed> }} Cluster
 */
/** @typedef {Awaited<ReturnType<typeof runLoad>>} LoadFigures */
/**
 * @typedef {{ loads: LoadFigures[], failing?: number, webhook?: string, approval?: string, otp?: string[], trigger?: Awaited<ReturnType<typeof checkTrigger>>, searched?: { files: number, redisKeysLeft: number, redisCommands: number, executionDataRows: number }, executionsPerWorker?: Record<string, number> }} Figures
 */

/** @type {[string, number][]} */
const timings = [];
/** @type {string | undefined} */
let workDir;
/** @type {(() => unknown)[]} */
const stoppers = [];

/**
 * @param {string} name
 * @param {number} started
 */
function phase(name, started) {
	timings.push([name, (Date.now() - started) / 1000]);
	log(`${name}: ${seconds(started)}`);
}

/** @param {number} ms */
function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

function flatted() {
	return require(path.join(N8N_DIR, 'node_modules', 'flatted'));
}

/**
 * An execution's run data: n8n's REST API gives it as flatted text.
 * @param {Execution} execution
 * @returns {IRunExecutionData | undefined}
 */
function runData(execution) {
	return typeof execution.data === 'string' ? flatted().parse(execution.data) : execution.data;
}

/**
 * The items a node put out in an execution read over REST.
 * @param {Execution} execution
 * @param {string} nodeName
 */
function nodeItems(execution, nodeName) {
	const data = runData(execution);
	const runs = data?.resultData?.runData?.[nodeName] ?? [];
	return runs.flatMap((run) => (run.data?.main?.[0] ?? []).map((item) => item.json));
}

/**
 * The call number an execution of the send workflow serves, from its webhook item (run or still queued).
 * @param {Execution} execution
 * @returns {number | undefined}
 */
function callOf(execution) {
	const data = runData(execution);
	const ran = data?.resultData?.runData?.Webhook?.[0]?.data?.main?.[0]?.[0]?.json;
	const waiting = (data?.executionData?.nodeExecutionStack ?? []).map((entry) => entry.data?.main?.[0]?.[0]?.json).find(Boolean);
	const webhookItem = /** @type {{ body?: { call?: number } } | undefined} */ (ran ?? waiting);
	return webhookItem?.body?.call;
}

/** @param {Execution} execution */
function executionError(execution) {
	const data = runData(execution);
	const error = data?.resultData?.error;
	return error ? String(error.message ?? error.name ?? '') : '';
}

/**
 * Execution IDs a worker's log says it started and finished.
 * @param {N8nServer} server
 */
function workerExecutions(server) {
	/** @type {Set<string>} */
	const started = new Set();
	/** @type {Set<string>} */
	const finished = new Set();
	for (const line of server.lines) {
		const message = line.entry?.message ?? '';
		const match = /^Worker (started|finished) execution (\d+) /.exec(message);
		if (match) (match[1] === 'started' ? started : finished).add(match[2]);
	}
	return { started, finished };
}

/**
 * @param {RestClient} api
 * @param {string} workflowId
 */
async function waitForSettled(api, workflowId) {
	const deadline = Date.now() + SETTLE_TIMEOUT_MS;
	for (;;) {
		const open = await api.executions({ workflowId, status: OPEN_STATUSES });
		if (open.length === 0) return;
		if (Date.now() > deadline) throw new Error(`${open.length} execution(s) of ${workflowId} still open after ${SETTLE_TIMEOUT_MS / 1000}s: ${open.map((e) => `${e.id} ${e.status}`).join(', ')}`);
		await sleep(1000);
	}
}

/**
 * @param {Fake} fake
 * @returns {Promise<FakeState>}
 */
async function fakeState(fake) {
	const response = await fetch(`${fake.url}/_fake/outbox`);
	return response.json();
}

/**
 * @param {string} key
 * @returns {[string, string][]}
 */
function keyForms(key) {
	return [
		['raw', key],
		['URL-encoded', encodeURIComponent(key)],
		['JSON-escaped', JSON.stringify(key).slice(1, -1)],
	];
}

/**
 * Every file under dir whose text holds one of the key's forms: [{ file, form, line }].
 * @param {string[]} files
 * @param {string} key
 */
function searchKey(files, key) {
	/** @type {{ file: string, form: string, line: string }[]} */
	const found = [];
	for (const file of files) {
		const text = fs.readFileSync(file, 'utf8');
		for (const [form, value] of keyForms(key)) {
			const at = text.indexOf(value);
			if (at < 0) continue;
			const lineStart = text.lastIndexOf('\n', at) + 1;
			found.push({ file: path.relative(/** @type {string} */ (workDir), file), form, line: text.slice(lineStart, lineStart + 200) });
		}
	}
	return found;
}

/**
 * A fake with faults that start after some sends; each fault waits for `skip` more sends after the one before.
 * @param {string} name
 * @param {string} logDir
 */
async function startFaultyFake(name, logDir) {
	const skip = Math.max(3, Math.floor(CALLS / 8));
	const faults = [
		// Taken by the service, then the connection drops: Retry On Fail must not send again.
		`reset,operation=sms/send,skip=${skip},times=2,after=1`,
		// Taken, answered after the node's timeout: the same.
		`slow,operation=sms/send,skip=${skip},times=2,after=1,delayMs=${NODE_TIMEOUT_MS * 2}`,
		// Dropped before the service took it: the retry must send.
		`reset,operation=sms/send,skip=${skip},times=2`,
	];
	return startFake(await freePort(), ['--api-key', API_KEY, ...faults.flatMap((fault) => ['--fault', fault])], path.join(logDir, `${name}.log`));
}

/**
 * One load: CALLS webhook calls, worker-2 killed half-way and started again; what n8n reports for the
 * executions worker-2 had taken is checked; the calls that failed are sent again by the caller (the
 * one recovery there is: see below); then the fake counts. Returns the figures; pushes problems.
 * @param {{ label: string, workflowId: string, webhookPath: string, fake: Fake, cluster: Cluster, problems: string[] }} load
 */
async function runLoad({ label, workflowId, webhookPath, fake, cluster, problems }) {
	const { mainServer, api, servers, startWorker, feed } = cluster;
	const worker2 = cluster.worker2;
	let started = Date.now();
	const url = `${mainServer.url}/webhook/${webhookPath}`;
	const killAt = Math.floor(CALLS / 2);
	/** @type {{ at: number, inFlight: string[] } | undefined} */
	let killed;
	let restarted;
	const results = await callWebhook({
		url,
		calls: CALLS,
		concurrency: CONCURRENCY,
		timeoutMs: CALL_TIMEOUT_MS,
		// A load can pass half-way before the trigger's next poll: calls after half-way wait for it to
		// settle, so that the kill still falls amid the load however fast the machine.
		beforeCall: async (call) => {
			if (call <= killAt || killed || feed.idle) return;
			const waited = Date.now();
			await feed.untilIdle(TRIGGER_SETTLE_MS);
			if (call === killAt + 1) log(`${label}: calls after half-way waited ${seconds(waited)} for the trigger to settle`);
		},
		onAnswered: (result, answered) => {
			if (answered >= Math.floor(CALLS / 4) && !killed) feed.hold();
			if (answered < killAt || killed || !feed.idle) return;
			// Half-way, at the first answer that finds worker-2 busy.
			const running = workerExecutions(worker2);
			const inFlight = [...running.started].filter((id) => !running.finished.has(id));
			if (inFlight.length === 0) return;
			killed = { at: Date.now(), inFlight };
			log(`${label}: after ${answered} answers, SIGKILL to ${worker2.name} (pid ${worker2.pid}) with ${inFlight.length} execution(s) started and not finished: ${inFlight.join(', ')}`);
			worker2.kill('SIGKILL');
			restarted = (async () => {
				await worker2.exited;
				feed.resume();
				await sleep(2000);
				const again = await startWorker('worker-2', `worker-2-restarted-${++cluster.restarts}`);
				servers.push(again);
				cluster.worker2 = again;
				log(`${label}: worker-2 started again (pid ${again.pid}) ${seconds(killed.at)} after the kill`);
				return again;
			})();
		},
	});
	if (!killed) {
		feed.resume();
		const why = feed.idle ? 'worker-2 never had an execution in flight after half the calls' : `the trigger never settled (every message emitted, none of its executions open)${feed.lastError ? `: ${feed.lastError}` : ''}`;
		problems.push(`${label}: worker-2 was not killed: ${why}`);
	}
	await restarted;
	phase(`${label}: load of ${CALLS} calls`, started);

	// What n8n reports. n8n gives Bull maxStalledCount 0: a job whose worker died is not run again;
	// Bull's stalled check fails it and main logs "Problem with execution N: This execution failed to
	// be processed too many times…" (MaxStalledCountError), marks the execution failed and answers its
	// webhook call HTTP 500 — unless the worker had saved the execution as a success just before it
	// died: then main still fails the job, the execution stays "success", and the caller gets no answer.
	started = Date.now();
	await waitForSettled(api, workflowId);
	const killedRun = workerExecutions(worker2);
	const othersStarted = new Set(servers.filter((s) => s.role === 'worker' && s !== worker2).flatMap((s) => [...workerExecutions(s).started]));
	const alreadyStalled = cluster.stalled;
	const stalledNow = new Set(
		/** @type {string[]} */ (
			mainServer.lines
				.map((line) => /^Problem with execution (\d+): This execution failed to be processed too many times/.exec(line.entry?.message ?? '')?.[1])
				.filter((id) => id && !alreadyStalled.has(id))
		),
	);
	for (const id of stalledNow) alreadyStalled.add(id);
	const failedCalls = results.filter((result) => !result.ok);
	const before = await fakeState(fake);
	const registered = (/** @type {number} */ call) => before.outbox.filter((row) => row.message === `Call ${call}`).length;
	const reported = { error: 0, successUnanswered: 0, answeredNever: 0 };
	/** @type {Execution[]} */
	const failedExecutions = [];
	for (const id of stalledNow) {
		const execution = await api.execution(id);
		const error = executionError(execution);
		if (execution.workflowId !== workflowId) {
			problems.push(`${label}: execution ${id} of workflow ${execution.workflowId} failed as stalled: the kill was to find only the load's executions on worker-2`);
			continue;
		}
		const where = killedRun.started.has(id) ? 'started on worker-2' : othersStarted.has(id) ? 'started on ANOTHER worker' : 'taken by worker-2 before it logged a start';
		if (execution.status === 'success') {
			const call = callOf(execution);
			const answer = results.find((result) => result.call === call);
			reported.successUnanswered++;
			log(`  execution ${id} (call ${call}): main failed its job as stalled, but worker-2 had saved it as "success" before it died (${where}); the caller got ${answer?.ok ? 'its rows' : answer?.status ? `HTTP ${answer.status}` : answer?.error}`);
			if (answer?.ok) problems.push(`${label}: call ${call} was answered although main failed its job ${id} as stalled`);
		} else {
			reported.error++;
			failedExecutions.push(execution);
			log(`  execution ${id}: n8n reports "${execution.status}": ${error.slice(0, 70)}…; ${where}; its saved data holds the error, not the call`);
			if (!/failed to be processed too many times/.test(error)) problems.push(`${label}: execution ${id} failed with another error: ${error}`);
		}
		if (othersStarted.has(id) && !killedRun.started.has(id)) problems.push(`${label}: execution ${id} failed as stalled although another worker ran it`);
	}
	const otherFailures = (await api.executions({ workflowId, status: ['error', 'crashed', 'canceled'] })).filter((execution) => !alreadyStalled.has(execution.id));
	for (const execution of otherFailures) problems.push(`${label}: execution ${execution.id} failed (${execution.status}) without being on the killed worker`);
	// The kill is chosen by the worker's log as read at that moment; a line the worker wrote just before
	// it died may be read after. An execution it had finished is not stalled, and that is right.
	for (const id of killed?.inFlight ?? []) {
		if (stalledNow.has(id)) continue;
		const execution = await api.execution(id);
		if (killedRun.finished.has(id) && execution.status === 'success') log(`  execution ${id}: finished on worker-2 just before the kill (its log line was read after it)`);
		else problems.push(`${label}: execution ${id} was running on worker-2 when it was killed, yet main did not fail it as stalled (it is "${execution.status}")`);
	}
	// A call that got no answer at all: its execution, found by the call number in its saved data.
	// Besides the kill, n8n 2.8.4 has a race here: main enqueues the job, runs its before-execution hook,
	// and only then waits with Bull's job.finished(); a job that completes in between has already been
	// removed (removeOnComplete) and its completed event has passed, so main never answers the call,
	// although the execution succeeded.
	let http500 = 0;
	for (const result of failedCalls) {
		let why = '';
		if (result.status === 500) http500++;
		else {
			const rows = (await cluster.postgres.psql(`select e.id, e.status from execution_entity e join execution_data d on d."executionId" = e.id where e."workflowId" = '${workflowId}' and d.data like '%"call":${result.call},%' order by e.id limit 1`)).stdout.trim();
			const [id, status] = rows.split('\t');
			if (!id) problems.push(`${label}: call ${result.call} got no answer (${result.error ?? result.status}) and no execution holds it`);
			else if (stalledNow.has(id) && status === 'error' && result.error === 'TimeoutError') {
				// Main answers HTTP 500 once Bull finds the job stalled: on a busy machine that can come after the caller gave up.
				http500++;
				why = `; its execution ${id} was failed as stalled after the caller's ${CALL_TIMEOUT_MS / 1000} s ran out`;
			} else if (stalledNow.has(id)) why = `; its execution ${id} is the one saved "${status}" before the kill`;
			else if (status === 'success') {
				reported.answeredNever++;
				why = `; its execution ${id} succeeded and was never stalled: n8n's job.finished() race, main never answered`;
			} else problems.push(`${label}: call ${result.call} got no answer and its execution ${id} is "${status}"`);
		}
		log(`  call ${result.call}: the caller got ${result.status ? `HTTP ${result.status} ${JSON.stringify(result.body).slice(0, 80)}` : result.error}; the fake had registered ${registered(result.call)} of its ${RECIPIENTS_PER_CALL} messages${why}`);
	}
	if (http500 !== reported.error) problems.push(`${label}: ${http500} call(s) got HTTP 500 but main failed ${reported.error} execution(s) of the killed worker`);
	// n8n's own Retry cannot recover these: processError replaced the stored run data with the error,
	// so the retry has no input and fails at once. The caller, who got HTTP 500, sends the call again.
	let retryOfN8n;
	if (failedExecutions.length > 0) {
		try {
			const again = await api.request('POST', `/executions/${failedExecutions[0].id}/retry`, { loadWorkflow: false });
			retryOfN8n = `${again.status}: ${executionError(again).slice(0, 60)}…`;
		} catch (error) {
			retryOfN8n = `refused: ${error.message.slice(0, 100)}`;
		}
		log(`  n8n's Retry of execution ${failedExecutions[0].id}: ${retryOfN8n}`);
		await waitForSettled(api, workflowId);
	}
	const sentBeforeRecall = failedCalls.filter((result) => registered(result.call) > 0).length;
	for (const result of failedCalls) {
		let again = await callOnce(url, result.call, CALL_TIMEOUT_MS);
		for (let attempt = 2; attempt <= 3 && !again.ok; attempt++) again = await callOnce(url, result.call, CALL_TIMEOUT_MS);
		result.recalled = again;
		if (!again.ok) problems.push(`${label}: call ${result.call} failed again when the caller sent it again: ${again.status ? `HTTP ${again.status} ${JSON.stringify(again.body).slice(0, 200)}` : again.error}`);
	}
	await waitForSettled(api, workflowId);
	phase(`${label}: killed worker's executions checked, their calls sent again`, started);

	// Counting in the fake.
	const state = await fakeState(fake);
	/** @type {Map<string, OutboxRow[]>} */
	const delivered = new Map();
	for (const row of state.outbox) delivered.set(row.receptor, (delivered.get(row.receptor) ?? []).concat(row));
	let duplicates = 0;
	let lost = 0;
	const duplicatedCalls = new Map();
	const lostCalls = new Map();
	for (let call = 1; call <= CALLS; call++) {
		for (const recipient of recipientsOf(call)) {
			const rows = delivered.get(recipient) ?? [];
			if (rows.length === 0) lostCalls.set(call, (lostCalls.get(call) ?? 0) + 1);
			if (rows.length === 0) lost++;
			if (rows.length > 1) {
				duplicates += rows.length - 1;
				if (!duplicatedCalls.has(call)) duplicatedCalls.set(call, { count: 0, example: `${recipient}: local IDs ${rows.map((row) => row.localid).join(', ')}` });
				duplicatedCalls.get(call).count += rows.length - 1;
			}
		}
	}
	// The rows each answered call got back are messages the service registered for it.
	let mismatched = 0;
	for (const result of /** @type {CallResult[]} */ (results.map((r) => (r.ok ? r : r.recalled)).filter((r) => r?.ok))) {
		for (const row of result.body) if (!(delivered.get(row.receptor) ?? []).some((message) => message.messageid === row.messageid)) mismatched++;
	}
	if (duplicates > 0) {
		const sentAgain = new Set(failedCalls.filter((result) => registered(result.call) > 0).map((result) => result.call));
		const why = (/** @type {number} */ call) =>
			sentAgain.has(call)
				? 'Kavenegar had taken the send but the caller got no rows (see above), so it sent the call again: a new execution, whose derived local IDs differ'
				: 'not a call the caller sent twice';
		problems.push(
			`${label}: ${duplicates} duplicate message(s): ${[...duplicatedCalls].map(([call, d]) => `call ${call}: ${d.count} (e.g. ${d.example}; ${why(call)})`).join('; ')}`,
		);
	}
	if (lost > 0) problems.push(`${label}: ${lost} recipient(s) got no message: ${[...lostCalls].map(([call, n]) => `call ${call} ${n}`).join(', ')}`);
	if (mismatched > 0) problems.push(`${label}: ${mismatched} row(s) answered to a caller are not messages the service registered`);
	if (state.faultsLeft > 0) problems.push(`${label}: the fake still holds ${state.faultsLeft} fault(s): the load did not reach them`);
	const times = results.filter((r) => r.ok).map((r) => /** @type {number} */ (r.ms));
	return {
		label,
		calls: CALLS,
		answered: results.filter((r) => r.ok).length,
		recipients: CALLS * RECIPIENTS_PER_CALL,
		messagesRegistered: state.outbox.length,
		sendRequests: state.requests['sms/send'] ?? 0,
		duplicates,
		lost,
		p50ms: Math.round(percentile(times, 50)),
		p95ms: Math.round(percentile(times, 95)),
		killed: { stalled: stalledNow.size, ...reported, callsFailed: failedCalls.length, sentBeforeRecall, retryOfN8n },
	};
}

/** @type {{ which: 'refused' | 'notFound', workflowId: string, webhookPath: string, expect: RegExp }[]} */
const FAILING = [
	{ which: 'refused', workflowId: 'queueSendRefused01', webhookPath: 'queue-send-refused', expect: /./ },
	{ which: 'notFound', workflowId: 'queueSendNotFound1', webhookPath: 'queue-send-not-found', expect: /404/ },
];

/**
 * Sends that fail for good (nothing listening; an answer 404 from a wrong path), so that workers
 * store and log errors of requests whose URL holds the key: the key search covers them.
 * @param {Pick<Cluster, 'mainServer' | 'api'>} cluster
 * @param {string[]} problems
 */
async function runFailingSends({ mainServer, api }, problems) {
	const stored = [];
	for (const failing of FAILING) {
		const answer = await callOnce(`${mainServer.url}/webhook/${failing.webhookPath}`, 1, CALL_TIMEOUT_MS);
		if (answer.status !== 500) problems.push(`a send to ${failing.which} answered ${answer.status ?? answer.error}, not HTTP 500`);
		await waitForSettled(api, failing.workflowId);
		for (const summary of await api.executions({ workflowId: failing.workflowId })) {
			const error = executionError(await api.execution(summary.id));
			stored.push(`${summary.status}: ${error.slice(0, 80)}`);
			if (summary.status !== 'error' || !failing.expect.test(error)) problems.push(`the send to ${failing.which} ended ${summary.status}: ${error}`);
		}
	}
	for (const line of stored) log(`  failing send: ${line}`);
	return stored.length;
}

/**
 * The trigger workflow's executions, and for each message ID the executions that emitted it.
 * @param {RestClient} api
 */
async function triggerEmissions(api) {
	/** @type {Execution[]} */
	const executions = await api.executions({ workflowId: TRIGGER_WORKFLOW_ID });
	/** @type {Map<string, string[]>} */
	const emitted = new Map();
	for (const summary of executions) {
		const execution = await api.execution(summary.id);
		for (const item of nodeItems(execution, 'New message')) {
			const id = String(item.messageid);
			emitted.set(id, [...(emitted.get(id) ?? []), summary.id]);
		}
	}
	return { executions, emitted };
}

/**
 * Every incoming message must be emitted once, in exactly one execution of the trigger workflow.
 * @param {RestClient} api
 * @param {InboxMessage[]} inbox
 * @param {string[]} problems
 */
async function checkTrigger(api, inbox, problems) {
	const wanted = new Set(inbox.map((message) => String(message.messageid)));
	/** @type {Map<string, string[]>} */
	let emitted = new Map();
	/** @type {Execution[]} */
	let executions = [];
	const deadline = Date.now() + 60 * 1000;
	for (;;) {
		await waitForSettled(api, TRIGGER_WORKFLOW_ID);
		({ executions, emitted } = await triggerEmissions(api));
		if ([...wanted].every((id) => emitted.has(id)) || Date.now() > deadline) break;
		await sleep(2000);
	}
	const failed = executions.filter((execution) => execution.status !== 'success');
	const missed = [...wanted].filter((id) => !emitted.has(id));
	const twice = [...emitted].filter(([, ids]) => ids.length > 1);
	const strangers = [...emitted.keys()].filter((id) => !wanted.has(id));
	if (missed.length > 0) problems.push(`trigger: ${missed.length} incoming message(s) never started an execution: ${missed.join(', ')}`);
	if (twice.length > 0) problems.push(`trigger: ${twice.length} message(s) emitted more than once: ${twice.map(([id, ids]) => `${id} in ${ids.join('+')}`).join(', ')}`);
	if (strangers.length > 0) problems.push(`trigger: emitted messages that never arrived: ${strangers.join(', ')}`);
	if (failed.length > 0) problems.push(`trigger: ${failed.length} execution(s) did not succeed: ${failed.map((e) => `${e.id} ${e.status}`).join(', ')}`);
	return { messages: wanted.size, executions: executions.length, emitted: emitted.size, missed: missed.length, twice: twice.length };
}

async function main() {
	/** @type {string[]} */
	const problems = [];
	/** @type {Figures} */
	const figures = { loads: [] };
	let started = Date.now();
	await ensureBuilt();
	await ensureN8n();
	workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kavenegar-queue-'));
	const logDir = path.join(workDir, 'logs');
	const privateDir = path.join(workDir, 'private');
	fs.mkdirSync(logDir, { recursive: true });
	fs.mkdirSync(privateDir, { mode: 0o700 });
	await ensurePackages(logDir);
	phase('n8n, package and services installed', started);

	started = Date.now();
	const redis = await startRedis(workDir, logDir);
	stoppers.push(() => redis.stop());
	const monitor = redis.monitor(path.join(logDir, 'redis-monitor.log'));
	stoppers.push(() => monitor.stop());
	const postgres = await startPostgres(workDir, logDir);
	stoppers.push(() => postgres.stop());
	const fakes = { derived: await startFaultyFake('fake-derived', logDir), caller: await startFaultyFake('fake-caller', logDir) };
	stoppers.push(() => Promise.all(Object.values(fakes).map((fake) => fake.stop())));
	// Without faults: an approval SMS is sent once, not retried.
	const approvalFake = await startFake(await freePort(), ['--api-key', API_KEY], path.join(logDir, 'fake-approval.log'));
	stoppers.push(() => approvalFake.stop());
	// The one-time code examples as they are, with their own fake and credentials (scripts/otp.js).
	const otp = await otpStage();
	stoppers.push(() => otp.fake.close());
	log(`redis :${redis.port} (pid ${redis.pid}), postgres :${postgres.port} (pid ${postgres.pid}), fakes ${fakes.derived.url} ${fakes.caller.url}`);

	/** @type {Record<string, string>} */
	const folders = {};
	for (const name of ['main', 'worker-1', 'worker-2']) {
		folders[name] = path.join(workDir, name);
		fs.mkdirSync(folders[name]);
		installPackage(folders[name]);
	}
	const env = {
		...postgres.n8nEnv,
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		...QUEUE_SETTINGS,
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		// Every line n8n can write is searched for the key.
		N8N_LOG_LEVEL: 'debug',
	};
	const cli = { userFolder: folders.main, logDir, workDir: privateDir, env };
	const webhookTrigger = webhookTriggerPart();
	const credentials = {
		derived: { id: 'queueKavenegarCred1', name: 'Kavenegar (queue fake 1)' },
		caller: { id: 'queueKavenegarCred2', name: 'Kavenegar (queue fake 2)' },
		refused: { id: 'queueKavenegarCred3', name: 'Kavenegar (nothing listening)' },
		notFound: { id: 'queueKavenegarCred4', name: 'Kavenegar (wrong path)' },
		approval: { id: 'queueKavenegarCred5', name: 'Kavenegar (approvals)' },
	};
	// Failed sends whose errors n8n stores and logs, where a key in a request's URL would show.
	/** @type {Record<string, string>} */
	const baseUrls = { ...Object.fromEntries(Object.entries(fakes).map(([which, fake]) => [which, fake.url])), refused: `http://127.0.0.1:${await freePort()}`, notFound: `${fakes.caller.url}/nowhere`, approval: approvalFake.url };
	await importCredentials(
		[
			...Object.entries(credentials).map(([which, credential]) => ({ ...credential, type: 'kavenegarApi', data: { apiKey: API_KEY, baseUrl: baseUrls[which] } })),
			...webhookTrigger.credentials,
			...otp.credentials,
		],
		cli,
	);
	const node = { timeoutMs: NODE_TIMEOUT_MS, maxTries: 4, waitBetweenTriesMs: 1000 };
	/** @type {{ label: string, which: 'derived' | 'caller', workflowId: string, webhookPath: string, callerLocalIds: boolean }[]} */
	const loads = [
		{ label: 'Prevent Duplicate Sends', which: 'derived', workflowId: 'queueSendDerived01', webhookPath: 'queue-send-derived', callerLocalIds: false },
		{ label: "caller's Local IDs", which: 'caller', workflowId: 'queueSendCaller001', webhookPath: 'queue-send-caller', callerLocalIds: true },
	];
	await importWorkflows(
		[
			...loads.map((load) => sendWorkflow({ id: load.workflowId, path: load.webhookPath, credential: credentials[load.which], callerLocalIds: load.callerLocalIds, ...node })),
			...FAILING.map((failing) => sendWorkflow({ id: failing.workflowId, path: failing.webhookPath, credential: credentials[failing.which], callerLocalIds: false, ...node, retryOnFail: false })),
			triggerWorkflow(credentials.derived),
			webhookTrigger.workflow,
			approvalWorkflow(credentials.approval),
			...otp.workflows,
		],
		cli,
	);
	for (const id of [...loads.map((load) => load.workflowId), ...FAILING.map((failing) => failing.workflowId), TRIGGER_WORKFLOW_ID, webhookTrigger.workflow.id, APPROVAL_WORKFLOW_ID, ...otp.workflows.map((workflow) => workflow.id)]) await publishWorkflow(id, cli);
	phase('services started, credentials and workflows imported', started);

	started = Date.now();
	const mainServer = await startN8n({ role: 'main', userFolder: folders.main, logDir, env });
	stoppers.push(() => mainServer.stop());
	// A worker makes the links of approval SMS: it must know the address they open, main's, as in any
	// queue-mode setup (WEBHOOK_URL on every process).
	const workerEnv = { ...env, WEBHOOK_URL: `${mainServer.url}/` };
	const startWorker = (/** @type {string} */ name, logName = name) => startN8n({ role: 'worker', name: logName, userFolder: folders[name], logDir, env: workerEnv, concurrency: WORKER_CONCURRENCY });
	const servers = [mainServer, ...(await Promise.all([startWorker('worker-1'), startWorker('worker-2')]))];
	stoppers.push(() => Promise.all(servers.slice(1).map((server) => server.stop())));
	const api = mainServer.rest();
	await api.setupOwner();
	// Messages arrive at the trigger's line during the loads, except around each kill (scripts/queue/inboxFeed.js).
	const feed = startInboxFeed({
		fakeUrl: fakes.derived.url,
		total: INBOX_MESSAGES,
		settled: async (fed) => {
			const { executions, emitted } = await triggerEmissions(api);
			return executions.every((execution) => !OPEN_STATUSES.includes(execution.status)) && fed.every((message) => emitted.has(String(message.messageid)));
		},
	});
	/** @type {Cluster} */
	const cluster = { mainServer, api, servers, startWorker, postgres, worker2: servers[2], restarts: 0, stalled: new Set(), feed };
	phase('n8n main and two workers ready', started);

	for (const load of loads) figures.loads.push(await runLoad({ ...load, fake: fakes[load.which], cluster, problems }));
	await feed.stop();
	const inbox = feed.inbox;

	started = Date.now();
	figures.failing = await runFailingSends(cluster, problems);
	phase('failing sends', started);

	started = Date.now();
	const approval = await runApproval({ main: mainServer, api, workers: () => servers.filter((server) => server.role === 'worker'), fakeUrl: approvalFake.url, flatted, problems });
	figures.approval = `execution ${approval.executionId} asked and finished on ${approval.workers.join(' then ')}, data.approved ${approval.approved}`;
	phase('approval by SMS', started);

	// The one-time code examples on PostgreSQL, their executions on the workers: every case of npm run test:otp.
	started = Date.now();
	await callOtpFlows({ api, base: /** @type {string} */ (mainServer.url) }, otp.calls);
	figures.otp = otp.calls.lines;
	problems.push(...otp.calls.problems.map((problem) => `one-time codes: ${problem}`));
	phase('one-time codes', started);

	started = Date.now();
	const workers = () => servers.filter((server) => server.role === 'worker');
	figures.webhook = webhookTrigger.describe(await webhookTrigger.run({ main: mainServer, api, workers, psql: postgres.psql, workDir: /** @type {string} */ (workDir), logDir, env, problems }));
	phase('webhook trigger callbacks', started);

	started = Date.now();
	figures.trigger = await checkTrigger(api, inbox, problems);
	phase('trigger executions read', started);

	// ------------------------------------------------------------ the API key
	started = Date.now();
	const redisDump = await redis.dump();
	fs.writeFileSync(path.join(logDir, 'redis-dump.txt'), redisDump.text);
	await postgres.dump(path.join(logDir, 'postgres-dump.sql'));
	const executionRows = (await postgres.psql('select count(*) from execution_data')).stdout.trim();
	/** @type {Record<string, number>} */
	const perWorker = {};
	for (const server of servers.filter((s) => s.role === 'worker')) perWorker[server.name] = workerExecutions(server).finished.size;
	await Promise.all(servers.map((server) => server.stop()));
	await monitor.stop();
	await redis.stop();
	await postgres.stop();
	const searched = fs.readdirSync(logDir).filter((name) => !name.startsWith('fake')).map((name) => path.join(logDir, name));
	const leaks = searchKey(searched, API_KEY);
	// The search itself is checked where the key must be: the fake prints the key it accepts.
	if (searchKey([path.join(logDir, 'fake-derived.log')], API_KEY).length === 0) problems.push('the key search does not find the key in the fake\'s log, where it is');
	for (const leak of leaks) problems.push(`the API key (${leak.form}) appears in ${leak.file}: ${leak.line}`);
	problems.push(...webhookTrigger.secretsIn(searched));
	// The server's key is a header of the request n8n's Webhook node outputs: n8n writes the execution,
	// that output in it, when the execution starts and deletes it at the end (the examples save no
	// successful execution), so PostgreSQL's log of every statement holds it; what is left in the
	// database (the dump), Redis and every n8n log must not.
	for (const { label, value, whileRunning } of OTP_SECRETS) {
		const where = whileRunning ? searched.filter((file) => path.basename(file) !== 'postgres.log') : searched;
		for (const leak of searchKey(where, value)) problems.push(`one-time codes: ${label} (${leak.form}) appears in ${leak.file}: ${leak.line}`);
	}
	const redisCommands = fs.readFileSync(path.join(logDir, 'redis-monitor.log'), 'utf8').split('\n').length - 1;
	figures.searched = { files: searched.length, redisKeysLeft: redisDump.keys, redisCommands, executionDataRows: Number(executionRows) };
	figures.executionsPerWorker = perWorker;
	phase('API key searched', started);
	return { problems, figures };
}

/** @param {Figures} figures */
function printFigures(figures) {
	console.log('');
	for (const f of figures.loads ?? []) {
		console.log(`load with ${f.label}`);
		console.log(`  calls                 ${f.calls} (${f.answered} answered with their rows the first time)`);
		console.log(`  recipients            ${f.recipients}`);
		console.log(`  messages registered   ${f.messagesRegistered} (in ${f.sendRequests} send requests)`);
		console.log(`  duplicates            ${f.duplicates}`);
		console.log(`  lost                  ${f.lost}`);
		console.log(`  time per call         p50 ${f.p50ms} ms, p95 ${f.p95ms} ms (answered calls, ${CONCURRENCY} at a time)`);
		const k = f.killed;
		console.log(`  killed worker         ${k.stalled} job(s) failed by main as stalled: ${k.error} execution(s) "error" (MaxStalledCountError, caller got HTTP 500), ${k.successUnanswered} saved "success" just before the kill (caller got no answer)`);
		console.log(`  never answered        ${k.answeredNever} call(s) whose execution succeeded on a live worker (n8n's job.finished() race)`);
		console.log(`  sent again            ${k.callsFailed} call(s) without rows sent again by the caller, ${k.sentBeforeRecall} of them already taken by Kavenegar; n8n's Retry of a stalled execution: ${k.retryOfN8n ?? '-'}`);
	}
	if (figures.executionsPerWorker) console.log(`executions per worker   ${Object.entries(figures.executionsPerWorker).map(([name, count]) => `${name} ${count}`).join(', ')}`);
	if (figures.webhook) console.log(`webhook trigger         ${figures.webhook}`);
	if (figures.approval) console.log(`approval by SMS         ${figures.approval}`);
	if (figures.otp) console.log(`one-time codes (the examples on PostgreSQL, run by the workers):\n${figures.otp.join('\n')}`);
	const t = figures.trigger;
	if (t) console.log(`trigger                 ${t.messages} incoming messages, ${t.emitted} emitted in ${t.executions} executions, ${t.missed} missed, ${t.twice} twice`);
	const s = figures.searched;
	if (s) console.log(`API key searched in     ${s.files} files: logs of every n8n process and command, ${s.redisCommands} Redis commands, ${s.redisKeysLeft} Redis keys left, the PostgreSQL log and dump (${s.executionDataRows} execution_data rows, ${figures.failing} of them failed sends' errors)`);
	console.log(`phase times             ${timings.map(([name, sec]) => `${name} ${sec.toFixed(1)}s`).join('; ')}`);
}

/** @param {boolean} keep */
async function cleanup(keep) {
	for (const stop of stoppers.reverse()) {
		try {
			await stop();
		} catch {
			/* stopped by killAll below */
		}
	}
	killAll();
	abandonInstall();
	if (workDir && !keep) fs.rmSync(workDir, { recursive: true, force: true });
	else if (workDir) log(`kept ${workDir} (logs in ${path.join(workDir, 'logs')})`);
}

stopChildrenOnExit(() => {
	killAll();
	if (workDir && !KEEP) fs.rmSync(workDir, { recursive: true, force: true });
});

const startedAt = Date.now();
main()
	.then(async ({ problems, figures }) => {
		printFigures(figures);
		await cleanup(KEEP || problems.length > 0);
		if (problems.length > 0) {
			console.log(`\nFAILED (${problems.length}):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
			process.exitCode = 1;
		} else console.log('\nqueue mode: no duplicate, no loss, no leak');
		log(`done in ${seconds(startedAt)}`);
	})
	.catch(async (error) => {
		log(`ERROR ${error.stack ?? error.message}`);
		await cleanup(true);
		process.exitCode = 1;
	});
