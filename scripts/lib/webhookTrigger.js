'use strict';
/*
 * The Kavenegar Webhook Trigger in a running n8n: what the scripts that prove and measure it share
 * (scripts/webhook.js, scripts/queue/webhook.js, scripts/bench/webhook.js). The workflow, the calls
 * Kavenegar's panel makes in each form the node accepts, and the executions they started read back
 * from n8n's own database (SQLite through n8n's sqlite3, or PostgreSQL through psql), so that a count
 * does not depend on what n8n's REST API chooses to list.
 *
 * The node's interface (docs/webhook-trigger.md): one event per node; its one credential, Kavenegar
 * Webhook API, holds the secret (and the API key for Fetch Message Details); the URL is <base>/webhook/<webhookId>/<incoming-message|delivery-report>
 * ?secret=<secret>; an accepted call is answered 200 {"received":true} and starts one execution whose
 * trigger item carries `messageid`.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { N8N_DIR } = require('./n8nInstall');

const NODE_TYPE = 'n8n-nodes-kavenegar.kavenegarWebhookTrigger';
/** @type {Record<Event, string>} */
const PATHS = { incomingMessage: 'incoming-message', deliveryReport: 'delivery-report' };
/** @type {Record<Event, string>} */
const NODE_NAMES = { incomingMessage: 'Incoming Message', deliveryReport: 'Delivery Report' };
/** @type {Form[]} */
const FORMS = ['GET query', 'POST form', 'POST JSON'];
/** The version of a trigger added now. */
const LATEST_VERSION = 2;

/** @typedef {'incomingMessage' | 'deliveryReport'} Event */
/** @typedef {'GET query' | 'POST form' | 'POST JSON'} Form */
/** @typedef {{ event: Event, typeVersion: number, webhookId: string, secret: string, nodeName: string, credential: { id: string, name: string } }} Hook one trigger node of a workflow (of a node version), its credential, and what its URL needs */
/** @typedef {{ status?: number, body?: any, ms: number, error?: string }} Answer */
/** @typedef {{ id: string, status: string, mode: string, data: any, text: string }} StoredExecution */

/** A secret as the node takes it: 32 characters of A-Z a-z 0-9 - _. */
function newSecret() {
	return crypto.randomBytes(24).toString('base64url');
}

/**
 * The trigger nodes of a workflow, one per event, each with its own webhookId and secret; of node
 * version `typeVersion` (a version other than the latest is in the node's name).
 * @param {Event[]} events
 * @param {{ typeVersion?: number }} [options]
 * @returns {Hook[]}
 */
function hooksFor(events, { typeVersion = LATEST_VERSION } = {}) {
	return events.map((event) => {
		const id = `kvnHook${crypto.randomBytes(6).toString('hex')}`;
		const nodeName = typeVersion === LATEST_VERSION ? NODE_NAMES[event] : `${NODE_NAMES[event]} (version ${typeVersion})`;
		return { event, typeVersion, webhookId: crypto.randomUUID(), secret: newSecret(), nodeName, credential: { id, name: `Kavenegar webhook secret (${nodeName}, ${id})` } };
	});
}

/**
 * The hooks' credentials as `n8n import:credentials` takes them; with `api`, a Delivery Report's
 * holds its API key and Base URL too, for Fetch Message Details.
 * @param {Hook[]} hooks
 * @param {{ apiKey: string, baseUrl: string }} [api]
 */
function hookCredentials(hooks, api) {
	return hooks.map((hook) => ({ ...hook.credential, type: 'kavenegarWebhookApi', data: { secret: hook.secret, ...(api && hook.event === 'deliveryReport' ? api : {}) } }));
}

/**
 * A workflow that starts at Kavenegar Webhook Trigger nodes (one per hook), each followed by a No
 * Operation node. With `fetchDetails`, a Delivery Report fetches the message's row, with the API key
 * of its own credential (hookCredentials' `api`).
 * @param {{ id: string, name: string, hooks: Hook[], fetchDetails?: boolean }} options
 */
function webhookWorkflow({ id, name, hooks, fetchDetails: details = false }) {
	const nodes = [];
	/** @type {Record<string, unknown>} */
	const connections = {};
	for (const [index, hook] of hooks.entries()) {
		const fetchDetails = hook.event === 'deliveryReport' && details;
		nodes.push(
			{
				id: `${hook.webhookId}-trigger`,
				name: hook.nodeName,
				type: NODE_TYPE,
				typeVersion: hook.typeVersion,
				position: [0, index * 200],
				webhookId: hook.webhookId,
				credentials: { kavenegarWebhookApi: hook.credential },
				parameters: { event: hook.event, ...(hook.event === 'deliveryReport' ? { fetchDetails } : {}), filters: {} },
			},
			{ id: `${hook.webhookId}-noop`, name: `${hook.nodeName} received`, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, index * 200], parameters: {} },
		);
		connections[hook.nodeName] = { main: [[{ node: `${hook.nodeName} received`, type: 'main', index: 0 }]] };
	}
	return { id, name, active: false, settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' }, nodes, connections };
}

/**
 * The production URL of a hook, as the user pastes it in the panel; `secret` replaces the hook's own
 * (a wrong one, or '' for none).
 * @param {string} baseUrl
 * @param {Hook} hook
 * @param {string} [secret]
 */
function hookUrl(baseUrl, hook, secret = hook.secret) {
	return `${baseUrl}/webhook/${hook.webhookId}/${PATHS[hook.event]}${secret ? `?secret=${secret}` : ''}`;
}

/**
 * One call as Kavenegar's panel would make it, in one of the forms the node accepts.
 * @param {string} url
 * @param {Form} form
 * @param {Record<string, string | number>} fields
 * @param {{ timeoutMs?: number, headers?: Record<string, string>, rawBody?: string }} [options] rawBody/headers: a malformed call;
 *   timeoutMs: by default far above the slowest answer measured in a burst on a busy machine (p95 17 s)
 * @returns {Promise<Answer>}
 */
async function callHook(url, form, fields, { timeoutMs = 120_000, headers, rawBody } = {}) {
	const strings = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)]));
	/** @type {RequestInit} */
	const init =
		form === 'GET query'
			? { method: 'GET' }
			: form === 'POST form'
				? { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(strings).toString() }
				: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) };
	if (rawBody !== undefined) init.body = rawBody;
	if (headers) init.headers = headers;
	const target = form === 'GET query' && Object.keys(strings).length > 0 ? `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(strings)}` : url;
	const started = performance.now();
	try {
		const response = await fetch(target, { ...init, signal: AbortSignal.timeout(timeoutMs) });
		const text = await response.text();
		let body;
		try {
			body = JSON.parse(text);
		} catch {
			body = text;
		}
		return { status: response.status, body, ms: performance.now() - started };
	} catch (error) {
		return { error: error.cause?.code ?? error.name ?? String(error), ms: performance.now() - started };
	}
}

/**
 * Runs `count` jobs, at most `concurrency` at a time; resolves their results in order.
 * @template T
 * @param {number} count
 * @param {number} concurrency
 * @param {(index: number) => Promise<T>} job
 * @returns {Promise<T[]>}
 */
async function inParallel(count, concurrency, job) {
	/** @type {T[]} */
	const results = new Array(count);
	let next = 0;
	const lane = async () => {
		while (next < count) {
			const index = next++;
			results[index] = await job(index);
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
	return results;
}

function flatted() {
	return require(path.join(N8N_DIR, 'node_modules', 'flatted'));
}

/**
 * @param {{ id: string | number, status: string, mode: string, data: string }} row
 * @returns {StoredExecution}
 */
function storedExecution(row) {
	return { id: String(row.id), status: row.status, mode: row.mode, data: flatted().parse(row.data), text: row.data };
}

const EXECUTIONS_SQL = (/** @type {string} */ quote) =>
	`select e.id, e.status, e.mode, d.data from execution_entity e join execution_data d on d.${quote}executionId${quote} = e.id where e.${quote}workflowId${quote} = `;

/**
 * The rows a query gives in n8n's SQLite database, opened read-only (n8n must be stopped, or its last
 * writes may not be there yet).
 * @param {string} userFolder
 * @param {string} sql
 * @param {unknown[]} params
 * @returns {Promise<any[]>}
 */
function sqliteRows(userFolder, sql, params) {
	const file = path.join(userFolder, '.n8n', 'database.sqlite');
	if (!fs.existsSync(file)) return Promise.reject(new Error(`no n8n database at ${file}`));
	const sqlite3 = require(path.join(N8N_DIR, 'node_modules', 'sqlite3'));
	return new Promise((resolve, reject) => {
		const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (/** @type {Error | null} */ openError) => {
			if (openError) return reject(openError);
			db.all(sql, params, (/** @type {Error | null} */ error, /** @type {any[]} */ rows) => {
				db.close();
				if (error) reject(error);
				else resolve(rows);
			});
		});
	});
}

/**
 * Every execution of a workflow in an n8n SQLite database, with its run data.
 * @param {string} userFolder
 * @param {string} workflowId
 * @returns {Promise<StoredExecution[]>}
 */
async function executionsInSqlite(userFolder, workflowId) {
	return (await sqliteRows(userFolder, `${EXECUTIONS_SQL('"')}? order by e.id`, [workflowId])).map(storedExecution);
}

/**
 * Every execution of a workflow in n8n's PostgreSQL database (scripts/queue/services.js's psql).
 * @param {(sql: string) => Promise<{ stdout: string }>} psql
 * @param {string} workflowId
 * @returns {Promise<StoredExecution[]>}
 */
async function executionsInPostgres(psql, workflowId) {
	// JSON escapes tabs and newlines, so psql's tab-separated lines split cleanly.
	const { stdout } = await psql(`${EXECUTIONS_SQL('"')}'${workflowId.replace(/'/g, "''")}' order by e.id`);
	return stdout
		.split('\n')
		.filter(Boolean)
		.map((line) => {
			const [id, status, mode, ...data] = line.split('\t');
			return storedExecution({ id, status, mode, data: data.join('\t') });
		});
}

/**
 * The items a node put out in a stored execution.
 * @param {StoredExecution} execution
 * @param {string} nodeName
 * @returns {Record<string, any>[]}
 */
function itemsOf(execution, nodeName) {
	/** @type {any[]} */
	const runs = execution.data?.resultData?.runData?.[nodeName] ?? [];
	return runs.flatMap((run) => (run.data?.main?.[0] ?? []).map((/** @type {{ json: Record<string, any> }} */ item) => item.json));
}

/**
 * Each accepted call must have started exactly one successful execution whose trigger item matches
 * what was sent; a refused call none. Pushes what is wrong to `problems`; returns the counts.
 * @param {StoredExecution[]} executions
 * @param {Hook[]} hooks
 * @param {{ hook: Hook, messageid: number, expect: (item: Record<string, any>) => string | undefined }[]} accepted expect: what is wrong with the item, if anything
 * @param {{ hook: Hook, messageid: number }[]} refused
 * @param {string[]} problems
 */
function countExecutions(executions, hooks, accepted, refused, problems) {
	/** @type {Map<string, { execution: StoredExecution, item: Record<string, any> }[]>} */
	const byKey = new Map();
	let items = 0;
	for (const execution of executions) {
		const started = hooks.flatMap((hook) => itemsOf(execution, hook.nodeName).map((item) => ({ hook, item })));
		if (started.length !== 1) problems.push(`execution ${execution.id} holds ${started.length} trigger items, not 1`);
		if (execution.status !== 'success') problems.push(`execution ${execution.id} ended "${execution.status}"`);
		for (const { hook, item } of started) {
			items++;
			const key = `${hook.nodeName}:${item.messageid}`;
			byKey.set(key, [...(byKey.get(key) ?? []), { execution, item }]);
		}
	}
	let lost = 0;
	let twice = 0;
	for (const call of accepted) {
		const found = byKey.get(`${call.hook.nodeName}:${call.messageid}`) ?? [];
		if (found.length === 0) lost++;
		if (found.length > 1) twice++;
		if (found.length !== 1) continue;
		const wrong = call.expect(found[0].item);
		if (wrong) problems.push(`${call.hook.nodeName} ${call.messageid} (execution ${found[0].execution.id}): ${wrong}`);
	}
	const wanted = new Set(accepted.map((call) => `${call.hook.nodeName}:${call.messageid}`));
	const started = new Set(refused.map((call) => `${call.hook.nodeName}:${call.messageid}`).filter((key) => byKey.has(key)));
	const strangers = [...byKey.keys()].filter((key) => !wanted.has(key) && !started.has(key));
	if (lost) problems.push(`${lost} accepted call(s) started no execution`);
	if (twice) problems.push(`${twice} accepted call(s) started more than one execution`);
	if (started.size) problems.push(`${started.size} refused call(s) started an execution: ${[...started].slice(0, 5).join(', ')}`);
	if (strangers.length) problems.push(`${strangers.length} execution(s) for calls never made: ${strangers.slice(0, 5).join(', ')}`);
	return { executions: executions.length, items, lost, twice, refusedStarted: started.size };
}

/**
 * Where in these files one of `needles` appears (as it is or URL-encoded), with the line.
 * @param {string[]} files
 * @param {{ label: string, value: string }[]} needles
 */
function filesHolding(files, needles) {
	/** @type {string[]} */
	const found = [];
	for (const file of files) {
		const text = fs.readFileSync(file, 'utf8');
		for (const { label, value } of needles) {
			for (const form of new Set([value, encodeURIComponent(value)])) {
				const at = text.indexOf(form);
				if (at < 0) continue;
				const lineStart = text.lastIndexOf('\n', at) + 1;
				found.push(`${label} in ${path.basename(file)}: ${text.slice(lineStart, lineStart + 160)}`);
			}
		}
	}
	return found;
}

/**
 * @param {number[]} values
 * @param {number} p
 */
function percentile(values, p) {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Resolves once n8n serves the hook: a call with a wrong secret is refused by the node (403) rather
 * than by n8n as "not registered" (404). n8n 2.40 and later register webhooks seconds after they say
 * the editor is accessible.
 * @param {string} baseUrl
 * @param {Hook} hook
 */
async function hookServed(baseUrl, hook, timeoutMs = 120_000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const answer = await callHook(hookUrl(baseUrl, hook, newSecret()), 'GET query', { messageid: 1 });
		if (answer.status !== undefined && answer.status !== 404) return answer;
		if (Date.now() > deadline) throw new Error(`n8n did not serve ${hook.event}'s webhook within ${timeoutMs / 1000}s (last answer ${answer.status ?? answer.error})`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

module.exports = {
	FORMS,
	NODE_TYPE,
	callHook,
	countExecutions,
	executionsInPostgres,
	executionsInSqlite,
	sqliteRows,
	filesHolding,
	hookServed,
	hookCredentials,
	hookUrl,
	hooksFor,
	inParallel,
	itemsOf,
	newSecret,
	percentile,
	storedExecution,
	webhookWorkflow,
};
