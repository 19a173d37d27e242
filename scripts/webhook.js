#!/usr/bin/env node
'use strict';
/*
 * npm run test:webhook: the Kavenegar Webhook Trigger proven in a running n8n (`n8n start`, n8n
 * 2.8.4 by default; npm run test:webhook:newer for the newer line). One published workflow holds
 * both events in both node versions (an Incoming Message node and a Delivery Report node that
 * fetches the message's row from the fake Kavenegar, which runs in this process, with the API key of
 * its own credential), the version 1 pair as a workflow saved before version 2 holds them: n8n reads
 * the bodies of the two versions' calls differently. The script calls the production URLs as
 * Kavenegar's panel would:
 *
 *   1. each form the node accepts (GET with a query string, POST form, POST JSON) for each event and
 *      version: Persian text and a sender in Persian digits, text with `%` and `+`, text URL-encoded
 *      once more; delivery reports of a final, a failed and a queued status, and a report of 11 for
 *      a message the service has as delivered since (the item keeps both, named apart in version 2);
 *   2. calls the node must refuse, starting nothing: wrong secret, no secret, no messageid, no sender
 *      or receiving line, a status that is not a number, a text/plain, multipart or binary body, a
 *      body over the node's limit;
 *   3. a burst of BURST callbacks per event (version 2), CONCURRENCY at a time, the forms mixed.
 *
 * Then n8n is stopped and its SQLite database read: every accepted call started exactly one
 * successful execution whose trigger item holds what was sent (byte for byte), no refused call
 * started one, and neither secret nor the API key is in any execution, any log line of n8n or any
 * file of its user folder (the database holds them encrypted, as credentials). n8n
 * runs at its default log level (info); npm run test:queue searches n8n's debug lines too.
 *
 * Environment: as scripts/e2e.js (E2E_N8N_VERSION, E2E_CACHE_DIR, E2E_SKIP_BUILD), WEBHOOK_BURST
 * (default 200 a event), WEBHOOK_CONCURRENCY (default 20), WEBHOOK_KEEP=1 (keep the work folder).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { N8N_VERSION } = require('./lib/n8nInstall');
const { runLiveProof, runOnOneN8n } = require('./lib/liveProof');
const { log, seconds } = require('./lib/processes');
const hooks = require('./lib/webhookTrigger');
const { startFakeKavenegar } = require('../test/fakeKavenegar');

const BURST = Number(process.env.WEBHOOK_BURST || 200);
const CONCURRENCY = Number(process.env.WEBHOOK_CONCURRENCY || 20);
const KEEP = process.env.WEBHOOK_KEEP === '1';
const LINE = '30004000';
const API_KEY = `live-webhook-${crypto.randomBytes(12).toString('hex')}`;
const WORKFLOW_ID = 'kvnWebhookProof001';
const SETTLE_TIMEOUT_MS = 120_000;
const FINAL_STATUSES = [6, 10, 13, 14, 100];

/** @typedef {import('./lib/webhookTrigger').Hook} Hook */
/** @typedef {import('./lib/webhookTrigger').Form} Form */
/** @typedef {{ hook: Hook, messageid: number, expect: (item: Record<string, any>) => string | undefined }} Accepted */
/**
 * What the calls left for the count: the calls accepted and refused, answer times, and how long each part took.
 * @typedef {{ accepted: Accepted[], refused: { hook: Hook, messageid: number }[], answerMs: number[], refusedAs: string[], times: string[] }} Seen
 */

/** The texts of part 1: [what is sent, what the item must hold]. */
const TEXTS = [
	['سلام! سفارش ۱۲۳ را تایید می‌کنم ✓', 'سلام! سفارش ۱۲۳ را تایید می‌کنم ✓'],
	['50% off + free', '50% off + free'],
	[encodeURIComponent('بله YES 20% + ۵'), 'بله YES 20% + ۵'],
];

/**
 * What is wrong with an item, if anything: each listed field must equal.
 * @param {Record<string, unknown>} wanted
 * @returns {(item: Record<string, any>) => string | undefined}
 */
function fieldsEqual(wanted) {
	return (item) => {
		const wrong = Object.entries(wanted).filter(([name, value]) => JSON.stringify(name.split('.').reduce((at, key) => at?.[key], item)) !== JSON.stringify(value));
		if (wrong.length) return `item ${wrong.map(([name, value]) => `${name} ${JSON.stringify(name.split('.').reduce((at, key) => at?.[key], item))}, not ${JSON.stringify(value)}`).join('; ')}`;
		if (typeof item.dateIso !== 'string' || Number.isNaN(Date.parse(item.dateIso))) return `item dateIso ${JSON.stringify(item.dateIso)}`;
		return undefined;
	};
}

/**
 * The proof as a check on a shared n8n (scripts/lib/liveProof.js).
 * @param {import('./lib/liveProof').ProofFolders} folders
 * @returns {Promise<import('./lib/liveProof').Stage>}
 */
async function prepare({ workDir, userFolder, logDir }) {
	/** @type {string[]} */
	const problems = [];
	const fake = await startFakeKavenegar({ apiKey: API_KEY });
	const [incoming, delivery] = hooks.hooksFor(['incomingMessage', 'deliveryReport']);
	const version1 = hooks.hooksFor(['incomingMessage', 'deliveryReport'], { typeVersion: 1 });
	const all = [incoming, delivery, ...version1];
	/** @type {Seen} */
	const seen = { accepted: [], refused: [], answerMs: [], refusedAs: [], times: [] };
	return {
		credentials: hooks.hookCredentials(all, { apiKey: API_KEY, baseUrl: /** @type {string} */ (fake.url) }),
		workflows: [hooks.webhookWorkflow({ id: WORKFLOW_ID, name: 'Webhook proof: both events, both versions', hooks: all, fetchDetails: true })],
		publish: [WORKFLOW_ID],
		problems,
		run: (running) => callHooks(running, { fake, all, incoming, delivery, version1, problems, seen }),
		finish: () => countAndSearch({ workDir, userFolder, logDir, fake, all, problems, seen }),
	};
}

/**
 * Parts 1 to 3 against the running n8n, and the wait until its executions are listed.
 * @param {import('./lib/liveProof').Running} running
 * @param {{ fake: import('../test/fakeKavenegar').FakeKavenegar, all: Hook[], incoming: Hook, delivery: Hook, version1: Hook[], problems: string[], seen: Seen }} proof
 */
async function callHooks({ api, base }, { fake, all, incoming, delivery, version1, problems, seen }) {
	const { accepted, refused, answerMs, refusedAs } = seen;
	const began = Date.now();
	for (const hook of all) await hooks.hookServed(base, hook);
	log(`n8n ${N8N_VERSION}: ${all.length} webhooks served`);
	let messageid = 800_000;
	/**
	 * @param {Hook} hook
	 * @param {Form} form
	 * @param {Record<string, string | number>} fields
	 * @param {(item: Record<string, any>) => string | undefined} expect
	 * @param {string} label
	 */
	const accept = async (hook, form, fields, expect, label) => {
		const answer = await hooks.callHook(hooks.hookUrl(base, hook), form, fields);
		answerMs.push(answer.ms);
		if (answer.status !== 200 || answer.body?.received !== true) problems.push(`${label} (${form}): answered ${answer.status ?? answer.error} ${JSON.stringify(answer.body)}, not 200 {"received":true}`);
		accepted.push({ hook, messageid: Number(fields.messageid), expect });
	};
	/**
	 * A delivery report of a message the fake registered, so that the node can fetch its row; the
	 * service has it at `serviceStatus` (the reported status unless told).
	 * @param {Form} form
	 * @param {number} status
	 * @param {string} label
	 * @param {{ hook?: Hook, serviceStatus?: number }} [options]
	 */
	const report = (form, status, label, { hook = delivery, serviceStatus = status } = {}) => {
		const sent = fake.recordSend({ receptor: '09120000001', message: `Order ${label}` });
		fake.setMessageStatus(sent.messageid, serviceStatus);
		// Version 2 names the service's status apart from the callback's; version 1 keeps the row's names.
		const serviceFields = hook.typeVersion === 1 ? { 'details.status': serviceStatus } : { 'details.currentStatus': serviceStatus, 'details.status': undefined };
		const expect = fieldsEqual({ messageid: sent.messageid, status, final: FINAL_STATUSES.includes(status), 'details.message': `Order ${label}`, 'details.receptor': '09120000001', ...serviceFields });
		return accept(hook, form, { messageid: sent.messageid, status }, (item) => (typeof item.statusName === 'string' && item.statusName ? expect(item) : `item statusName ${JSON.stringify(item.statusName)}`), label);
	};
	const incomingHooks = [incoming, version1[0]];
	const deliveryHooks = [delivery, version1[1]];

	// ------------------------------------------------------------ 1. every form
	let phase = Date.now();
	for (const form of hooks.FORMS) {
		for (const hook of incomingHooks) {
			for (const [sent, kept] of TEXTS) {
				const id = ++messageid;
				await accept(hook, form, { messageid: id, from: '۰۹۱۲۳۴۵۶۷۸۹', to: LINE, message: sent }, fieldsEqual({ messageid: id, sender: '09123456789', receptor: LINE, message: kept }), `${hook.nodeName} ${JSON.stringify(sent).slice(0, 30)}`);
			}
		}
		for (const hook of deliveryHooks) {
			for (const status of [10, 6, 1]) await report(form, status, `${hook.nodeName} status ${status} by ${form}`, { hook });
			await report(form, 11, `${hook.nodeName} 11, delivered since, by ${form}`, { hook, serviceStatus: 10 });
		}
	}
	seen.times.push(`forms ${seconds(phase)}`);

	// ------------------------------------------------------------ 2. refused
	phase = Date.now();
	const incomingFields = () => ({ messageid: ++messageid, from: '09121111111', to: LINE, message: 'x' });
	const multipart = (/** @type {Record<string, string | number>} */ fields) =>
		Object.entries(fields)
			.map(([name, value]) => `--kvnproof\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
			.join('') + '--kvnproof--\r\n';
	/** @typedef {{ label: string, hook: Hook, url: string, form: Form, fields: Record<string, string | number>, statuses: number[], options?: { headers?: Record<string, string>, rawBody?: string } }} RefusedCall */
	/** @type {RefusedCall[]} */
	const refusals = [
		{ label: 'wrong secret', hook: incoming, url: hooks.hookUrl(base, incoming, hooks.newSecret()), form: 'GET query', fields: incomingFields(), statuses: [403] },
		{ label: 'wrong secret', hook: delivery, url: hooks.hookUrl(base, delivery, hooks.newSecret()), form: 'POST form', fields: { messageid: ++messageid, status: 10 }, statuses: [403] },
		{ label: 'no secret', hook: incoming, url: hooks.hookUrl(base, incoming, ''), form: 'POST JSON', fields: incomingFields(), statuses: [401] },
		{ label: 'status not a number', hook: delivery, url: hooks.hookUrl(base, delivery), form: 'GET query', fields: { messageid: ++messageid, status: 'delivered' }, statuses: [400] },
		{ label: 'body over the limit', hook: incoming, url: hooks.hookUrl(base, incoming), form: 'POST JSON', fields: { ...incomingFields(), message: 'x'.repeat(20 * 1024) }, statuses: [413] },
		...incomingHooks.flatMap((hook) => {
			const v = `v${hook.typeVersion}`;
			const multipartFields = incomingFields();
			/** @type {RefusedCall[]} */
			const calls = [
				{ label: `no messageid ${v}`, hook, url: hooks.hookUrl(base, hook), form: 'POST JSON', fields: { from: '09121111111', to: LINE, message: 'x' }, statuses: [400] },
				{ label: `no from ${v}`, hook, url: hooks.hookUrl(base, hook), form: 'POST form', fields: { messageid: ++messageid, to: LINE, message: 'x' }, statuses: [400] },
				{ label: `no to ${v}`, hook, url: hooks.hookUrl(base, hook), form: 'GET query', fields: { messageid: ++messageid, from: '09121111111', message: 'x' }, statuses: [400] },
				{ label: `text/plain body ${v}`, hook, url: hooks.hookUrl(base, hook), form: 'POST form', fields: { messageid: ++messageid }, statuses: [415], options: { headers: { 'content-type': 'text/plain' }, rawBody: `messageid=${messageid}&from=09121111111&to=${LINE}&message=x` } },
				{ label: `multipart body ${v}`, hook, url: hooks.hookUrl(base, hook), form: 'POST form', fields: multipartFields, statuses: [415], options: { headers: { 'content-type': 'multipart/form-data; boundary=kvnproof' }, rawBody: multipart(multipartFields) } },
				{ label: `binary body ${v}`, hook, url: hooks.hookUrl(base, hook), form: 'POST form', fields: { messageid: ++messageid }, statuses: [415], options: { headers: { 'content-type': 'application/octet-stream' }, rawBody: `messageid=${messageid}&from=09121111111&to=${LINE}&message=x` } },
			];
			return calls;
		}),
	];
	for (const call of refusals) {
		const answer = await hooks.callHook(call.url, call.form, call.fields, call.options);
		refusedAs.push(`${call.label} ${answer.status ?? answer.error}`);
		if (!call.statuses.includes(answer.status ?? 0)) problems.push(`${call.label} (${call.hook.nodeName}): answered ${answer.status ?? answer.error} ${JSON.stringify(answer.body).slice(0, 160)}, not ${call.statuses.join(' or ')}`);
		const leaked = all.some((hook) => JSON.stringify(answer.body ?? '').includes(hook.secret));
		if (leaked) problems.push(`${call.label}: the answer holds a secret`);
		if (call.fields.messageid !== undefined) refused.push({ hook: call.hook, messageid: Number(call.fields.messageid) });
	}
	seen.times.push(`refusals ${seconds(phase)}`);

	// ------------------------------------------------------------ 3. a burst
	phase = Date.now();
	const burstFrom = messageid;
	messageid += BURST;
	await hooks.inParallel(BURST * 2, CONCURRENCY, async (index) => {
		const form = hooks.FORMS[index % hooks.FORMS.length];
		if (index % 2 === 1) return report(form, index % 4 === 1 ? 10 : 6, `burst ${index}`);
		const id = burstFrom + index / 2 + 1;
		const text = `پاسخ ${id}: YES`;
		return accept(incoming, form, { messageid: id, from: `0935${String(id).padStart(7, '0')}`, to: LINE, message: text }, fieldsEqual({ messageid: id, message: text }), `burst ${index}`);
	});
	seen.times.push(`burst ${seconds(phase)}`);

	// ------------------------------------------------------------ count in n8n's database
	phase = Date.now();
	const deadline = Date.now() + SETTLE_TIMEOUT_MS;
	for (;;) {
		const listed = await api.executions({ workflowId: WORKFLOW_ID });
		const open = listed.filter((execution) => ['new', 'running', 'waiting'].includes(execution.status));
		if (listed.length >= accepted.length && open.length === 0) break;
		if (Date.now() > deadline) {
			problems.push(`after ${SETTLE_TIMEOUT_MS / 1000}s n8n lists ${listed.length} executions (${open.length} open) for ${accepted.length} accepted calls`);
			break;
		}
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	// Anything started twice would show up in these seconds too.
	await new Promise((resolve) => setTimeout(resolve, 3000));
	seen.times.push(`settle ${seconds(phase)}`, `all on n8n ${seconds(began)}`);
}

/**
 * Once n8n is stopped: every execution read from its database and counted against the calls, and the
 * secrets searched for in every log line, file and execution.
 * @param {{ workDir: string, userFolder: string, logDir: string, fake: import('../test/fakeKavenegar').FakeKavenegar, all: Hook[], problems: string[], seen: Seen }} proof
 */
async function countAndSearch({ workDir, userFolder, logDir, fake, all, problems, seen }) {
	const { accepted, refused, answerMs, refusedAs } = seen;
	const phase = Date.now();
	await fake.close();
	const executions = await hooks.executionsInSqlite(userFolder, WORKFLOW_ID);
	const counted = hooks.countExecutions(executions, all, accepted, refused, problems);
	const secrets = [...all.map((hook) => ({ label: `the secret of ${hook.nodeName}`, value: hook.secret })), { label: 'the API key', value: API_KEY }];
	const logFiles = fs.readdirSync(logDir).map((name) => path.join(logDir, name));
	// n8n's logs, and every file of its user folder: its database holds the secrets' credentials encrypted only.
	const everyFile = fs
		.readdirSync(workDir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
		.filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`));
	for (const found of hooks.filesHolding(everyFile, secrets)) problems.push(found);
	for (const execution of executions) {
		for (const { label, value } of secrets) if (execution.text.includes(value)) problems.push(`${label} is in execution ${execution.id}`);
	}
	const logLines = logFiles.reduce((sum, file) => sum + fs.readFileSync(file, 'utf8').split('\n').length, 0);
	const detailsFetched = fake.requests.filter((request) => request.operation === 'sms/select').length;

	console.log('');
	console.log(`Kavenegar Webhook Trigger in n8n ${N8N_VERSION} (n8n start, one workflow with both events in node versions 2 and 1):`);
	console.log(`  accepted calls      ${accepted.length} (${hooks.FORMS.join(', ')}; ${BURST * 2} of them ${CONCURRENCY} at a time): ${counted.executions} executions, ${counted.items} trigger items, ${counted.lost} lost, ${counted.twice} started twice`);
	console.log(`  refused calls       ${refusedAs.join(', ')}; executions started by them: ${counted.refusedStarted}`);
	console.log(`  answer times        p50 ${hooks.percentile(answerMs, 50).toFixed(1)} ms, p95 ${hooks.percentile(answerMs, 95).toFixed(1)} ms, max ${Math.max(...answerMs).toFixed(1)} ms`);
	console.log(`  delivery details    ${detailsFetched} sms/select requests to the fake`);
	console.log(`  secrets, API key    searched in ${logLines} log lines, ${everyFile.length} files of n8n's user folder (its database included) and ${executions.length} stored executions`);
	console.log(`  times               ${seen.times.join(', ')}; read after ${seconds(phase)}`);
	return problems;
}

/** @type {import('./lib/liveProof').SharedCheck} */
const webhookCheck = { name: 'webhook trigger', prepare };

module.exports = { webhookCheck };

if (require.main === module) runLiveProof('webhook proof', { prefix: 'kavenegar-webhook-', keep: KEEP, main: (folders) => runOnOneN8n([webhookCheck], folders) });
