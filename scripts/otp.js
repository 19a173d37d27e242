#!/usr/bin/env node
'use strict';
/*
 * npm run test:otp: one-time codes end to end in a running n8n (`n8n start`, n8n 2.8.4 by default;
 * with npm run test:live it runs on the line's one n8n, 2.41.1 too; npm run test:queue runs the same
 * calls in queue mode on PostgreSQL). The two examples, examples/otp-request-code.json and
 * examples/otp-check-code.json, are published as they are, with n8n's own Data tables and a Header
 * Auth credential on both Webhooks, and called over HTTP on loopback as the app's server, or a
 * stranger, would; the fake Kavenegar in this process plays the phone (the code is read from what it
 * received). Every answer that is not a code sent or a right code must be an error status with a
 * JSON `reason`:
 *
 *   fresh      the first calls, 5 requests and 5 checks at once with no Data table yet: each its true answer
 *   auth       calls without the server's key, or with a wrong one: refused by n8n, nothing run, nothing sent
 *   peak       100 different people at once (10 carrier IPs, half of them returning users): all get a
 *              code, then all log in at once; the slowest answer of each printed
 *   right      a wrong guess (401, 2 attempts left), the right code typed in Persian digits with a
 *              dash (200), the same code again (410), a second code inside the 60 s wait from the same
 *              session (429 too_soon with retryAfter) and from another (429 number_limit, no timing)
 *   stranger   guesses with made-up checkIds at a number while its owner logs in (the owner gets in,
 *              nothing counted), and at numbers with no code, a live, a used and an expired code: one
 *              status, one body
 *   guesses    codes and checkIds that are no such thing: 400 with no attempt used; then 50 guesses
 *              (49 at once): exactly 3 checked (401), the rest 429, and the right code after them 429
 *   limits     a burst of 20 requests for one number from 20 askers (one SMS), one session asking for
 *              20 numbers at once (5 SMS), an IP and a number prefix past their hour (429 with nothing sent)
 *   call       a voice code (200), then an SMS code for the same number inside the wait (429)
 *   refusals   bad phones, a number abroad, an unknown channel, no asker, a bad IP, an array body, 1 MB:
 *              400, nothing sent
 *   failures   Kavenegar refusing (502, the place given back), Kavenegar's answer lost after the send
 *              (502, still counted), Check Code failing on a row it cannot read (500), the codes table
 *              deleted (the next request sets it up again)
 *   cap        sign-ups fill the hourly cap: the next new numbers 429 with nothing sent, a returning one
 *              gets its code; the owner is told once (one row in the alerts table)
 *
 * Once n8n is stopped (SQLite), the codes sent, the API key and the server's key are searched for in
 * every stored execution of the request workflow (the examples save only failed ones) and in n8n's
 * logs.
 *
 * Environment: as scripts/e2e.js (E2E_N8N_VERSION, E2E_CACHE_DIR, E2E_SKIP_BUILD), OTP_KEEP=1 keeps the
 * work folder when run alone.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { N8N_VERSION, ROOT, readJson } = require('./lib/n8nInstall');
const { runLiveProof, runOnOneN8n } = require('./lib/liveProof');
const { log, seconds } = require('./lib/processes');
const { executionsInSqlite, filesHolding, sqliteRows } = require('./lib/webhookTrigger');
const { webhookRegistered } = require('./e2e');
const { startFakeKavenegar } = require('../test/fakeKavenegar');

const API_KEY = `live-otp-${crypto.randomBytes(12).toString('hex')}`;
const SERVER_KEY = `otp-server-${crypto.randomBytes(16).toString('hex')}`;
const SERVER_HEADER = 'X-Otp-Key';
/**
 * What must appear in no execution and no log. The server's key is a header of the request n8n's
 * Webhook node outputs, so it is in an execution while it runs (`whileRunning`).
 */
const OTP_SECRETS = [
	{ label: 'the API key', value: API_KEY, whileRunning: false },
	{ label: "the server's key", value: SERVER_KEY, whileRunning: true },
];
const CREDENTIAL = { id: 'kvnOtpCredential01', name: 'Kavenegar (one-time code check fake)', type: 'kavenegarApi' };
const HEADER_CREDENTIAL = { id: 'kvnOtpServerKey001', name: 'Your server (one-time code check)', type: 'httpHeaderAuth' };
const TEMPLATE = 'shopLogin';
const CODES_TABLE = 'kavenegar_otp_codes';
const LOGINS_TABLE = 'kavenegar_otp_logins';
const ALERTS_TABLE = 'kavenegar_otp_alerts';
const GUESSES = 50;
const BURST = 20;
const PEAK = 100;
const PEAK_IPS = 10;
/** The examples' Settings and Code Length, as they are imported. */
const CODE_LENGTH = 6;
const MAX_CHECKS = 3;
const SECONDS_BETWEEN_CODES = 60;
const PER_SESSION = 5;
const SIGN_UPS_PER_IP = 20;
const PER_PREFIX = 10;
const PREFIX_DIGITS = 8;
const SIGN_UPS_PER_HOUR = 100;
const WORKFLOWS = {
	request: { file: 'otp-request-code.json', id: 'kvnOtpRequestFlow1' },
	check: { file: 'otp-check-code.json', id: 'kvnOtpCheckFlow001' },
};

/** @typedef {import('../test/fakeKavenegar').FakeKavenegar} Fake */
/** @typedef {{ status: number, body: any, ms: number }} Answer */
/** @typedef {{ ip?: string, session?: string }} Asker */

/**
 * An example as imported: a fixed id, our Kavenegar credential and the server's Header Auth.
 * @param {{ file: string, id: string }} example
 */
function workflowOf({ file, id }) {
	const workflow = readJson(path.join(ROOT, 'examples', file));
	for (const node of workflow.nodes) {
		if (String(node.type).startsWith('n8n-nodes-kavenegar.')) node.credentials = { kavenegarApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
		if (node.type === 'n8n-nodes-base.webhook') {
			if (node.parameters.authentication !== 'headerAuth') throw new Error(`${file}: the Webhook must require Header Auth, not ${node.parameters.authentication ?? 'none'}`);
			node.credentials = { httpHeaderAuth: { id: HEADER_CREDENTIAL.id, name: HEADER_CREDENTIAL.name } };
		}
	}
	return { ...workflow, id, active: false };
}

/** @param {{ nodes: { type: string, parameters: { path?: string } }[] }} workflow */
function webhookPath(workflow) {
	const hook = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
	if (!hook?.parameters.path) throw new Error('the example has no Webhook path');
	return hook.parameters.path;
}

/** @param {string} code */
const persian = (code) => code.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));
/** The session as the request example keeps it: hashed, never as the app sent it. @param {string} session */
const sessionHash = (session) => crypto.createHash('sha256').update(session).digest('hex');
const madeUpCheckId = () => crypto.randomBytes(16).toString('hex');

/**
 * @param {import('./lib/liveProof').ProofFolders} folders
 * @returns {Promise<import('./lib/liveProof').Stage>}
 */
async function prepare({ workDir, userFolder, logDir }) {
	const { credentials, workflows, calls } = await otpStage();
	return {
		credentials,
		workflows,
		publish: workflows.map((workflow) => workflow.id),
		problems: calls.problems,
		run: (running) => callFlows(running, calls),
		finish: () => searchAndReport({ workDir, userFolder, logDir, ...calls }),
	};
}

/**
 * What the check imports and calls with, on whatever n8n runs it (one `n8n start`, or queue mode).
 * @returns {Promise<{ fake: Fake, credentials: { id: string, name: string, type: string, data: Record<string, unknown> }[], workflows: any[], calls: Calls }>}
 */
async function otpStage() {
	const fake = await startFakeKavenegar({ apiKey: API_KEY });
	fake.addApprovedTemplate(TEMPLATE, 'Your Shop login code: %token');
	const request = workflowOf(WORKFLOWS.request);
	const check = workflowOf(WORKFLOWS.check);
	const cleanup = nightlyCleanupNow(request);
	return {
		fake,
		credentials: [
			{ ...CREDENTIAL, data: { apiKey: API_KEY, baseUrl: fake.url } },
			{ ...HEADER_CREDENTIAL, data: { name: SERVER_HEADER, value: SERVER_KEY } },
		],
		workflows: [request, check, cleanup],
		calls: { fake, problems: [], lines: [], paths: { request: webhookPath(request), check: webhookPath(check), cleanup: webhookPath(cleanup) } },
	};
}
/** @typedef {{ fake: Fake, problems: string[], lines: string[], paths: { request: string, check: string, cleanup: string } }} Calls */

/**
 * The request example's nightly branch as it is, its schedule replaced by a Webhook that runs it now,
 * and logins kept 0 days, so that one call shows what each of its deletes takes.
 * @param {any} request the request example as imported
 */
function nightlyCleanupNow(request) {
	const branch = ['Settings', 'Forget codes of yesterday', 'Forget old alerts', 'Forget old logins'];
	const nodes = structuredClone(request.nodes.filter((/** @type {{ name: string }} */ node) => branch.includes(node.name)));
	for (const assignment of nodes.find((/** @type {{ name: string }} */ node) => node.name === 'Settings').parameters.assignments.assignments) if (assignment.name === 'returningUserDays') assignment.value = 0;
	nodes.push({ parameters: { httpMethod: 'POST', path: 'kavenegar-otp-cleanup-check', responseMode: 'lastNode', options: {} }, id: crypto.randomUUID(), name: 'Now', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 700], webhookId: crypto.randomUUID() });
	const connections = { Now: { main: [[{ node: 'Forget codes of yesterday', type: 'main', index: 0 }]] }, ...Object.fromEntries(branch.slice(1, -1).map((name) => [name, request.connections[name]])) };
	return { name: `${request.name} (nightly cleanup, now)`, nodes, connections, settings: request.settings, id: 'kvnOtpCleanupNow01', active: false };
}

/**
 * @param {Pick<import('./lib/liveProof').Running, 'api' | 'base'>} running
 * @param {Calls} calls
 */
async function callFlows({ api, base }, { fake, problems, lines, paths }) {
	const began = Date.now();
	const url = { request: `${base}/webhook/${paths.request}`, check: `${base}/webhook/${paths.check}`, cleanup: `${base}/webhook/${paths.cleanup}` };
	for (const hook of Object.values(url)) await webhookRegistered(hook);
	const tables = dataTables(api);

	/**
	 * @param {'request' | 'check' | 'cleanup'} flow
	 * @param {unknown} body
	 * @param {Record<string, string>} [headers] the server's key unless given
	 * @returns {Promise<Answer>}
	 */
	const post = async (flow, body, headers = { [SERVER_HEADER]: SERVER_KEY }) => {
		const sent = Date.now();
		const response = await fetch(url[flow], { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body), signal: AbortSignal.timeout(120_000) });
		const text = await response.text();
		const ms = Date.now() - sent;
		try {
			return { status: response.status, body: JSON.parse(text), ms };
		} catch {
			return { status: response.status, body: text, ms };
		}
	};
	/**
	 * Every answer that is not 200 must be an error status with a JSON `reason`; only a right code or a sent one is 200.
	 * @param {string} what
	 * @param {Answer} answer
	 * @param {number} status
	 * @param {Record<string, unknown>} body
	 */
	const expectAnswer = (what, answer, status, body) => {
		const wrong = Object.entries(body).filter(([key, value]) => JSON.stringify(answer.body?.[key]) !== JSON.stringify(value));
		if (answer.status !== status || wrong.length > 0) problems.push(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}, not ${status} with ${JSON.stringify(body)}`);
		if (answer.status !== 200 && (answer.status < 400 || typeof answer.body?.reason !== 'string')) problems.push(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)} is not an error status with a reason`);
	};
	/** A refusal that must say no more than its reason: `retryAfter` only where it is about the asker. */
	const expectNoTiming = (/** @type {string} */ what, /** @type {Answer} */ answer) => {
		if (answer.body && typeof answer.body === 'object' && 'retryAfter' in answer.body) problems.push(`${what}: said retryAfter ${answer.body.retryAfter}, which tells when the number last got a code`);
	};
	/** @param {string} receptor */
	const lookupsTo = (receptor, from = 0) => fake.requests.slice(from).filter((request) => request.operation === 'verify/lookup' && request.form?.receptor === receptor);
	let askers = 0;
	/** A person of their own: a session and an IP nobody else in the check has. @returns {Asker} */
	const someone = () => {
		askers += 1;
		return { ip: `172.16.${Math.floor(askers / 250)}.${(askers % 250) + 1}`, session: `session-${askers}-${crypto.randomBytes(6).toString('hex')}` };
	};
	/**
	 * Requests a code and reads it off the fake, as the person reads it off the phone.
	 * @param {string} phone as typed
	 * @param {string} receptor as Kavenegar gets it
	 * @param {Asker} asker
	 * @returns {Promise<{ code: string, checkId: string, answer: Answer }>}
	 */
	const requestCode = async (phone, receptor, asker, extra = {}) => {
		const from = fake.requests.length;
		const answer = await post('request', { phone, ...asker, ...extra });
		expectAnswer(`code for ${phone}`, answer, 200, { sent: true, retryAfter: SECONDS_BETWEEN_CODES });
		if (typeof answer.body?.expiresAt !== 'string' || Number.isNaN(Date.parse(answer.body.expiresAt))) problems.push(`code for ${phone}: no expiresAt in ${JSON.stringify(answer.body)}`);
		if (!/^[0-9a-f]{32}$/.test(String(answer.body?.checkId))) problems.push(`code for ${phone}: no checkId of 32 hexadecimal digits in ${JSON.stringify(answer.body)}`);
		const sent = lookupsTo(receptor, from);
		if (sent.length !== 1 || !new RegExp(`^\\d{${CODE_LENGTH}}$`).test(String(sent[0].form?.token))) {
			throw new Error(`code for ${phone}: the fake got ${JSON.stringify(sent.map((request) => request.form))}, not one ${CODE_LENGTH}-digit code to ${receptor}`);
		}
		return { code: String(sent[0].form?.token), checkId: String(answer.body?.checkId), answer };
	};
	/** @param {string} phone @param {string} checkId @param {unknown} code */
	const check = (phone, checkId, code) => post('check', { phone, checkId, code });
	/** @param {Answer[]} answers */
	const statuses = (answers) => {
		/** @type {Record<string, number>} */
		const byStatus = {};
		for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
		return byStatus;
	};
	/** @param {string} code */
	const wrongCode = (code, offset = 1) => String((Number(code) + offset) % 10 ** CODE_LENGTH).padStart(CODE_LENGTH, '0');
	const slowest = (/** @type {Answer[]} */ answers) => `${(Math.max(...answers.map((answer) => answer.ms)) / 1000).toFixed(1)} s`;
	const UNKNOWN = { status: 404, body: { valid: false, reason: 'unknown_check' } };
	/** A check by someone who does not hold the request's checkId: one status, one body, whatever the number's state. */
	const expectUnknown = (/** @type {string} */ what, /** @type {Answer} */ answer) => {
		if (answer.status !== UNKNOWN.status || JSON.stringify(answer.body) !== JSON.stringify(UNKNOWN.body)) problems.push(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}, not ${UNKNOWN.status} ${JSON.stringify(UNKNOWN.body)} (the same for every number)`);
	};

	// fresh: the first calls after import, at once, with no Data table yet: each gets its true answer.
	const fresh = Array.from({ length: 5 }, (_, index) => `0912000000${index}`);
	const firstAnswers = await Promise.all([
		...fresh.map((phone) => post('request', { phone, ...someone() })),
		...fresh.map((phone) => check(phone.replace(/^09120/, '09121'), madeUpCheckId(), '123456')),
	]);
	firstAnswers.slice(0, 5).forEach((answer, index) => expectAnswer(`fresh n8n, request ${index + 1} of 5 at once`, answer, 200, { sent: true }));
	firstAnswers.slice(5).forEach((answer, index) => expectUnknown(`fresh n8n, check ${index + 1} of 5 at once`, answer));
	const freshSent = fresh.filter((phone) => lookupsTo(phone).length === 1).length;
	if (freshSent !== fresh.length) problems.push(`fresh n8n: ${freshSent} of ${fresh.length} requests at once sent their one code`);
	lines.push(`  fresh n8n           5 requests and 5 checks at once with no Data table: ${JSON.stringify(statuses(firstAnswers))} (${seconds(began)})`);

	// auth: only the app's server, with its key, reaches the workflows.
	const authFrom = fake.requests.length;
	const unauthenticated = [
		['a request without the key', await post('request', { phone: '09121110000', ...someone() }, {})],
		['a request with a wrong key', await post('request', { phone: '09121110000', ...someone() }, { [SERVER_HEADER]: `${SERVER_KEY}x` })],
		['a check without the key', await post('check', { phone: '09121110000', checkId: madeUpCheckId(), code: '123456' }, {})],
	];
	for (const [what, answer] of /** @type {[string, Answer][]} */ (unauthenticated)) if (answer.status !== 401 && answer.status !== 403) problems.push(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}, not refused (401 or 403)`);
	if (fake.requests.length !== authFrom) problems.push('a call without the server key reached Kavenegar');
	lines.push(`  auth                without the key or with a wrong one: ${unauthenticated.map(([, answer]) => /** @type {Answer} */ (answer).status).join(', ')}, nothing sent`);

	// peak: 100 different people at the same moment, behind 10 carrier IPs, half of them returning users.
	const people = Array.from({ length: PEAK }, (_, index) => ({ phone: `0935${String(index).padStart(4, '0')}123`, ip: `5.160.0.${(index % PEAK_IPS) + 1}`, session: `peak-${index}-${crypto.randomBytes(6).toString('hex')}` }));
	await tables.insert(LOGINS_TABLE, people.filter((_, index) => index % 2 === 0).map(({ phone }) => ({ phone })));
	const peakFrom = fake.requests.length;
	const peakAt = Date.now();
	const peakRequests = await Promise.all(people.map(({ phone, ip, session }) => post('request', { phone, ip, session })));
	const peakRequestSeconds = seconds(peakAt);
	peakRequests.forEach((answer, index) => expectAnswer(`the peak, person ${index + 1} of ${PEAK} asking`, answer, 200, { sent: true }));
	const peakCodes = people.map(({ phone }) => lookupsTo(phone, peakFrom));
	if (peakCodes.some((sent) => sent.length !== 1)) problems.push(`the peak: ${peakCodes.filter((sent) => sent.length === 1).length} of ${PEAK} people got one code`);
	const loginsAt = Date.now();
	const peakChecks = await Promise.all(people.map(({ phone }, index) => check(phone, String(peakRequests[index].body?.checkId), String(peakCodes[index][0]?.form?.token))));
	peakChecks.forEach((answer, index) => expectAnswer(`the peak, person ${index + 1} of ${PEAK} logging in`, answer, 200, { valid: true }));
	lines.push(`  peak                ${PEAK} people at once: ${JSON.stringify(statuses(peakRequests))}, slowest code ${slowest(peakRequests)} (all in ${peakRequestSeconds}); logging in at once: ${JSON.stringify(statuses(peakChecks))}, slowest ${slowest(peakChecks)} (all in ${seconds(loginsAt)})`);

	// right: a wrong guess, the right code in Persian digits, the same code again; a second code inside the wait.
	const rightAt = Date.now();
	const owner = someone();
	const right = await requestCode('+98 912 111 2233', '09121112233', owner);
	expectAnswer('a wrong guess', await check('09121112233', right.checkId, wrongCode(right.code)), 401, { valid: false, reason: 'wrong', attemptsLeft: MAX_CHECKS - 1 });
	expectAnswer('the right code in Persian digits', await check('۰۹۱۲ ۱۱۱ ۲۲۳۳', right.checkId, persian(`${right.code.slice(0, 3)}-${right.code.slice(3)}`)), 200, { valid: true });
	expectAnswer('the used code again', await check('09121112233', right.checkId, right.code), 410, { valid: false, reason: 'used' });
	const sentBefore = fake.requests.length;
	const tooSoon = await post('request', { phone: '09121112233', ...owner });
	expectAnswer('a second code inside the wait, same session', tooSoon, 429, { sent: false, reason: 'too_soon' });
	if (!(tooSoon.body?.retryAfter > 0 && tooSoon.body.retryAfter <= SECONDS_BETWEEN_CODES)) problems.push(`a second code inside the wait said retryAfter ${tooSoon.body?.retryAfter}, not 1 to ${SECONDS_BETWEEN_CODES}`);
	const otherAsker = await post('request', { phone: '09121112233', ...someone() });
	expectAnswer('a code for that number from another session inside the wait', otherAsker, 429, { sent: false, reason: 'number_limit' });
	expectNoTiming('a code for that number from another session', otherAsker);
	if (fake.requests.length !== sentBefore) problems.push('a second code inside the wait reached Kavenegar');
	lines.push(`  right code          wrong 401, right (Persian digits) 200, again 410; inside the wait: same session 429 too_soon, another 429 number_limit (${seconds(rightAt)})`);

	// stranger: made-up checkIds at a number while its owner logs in, and at numbers in every state.
	const strangerAt = Date.now();
	const guessesAt = (/** @type {string} */ phone, count = 10) => Promise.all(Array.from({ length: count }, (_, index) => check(phone, madeUpCheckId(), String(100000 + index))));
	const before = await guessesAt('09123330000');
	const [target, during] = await Promise.all([requestCode('09123330000', '09123330000', someone()), guessesAt('09123330000')]);
	const after = await guessesAt('09123330000');
	expectAnswer('the owner logging in while a stranger guesses', await check('09123330000', target.checkId, target.code), 200, { valid: true });
	[...before, ...during, ...after].forEach((answer, index) => expectUnknown(`a stranger's guess ${index + 1} at a number whose owner logs in`, answer));
	const expiredAtMs = Math.floor(Date.now() / 1000) * 1000 - 1000;
	const { codeHash } = require(path.join(ROOT, 'dist', 'nodes', 'Kavenegar', 'resources', 'verify', 'oneTimeCodes.js'));
	const expired = { phone: '09123334455', checkId: madeUpCheckId(), code: '135790' };
	await tables.insert(CODES_TABLE, [codeRow({ phone: expired.phone, checkId: expired.checkId, codeHash: codeHash(API_KEY, expired.phone, expired.code, expiredAtMs), expiresAt: new Date(expiredAtMs).toISOString() })]);
	const live = await requestCode('09123335566', '09123335566', someone());
	/** @type {[string, string][]} */
	const states = [
		['no code', '09125556677'],
		['a live code', '09123335566'],
		['a used code', '09121112233'],
		['an expired code', expired.phone],
	];
	for (const [state, phone] of states) expectUnknown(`a stranger's check at a number with ${state}`, await check(phone, madeUpCheckId(), '123456'));
	expectUnknown("a stranger's check with another number's checkId", await check('09125556677', live.checkId, live.code));
	expectAnswer('the expired code, by the one who holds its checkId', await check(expired.phone, expired.checkId, expired.code), 410, { valid: false, reason: 'expired' });
	expectAnswer('the live code, after all that', await check('09123335566', live.checkId, live.code), 200, { valid: true });
	lines.push(`  stranger            ${before.length + during.length + after.length} made-up checks while the owner logged in (200); no code, live, used, expired: one answer, 404 (${seconds(strangerAt)})`);

	// unreadable: what is no code or no checkId answers 400 and uses no attempt.
	const guessed = Date.now();
	const aimed = await requestCode('09122223344', '09122223344', someone());
	/** @type {[string, unknown][]} */
	const unreadable = [
		['only a dash', { phone: '09122223344', checkId: aimed.checkId, code: '-' }],
		['only a zero-width space', { phone: '09122223344', checkId: aimed.checkId, code: '\u200b' }],
		['letters among the digits', { phone: '09122223344', checkId: aimed.checkId, code: `${aimed.code.slice(0, 2)}a${aimed.code.slice(3)}` }],
		['11 digits', { phone: '09122223344', checkId: aimed.checkId, code: `${aimed.code}${aimed.code.slice(0, 5)}` }],
		['3 digits', { phone: '09122223344', checkId: aimed.checkId, code: aimed.code.slice(0, 3) }],
		['no code', { phone: '09122223344', checkId: aimed.checkId }],
		['no checkId', { phone: '09122223344', code: aimed.code }],
		['a checkId that is no checkId', { phone: '09122223344', checkId: 'abc', code: aimed.code }],
		['a JSON array', [{ phone: '09122223344', checkId: aimed.checkId, code: aimed.code }]],
		['a body of 1 MB', { phone: '09122223344', checkId: aimed.checkId, code: '1'.repeat(1024 * 1024) }],
	];
	for (const [what, body] of unreadable) expectAnswer(`check with ${what}`, await post('check', body), 400, { valid: false, reason: 'bad_request' });
	expectAnswer('check with the code between direction marks', await check('09122223344', aimed.checkId, `\u2066${wrongCode(aimed.code, 99)}\u2069`), 401, { valid: false, reason: 'wrong', attemptsLeft: MAX_CHECKS - 1 });

	// guesses: 49 more at once by the holder of the checkId, so that exactly 3 are checked in all.
	const answers = await Promise.all(Array.from({ length: GUESSES - 1 }, (_, index) => check('09122223344', aimed.checkId, wrongCode(aimed.code, index + 1))));
	const byStatus = statuses(answers);
	if (byStatus[401] !== MAX_CHECKS - 1 || byStatus[429] !== GUESSES - MAX_CHECKS) problems.push(`${GUESSES - 1} guesses at once were answered ${JSON.stringify(byStatus)}, not ${MAX_CHECKS - 1} × 401 and ${GUESSES - MAX_CHECKS} × 429`);
	const lefts = answers.filter((answer) => answer.status === 401).map((answer) => answer.body?.attemptsLeft).sort();
	if (JSON.stringify(lefts) !== JSON.stringify(Array.from({ length: MAX_CHECKS - 1 }, (_, index) => index))) problems.push(`the checked guesses said attemptsLeft ${JSON.stringify(lefts)}, not 0 to ${MAX_CHECKS - 2} once each`);
	for (const answer of answers) if (answer.status !== 401) expectAnswer('a guess past the limit', answer, 429, { valid: false, reason: 'too_many_attempts' });
	expectAnswer(`the right code after ${MAX_CHECKS} wrong`, await check('09122223344', aimed.checkId, aimed.code), 429, { valid: false, reason: 'too_many_attempts' });
	lines.push(`  guesses             ${unreadable.length} unreadable checks 400 with no attempt used, then ${GUESSES} guesses: ${JSON.stringify(byStatus)} and the first 401, the right code 429 (${seconds(guessed)})`);

	// limits: a burst at one number from many askers; one asker at many numbers; an IP and a prefix past their hour.
	const limitsAt = Date.now();
	const burst = await Promise.all(Array.from({ length: BURST }, () => post('request', { phone: '09127778899', ...someone() })));
	const burstSent = lookupsTo('09127778899').length;
	const burstStatuses = statuses(burst);
	if (burstSent !== 1 || burstStatuses[200] !== 1 || burstStatuses[429] !== BURST - 1) problems.push(`${BURST} requests at once for one number sent ${burstSent} codes and were answered ${JSON.stringify(burstStatuses)}, not one code, 1 × 200 and ${BURST - 1} × 429`);
	for (const answer of burst) if (answer.status !== 200) {
		expectAnswer('a request of the burst at one number', answer, 429, { sent: false, reason: 'number_limit' });
		expectNoTiming('a request of the burst at one number', answer);
	}
	const oneSession = someone();
	const spreadFrom = fake.requests.length;
	const spread = await Promise.all(Array.from({ length: BURST }, (_, index) => post('request', { phone: `0936${String(index).padStart(4, '0')}555`, ...oneSession })));
	const spreadSent = fake.requests.slice(spreadFrom).filter((request) => request.operation === 'verify/lookup').length;
	if (spreadSent !== PER_SESSION || statuses(spread)[200] !== PER_SESSION) problems.push(`one session asking for ${BURST} numbers at once sent ${spreadSent} codes and was answered ${JSON.stringify(statuses(spread))}, not ${PER_SESSION} codes`);
	for (const answer of spread) if (answer.status !== 200) {
		expectAnswer('a request past the session\'s hour', answer, 429, { sent: false, reason: 'asker_limit' });
		if (!(answer.body?.retryAfter > 3000 && answer.body.retryAfter <= 3600)) problems.push(`a request past the session's hour said retryAfter ${answer.body?.retryAfter}, not about an hour`);
	}
	const busyIp = '5.200.0.1';
	await tables.insert(CODES_TABLE, Array.from({ length: SIGN_UPS_PER_IP }, (_, index) => codeRow({ phone: `0937${String(index).padStart(4, '0')}111`, ip: busyIp })));
	const ipFrom = fake.requests.length;
	const ipAnswer = await post('request', { phone: '09371230000', ip: busyIp, session: someone().session });
	expectAnswer(`a new number from an IP past its ${SIGN_UPS_PER_IP} sign-ups of the hour`, ipAnswer, 429, { sent: false, reason: 'asker_limit' });
	await tables.insert(LOGINS_TABLE, [{ phone: '09371230001' }]);
	await requestCode('09371230001', '09371230001', { ip: busyIp, session: someone().session });
	const prefixFrom = fake.requests.length;
	const prefix = '09381234';
	await tables.insert(CODES_TABLE, Array.from({ length: PER_PREFIX }, (_, index) => codeRow({ phone: `${prefix}${String(index).padStart(3, '0')}`, returning: true })));
	const prefixAnswer = await post('request', { phone: `${prefix}999`, ...someone() });
	expectAnswer(`a new number in a range of 1,000 (${prefix}…) past its ${PER_PREFIX} codes of the hour`, prefixAnswer, 429, { sent: false, reason: 'number_limit' });
	expectNoTiming('a request past the prefix limit', prefixAnswer);
	if (fake.requests.length !== prefixFrom || lookupsTo('09371230000', ipFrom).length > 0) problems.push('a request past the IP or prefix limit reached Kavenegar');
	lines.push(`  limits              ${BURST} askers at one number: ${burstSent} SMS; one session at ${BURST} numbers: ${spreadSent} SMS; an IP past its sign-ups (a returning number still served) and a prefix past its hour: 429, nothing sent (${seconds(limitsAt)})`);

	// call: a voice code, under the same limits.
	const caller = someone();
	const callFrom = fake.requests.length;
	expectAnswer('a code by voice call', await post('request', { phone: '09126667788', channel: 'call', ...caller }), 200, { sent: true });
	const calls = lookupsTo('09126667788', callFrom);
	if (calls.length !== 1 || calls[0].form?.type !== 'call') problems.push(`a code by voice call reached the fake as ${JSON.stringify(calls.map((request) => request.form))}, not one lookup of type call`);
	expectAnswer('an SMS code right after the call', await post('request', { phone: '09126667788', channel: 'sms', ...caller }), 429, { sent: false, reason: 'too_soon' });

	// refused requests: nothing is sent for any of them.
	const refusedFrom = fake.requests.length;
	/** @type {[string, unknown][]} */
	const badRequests = [
		['a phone that is no mobile number', { phone: 'my phone', ...someone() }],
		['a number abroad', { phone: '+44 20 7946 0958', ...someone() }],
		['a channel that is neither sms nor call', { phone: '09126667700', channel: 'fax', ...someone() }],
		['no phone', { ...someone() }],
		['no ip and no session', { phone: '09126667700' }],
		['an ip that is no address', { phone: '09126667700', ip: 'my laptop' }],
		['a session of 1 MB', { phone: '09126667700', session: 's'.repeat(1024 * 1024) }],
		['a JSON array', [{ phone: '09126667700', ...someone() }]],
		['a body of 1 MB', { phone: '9'.repeat(1024 * 1024), ...someone() }],
	];
	for (const [what, body] of badRequests) expectAnswer(`request with ${what}`, await post('request', body), 400, { sent: false, reason: 'bad_request' });
	if (fake.requests.length !== refusedFrom) problems.push('a refused request reached Kavenegar');
	lines.push(`  call, bad requests  a voice code 200 then SMS 429, ${badRequests.length} bad requests 400 with nothing sent`);

	// failures: what Kavenegar refused gives its place back; what it may have sent stays counted.
	fake.injectFault({ kind: 'refuse', code: 418, operation: 'verify/lookup' });
	const refused = await post('request', { phone: '09128880011', ...someone() });
	expectAnswer('Kavenegar refusing (418)', refused, 502, { sent: false, reason: 'kavenegar_refused' });
	if (!/418/.test(String(refused.body?.error))) problems.push(`Kavenegar refusing (418) did not say its reason: ${JSON.stringify(refused.body)}`);
	if ((await tables.rows(CODES_TABLE)).some((row) => row.phone === '09128880011')) problems.push('the send Kavenegar refused kept its place in the limits');
	expectAnswer('a code right after Kavenegar refused', await post('request', { phone: '09128880011', ...someone() }), 200, { sent: true });
	fake.injectFault({ kind: 'reset', after: true, operation: 'verify/lookup' });
	const lost = await post('request', { phone: '09128880044', ...someone() });
	expectAnswer("Kavenegar's answer lost after the send", lost, 502, { sent: false, reason: 'kavenegar_unreachable' });
	expectAnswer('a code right after an answer was lost', await post('request', { phone: '09128880044', ...someone() }), 429, { sent: false, reason: 'number_limit' });
	await tables.insert(CODES_TABLE, [codeRow({ phone: '09128880022', checkId: 'f'.repeat(32), codeHash: 'not-a-hash', expiresAt: new Date(Date.now() + 60_000).toISOString() })]);
	expectAnswer('Check Code failing on a row it cannot read', await check('09128880022', 'f'.repeat(32), '123456'), 500, { valid: false, reason: 'error' });
	await tables.drop(CODES_TABLE);
	await requestCode('09128880033', '09128880033', someone());
	lines.push(`  failures            Kavenegar 418 → 502 and the place given back, an answer lost → 502 still counted, Check Code failing → 500, codes table deleted → set up again`);

	// cap: sign-ups fill the hour; returning numbers still get their codes; the owner is told once.
	await tables.insert(CODES_TABLE, Array.from({ length: SIGN_UPS_PER_HOUR }, (_, index) => codeRow({ phone: `0939${String(index).padStart(4, '0')}777`, session: sessionHash(`cap-${index}`) })));
	const capFrom = fake.requests.length;
	for (const phone of ['09129990011', '09129990022', '09129990033']) {
		const capped = await post('request', { phone, ...someone() });
		expectAnswer('a new number past the hourly cap', capped, 429, { sent: false, reason: 'hourly_cap' });
		if (!(capped.body?.retryAfter > 3000 && capped.body.retryAfter <= 3600)) problems.push(`a request past the hourly cap said retryAfter ${capped.body?.retryAfter}, not about an hour`);
	}
	if (fake.requests.length !== capFrom) problems.push('a request past the hourly cap reached Kavenegar');
	await tables.insert(LOGINS_TABLE, [{ phone: '09129990099' }]);
	await requestCode('09129990099', '09129990099', someone());
	const alerts = await tables.rows(ALERTS_TABLE);
	if (alerts.length !== 1) problems.push(`the owner was told ${alerts.length} times (rows of ${ALERTS_TABLE}), not once for the three requests past the hourly cap`);
	// the nightly cleanup: logins older than returningUserDays go (0 days in this copy), today's codes stay.
	const codesBefore = (await tables.rows(CODES_TABLE)).length;
	const loginsBefore = (await tables.rows(LOGINS_TABLE)).length;
	const cleaned = await post('cleanup', {}, {});
	const codesAfter = (await tables.rows(CODES_TABLE)).length;
	const loginsAfter = (await tables.rows(LOGINS_TABLE)).length;
	if (cleaned.status !== 200 || loginsBefore === 0 || loginsAfter !== 0 || codesAfter !== codesBefore) problems.push(`the nightly cleanup (HTTP ${cleaned.status}) left ${loginsAfter} of ${loginsBefore} logins older than 0 days and ${codesAfter} of ${codesBefore} codes of today, not 0 and all`);
	lines.push(`  nightly cleanup     ${loginsBefore} logins older than returningUserDays deleted, ${codesAfter} codes of today kept`);
	lines.push(`  hourly cap          ${SIGN_UPS_PER_HOUR} sign-ups in the hour: the next new numbers 429 with nothing sent, a returning number its code (all on n8n ${seconds(began)})`);
}

/**
 * A row of the codes table as the request example writes one, for what the check plants.
 * @param {Partial<Record<string, unknown>> & { phone: string }} row
 */
function codeRow(row) {
	return {
		prefix: row.phone.slice(0, PREFIX_DIGITS),
		ip: 'none',
		session: 'none',
		checkId: madeUpCheckId(),
		channel: 'sms',
		status: 'sent',
		returning: false,
		codeHash: '',
		expiresAt: new Date(Date.now() + 120_000).toISOString(),
		attempts: 0,
		used: false,
		...row,
	};
}

/**
 * The examples' Data tables through n8n's REST API, as an owner would change them in the editor.
 * @param {import('./lib/n8nServer').RestClient} api
 */
function dataTables(api) {
	/** @type {Promise<string> | undefined} */
	let route;
	const base = () => (route ??= api.request('GET', '/projects/personal').then((project) => `/projects/${project.id}/data-tables`));
	/** @param {string} name */
	const find = async (name) => {
		const found = await api.request('GET', await base());
		const table = (Array.isArray(found) ? found : found.data).find((/** @type {{ name: string }} */ each) => each.name === name);
		if (!table) throw new Error(`no Data table ${name}: ${JSON.stringify(found).slice(0, 300)}`);
		return table;
	};
	return {
		/** @param {string} name @param {object[]} rows */
		insert: async (name, rows) => api.request('POST', `${await base()}/${(await find(name)).id}/insert`, { data: rows }),
		/** @param {string} name */
		drop: async (name) => api.request('DELETE', `${await base()}/${(await find(name)).id}`),
		/** @param {string} name @returns {Promise<Record<string, any>[]>} */
		rows: async (name) => {
			const rows = await api.request('GET', `${await base()}/${(await find(name)).id}/rows?take=1000`);
			return Array.isArray(rows) ? rows : rows.data;
		},
	};
}

/**
 * Once n8n is stopped: the codes and the keys searched for where they must not be; then the report.
 * @param {{ workDir: string, userFolder: string, logDir: string } & Calls} proof
 */
async function searchAndReport({ userFolder, logDir, fake, problems, lines }) {
	await fake.close();
	const codes = fake.requests.filter((request) => request.operation === 'verify/lookup').map((request) => String(request.form?.token));
	// n8n 2.41 marks an execution it does not save deleted and removes it at its next hard delete.
	const marked = await deletedExecutions(userFolder, WORKFLOWS.request.id);
	const executions = (await executionsInSqlite(userFolder, WORKFLOWS.request.id)).filter((execution) => !marked.has(execution.id));
	for (const execution of executions) {
		for (const code of codes) if (new RegExp(`(?<!\\d)${code}(?!\\d)`).test(execution.text)) problems.push(`the code ${code} is in the request workflow's execution ${execution.id}`);
		for (const { label, value } of OTP_SECRETS) if (execution.text.includes(value)) problems.push(`${label} is in execution ${execution.id}`);
	}
	const logs = fs.readdirSync(logDir).map((file) => path.join(logDir, file));
	for (const found of filesHolding(logs, OTP_SECRETS)) problems.push(found);
	console.log('');
	console.log(`One-time codes in n8n ${N8N_VERSION} (n8n start, the two examples, n8n's Data tables):`);
	for (const line of lines) console.log(line);
	console.log(`  secrecy             ${codes.length} codes searched in ${executions.length} executions of the request workflow (${marked.size} more marked deleted by n8n); the API key and the server's key there and in n8n's logs`);
	return problems;
}

/**
 * The executions of a workflow n8n has marked deleted but not yet removed.
 * @param {string} userFolder
 * @param {string} workflowId
 * @returns {Promise<Set<string>>}
 */
async function deletedExecutions(userFolder, workflowId) {
	const rows = await sqliteRows(userFolder, 'select id from execution_entity where "workflowId" = ? and "deletedAt" is not null', [workflowId]);
	return new Set(rows.map((row) => String(row.id)));
}

/** @type {import('./lib/liveProof').SharedCheck} */
const otpCheck = { name: 'one-time codes', prepare };

module.exports = { OTP_SECRETS, otpCheck, otpStage, callFlows };

if (require.main === module) {
	log(`one-time codes: the request and check examples in n8n ${N8N_VERSION}`);
	runLiveProof('one-time code proof', { prefix: 'kavenegar-otp-', keep: process.env.OTP_KEEP === '1', main: (folders) => runOnOneN8n([otpCheck], folders) });
}
