#!/usr/bin/env node
'use strict';
/*
 * End-to-end test: runs every workflow in examples/ inside a real n8n against the fake Kavenegar.
 *
 *   node scripts/e2e.js [example-name ...]      (npm run test:e2e)
 *
 * 1. Installs n8n (E2E_N8N_VERSION, default 2.8.4) once into a cache folder and builds its sqlite3
 *    binding from source (no prebuilt download); later runs reuse it.
 * 2. Builds dist/ when it is missing or older than the sources (npm run build).
 * 3. Puts the package into a temporary N8N_USER_FOLDER as a community package
 *    (.n8n/nodes/node_modules/n8n-nodes-kavenegar): by default a copy of what npm would publish
 *    (package.json without dev/peer dependencies + the "files"), as n8n's own installer leaves it,
 *    so that `require('n8n-workflow')` gets n8n's copy; E2E_LINK=1 symlinks the repository instead.
 * 4. For each example starts a fresh fake (test/fakeKavenegar.js) on one fixed port, so examples do
 *    not share state; imports one credential (kavenegarApi -> the fake) and every workflow, runs each
 *    with `n8n execute --id=ID --rawOutput`, reads the run data from n8n's JSON log lines and checks
 *    the items of the chosen node against examples/<name>.expect.json.
 *
 * Expectation file examples/<name>.expect.json (all fields optional; the file itself is required):
 *   {
 *     "node": "Kavenegar",        node whose output is checked (default: the last node executed)
 *     "output": 0,                output index of that node (default 0)
 *     "status": "success",        "success" (default) or "error" (the workflow must fail)
 *     "error": "text",            with "error": a substring of the error message (or {"$match": "re"})
 *     "itemCount": 1,             exact number of items
 *     "items": [ {...} ],         per item, in order, a pattern for item.json; the count must match
 *     "itemsAt": { "0": {...} },  patterns for single items by index; a negative index counts from the end
 *     "nodes": { "Name": {...} }, more nodes to check, each with its own output/itemCount/items/itemsAt
 *     "fakeArgs": ["--x", "y"],   extra command line arguments for test/fakeKavenegar.js
 *     "requests": { "sms/send": 5 }
 *                                 how many requests the fake received for each operation listed (its
 *                                 GET /_fake/outbox)
 *     "urls": { "https://…": "/samples/logo.jpg" }
 *                                 before import, each URL in the nodes' parameters becomes this path on
 *                                 the fake, so that an example can download a file with the address a
 *                                 user would replace
 *     "skip": "why"               import the workflow (so that it must still import) but do not run it
 *     "live": {                   instead of `n8n execute`, for a workflow that starts at a Webhook:
 *       "webhook": "path",        scripts/live.js publishes it on the line's one `n8n start`, POSTs
 *       "calls": [                each call's body as JSON to /webhook/<path>, and checks the HTTP
 *         { "body": {...}, "status": 200, "response": {...} }     status and the JSON answer (a
 *       ]                         pattern); node/nodes are not checked, "requests" is; this script
 *     }                           imports it and leaves it to scripts/live.js
 *   }
 * Patterns: objects match when every listed key matches (other keys are ignored); arrays need the same
 * length; other values must be equal. Special values: "$any" (present), "$absent", "$string",
 * "$number", "$boolean", "$array", "$object", {"$match": "regex"}.
 * Every node of type n8n-nodes-kavenegar.* gets the e2e credential, whatever the example file says;
 * a Kavenegar Webhook Trigger also the webhook secret credential, whose secret is
 * e2e-webhook-secret-0123456789 (a live example's "webhook" ends with ?secret=that). In a live example
 * the "requests" counts may arrive up to 15 s after the calls' answers (a trigger answering on receipt).
 *
 * Environment: E2E_N8N_VERSION, E2E_CACHE_DIR (default ${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-kavenegar-e2e),
 * E2E_TIMEOUT_SECONDS (per n8n command, default 180), E2E_KEEP=1 (keep the temporary folder and logs),
 * E2E_LINK=1 (symlink instead of copy), E2E_SKIP_BUILD=1, E2E_VERBOSE=1 (print n8n's output),
 * E2E_ROOT (the package folder, default: the parent of scripts/).
 * On a failure the temporary folder (n8n's data and one log per command) is kept and its path printed.
 */

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startFake } = require('./lib/fake');
const {
	ROOT,
	PACKAGE_NAME,
	ensureBuilt,
	ensureN8n,
	installPackage,
	abandonInstall,
	n8nBin,
	n8nEnv,
	readJson,
	N8N_VERSION,
} = require('./lib/n8nInstall');
const { describeFailure, failed, freePort, killAll, log, run, runRepeatable, seconds, stopChildrenOnExit } = require('./lib/processes');

const NODE_TYPE_PREFIX = `${PACKAGE_NAME}.`;
const CREDENTIAL_TYPE = 'kavenegarApi';
// Characters that need escaping in a URL path: the key must still reach the service intact.
const E2E_API_KEY = 'e2e-Key/with+chars=';
const COMMAND_TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_SECONDS || 180) * 1000;
const VERBOSE = process.env.E2E_VERBOSE === '1';
const KEEP = process.env.E2E_KEEP === '1';
const CREDENTIAL_ID = 'e2eKavenegarCred01';
const CREDENTIAL_NAME = 'Kavenegar (e2e fake)';
/** The Kavenegar Webhook Trigger's secret lives in a credential of its own; live examples' URLs end with it. */
const WEBHOOK_NODE_TYPE = `${PACKAGE_NAME}.kavenegarWebhookTrigger`;
const WEBHOOK_CREDENTIAL = { id: 'e2eKavenegarHook01', name: 'Kavenegar webhook (e2e)', type: 'kavenegarWebhookApi', data: { secret: 'e2e-webhook-secret-0123456789' } };
/** How long a live example's `requests` may take to arrive: an answer on receipt comes before the run. */
const REQUESTS_WAIT_MS = 15_000;
/** Why `n8n execute` leaves a live example alone: a Webhook needs a running n8n. */
const LIVE_SKIP = 'starts at a Webhook: run on the line\'s one running n8n by scripts/live.js (npm run test:live; alone: node scripts/live.js examples <name>)';

/** @typedef {import('n8n-workflow').IRun} IRun */
/** @typedef {IRun['data']['resultData']} ResultData */
/** @typedef {{ body?: unknown, status?: unknown, response?: unknown }} LiveCall patterns: status and response */
/** @typedef {{ webhook: string, calls?: LiveCall[] }} Live */
/**
 * An examples/<name>.expect.json (see the top of this file); patterns are JSON of any shape.
 * @typedef {{ node?: string, output?: number, status?: string, error?: any, itemCount?: number, items?: any[], itemsAt?: Record<string, any>, nodes?: Record<string, Expect>, fakeArgs?: string[], requests?: Record<string, any>, urls?: Record<string, string>, skip?: string, live?: Live }} Expect
 */
/** @typedef {{ name: string, file: string, expectFile: string, id: string }} Example */
/** @typedef {Example & { expect: Expect, workflow: any }} LoadedExample */
/** @typedef {{ logDir: string, fakePort: number, apiKey: string }} LiveContext */
/** @typedef {LiveContext & { userFolder: string, env: NodeJS.ProcessEnv }} Context */
/** @typedef {{ name: string, problems: string[], skipped?: boolean, time?: string }} Result */

/** @type {string | undefined} */
let workDir;

/**
 * @param {string[]} args
 * @param {Context} context
 * @param {string} logName
 * @param {boolean} [repeatable] the command ends the same when run twice (an import): run again if n8n crashed
 */
async function n8n(args, context, logName, repeatable = false) {
	const logFile = path.join(context.logDir, `${logName}.log`);
	const options = { cwd: context.userFolder, env: context.env, timeoutMs: COMMAND_TIMEOUT_MS, logFile, echo: VERBOSE };
	const result = repeatable
		? await runRepeatable(`n8n ${args[0]}`, process.execPath, [n8nBin(), ...args], options)
		: await run(process.execPath, [n8nBin(), ...args], options);
	return { ...result, logFile };
}

/**
 * The lines n8n logs (one JSON object a line with N8N_LOG_FORMAT=json).
 * @param {string} text
 */
function logMessages(text) {
	/** @type {import('./lib/n8nServer').LogEntry[]} */
	const messages = [];
	for (const line of text.split('\n')) {
		if (!line.startsWith('{')) continue;
		try {
			const entry = JSON.parse(line);
			if (entry && typeof entry.message === 'string') messages.push(entry);
		} catch {
			/* not a log line */
		}
	}
	return messages;
}

/**
 * The run data `n8n execute` logs: JSON.stringify(IRun) as one message, on success and on failure.
 * @param {string} text
 * @returns {IRun | undefined}
 */
function findRun(text) {
	let found;
	for (const entry of logMessages(text)) {
		if (!entry.message.startsWith('{')) continue;
		try {
			const value = JSON.parse(entry.message);
			if (value && value.data && value.data.resultData) found = value;
		} catch {
			/* an ordinary message */
		}
	}
	return found;
}

// ---------------------------------------------------------------- expectations

/** @type {Record<string, (v: unknown) => boolean>} */
const TYPE_MARKERS = {
	$string: (v) => typeof v === 'string',
	$number: (v) => typeof v === 'number' && Number.isFinite(v),
	$boolean: (v) => typeof v === 'boolean',
	$array: (v) => Array.isArray(v),
	$object: (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
};

/** @param {unknown} value */
function show(value) {
	const text = JSON.stringify(value);
	return text === undefined ? 'undefined' : text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * Appends to problems every place where actual does not match pattern.
 * @param {any} pattern
 * @param {unknown} actual
 * @param {string} where
 * @param {string[]} problems
 */
function match(pattern, actual, where, problems) {
	if (pattern === '$any') {
		if (actual === undefined) problems.push(`${where}: missing`);
		return;
	}
	if (pattern === '$absent') {
		if (actual !== undefined) problems.push(`${where}: expected absent, got ${show(actual)}`);
		return;
	}
	if (typeof pattern === 'string' && TYPE_MARKERS[pattern]) {
		if (!TYPE_MARKERS[pattern](actual)) problems.push(`${where}: expected ${pattern.slice(1)}, got ${show(actual)}`);
		return;
	}
	if (pattern && typeof pattern === 'object' && !Array.isArray(pattern) && Object.keys(pattern).length === 1 && '$match' in pattern) {
		if (typeof actual !== 'string' || !new RegExp(pattern.$match).test(actual)) {
			problems.push(`${where}: expected to match /${pattern.$match}/, got ${show(actual)}`);
		}
		return;
	}
	if (Array.isArray(pattern)) {
		if (!Array.isArray(actual)) {
			problems.push(`${where}: expected an array, got ${show(actual)}`);
			return;
		}
		if (actual.length !== pattern.length) {
			problems.push(`${where}: expected ${pattern.length} elements, got ${actual.length}: ${show(actual)}`);
			return;
		}
		pattern.forEach((element, index) => match(element, actual[index], `${where}[${index}]`, problems));
		return;
	}
	if (pattern && typeof pattern === 'object') {
		if (!actual || typeof actual !== 'object' || Array.isArray(actual)) {
			problems.push(`${where}: expected an object, got ${show(actual)}`);
			return;
		}
		for (const [key, value] of Object.entries(pattern)) match(value, /** @type {Record<string, unknown>} */ (actual)[key], `${where}.${key}`, problems);
		return;
	}
	if (actual !== pattern) problems.push(`${where}: expected ${show(pattern)}, got ${show(actual)}`);
}

/** @param {{ message?: string, description?: string | null, cause?: { message?: string } } | undefined} error */
function errorText(error) {
	if (!error) return '';
	return [error.message, error.description, error.cause?.message].filter(Boolean).join(' | ');
}

/**
 * Returns a list of problems (empty: passed).
 * @param {IRun} runResult
 * @param {Expect} expect
 */
function checkRun(runResult, expect) {
	/** @type {string[]} */
	const problems = [];
	const resultData = runResult.data.resultData;
	const wantStatus = expect.status ?? 'success';
	const error = resultData.error;
	if (wantStatus === 'error') {
		if (!error) problems.push('expected the workflow to fail, but it succeeded');
		else if (expect.error !== undefined) {
			const pattern = typeof expect.error === 'string' ? { $match: expect.error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') } : expect.error;
			match(pattern, errorText(error), 'error', problems);
		}
	} else if (error) {
		// A NodeError names its node; other execution errors do not.
		const failedNode = /** @type {{ node?: { name?: string } }} */ (error).node?.name;
		problems.push(`the workflow failed: ${errorText(error)}${failedNode ? ` (node ${failedNode})` : ''}`);
	}

	checkNode(resultData, expect.node ?? resultData.lastNodeExecuted, expect, problems);
	for (const [nodeName, nodeExpect] of Object.entries(expect.nodes ?? {})) checkNode(resultData, nodeName, nodeExpect, problems);
	return problems;
}

/**
 * Checks the items of one node's last run against output/itemCount/items/itemsAt.
 * @param {ResultData} resultData
 * @param {string | undefined} nodeName
 * @param {Expect} expect
 * @param {string[]} problems
 */
function checkNode(resultData, nodeName, expect, problems) {
	const runs = resultData.runData?.[/** @type {string} */ (nodeName)];
	const wantsItems = expect.items !== undefined || expect.itemCount !== undefined || expect.itemsAt !== undefined;
	if (!runs || runs.length === 0) {
		if (wantsItems) problems.push(`node "${nodeName}" did not run (ran: ${Object.keys(resultData.runData ?? {}).join(', ')})`);
		return;
	}
	if (!wantsItems) return;
	const last = runs[runs.length - 1];
	const outputIndex = expect.output ?? 0;
	const items = (last.data?.main?.[outputIndex] ?? []).map((item) => item.json);
	if (expect.itemCount !== undefined && items.length !== expect.itemCount) {
		problems.push(`node "${nodeName}" output ${outputIndex}: expected ${expect.itemCount} items, got ${items.length}: ${show(items)}`);
	}
	if (expect.items !== undefined) {
		if (items.length !== expect.items.length) {
			problems.push(`node "${nodeName}" output ${outputIndex}: expected ${expect.items.length} items, got ${items.length}: ${show(items)}`);
		}
		expect.items.forEach((pattern, index) => {
			if (index < items.length) match(pattern, items[index], `${nodeName}[${index}]`, problems);
		});
	}
	for (const [at, pattern] of Object.entries(expect.itemsAt ?? {})) {
		const index = Number(at) < 0 ? items.length + Number(at) : Number(at);
		if (!Number.isInteger(index) || index < 0 || index >= items.length) {
			problems.push(`node "${nodeName}" output ${outputIndex}: no item ${at} (${items.length} items)`);
		} else match(pattern, items[index], `${nodeName}[${index}]`, problems);
	}
}

// ---------------------------------------------------------------- examples

/**
 * @param {string[]} filter
 * @returns {Example[]}
 */
function loadExamples(filter) {
	const dir = path.join(ROOT, 'examples');
	const files = fs.existsSync(dir)
		? fs.readdirSync(dir).filter((name) => name.endsWith('.json') && !name.endsWith('.expect.json')).sort()
		: [];
	return files
		.map((file, index) => {
			const name = file.slice(0, -'.json'.length);
			const expectFile = path.join(dir, `${name}.expect.json`);
			return {
				name,
				file: path.join(dir, file),
				expectFile,
				id: `e2eWorkflow${String(index + 1).padStart(4, '0')}`,
			};
		})
		.filter((example) => filter.length === 0 || filter.includes(example.name));
}

/**
 * Replaces every string in value (nested objects and arrays too) by replace(string).
 * @param {unknown} value
 * @param {(text: string) => string} replace
 * @returns {unknown}
 */
function mapStrings(value, replace) {
	if (typeof value === 'string') return replace(value);
	if (Array.isArray(value)) return value.map((element) => mapStrings(element, replace));
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, mapStrings(v, replace)]));
	return value;
}

/**
 * The workflow as imported: fixed id, inactive, our credential on every Kavenegar node, and the
 * expectation's `urls` pointed at the fake.
 * @param {Example & { expect: Expect }} example
 * @param {string} fakeUrl
 */
function prepareWorkflow(example, fakeUrl) {
	const workflow = readJson(example.file);
	if (!Array.isArray(workflow.nodes) || typeof workflow.connections !== 'object') {
		throw new Error(`${path.relative(ROOT, example.file)} is not an n8n workflow (needs nodes and connections)`);
	}
	workflow.id = example.id;
	workflow.active = false;
	workflow.name = workflow.name || example.name;
	const urls = Object.entries(example.expect.urls ?? {});
	for (const node of workflow.nodes) {
		if (urls.length > 0) {
			node.parameters = mapStrings(node.parameters, (text) => urls.reduce((result, [from, to]) => result.split(from).join(fakeUrl + to), text));
		}
		if (String(node.type).startsWith(NODE_TYPE_PREFIX) || node.credentials?.[CREDENTIAL_TYPE]) {
			node.credentials = { ...node.credentials, [CREDENTIAL_TYPE]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
		}
		if (node.type === WEBHOOK_NODE_TYPE) {
			node.credentials = { ...node.credentials, [WEBHOOK_CREDENTIAL.type]: { id: WEBHOOK_CREDENTIAL.id, name: WEBHOOK_CREDENTIAL.name } };
		}
	}
	return workflow;
}

/**
 * The expectation's `requests` against what the fake received (its GET /_fake/outbox, loopback),
 * asked again for up to `waitMs` while they differ.
 * @param {string} fakeUrl
 * @param {Expect['requests']} expected
 * @param {number} [waitMs]
 */
async function checkRequests(fakeUrl, expected, waitMs = 0) {
	if (!expected) return [];
	const deadline = Date.now() + waitMs;
	for (;;) {
		const { requests } = await (await fetch(`${fakeUrl}/_fake/outbox`)).json();
		/** @type {string[]} */
		const problems = [];
		for (const [operation, count] of Object.entries(expected)) match(count, requests[operation] ?? 0, `requests to ${operation}`, problems);
		if (problems.length === 0 || Date.now() > deadline) return problems;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/**
 * The key, raw or URL-encoded, anywhere in what n8n printed (items, errors, log lines) is a failure.
 * @param {string} output
 * @param {string} apiKey
 */
function keyLeaks(output, apiKey) {
	return [apiKey, encodeURIComponent(apiKey)]
		.filter((form) => output.includes(form))
		.map((form) => `the API key (${form === apiKey ? 'raw' : 'URL-encoded'}) appears in n8n's output`);
}

/** @typedef {{ problems: string[], started: number, crash?: NodeJS.Signals }} ExampleOutcome crash: the signal n8n execute died of */

/**
 * @param {LoadedExample} example
 * @param {Context} context
 * @returns {Promise<ExampleOutcome>}
 */
async function runExample(example, context) {
	const started = Date.now();
	let fake;
	try {
		fake = await startFake(context.fakePort, ['--api-key', context.apiKey, ...(example.expect.fakeArgs ?? [])], path.join(context.logDir, `${example.name}.fake.log`));
		const result = await n8n(['execute', `--id=${example.id}`, '--rawOutput'], context, `${example.name}.execute`);
		if (result.timedOut) return { problems: [describeFailure('n8n execute', result, result.logFile)], started };
		const runResult = findRun(result.stdout);
		if (!runResult) {
			return { problems: [describeFailure('n8n execute printed no run data;', result, result.logFile)], started };
		}
		const problems = checkRun(runResult, example.expect);
		problems.push(...(await checkRequests(fake.url, example.expect.requests)));
		problems.push(...keyLeaks(`${result.stdout}\n${result.stderr}`, context.apiKey));
		const wantsError = (example.expect.status ?? 'success') === 'error';
		if (problems.length === 0 && !wantsError && result.code !== 0) {
			problems.push(describeFailure('n8n execute', result, result.logFile));
		}
		return { problems, started, crash: result.signal ?? undefined };
	} finally {
		if (fake) await fake.stop();
	}
}

/**
 * Resolves once n8n serves the webhook at url (a POST webhook). n8n 2.40 registers a published
 * workflow's webhooks a few seconds after it says the editor is accessible (its publication service),
 * 2.8 before. A GET asks without running the workflow: n8n answers 404 either way, but names the
 * webhook "not registered" only while it serves no method at that path.
 * @param {string} url
 */
async function webhookRegistered(url) {
	const deadline = Date.now() + COMMAND_TIMEOUT_MS;
	for (;;) {
		const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
		const text = await response.text();
		if (!/The requested webhook .* is not registered/.test(text)) return;
		if (Date.now() > deadline) throw new Error(`n8n did not register the webhook ${url} within ${COMMAND_TIMEOUT_MS / 1000}s`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/**
 * A workflow that starts at a Webhook, run as in production: published on the line's running n8n
 * and called over HTTP on loopback, against a fresh fake.
 * @param {LoadedExample} example
 * @param {LiveContext} context
 * @param {import('./lib/liveProof').Running} running
 * @returns {Promise<ExampleOutcome>}
 */
async function runLiveExample(example, context, { base }) {
	const started = Date.now();
	const { webhook, calls = [] } = /** @type {Live} */ (example.expect.live);
	let fake;
	try {
		fake = await startFake(context.fakePort, ['--api-key', context.apiKey, ...(example.expect.fakeArgs ?? [])], path.join(context.logDir, `${example.name}.fake.log`));
		const waitStarted = Date.now();
		await webhookRegistered(`${base}/webhook/${webhook}`);
		if (Date.now() - waitStarted > 1000) log(`${example.name}: n8n registered the webhook ${seconds(waitStarted)} after it was published`);
		/** @type {string[]} */
		const problems = [];
		for (const [index, call] of calls.entries()) {
			const response = await fetch(`${base}/webhook/${webhook}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(call.body ?? {}),
				signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
			});
			const text = await response.text();
			let answer = text;
			try {
				answer = JSON.parse(text);
			} catch {
				/* not JSON: compared as text */
			}
			if (call.status !== undefined) match(call.status, response.status, `call ${index + 1}: HTTP status`, problems);
			if (call.response !== undefined) match(call.response, answer, `call ${index + 1}: answer`, problems);
		}
		problems.push(...(await checkRequests(fake.url, example.expect.requests, REQUESTS_WAIT_MS)));
		return { problems, started };
	} catch (error) {
		return { problems: [error.message], started };
	} finally {
		if (fake) await fake.stop();
	}
}

/**
 * The examples that start at a Webhook, as a check on a line's one running n8n (scripts/live.js):
 * published together, each called in turn against a fresh fake on the port of their credential.
 * Its closing line counts them as the other examples' does.
 * @param {string[]} [filter] example names; none: every live example
 * @returns {import('./lib/liveProof').SharedCheck}
 */
function liveExamplesCheck(filter = []) {
	return {
		name: 'live examples',
		async prepare({ logDir }) {
			const fakePort = await freePort();
			// Kept running until the examples run, so that nothing else started meanwhile takes its port.
			const probe = await startFake(fakePort, ['--api-key', E2E_API_KEY], path.join(logDir, 'fake-probe.log'));
			/** @type {Result[]} */
			const results = [];
			const live = loadRunnable(loadExamples(filter), probe.url, results).filter((example) => example.expect.live && !example.expect.skip);
			const unknown = filter.filter((name) => !live.some((example) => example.name === name));
			if (unknown.length > 0) throw new Error(`no example that starts at a Webhook is named ${unknown.join(', ')}`);
			/** @type {LiveContext} */
			const context = { logDir, fakePort, apiKey: probe.apiKey };
			/** @type {string[]} */
			const problems = [];
			/** @type {import('./lib/n8nServer').N8nServer | undefined} */
			let server;
			return {
				credentials: credentialsFor(probe),
				workflows: live.map((example) => example.workflow),
				publish: live.map((example) => example.id),
				problems,
				run: async (running) => {
					server = running.n8n;
					await probe.stop();
					for (const example of live) report(example.name, await runLiveExample(example, context, running), results);
				},
				finish: async () => {
					const failedOnes = results.filter((result) => result.problems.length > 0);
					problems.push(...failedOnes.map((result) => `example ${result.name} failed`));
					// Every line n8n printed, its start and the other checks' runs included.
					problems.push(...keyLeaks((server?.lines ?? []).map((line) => line.text).join('\n'), context.apiKey));
					console.log(`${results.length - failedOnes.length} passed, ${failedOnes.length} failed (live examples)`);
					return problems;
				},
			};
		},
	};
}

/**
 * The examples with their expectations, each workflow as imported; one that cannot be read is a failed result.
 * @param {Example[]} examples
 * @param {string} fakeUrl
 * @param {Result[]} results
 * @returns {LoadedExample[]}
 */
function loadRunnable(examples, fakeUrl, results) {
	/** @type {LoadedExample[]} */
	const runnable = [];
	for (const example of examples) {
		try {
			if (!fs.existsSync(example.expectFile)) throw new Error(`missing ${path.relative(ROOT, example.expectFile)}`);
			/** @type {Expect} */
			const expect = readJson(example.expectFile);
			runnable.push({ ...example, expect, workflow: prepareWorkflow({ ...example, expect }, fakeUrl) });
		} catch (error) {
			results.push({ name: example.name, problems: [error.message] });
			log(`FAIL ${example.name}: ${error.message}`);
		}
	}
	return runnable;
}

/**
 * The credentials every example's nodes are given: the API one pointing at the fake, and the webhook secret.
 * @param {{ url: string, apiKey: string }} fake
 */
function credentialsFor(fake) {
	return [{ id: CREDENTIAL_ID, name: CREDENTIAL_NAME, type: CREDENTIAL_TYPE, data: { apiKey: fake.apiKey, baseUrl: fake.url } }, WEBHOOK_CREDENTIAL];
}

/**
 * Records an example's outcome and logs it.
 * @param {string} name
 * @param {ExampleOutcome} outcome
 * @param {Result[]} results
 */
function report(name, { problems, started }, results) {
	const time = seconds(started);
	results.push({ name, problems, time });
	if (problems.length === 0) log(`PASS ${name} (${time})`);
	else log(`FAIL ${name} (${time})\n${problems.map((problem) => `       ${problem.replace(/\n/g, '\n       ')}`).join('\n')}`);
}

// ---------------------------------------------------------------- main

async function main() {
	const filter = process.argv.slice(2).map((arg) => path.basename(arg).replace(/(\.expect)?\.json$/, ''));
	const examples = loadExamples(filter);
	if (examples.length === 0) throw new Error(filter.length ? `no example named ${filter.join(', ')}` : 'no examples/*.json');

	const [major, minor] = process.versions.node.split('.').map(Number);
	if (major < 20 || (major === 20 && minor < 19)) throw new Error(`n8n ${N8N_VERSION} needs Node >= 20.19 (this is ${process.version})`);

	await ensureBuilt();
	await ensureN8n();

	workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kavenegar-e2e-'));
	const userFolder = path.join(workDir, 'user');
	const logDir = path.join(workDir, 'logs');
	fs.mkdirSync(logDir, { recursive: true });
	fs.mkdirSync(userFolder, { recursive: true });
	log(`package: ${installPackage(userFolder)}`);

	const fakePort = await freePort();
	const env = n8nEnv(userFolder, await freePort());

	// One credential pointing at the fake's fixed port (every example gets a fresh fake there).
	const probe = await startFake(fakePort, ['--api-key', E2E_API_KEY], path.join(logDir, 'fake-probe.log'));
	await probe.stop();
	/** @type {Context} */
	const context = { userFolder, logDir, fakePort, env, apiKey: probe.apiKey };
	const credentialsFile = path.join(workDir, 'credentials.json');
	fs.writeFileSync(credentialsFile, JSON.stringify(credentialsFor(probe)));

	/** @type {Result[]} */
	const results = [];
	const runnable = loadRunnable(examples, probe.url, results);
	const workflowsFile = path.join(workDir, 'workflows.json');
	fs.writeFileSync(workflowsFile, JSON.stringify(runnable.map((example) => example.workflow), null, 2));

	const started = Date.now();
	const importedCredentials = await n8n(['import:credentials', `--input=${credentialsFile}`], context, 'import-credentials', true);
	if (failed(importedCredentials)) throw new Error(describeFailure('n8n import:credentials', importedCredentials, importedCredentials.logFile));
	if (runnable.length > 0) {
		const importedWorkflows = await n8n(['import:workflow', `--input=${workflowsFile}`], context, 'import-workflows', true);
		if (failed(importedWorkflows)) throw new Error(describeFailure('n8n import:workflow', importedWorkflows, importedWorkflows.logFile));
	}
	log(`imported 2 credentials and ${runnable.length} workflow(s) in ${seconds(started)}`);
	const loadErrors = logMessages(importedCredentials.stdout).filter((entry) => entry.level === 'error');
	for (const entry of loadErrors) log(`n8n reported: ${entry.message}`);

	for (const example of runnable) {
		const skip = example.expect.skip ?? (example.expect.live ? LIVE_SKIP : undefined);
		if (skip) {
			results.push({ name: example.name, problems: [], skipped: true });
			log(`SKIP ${example.name}: ${skip}`);
			continue;
		}
		let outcome = await runExample(example, context);
		// n8n execute on Node 24 can die of SIGSEGV while shutting down, after it printed the whole run
		// (n8n on Node 24 has known segfaults: n8n-io/n8n#26865, #31437): a crash of n8n's process, not
		// the workflow's outcome, so the example gets one more run.
		if (outcome.crash) {
			log(`${example.name}: n8n execute died of ${outcome.crash}; running it again`);
			outcome = await runExample(example, context);
		}
		report(example.name, outcome, results);
	}
	return results;
}

function cleanup(keep = KEEP) {
	killAll();
	abandonInstall();
	if (workDir && !keep) fs.rmSync(workDir, { recursive: true, force: true });
	else if (workDir) log(`kept ${workDir} (logs in ${path.join(workDir, 'logs')})`);
}

module.exports = { liveExamplesCheck, webhookRegistered };

if (require.main === module) {
	stopChildrenOnExit(() => cleanup());
	const startedAt = Date.now();
	main()
		.then((results) => {
			const failed = results.filter((result) => result.problems.length > 0).length;
			const failedNames = results.filter((r) => r.problems.length > 0).map((r) => r.name);
			if (failed > 0) log(`failed: ${failedNames.join(', ')}`);
			log(`done in ${seconds(startedAt)}`);
			cleanup(KEEP || failed > 0);
			const skipped = results.filter((result) => result.skipped).length;
			console.log(`${results.length - failed - skipped} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
			process.exitCode = failed > 0 ? 1 : 0;
		})
		.catch((error) => {
			log(`ERROR ${error.message}`);
			cleanup(true);
			console.log('0 passed, 1 failed');
			process.exitCode = 1;
		});
}
