#!/usr/bin/env node
'use strict';
/*
 * npm run test:engine2:live: the node on n8n 2.41.1's Engine 2.0 in a running n8n, beside the
 * classic engine (issue 44). One `n8n start` with PostgreSQL (Debian's package, started here as
 * scripts/queue.js does: this script's own process on a free loopback port, its data in the work
 * folder) holding n8n's database and, in a second database, the engine's; the engine-v2 module on
 * (N8N_ENABLED_MODULES=engine-v2), the engine and its control plane on 127.0.0.1 at free ports. Two
 * fake Kavenegars run in this process, one per engine, seeded alike, so that each engine's requests
 * and answers can be compared one for one.
 *
 * Every case is one workflow imported twice, settings.engineType "v1" and "v2", each starting at a
 * Webhook that answers at once (Respond: Immediately, the one mode Engine 2.0 takes:
 * n8n/dist/webhooks/engine-v2-webhooks.js), published and called over loopback; each call must make
 * one execution, a v2 one with a UUID v7 ID. What each case must show is docs/engine-2.md's table:
 *
 *   send, 250 recipients, Send Different Messages, inbox Return All, Send Code, upload
 *                the same items on both engines and the same requests at each fake (an upload's
 *                file is made in the workflow by Convert to File: Engine 2.0 refuses files from a webhook)
 *   Check Code   after a Send Code: v1 answers valid; v2 stops with the classic-engine message, no
 *                request past Send Code's
 *   a bad item   On Error: Continue: the good item sent, the bad one { error } on both (the error's
 *                message: the title on v1, title and description on v2); stop mode: the execution
 *                fails with "Nothing was sent to Kavenegar for any item" (v2's message, v1's
 *                description), nothing sent
 *   Kavenegar's 412   v2's message carries the hint; v1's title stays short and the hint is its description
 *   triggers     the Kavenegar Webhook Trigger's two events (one call each; Delivery Report with Fetch
 *                Message Details on) and the polling Kavenegar Trigger (two batches of incoming
 *                messages, one poll each): one execution per call or poll on each engine, with the
 *                same items (v2 with Fetch Message Details off: Engine 2.0 never runs the trigger's
 *                `execute`, where the node fetches them); a v2 Webhook Trigger with it on must be
 *                refused at publishing, saying it needs the classic engine (docs/engine-2.md)
 *
 * Once n8n is stopped, the API key is searched for in both databases (pg_dump), PostgreSQL's log of
 * every statement, n8n's and the commands' logs and every file of n8n's user folder.
 *
 *   node scripts/e2eNewerN8n.js --run engine2live   (Node 24 and n8n 2.41.1, as CI runs it)
 *
 * Environment: ENGINE2_LIVE_KEEP=1 keeps the work folder; E2E_* as scripts/e2e.js.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { N8N_DIR, N8N_VERSION } = require('./lib/n8nInstall');
const { importCredentials, importWorkflows, startN8n } = require('./lib/n8nServer');
const { runLiveProof } = require('./lib/liveProof');
const { describeFailure, failed, freePort, log, seconds } = require('./lib/processes');
const hooks = require('./lib/webhookTrigger');
const { ensurePackages, startPostgres } = require('./queue/services');
const { startFakeKavenegar } = require('../test/fakeKavenegar');
const { jpeg } = require('../test/mediaSamples');
const { webhookRegistered } = require('./e2e');

const KEEP = process.env.ENGINE2_LIVE_KEEP === '1';
const API_KEY = `engine2-live-${crypto.randomBytes(12).toString('hex')}`;
/** @typedef {'v1' | 'v2'} Engine */
/** @type {Engine[]} */
const ENGINES = ['v1', 'v2'];
const NODE_TYPE = 'n8n-nodes-kavenegar.kavenegar';
const LATEST_VERSION = 4;
const LINE = '10004346';
/** A v2 workflow whose Webhook Trigger fetches details: Engine 2.0 would skip that, so publishing it must be refused. */
const REFUSED_DETAILS = { id: 'kvnE2LHooksRefused', message: "Fetch Message Details needs n8n's classic execution engine, not Engine 2.0" };
/** The polling trigger's line: apart from the inbox the Get Inbox case reads. */
const POLL_LINE = '30004000';
const INBOX_MESSAGES = 250;
const SETTLE_TIMEOUT_MS = 120_000;
/** A poll every minute (n8n 2.40 and later poll at most that often): the next one, and time for a busy machine. */
const POLL_WAIT_MS = 150_000;
const OPEN_STATUSES = ['new', 'running', 'waiting', 'unknown'];
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const CLASSIC_ONLY = / needs n8n's classic execution engine, not Engine 2\.0: set "engineType" to "v1" in this workflow's settings/;
const HINT = 'Kavenegar error 412 means';
const NOTHING_SENT = 'Nothing was sent to Kavenegar for any item';
/**
 * Fields that differ between two runs of the same workflow by nature: local IDs derive from the
 * workflow's ID (operationParts/duplicateSends.ts), dates from the clock, a code the node makes
 * (Send Code's `token` on the wire) and its hash are random. Their presence is compared, not their values.
 */
const VOLATILE = new Set(['localid', 'localmessageids', 'date', 'dateIso', 'codeHash', 'expiresAt', 'token', 'sentAt', 'receivedAt', 'scheduledFor']);
/** The same dates in Iran's calendar (dateJalali, expiresAtJalali…). */
const VOLATILE_PATTERN = /Jalali$/;

/** @typedef {import('../test/fakeKavenegar').FakeKavenegar} Fake */
/** @typedef {import('../test/fakeKavenegar').RequestRecord} RequestRecord */
/** @typedef {import('./lib/n8nServer').RestClient} RestClient */
/**
 * One execution read back: status, the items of `nodeName`, its error (message and description as
 * n8n's REST API gives them) and the requests its fake got while it ran.
 * @typedef {{ id: string, status: string, items: Record<string, any>[], error?: { message: string, description?: string }, nodeErrors: string[], requests: RequestRecord[], text: string }} Run
 */
/**
 * A workflow run on both engines. `volatile`: fields of its items that differ by nature beyond VOLATILE, judged in `judge`.
 * @typedef {{ key: string, title: string, nodes: (engine: Engine) => object[], connections: Record<string, unknown>, read: string, body: unknown, volatile?: string[], judge: (runs: Record<Engine, Run>) => string[] }} Case
 */

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function flatted() {
	return require(path.join(N8N_DIR, 'node_modules', 'flatted'));
}

const CREDENTIALS = Object.fromEntries(ENGINES.map((engine) => [engine, { id: `kvnE2Live${engine}Cred`, name: `Kavenegar (Engine 2.0 check, ${engine} fake)` }]));
const POLL_CREDENTIALS = Object.fromEntries(ENGINES.map((engine) => [engine, { id: `kvnE2Poll${engine}Cred`, name: `Kavenegar (Engine 2.0 poll, ${engine} fake)` }]));

/**
 * A Kavenegar node of the newest version.
 * @param {Engine} engine
 * @param {string} name
 * @param {Record<string, unknown>} parameters
 * @param {{ continueOnFail?: boolean, position?: number }} [options]
 */
function kavenegar(engine, name, parameters, { continueOnFail = false, position = 1 } = {}) {
	return {
		id: crypto.randomUUID(),
		name,
		type: NODE_TYPE,
		typeVersion: LATEST_VERSION,
		position: [position * 220, 0],
		credentials: { kavenegarApi: CREDENTIALS[engine] },
		parameters,
		...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
	};
}

/**
 * @param {string} name
 * @param {string} type
 * @param {number} typeVersion
 * @param {Record<string, unknown>} parameters
 * @param {number} position
 */
function plainNode(name, type, typeVersion, parameters, position) {
	return { id: crypto.randomUUID(), name, type, typeVersion, position: [position * 220, 0], parameters };
}

/** @param {string[]} names a chain of nodes, each into the next */
function chain(names) {
	/** @type {Record<string, unknown>} */
	const connections = {};
	for (let index = 0; index + 1 < names.length; index++) connections[names[index]] = { main: [[{ node: names[index + 1], type: 'main', index: 0 }]] };
	return connections;
}

/** @param {number} index */
const phone = (index) => `0912${String(3_000_000 + index).padStart(7, '0')}`;
const RECIPIENTS_250 = Array.from({ length: 250 }, (_, index) => phone(index)).join(',');
const PHOTO = jpeg(2048).toString('base64');

/** @param {Run} run */
const requestCount = (run) => run.requests.length;
/** @param {Run} run */
const operations = (run) => run.requests.map((request) => request.operation).join(', ') || 'none';

/**
 * Each engine's execution succeeded and their items and requests are the same (but for `volatile`
 * fields); plus `expect`'s checks on each engine's run.
 * @param {number} requests how many requests each fake must get
 * @param {(run: Run, engine: Engine) => string[]} [expect]
 * @param {string[]} [volatile]
 * @returns {(runs: Record<Engine, Run>) => string[]}
 */
function sameOnBoth(requests, expect = () => [], volatile = []) {
	return (runs) => [
		...ENGINES.flatMap((engine) => [
			...(runs[engine].status === 'success' ? [] : [`${engine}: execution ${runs[engine].id} ended ${runs[engine].status}: ${runs[engine].error?.message ?? runs[engine].nodeErrors.join('; ')}`]),
			...(requestCount(runs[engine]) === requests ? [] : [`${engine}: the fake got ${requestCount(runs[engine])} requests (${operations(runs[engine])}), not ${requests}`]),
			...expect(runs[engine], engine).map((problem) => `${engine}: ${problem}`),
		]),
		...compareRuns(runs, volatile),
	];
}

/**
 * v1's and v2's items and requests, with the volatile fields blanked, as JSON: the first difference.
 * @param {Record<Engine, Run>} runs
 * @param {string[]} [volatile] more fields to blank in the items
 */
function compareRuns(runs, volatile = []) {
	const problems = [];
	const items = ENGINES.map((engine) => JSON.stringify(normalised(runs[engine].items, new Set(volatile))));
	if (items[0] !== items[1]) problems.push(`items differ: ${firstDifference(items[0], items[1])}`);
	// A split send's requests go out at once: the order the fake took them in is not the node's.
	const requests = ENGINES.map((engine) => JSON.stringify(runs[engine].requests.map((request) => JSON.stringify(normalised(requestShape(request)))).sort()));
	if (requests[0] !== requests[1]) problems.push(`requests differ: ${firstDifference(requests[0], requests[1])}`);
	return problems;
}

/**
 * What of a request the comparison looks at: its operation, method and parameters, and an upload's
 * file as name, type, size and hash.
 * @param {RequestRecord} request
 */
function requestShape(request) {
	return {
		operation: request.operation,
		method: request.method,
		query: request.query,
		form: request.form,
		parts: request.parts?.map((part) => ({ name: part.name, filename: part.filename, contentType: part.contentType, bytes: part.data.length, sha256: crypto.createHash('sha256').update(part.data).digest('hex') })),
	};
}

/**
 * @param {unknown} value
 * @param {Set<string>} [volatile] more fields to blank
 * @returns {unknown}
 */
function normalised(value, volatile = new Set()) {
	if (Array.isArray(value)) return value.map((inner) => normalised(inner, volatile));
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value)
				.sort(([a], [b]) => a.localeCompare(b))
				.map(([key, inner]) => [key, VOLATILE.has(key) || VOLATILE_PATTERN.test(key) || volatile.has(key) ? `<${typeof inner}>` : normalised(inner, volatile)]),
		);
	}
	return value;
}

/**
 * @param {string} a
 * @param {string} b
 */
function firstDifference(a, b) {
	let at = 0;
	while (at < a.length && a[at] === b[at]) at++;
	const from = Math.max(0, at - 60);
	return `v1 …${a.slice(from, at + 80)}… v2 …${b.slice(from, at + 80)}…`;
}

/** @type {Case[]} */
const CASES = [
	{
		key: 'send',
		title: 'Send, one recipient',
		nodes: (engine) => [kavenegar(engine, 'Kavenegar', { resource: 'sms', operation: 'send', recipients: '={{ $json.body.phone }}', message: 'سلام از n8n', additionalFields: {} })],
		connections: chain(['Webhook', 'Kavenegar']),
		read: 'Kavenegar',
		body: { phone: phone(900) },
		judge: sameOnBoth(1, (run) => (run.items.length === 1 && run.items[0].messageid ? [] : [`items ${JSON.stringify(run.items).slice(0, 200)}, not one with a messageid`])),
	},
	{
		key: 'send250',
		title: 'Send, 250 recipients',
		nodes: (engine) => [kavenegar(engine, 'Kavenegar', { resource: 'sms', operation: 'send', recipients: '={{ $json.body.recipients }}', message: 'Engine check, 250', additionalFields: {} })],
		connections: chain(['Webhook', 'Kavenegar']),
		read: 'Kavenegar',
		body: { recipients: RECIPIENTS_250 },
		judge: sameOnBoth(2, (run) => {
			// Both requests go out at once, in either order.
			const sizes = run.requests.map((request) => String(request.form?.receptor ?? '').split(',').length).sort((x, y) => y - x);
			return [
				...(run.items.length === 250 ? [] : [`${run.items.length} items, not 250`]),
				...(JSON.stringify(sizes) === '[200,50]' ? [] : [`requests of ${JSON.stringify(sizes)} recipients, not 200 and 50`]),
			];
		}, ['messageid']),
	},
	{
		key: 'sendArray',
		title: 'Send Different Messages',
		nodes: (engine) => [
			kavenegar(engine, 'Kavenegar', {
				resource: 'sms',
				operation: 'sendArray',
				messagesInput: 'json',
				messagesJson: `={{ $json.body.people.map((person) => ({ recipient: person.phone, sender: '${LINE}', message: 'Hello ' + person.name })) }}`,
				additionalFields: {},
			}),
		],
		connections: chain(['Webhook', 'Kavenegar']),
		read: 'Kavenegar',
		body: { people: [{ phone: phone(901), name: 'Sara' }, { phone: phone(902), name: 'Reza' }, { phone: phone(903), name: 'Mina' }] },
		judge: sameOnBoth(1, (run) => (run.items.length === 3 ? [] : [`${run.items.length} items, not 3`])),
	},
	{
		key: 'inbox',
		title: 'Get Inbox, Return All',
		nodes: (engine) => [kavenegar(engine, 'Kavenegar', { resource: 'sms', operation: 'getInbox', lineNumber: LINE, returnAll: true, filters: {} })],
		connections: chain(['Webhook', 'Kavenegar']),
		read: 'Kavenegar',
		body: {},
		judge: sameOnBoth(2, (run) => (run.items.length === INBOX_MESSAGES ? [] : [`${run.items.length} items, not ${INBOX_MESSAGES}`])),
	},
	{
		key: 'sendCode',
		title: 'Send Code',
		nodes: (engine) => [kavenegar(engine, 'Kavenegar', { resource: 'verify', operation: 'sendCode', recipient: '={{ $json.body.phone }}', template: 'otp', value: '', additionalFields: {} })],
		connections: chain(['Webhook', 'Kavenegar']),
		read: 'Kavenegar',
		body: { phone: phone(904) },
		judge: sameOnBoth(1, (run) => (run.items.length === 1 && typeof run.items[0].codeHash === 'string' ? [] : [`items ${JSON.stringify(run.items).slice(0, 200)}, not one with a codeHash`])),
	},
	{
		key: 'checkCode',
		title: 'Send Code, then Check Code',
		nodes: (engine) => [
			kavenegar(engine, 'Send Code', { resource: 'verify', operation: 'sendCode', recipient: '={{ $json.body.phone }}', template: 'otp', value: '={{ $json.body.code }}', additionalFields: {} }),
			kavenegar(engine, 'Check Code', { resource: 'verify', operation: 'checkCode', recipient: '={{ $json.receptor }}', codeEntered: '24680', codeHash: '={{ $json.codeHash }}', expiresAt: '={{ $json.expiresAt }}' }, { position: 2 }),
		],
		connections: chain(['Webhook', 'Send Code', 'Check Code']),
		read: 'Check Code',
		body: { phone: phone(905), code: '24680' },
		judge: (runs) => {
			const { v1, v2 } = runs;
			return [
				...(v1.status === 'success' && v1.items.length === 1 && v1.items[0].valid === true ? [] : [`v1: ${v1.status}, Check Code's items ${JSON.stringify(v1.items)}, not one with valid true`]),
				...(v2.status === 'error' ? [] : [`v2: execution ${v2.id} ended ${v2.status}, not error`]),
				...(CLASSIC_ONLY.test(v2.error?.message ?? '') ? [] : [`v2: the error is ${JSON.stringify(v2.error)}, not the classic-engine message`]),
				...ENGINES.flatMap((engine) => (operations(runs[engine]) === 'verify/lookup' ? [] : [`${engine}: the fake got ${operations(runs[engine])}, not Send Code's one verify/lookup`])),
			];
		},
	},
	{
		key: 'upload',
		title: 'Media Upload of a file made in the workflow',
		nodes: (engine) => [
			plainNode('Photo', 'n8n-nodes-base.set', 3.4, { assignments: { assignments: [{ id: crypto.randomUUID(), name: 'photo', value: '={{ $json.body.photo }}', type: 'string' }] }, options: {} }, 1),
			plainNode('Convert to File', 'n8n-nodes-base.convertToFile', 1.1, { operation: 'toBinary', sourceProperty: 'photo', options: { fileName: 'product.jpg', mimeType: 'image/jpeg' } }, 2),
			kavenegar(engine, 'Kavenegar', { resource: 'media', operation: 'upload', binaryPropertyName: 'data' }, { position: 3 }),
		],
		connections: chain(['Webhook', 'Photo', 'Convert to File', 'Kavenegar']),
		read: 'Kavenegar',
		body: { photo: PHOTO },
		// The fake names each upload with a random UUID, as the service does.
		judge: sameOnBoth(
			1,
			(run) => {
				const part = run.requests[0]?.parts?.find((candidate) => candidate.filename);
				return [
					...(run.items.length === 1 && run.items[0].id ? [] : [`items ${JSON.stringify(run.items).slice(0, 200)}, not one with the media's id`]),
					...(part && part.data.equals(Buffer.from(PHOTO, 'base64')) ? [] : ['the fake did not get the photo byte for byte']),
				];
			},
			['id'],
		),
	},
	{
		key: 'continueOnFail',
		title: 'a bad second item, On Error: Continue',
		nodes: (engine) => [
			plainNode('Split Out', 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'body.people', options: {} }, 1),
			kavenegar(engine, 'Kavenegar', { resource: 'sms', operation: 'send', recipients: '={{ $json.phone }}', message: 'Hello', additionalFields: {} }, { continueOnFail: true, position: 2 }),
		],
		connections: chain(['Webhook', 'Split Out', 'Kavenegar']),
		read: 'Kavenegar',
		body: { people: [{ phone: phone(906) }, { phone: 'not-a-number' }] },
		// json.error is the error's message: on the classic engine its title, on Engine 2.0 the title
		// and the description, as the node writes messages there (sending/engine2Errors.ts).
		judge: sameOnBoth(
			1,
			(run, engine) => {
				const wanted = engine === 'v1' ? 'Recipients: "not-a-number" is not a phone number' : 'Recipients: "not-a-number" is not a phone number. Nothing was sent to Kavenegar for this item.';
				return [
					...(run.items.length === 2 && run.items[0].messageid && !run.items[0].error ? [] : [`item 1 ${JSON.stringify(run.items[0])}, not a sent message`]),
					...(run.items[1]?.error === wanted && Object.keys(run.items[1]).length === 1 ? [] : [`item 2 ${JSON.stringify(run.items[1])}, not ${JSON.stringify({ error: wanted })}`]),
				];
			},
			['error'],
		),
	},
	{
		key: 'badItemStops',
		title: 'a bad second item, stop mode',
		nodes: (engine) => [
			plainNode('Split Out', 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'body.people', options: {} }, 1),
			kavenegar(engine, 'Kavenegar', { resource: 'sms', operation: 'send', recipients: '={{ $json.phone }}', message: 'Hello', additionalFields: {} }, { position: 2 }),
		],
		connections: chain(['Webhook', 'Split Out', 'Kavenegar']),
		read: 'Kavenegar',
		body: { people: [{ phone: phone(907) }, { phone: 'not-a-number' }] },
		// As the hint below: v2's message carries what v1 shows as the description.
		judge: (runs) =>
			ENGINES.flatMap((engine) => {
				const run = runs[engine];
				const told = engine === 'v2' ? run.error?.message : run.error?.description;
				return [
					...(run.status === 'error' ? [] : [`${engine}: execution ${run.id} ended ${run.status}, not error`]),
					...(/^Recipients: /.test(run.error?.message ?? '') && (told ?? '').includes(NOTHING_SENT) ? [] : [`${engine}: the error is ${JSON.stringify(run.error)}`]),
					...(requestCount(run) === 0 ? [] : [`${engine}: the fake got ${operations(run)}`]),
				];
			}),
	},
	{
		key: 'serviceError',
		title: "Kavenegar's error 412 (a sender line not the account's)",
		nodes: (engine) => [kavenegar(engine, 'Kavenegar', { resource: 'sms', operation: 'send', recipients: '={{ $json.body.phone }}', message: 'Hello', additionalFields: { sender: '999999' } })],
		connections: chain(['Webhook', 'Kavenegar']),
		read: 'Kavenegar',
		body: { phone: phone(908) },
		judge: (runs) => {
			const { v1, v2 } = runs;
			const title = /^Sender Line 999999: invalid sender line/;
			return [
				...ENGINES.flatMap((engine) => [
					...(runs[engine].status === 'error' ? [] : [`${engine}: execution ${runs[engine].id} ended ${runs[engine].status}, not error`]),
					...(title.test(runs[engine].error?.message ?? '') ? [] : [`${engine}: the message is ${JSON.stringify(runs[engine].error?.message)}`]),
					...(requestCount(runs[engine]) === 1 ? [] : [`${engine}: the fake got ${operations(runs[engine])}, not one sms/send`]),
				]),
				...(v2.error?.message.includes(HINT) ? [] : [`v2: the message lacks "${HINT}": ${JSON.stringify(v2.error?.message)}`]),
				...(!v1.error?.message.includes(HINT) && v1.error?.description?.includes(HINT) ? [] : [`v1: the hint is not the description alone: ${JSON.stringify(v1.error)}`]),
			];
		},
	},
];

/**
 * @param {Case} testCase
 * @param {Engine} engine
 */
const workflowId = (testCase, engine) => `kvnE2L${testCase.key}${engine}`.slice(0, 36);
/**
 * @param {Case} testCase
 * @param {Engine} engine
 */
const webhookPath = (testCase, engine) => `engine2-live-${testCase.key}-${engine}`;

/**
 * @param {string} id
 * @param {string} name
 * @param {Engine} engine
 * @param {object[]} nodes
 * @param {Record<string, unknown>} connections
 */
function workflowOf(id, name, engine, nodes, connections) {
	return { id, name, active: false, settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all', engineType: engine }, nodes, connections };
}

/**
 * @param {Case} testCase
 * @param {Engine} engine
 */
function caseWorkflow(testCase, engine) {
	const webhook = {
		id: crypto.randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: crypto.randomUUID(),
		parameters: { httpMethod: 'POST', path: webhookPath(testCase, engine), responseMode: 'onReceived', options: {} },
	};
	return workflowOf(workflowId(testCase, engine), `Engine 2.0 check: ${testCase.title} (${engine})`, engine, [webhook, ...testCase.nodes(engine)], testCase.connections);
}

/**
 * The polling trigger on the poll fake of its engine, then a No Operation node whose items are read.
 * @param {Engine} engine
 */
function pollWorkflow(engine) {
	return workflowOf(
		`kvnE2LPoll${engine}`,
		`Engine 2.0 check: Kavenegar Trigger, new incoming message (${engine})`,
		engine,
		[
			{
				id: crypto.randomUUID(),
				name: 'Kavenegar Trigger',
				type: 'n8n-nodes-kavenegar.kavenegarTrigger',
				typeVersion: 1,
				position: [0, 0],
				credentials: { kavenegarApi: POLL_CREDENTIALS[engine] },
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'newIncomingMessage', lineNumber: POLL_LINE },
			},
			plainNode('Received', 'n8n-nodes-base.noOp', 1, {}, 1),
		],
		chain(['Kavenegar Trigger', 'Received']),
	);
}

/**
 * Every execution of a workflow once none is open, with `nodeName`'s items and the error; waits
 * until there are `count`.
 * @param {RestClient} api
 * @param {string} id
 * @param {number} count
 * @param {string} nodeName
 * @returns {Promise<Omit<Run, 'requests'>[]>}
 */
async function settledExecutions(api, id, count, nodeName, timeoutMs = SETTLE_TIMEOUT_MS) {
	const deadline = Date.now() + timeoutMs;
	/** @type {any[]} */
	let summaries = [];
	for (;;) {
		summaries = await api.executions({ workflowId: id });
		if (summaries.length >= count && summaries.every((summary) => !OPEN_STATUSES.includes(summary.status))) break;
		if (Date.now() > deadline) {
			throw new Error(`workflow ${id}: ${summaries.length} execution(s) (${summaries.map((summary) => `${summary.id} ${summary.status}`).join(', ') || 'none'}) after ${timeoutMs / 1000}s, not ${count} settled`);
		}
		await sleep(500);
	}
	const runs = [];
	// Oldest first, by ID: the classic engine's count up, Engine 2.0's UUID v7 begin with their time.
	const byId = (/** @type {any} */ a, /** @type {any} */ b) => (/^\d+$/.test(a.id) && /^\d+$/.test(b.id) ? Number(a.id) - Number(b.id) : String(a.id).localeCompare(String(b.id)));
	for (const summary of [...summaries].sort(byId)) {
		const execution = await api.execution(summary.id);
		const text = typeof execution.data === 'string' ? execution.data : JSON.stringify(execution.data);
		/** @type {any} */
		const data = typeof execution.data === 'string' ? flatted().parse(execution.data) : execution.data;
		/** @type {any[]} */
		const tasks = data?.resultData?.runData?.[nodeName] ?? [];
		const items = tasks.flatMap((task) => (task.data?.main?.[0] ?? []).map((/** @type {{ json: Record<string, any> }} */ item) => item.json));
		const nodeErrors = Object.values(data?.resultData?.runData ?? {})
			.flat()
			.map((/** @type {any} */ task) => task?.error?.message)
			.filter(Boolean);
		const error = data?.resultData?.error;
		runs.push({
			id: String(summary.id),
			status: String(execution.status ?? summary.status),
			items,
			error: error ? { message: String(error.message ?? nodeErrors[0] ?? ''), description: error.description ?? undefined } : undefined,
			nodeErrors,
			text,
		});
	}
	return runs;
}

/**
 * @param {Engine} engine
 * @param {string} id
 */
function idProblem(engine, id) {
	if (engine === 'v2') return UUID_V7.test(id) ? undefined : `the v2 execution's ID ${id} is not a UUID v7`;
	return /^\d+$/.test(id) ? undefined : `the v1 execution's ID ${id} is not a number`;
}

/**
 * Calls a case's two webhooks in turn and judges the two executions.
 * @param {RestClient} api
 * @param {string} base
 * @param {Case} testCase
 * @param {Record<Engine, Fake>} fakes
 * @param {string[]} problems
 * @param {string[]} lines
 */
async function runCase(api, base, testCase, fakes, problems, lines) {
	const began = Date.now();
	/** @type {Partial<Record<Engine, Run>>} */
	const runs = {};
	for (const engine of ENGINES) {
		const from = fakes[engine].requests.length;
		const url = `${base}/webhook/${webhookPath(testCase, engine)}`;
		// n8n 2.41 publishes through an outbox: the webhook is served a moment after activate answers.
		await webhookRegistered(url);
		const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(testCase.body), signal: AbortSignal.timeout(60_000) });
		const answer = await response.text();
		if (response.status !== 200) {
			problems.push(`${testCase.title} (${engine}): the webhook answered HTTP ${response.status} ${answer.slice(0, 300)}`);
			continue;
		}
		const [run, ...more] = await settledExecutions(api, workflowId(testCase, engine), 1, testCase.read);
		if (more.length > 0) problems.push(`${testCase.title} (${engine}): one call made ${more.length + 1} executions`);
		const wrongId = idProblem(engine, run.id);
		if (wrongId) problems.push(`${testCase.title}: ${wrongId}`);
		runs[engine] = { ...run, requests: fakes[engine].requests.slice(from) };
	}
	if (!runs.v1 || !runs.v2) return;
	const found = testCase.judge(/** @type {Record<Engine, Run>} */ (runs));
	log(`${testCase.title}: ${found.length === 0 ? 'ok' : `${found.length} problem(s)`} (${seconds(began)})`);
	for (const problem of found) problems.push(`${testCase.title}: ${problem}`);
	const shown = (/** @type {Run} */ run) => `${run.status}, ${run.items.length} item(s), ${requestCount(run)} request(s)${run.status === 'error' ? `: ${(run.error?.message ?? '').slice(0, 70)}…` : ''}`;
	lines.push(`  ${found.length === 0 ? 'ok  ' : 'FAIL'} ${testCase.title.padEnd(46)} v1 ${shown(runs.v1)} | v2 ${shown(runs.v2)} (${seconds(began)})`);
}

/**
 * Both engines' Kavenegar Webhook Trigger workflows: a call of each event to each, one execution per
 * call with the same items (the Delivery Report fetching the message's row from its fake).
 * @param {RestClient} api
 * @param {string} base
 * @param {Record<Engine, { hooks: import('./lib/webhookTrigger').Hook[], id: string }>} webhookTriggers
 * @param {Record<Engine, Fake>} fakes
 * @param {string[]} problems
 * @param {string[]} lines
 */
async function runWebhookTrigger(api, base, webhookTriggers, fakes, problems, lines) {
	const began = Date.now();
	/** @type {Partial<Record<Engine, Record<string, any>[]>>} */
	const itemsByEngine = {};
	/** @type {Partial<Record<Engine, string[]>>} */
	const idsByEngine = {};
	for (const engine of ENGINES) {
		const { hooks: engineHooks, id } = webhookTriggers[engine];
		for (const hook of engineHooks) await hooks.hookServed(base, hook);
		// The same message in both fakes: the same row for Fetch Message Details.
		const sent = fakes[engine].recordSend({ receptor: phone(950), message: 'Order 1205 is ready' });
		fakes[engine].setMessageStatus(sent.messageid, 10);
		/** @type {{ hook: import('./lib/webhookTrigger').Hook | undefined, fields: Record<string, string | number> }[]} */
		const calls = [
			{ hook: engineHooks.find((hook) => hook.event === 'incomingMessage'), fields: { messageid: 700_001, from: '09123456789', to: LINE, message: 'بله YES' } },
			{ hook: engineHooks.find((hook) => hook.event === 'deliveryReport'), fields: { messageid: sent.messageid, status: 10 } },
		];
		const executions = [];
		for (const [index, call] of calls.entries()) {
			if (!call.hook) throw new Error('a hook is missing');
			const answer = await hooks.callHook(hooks.hookUrl(base, call.hook), 'POST form', call.fields);
			if (answer.status !== 200 || answer.body?.received !== true) problems.push(`Webhook Trigger ${call.hook.event} (${engine}): answered ${answer.status ?? answer.error} ${JSON.stringify(answer.body)}, not 200 {"received":true}`);
			// Each call must make one execution more: read after each, so that a second one shows.
			const runs = await settledExecutions(api, id, index + 1, `${call.hook.nodeName} received`);
			if (runs.length !== index + 1) problems.push(`Webhook Trigger (${engine}): ${runs.length} executions after ${index + 1} call(s)`);
			executions.push(runs[index]);
		}
		for (const run of executions) {
			if (!run) continue;
			if (run.status !== 'success') problems.push(`Webhook Trigger (${engine}): execution ${run.id} ended ${run.status}: ${run.error?.message ?? ''}`);
			if (run.items.length !== 1) problems.push(`Webhook Trigger (${engine}): execution ${run.id} holds ${run.items.length} items, not 1`);
			const wrongId = idProblem(engine, run.id);
			if (wrongId) problems.push(`Webhook Trigger: ${wrongId}`);
		}
		itemsByEngine[engine] = executions.flatMap((run) => run?.items ?? []);
		idsByEngine[engine] = executions.map((run) => run?.id ?? '-');
	}
	// Fetch Message Details (docs/webhook-trigger.md) on v1: the message's row beside the report; v2 has it off.
	const details = itemsByEngine.v1?.[1]?.details;
	if (details?.message !== 'Order 1205 is ready') problems.push(`Webhook Trigger (v1): the delivery report's item has details ${JSON.stringify(details)}, not the message's row (Fetch Message Details is on)`);
	const withoutDetails = (/** @type {Engine} */ engine) => (itemsByEngine[engine] ?? []).map(({ details: _details, ...item }) => item);
	const [a, b] = ENGINES.map((engine) => JSON.stringify(normalised(withoutDetails(engine))));
	if (a !== b) problems.push(`Webhook Trigger: items differ: ${firstDifference(a, b)}`);
	lines.push(`  ${a === b ? 'ok  ' : 'FAIL'} ${'Webhook Trigger, both events'.padEnd(46)} v1 executions ${idsByEngine.v1?.join(', ')} | v2 ${idsByEngine.v2?.join(', ')} (${seconds(began)})`);
}

/**
 * The polling trigger: two batches of incoming messages, each emitted by one poll, on both engines.
 * @param {RestClient} api
 * @param {Record<Engine, Fake>} pollFakes
 * @param {string[]} problems
 * @param {string[]} lines
 * @param {number} began when the first batch was seeded
 */
async function judgePolls(api, pollFakes, problems, lines, began) {
	/** @type {Record<Engine, Omit<Run, 'requests'>[]>} */
	const runs = { v1: [], v2: [] };
	for (const batch of [1, 2]) {
		if (batch === 2) seedBatch(pollFakes, 2);
		for (const engine of ENGINES) runs[engine] = await settledExecutions(api, pollWorkflow(engine).id, batch, 'Received', POLL_WAIT_MS);
	}
	for (const engine of ENGINES) {
		const batches = runs[engine].map((run) => run.items.map((item) => String(item.message).replace(/, message \d+$/, '')));
		const wanted = JSON.stringify([['Batch 1', 'Batch 1', 'Batch 1'], ['Batch 2', 'Batch 2', 'Batch 2']]);
		if (JSON.stringify(batches) !== wanted) problems.push(`Kavenegar Trigger (${engine}): the executions emitted ${JSON.stringify(batches)}, not each batch of 3 in one execution`);
		for (const run of runs[engine]) {
			if (run.status !== 'success') problems.push(`Kavenegar Trigger (${engine}): execution ${run.id} ended ${run.status}: ${run.error?.message ?? ''}`);
			const wrongId = idProblem(engine, run.id);
			if (wrongId) problems.push(`Kavenegar Trigger: ${wrongId}`);
		}
	}
	const [a, b] = ENGINES.map((engine) => JSON.stringify(normalised(runs[engine].map((run) => run.items))));
	if (a !== b) problems.push(`Kavenegar Trigger: items differ: ${firstDifference(a, b)}`);
	lines.push(`  ${a === b ? 'ok  ' : 'FAIL'} ${'Kavenegar Trigger, two polls with messages'.padEnd(46)} v1 executions ${runs.v1.map((run) => run.id).join(', ')} | v2 ${runs.v2.map((run) => run.id).join(', ')} (${seconds(began)})`);
}

/**
 * Three incoming messages on the polling trigger's line of each engine's fake, alike.
 * @param {Record<Engine, Fake>} pollFakes
 * @param {number} batch
 */
function seedBatch(pollFakes, batch) {
	for (const engine of ENGINES) {
		pollFakes[engine].seedInbox(Array.from({ length: 3 }, (_, index) => ({ sender: `0935${String(batch * 10 + index).padStart(7, '0')}`, receptor: POLL_LINE, message: `Batch ${batch}, message ${index + 1}` })));
	}
}

/**
 * Files under dir, recursively.
 * @param {string} dir
 * @returns {string[]}
 */
function filesUnder(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) return filesUnder(file);
		return entry.isFile() ? [file] : [];
	});
}

/**
 * @param {import('./lib/liveProof').ProofFolders} folders
 * @returns {Promise<string[]>}
 */
async function main({ workDir, userFolder, logDir }) {
	/** @type {string[]} */
	const problems = [];
	/** @type {string[]} */
	const lines = [];
	/** @type {[string, string][]} */
	const times = [];
	let phase = Date.now();
	const mark = (/** @type {string} */ name) => {
		times.push([name, seconds(phase)]);
		phase = Date.now();
	};
	await ensurePackages(logDir, { redis: false });
	const postgres = await startPostgres(workDir, logDir);
	/** @type {Fake[]} */
	const allFakes = [];
	let n8n;
	try {
		// The engine's tables in a database of their own, to read them apart from n8n's.
		const created = await postgres.psql('create database engine');
		if (failed(created)) throw new Error(describeFailure('create database engine', created));
		const engineDatabaseUrl = `postgres://${postgres.user}:loopback-trust@127.0.0.1:${postgres.port}/engine`;

		/** @type {Record<Engine, Fake>} */
		const fakes = /** @type {any} */ ({});
		/** @type {Record<Engine, Fake>} */
		const pollFakes = /** @type {any} */ ({});
		for (const engine of ENGINES) {
			fakes[engine] = await startFakeKavenegar({ apiKey: API_KEY });
			fakes[engine].addApprovedTemplate('otp', 'Code %token');
			fakes[engine].seedInbox(Array.from({ length: INBOX_MESSAGES }, (_, index) => ({ sender: phone(index), receptor: LINE, message: `Message ${index + 1} of ${INBOX_MESSAGES}` })));
			pollFakes[engine] = await startFakeKavenegar({ apiKey: API_KEY });
			allFakes.push(fakes[engine], pollFakes[engine]);
		}
		/** @type {Record<Engine, { hooks: import('./lib/webhookTrigger').Hook[], id: string }>} */
		const webhookTriggers = /** @type {any} */ ({});
		const triggerWorkflows = [];
		/** @type {ReturnType<typeof hooks.hookCredentials>} */
		const hookCredentials = [];
		for (const engine of ENGINES) {
			const engineHooks = hooks.hooksFor(['incomingMessage', 'deliveryReport']);
			const id = `kvnE2LHooks${engine}`;
			// Engine 2.0 runs no trigger's execute, where the details are read: there the node refuses
			// Fetch Message Details at publishing (REFUSED_DETAILS), and this one goes without it.
			const workflow = hooks.webhookWorkflow({ id, name: `Engine 2.0 check: Kavenegar Webhook Trigger (${engine})`, hooks: engineHooks, fetchDetails: engine === 'v1' });
			// n8n 2.41 keeps a published trigger's node ID in a varchar(36), which PostgreSQL holds to
			// (SQLite does not): the shared workflow's longer IDs are given UUIDs here.
			const nodes = workflow.nodes.map((node) => ({ ...node, id: crypto.randomUUID() }));
			triggerWorkflows.push({ ...workflow, nodes, settings: { ...workflow.settings, engineType: engine } }, pollWorkflow(engine));
			hookCredentials.push(...hooks.hookCredentials(engineHooks, { apiKey: API_KEY, baseUrl: /** @type {string} */ (fakes[engine].url) }));
			webhookTriggers[engine] = { hooks: engineHooks, id };
		}
		const refusedHooks = hooks.hooksFor(['deliveryReport']);
		const refusedWorkflow = hooks.webhookWorkflow({ id: REFUSED_DETAILS.id, name: 'Engine 2.0 check: Fetch Message Details on Engine 2.0', hooks: refusedHooks, fetchDetails: true });
		triggerWorkflows.push({ ...refusedWorkflow, nodes: refusedWorkflow.nodes.map((node) => ({ ...node, id: crypto.randomUUID() })), settings: { ...refusedWorkflow.settings, engineType: 'v2' } });
		hookCredentials.push(...hooks.hookCredentials(refusedHooks, { apiKey: API_KEY, baseUrl: /** @type {string} */ (fakes.v2.url) }));
		const workflows = [...CASES.flatMap((testCase) => ENGINES.map((engine) => caseWorkflow(testCase, engine))), ...triggerWorkflows];
		const cli = { userFolder, logDir, workDir, env: postgres.n8nEnv };
		await importCredentials(
			[
				...ENGINES.map((engine) => ({ ...CREDENTIALS[engine], type: 'kavenegarApi', data: { apiKey: API_KEY, baseUrl: fakes[engine].url } })),
				...ENGINES.map((engine) => ({ ...POLL_CREDENTIALS[engine], type: 'kavenegarApi', data: { apiKey: API_KEY, baseUrl: pollFakes[engine].url } })),
				...hookCredentials,
			],
			cli,
		);
		await importWorkflows(workflows, cli);
		mark('PostgreSQL started, workflows imported');

		const enginePort = await freePort();
		const controlPlanePort = await freePort();
		n8n = await startN8n({
			role: 'main',
			userFolder,
			logDir,
			env: {
				...postgres.n8nEnv,
				N8N_ENABLED_MODULES: 'engine-v2',
				N8N_ENGINE_DATABASE_URL: engineDatabaseUrl,
				N8N_ENGINE_HOST: '127.0.0.1',
				N8N_ENGINE_PORT: String(enginePort),
				N8N_ENGINE_CONTROL_PLANE_HOST: '127.0.0.1',
				N8N_ENGINE_CONTROL_PLANE_PORT: String(controlPlanePort),
			},
		});
		const expected = `Engine 2.0 listening on http://127.0.0.1:${enginePort}`;
		const listening = await n8n.waitForLine(/Engine 2\.0 listening on /, 30_000).catch(() => undefined);
		if (!(listening?.entry?.message ?? listening?.text ?? '').includes(expected)) problems.push(`n8n's log does not say "${expected}"`);
		const api = n8n.rest();
		await api.setupOwner();
		mark('n8n started with Engine 2.0');

		// The settings as n8n keeps them: import must not drop engineType.
		for (const workflow of workflows) {
			const stored = await api.workflow(workflow.id);
			if (stored.settings?.engineType !== workflow.settings.engineType) problems.push(`workflow ${workflow.id}: n8n holds engineType ${JSON.stringify(stored.settings?.engineType)}, not ${workflow.settings.engineType}`);
		}
		// The polling workflows first: their activation remembers the inbox as it is, and the first
		// batch then waits for the minute's poll while the cases run.
		for (const engine of ENGINES) await api.activate(pollWorkflow(engine).id);
		// n8n 2.41 publishes through an outbox: the activation's poll, which remembers the inbox as it
		// is, comes a moment after activate answers. A message that came before it would be remembered.
		for (const engine of ENGINES) {
			const deadline = Date.now() + 60_000;
			while (pollFakes[engine].requests.length === 0) {
				if (Date.now() > deadline) throw new Error(`the ${engine} Kavenegar Trigger's activation read no inbox within 60 s`);
				await sleep(200);
			}
		}
		await sleep(2000);
		const pollsBegan = Date.now();
		seedBatch(pollFakes, 1);
		for (const workflow of workflows) if (!workflow.id.startsWith('kvnE2LPoll') && workflow.id !== REFUSED_DETAILS.id) await api.activate(workflow.id);
		// n8n 2.41 publishes through an outbox: activate answers first, and the trigger's refusal
		// comes after, in n8n's log (and the outbox row it marks failed).
		await api.activate(REFUSED_DETAILS.id);
		const refused = await n8n.waitForLine(new RegExp(REFUSED_DETAILS.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 60_000).then(() => true, () => false);
		if (!refused) problems.push(`a v2 Webhook Trigger with Fetch Message Details on: n8n's log holds no refusal saying "${REFUSED_DETAILS.message}" within 60 s of publishing`);
		lines.push(`  ${refused ? 'ok  ' : 'FAIL'} ${'Fetch Message Details on v2: refused'.padEnd(46)} at publishing, with the classic-engine message`);
		const base = /** @type {string} */ (n8n.url);
		mark('workflows published');

		for (const testCase of CASES) {
			try {
				await runCase(api, base, testCase, fakes, problems, lines);
			} catch (error) {
				problems.push(`${testCase.title}: ${error instanceof Error ? error.message : String(error)}`);
				lines.push(`  FAIL ${testCase.title}`);
			}
		}
		mark('cases');
		try {
			await runWebhookTrigger(api, base, webhookTriggers, fakes, problems, lines);
		} catch (error) {
			problems.push(`Webhook Trigger: ${error instanceof Error ? error.message : String(error)}`);
		}
		mark('Webhook Trigger');
		try {
			await judgePolls(api, pollFakes, problems, lines, pollsBegan);
		} catch (error) {
			problems.push(`Kavenegar Trigger: ${error instanceof Error ? error.message : String(error)}`);
		}
		mark('Kavenegar Trigger polls');
	} finally {
		if (n8n) await n8n.stop();
		for (const fake of allFakes) await fake.close();
	}

	// ------------------------------------------------------------ the API key
	const n8nDump = await postgres.dump(path.join(logDir, 'postgres-n8n-dump.sql'));
	const engineDump = await postgres.dump(path.join(logDir, 'postgres-engine-dump.sql'), 'engine');
	await postgres.stop();
	if (!/execution/i.test(engineDump)) problems.push("the engine's database dump holds no execution: the search there proves nothing");
	if (!n8nDump.includes('execution_entity')) problems.push("n8n's database dump holds no execution_entity table");
	const searched = [...filesUnder(logDir), ...filesUnder(userFolder).filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`))];
	for (const found of hooks.filesHolding(searched, [{ label: 'the API key', value: API_KEY }])) problems.push(found);
	mark('API key searched');

	console.log('');
	console.log(`Engine 2.0 beside the classic engine in n8n ${N8N_VERSION} (n8n start, PostgreSQL, N8N_ENABLED_MODULES=engine-v2):`);
	for (const line of lines) console.log(line);
	console.log(`  secrecy   the API key searched in ${searched.length} files: both databases (pg_dump), PostgreSQL's statement log, n8n's and the commands' logs, n8n's user folder`);
	console.log(`  times     ${times.map(([name, took]) => `${name} ${took}`).join('; ')}`);
	return problems;
}

module.exports = { CASES };

if (require.main === module) {
	log(`Engine 2.0 live check in n8n ${N8N_VERSION}`);
	runLiveProof('Engine 2.0 live check', { prefix: 'kavenegar-engine2-live-', keep: KEEP, main });
}
