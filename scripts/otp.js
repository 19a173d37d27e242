#!/usr/bin/env node
'use strict';
/*
 * npm run test:otp: one-time codes end to end in a running n8n (`n8n start`, n8n 2.8.4 by default;
 * with npm run test:live it runs on the line's one n8n, 2.41.1 too). The two examples,
 * examples/otp-request-code.json and examples/otp-check-code.json, are published as they are, with
 * n8n's own Data tables, and called over HTTP on loopback as an app, or an attacker, would; the fake
 * Kavenegar in this process plays the phone (the code is read from what it received). Every answer
 * that is not a code sent or a right code must be an error status with a JSON `reason`:
 *
 *   fresh      the first calls, 5 requests and 5 checks at once with no Data table yet: each its true answer
 *   right      a wrong guess (401, 4 attempts left), the right code typed in Persian digits with a
 *              dash (200), the same code again (410: used up), a second code inside the 60 s wait (429)
 *   guesses    codes that clean to nothing, letters, 3 or 11 digits, an array body, 1 MB: 400 with no
 *              attempt used; then 50 guesses (49 at once): exactly 5 checked (401), the rest 429, and
 *              the right code after them 429
 *   burst      20 requests for one number at the same moment: one SMS, 19 × 429
 *   call       a voice code (200), then an SMS code for the same number inside the wait (429)
 *   refusals   bad phones, a number abroad, an unknown channel, an array body, 1 MB: 400, nothing sent
 *   limits     an expired code (410, a row hashed here with the credential's key and put in the table
 *              through n8n's REST API), no code (404), a sixth code in the hour (429, the past five
 *              written into the limits row as the owner could), the hourly cap of 100 (429, nothing sent)
 *   failures   Kavenegar refusing (502), Check Code failing on a row it cannot read (500), the codes
 *              table deleted while a code is sent (500)
 *
 * Once n8n is stopped, the codes sent are searched for in every stored execution of the request
 * workflow (a made code stays out of execution data), the capped request is found to have run the
 * owner's branch, and the API key is searched for in those executions and n8n's logs.
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
const { executionsInSqlite, filesHolding } = require('./lib/webhookTrigger');
const { webhookRegistered } = require('./e2e');
const { startFakeKavenegar } = require('../test/fakeKavenegar');

const API_KEY = `live-otp-${crypto.randomBytes(12).toString('hex')}`;
const CREDENTIAL = { id: 'kvnOtpCredential01', name: 'Kavenegar (one-time code check fake)', type: 'kavenegarApi' };
const TEMPLATE = 'shopLogin';
const CODES_TABLE = 'kavenegar_one_time_codes';
const LIMITS_TABLE = 'kavenegar_otp_limits';
const GUESSES = 50;
const BURST = 20;
/** The examples' Settings, as they are imported. */
const MAX_CHECKS = 5;
const SECONDS_BETWEEN_CODES = 60;
const CODES_PER_HOUR_ALL = 100;
const WORKFLOWS = {
	request: { file: 'otp-request-code.json', id: 'kvnOtpRequestFlow1' },
	check: { file: 'otp-check-code.json', id: 'kvnOtpCheckFlow001' },
};

/** @typedef {import('../test/fakeKavenegar').FakeKavenegar} Fake */
/** @typedef {{ status: number, body: any }} Answer */

/**
 * An example as imported: a fixed id and our credential on its Kavenegar nodes.
 * @param {{ file: string, id: string }} example
 */
function workflowOf({ file, id }) {
	const workflow = readJson(path.join(ROOT, 'examples', file));
	for (const node of workflow.nodes) {
		if (String(node.type).startsWith('n8n-nodes-kavenegar.')) node.credentials = { kavenegarApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
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

/**
 * @param {import('./lib/liveProof').ProofFolders} folders
 * @returns {Promise<import('./lib/liveProof').Stage>}
 */
async function prepare({ workDir, userFolder, logDir }) {
	const fake = await startFakeKavenegar({ apiKey: API_KEY });
	fake.addApprovedTemplate(TEMPLATE, 'Your Shop login code: %token');
	const request = workflowOf(WORKFLOWS.request);
	const check = workflowOf(WORKFLOWS.check);
	/** @type {string[]} */
	const problems = [];
	/** @type {string[]} */
	const lines = [];
	const proof = { fake, problems, lines, paths: { request: webhookPath(request), check: webhookPath(check) } };
	return {
		credentials: [{ ...CREDENTIAL, data: { apiKey: API_KEY, baseUrl: fake.url } }],
		workflows: [request, check],
		publish: [request.id, check.id],
		problems,
		run: (running) => callFlows(running, proof),
		finish: () => searchAndReport({ workDir, userFolder, logDir, ...proof }),
	};
}

/**
 * @param {import('./lib/liveProof').Running} running
 * @param {{ fake: Fake, problems: string[], lines: string[], paths: { request: string, check: string } }} proof
 */
async function callFlows({ api, base }, { fake, problems, lines, paths }) {
	const began = Date.now();
	const url = { request: `${base}/webhook/${paths.request}`, check: `${base}/webhook/${paths.check}` };
	await webhookRegistered(url.request);
	await webhookRegistered(url.check);

	/**
	 * @param {'request' | 'check'} flow
	 * @param {unknown} body
	 * @returns {Promise<Answer>}
	 */
	const post = async (flow, body) => {
		const response = await fetch(url[flow], { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body), signal: AbortSignal.timeout(120_000) });
		const text = await response.text();
		try {
			return { status: response.status, body: JSON.parse(text) };
		} catch {
			return { status: response.status, body: text };
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
		if (answer.status !== status || wrong.length > 0) problems.push(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}, not ${status} with ${JSON.stringify(body)}`);
		if (answer.status !== 200 && (answer.status < 400 || typeof answer.body?.reason !== 'string')) problems.push(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)} is not an error status with a reason`);
	};
	/** @param {string} receptor */
	const lookupsTo = (receptor, from = 0) => fake.requests.slice(from).filter((request) => request.operation === 'verify/lookup' && request.form?.receptor === receptor);
	/** Requests a code for a number and reads it off the fake, as the person reads it off the phone. */
	const requestCode = async (/** @type {string} */ phone, /** @type {string} */ receptor) => {
		const from = fake.requests.length;
		const answer = await post('request', { phone });
		expectAnswer(`code for ${phone}`, answer, 200, { sent: true, retryAfter: SECONDS_BETWEEN_CODES });
		if (typeof answer.body?.expiresAt !== 'string' || Number.isNaN(Date.parse(answer.body.expiresAt))) problems.push(`code for ${phone}: no expiresAt in ${JSON.stringify(answer.body)}`);
		const sent = lookupsTo(receptor, from);
		if (sent.length !== 1 || !/^\d{5}$/.test(String(sent[0].form?.token))) {
			throw new Error(`code for ${phone}: the fake got ${JSON.stringify(sent.map((request) => request.form))}, not one 5-digit code to ${receptor}`);
		}
		return String(sent[0].form?.token);
	};
	/** @param {Answer[]} answers */
	const statuses = (answers) => {
		/** @type {Record<string, number>} */
		const byStatus = {};
		for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
		return byStatus;
	};
	/** @param {string} code */
	const wrongCode = (code, offset = 1) => String((Number(code) + offset) % 100_000).padStart(5, '0');

	// fresh: the first calls after import, at once, with no Data table yet: each gets its true answer.
	const fresh = Array.from({ length: 5 }, (_, index) => `0912000000${index}`);
	const firstAnswers = await Promise.all([
		...fresh.map((phone) => post('request', { phone })),
		...fresh.map((phone) => post('check', { phone: phone.replace(/^09120/, '09121'), code: '12345' })),
	]);
	firstAnswers.slice(0, 5).forEach((answer, index) => expectAnswer(`fresh n8n, request ${index + 1} of 5 at once`, answer, 200, { sent: true }));
	firstAnswers.slice(5).forEach((answer, index) => expectAnswer(`fresh n8n, check ${index + 1} of 5 at once`, answer, 404, { valid: false, reason: 'no_code' }));
	const freshSent = fresh.filter((phone) => lookupsTo(phone).length === 1).length;
	if (freshSent !== fresh.length) problems.push(`fresh n8n: ${freshSent} of ${fresh.length} requests at once sent their one code`);
	lines.push(`  fresh n8n           5 requests and 5 checks at once with no Data table: ${JSON.stringify(statuses(firstAnswers))} (${seconds(began)})`);

	// right: a wrong guess, the right code in Persian digits, the same code again; a second code inside the wait.
	const rightAt = Date.now();
	const code = await requestCode('+98 912 111 2233', '09121112233');
	expectAnswer('a wrong guess', await post('check', { phone: '09121112233', code: wrongCode(code) }), 401, { valid: false, reason: 'wrong', attemptsLeft: MAX_CHECKS - 1 });
	expectAnswer('the right code in Persian digits', await post('check', { phone: '۰۹۱۲ ۱۱۱ ۲۲۳۳', code: persian(`${code.slice(0, 2)}-${code.slice(2)}`) }), 200, { valid: true });
	expectAnswer('the used code again', await post('check', { phone: '09121112233', code }), 410, { valid: false, reason: 'used' });
	const sentBefore = fake.requests.length;
	const tooSoon = await post('request', { phone: '09121112233' });
	expectAnswer('a second code inside the wait', tooSoon, 429, { sent: false, reason: 'too_soon' });
	if (!(tooSoon.body?.retryAfter > 0 && tooSoon.body.retryAfter <= SECONDS_BETWEEN_CODES)) problems.push(`a second code inside the wait said retryAfter ${tooSoon.body?.retryAfter}, not 1 to ${SECONDS_BETWEEN_CODES}`);
	if (fake.requests.length !== sentBefore) problems.push('the second code inside the wait reached Kavenegar');
	lines.push(`  right code          wrong 401, right (Persian digits) 200, again 410, a second code inside the wait 429 (${seconds(rightAt)})`);

	// unreadable: what is no code answers 400 and uses no attempt (the 50 guesses below still get 5 checks).
	const guessed = Date.now();
	const target = await requestCode('09122223344', '09122223344');
	/** @type {[string, unknown][]} */
	const unreadable = [
		['only a dash', { phone: '09122223344', code: '-' }],
		['only a zero-width space', { phone: '09122223344', code: '\u200b' }],
		['letters among the digits', { phone: '09122223344', code: `${target.slice(0, 2)}a${target.slice(3)}` }],
		['11 digits', { phone: '09122223344', code: `${target}${target}9` }],
		['3 digits', { phone: '09122223344', code: target.slice(0, 3) }],
		['no code', { phone: '09122223344' }],
		['a JSON array', [{ phone: '09122223344', code: target }]],
		['a body of 1 MB', { phone: '09122223344', code: '1'.repeat(1024 * 1024) }],
	];
	for (const [what, body] of unreadable) expectAnswer(`check with ${what}`, await post('check', body), 400, { valid: false, reason: 'bad_request' });
	expectAnswer('check with the code between direction marks', await post('check', { phone: '09122223344', code: `\u2066${wrongCode(target, 99)}\u2069` }), 401, { valid: false, reason: 'wrong', attemptsLeft: MAX_CHECKS - 1 });

	// guesses: 49 more at once, so that exactly 5 are checked in all.
	const answers = await Promise.all(Array.from({ length: GUESSES - 1 }, (_, index) => post('check', { phone: '09122223344', code: wrongCode(target, index + 1) })));
	const byStatus = statuses(answers);
	if (byStatus[401] !== MAX_CHECKS - 1 || byStatus[429] !== GUESSES - MAX_CHECKS) problems.push(`${GUESSES - 1} guesses at once were answered ${JSON.stringify(byStatus)}, not ${MAX_CHECKS - 1} × 401 and ${GUESSES - MAX_CHECKS} × 429`);
	const lefts = answers.filter((answer) => answer.status === 401).map((answer) => answer.body?.attemptsLeft).sort();
	if (JSON.stringify(lefts) !== JSON.stringify([0, 1, 2, 3])) problems.push(`the checked guesses said attemptsLeft ${JSON.stringify(lefts)}, not 0 to 3 once each`);
	for (const answer of answers) if (answer.status !== 401) expectAnswer('a guess past the limit', answer, 429, { valid: false, reason: 'too_many_attempts' });
	expectAnswer('the right code after 5 wrong', await post('check', { phone: '09122223344', code: target }), 429, { valid: false, reason: 'too_many_attempts' });
	lines.push(`  guesses             ${unreadable.length} unreadable codes 400 with no attempt used, then ${GUESSES} guesses: ${JSON.stringify(byStatus)} and the first 401, the right code 429 (${seconds(guessed)})`);

	// burst: 20 requests for one number at the same moment send one code; the rest wait.
	const burstAt = Date.now();
	const burst = await Promise.all(Array.from({ length: BURST }, () => post('request', { phone: '09127778899' })));
	const burstSent = lookupsTo('09127778899').length;
	const burstStatuses = statuses(burst);
	if (burstSent !== 1 || burstStatuses[200] !== 1 || burstStatuses[429] !== BURST - 1) problems.push(`${BURST} requests at once for one number sent ${burstSent} codes and were answered ${JSON.stringify(burstStatuses)}, not one code, 1 × 200 and ${BURST - 1} × 429`);
	for (const answer of burst) if (answer.status !== 200) expectAnswer('a request of the burst', answer, 429, { sent: false, reason: 'too_soon' });
	lines.push(`  burst               ${BURST} requests for one number at once: ${burstSent} SMS, ${JSON.stringify(burstStatuses)} (${seconds(burstAt)})`);

	// call: a voice code, under the same limits.
	const callFrom = fake.requests.length;
	expectAnswer('a code by voice call', await post('request', { phone: '09126667788', channel: 'call' }), 200, { sent: true });
	const calls = lookupsTo('09126667788', callFrom);
	if (calls.length !== 1 || calls[0].form?.type !== 'call') problems.push(`a code by voice call reached the fake as ${JSON.stringify(calls.map((request) => request.form))}, not one lookup of type call`);
	expectAnswer('an SMS code right after the call', await post('request', { phone: '09126667788', channel: 'sms' }), 429, { sent: false, reason: 'too_soon' });

	// refused requests: nothing is sent for any of them.
	const refusedFrom = fake.requests.length;
	/** @type {[string, unknown][]} */
	const badRequests = [
		['a phone that is no mobile number', { phone: 'my phone' }],
		['a number abroad', { phone: '+44 20 7946 0958' }],
		['a channel that is neither sms nor call', { phone: '09126667700', channel: 'fax' }],
		['no phone', {}],
		['a JSON array', [{ phone: '09126667700' }]],
		['a body of 1 MB', { phone: '9'.repeat(1024 * 1024) }],
	];
	for (const [what, body] of badRequests) expectAnswer(`request with ${what}`, await post('request', body), 400, { sent: false, reason: 'bad_request' });
	if (fake.requests.length !== refusedFrom) problems.push('a refused request reached Kavenegar');
	lines.push(`  call, bad requests  a voice code 200 then SMS 429, ${badRequests.length} bad requests 400 with nothing sent`);

	// expired: a row made here with the credential's key, its expiry a second ago.
	// The built node's own hash, as the package n8n runs has it.
	const { codeHash } = require(path.join(ROOT, 'dist', 'nodes', 'Kavenegar', 'resources', 'verify', 'oneTimeCodes.js'));
	const tables = await dataTables(api);
	const expiresAtMs = Math.floor(Date.now() / 1000) * 1000 - 1000;
	await tables.insert(CODES_TABLE, [{ phone: '09123334455', codeHash: codeHash(API_KEY, '09123334455', '13579', expiresAtMs), expiresAt: new Date(expiresAtMs).toISOString(), attempts: 0, used: false }]);
	expectAnswer('an expired code', await post('check', { phone: '09123334455', code: '13579' }), 410, { valid: false, reason: 'expired' });
	expectAnswer('a number never sent a code', await post('check', { phone: '09125556677', code: '12345' }), 404, { valid: false, reason: 'no_code' });

	// the number's hourly limit: five codes in the last hour, the newest 10 minutes ago.
	const now = Date.now();
	const limits = await tables.limitsRow();
	/** @type {{ p: string, t: number }[]} */
	const pastSends = [50, 40, 30, 20, 10].map((minutes) => ({ p: '09124445566', t: now - minutes * 60_000 }));
	await tables.setSends([...JSON.parse(limits.sends), ...pastSends]);
	const limitFrom = fake.requests.length;
	const numberLimit = await post('request', { phone: '09124445566' });
	expectAnswer('a sixth code within the hour', numberLimit, 429, { sent: false, reason: 'number_limit' });
	if (!(numberLimit.body?.retryAfter > 9 * 60 && numberLimit.body.retryAfter <= 10 * 60 + 5)) problems.push(`a sixth code within the hour said retryAfter ${numberLimit.body?.retryAfter}, not about 600 s (when the oldest of the five is an hour old)`);
	if (fake.requests.length !== limitFrom) problems.push('the sixth code within the hour reached Kavenegar');

	// failures planted inside each workflow answer an error status, never 200.
	fake.injectFault({ kind: 'refuse', code: 418, operation: 'verify/lookup' });
	const refused = await post('request', { phone: '09128880011' });
	expectAnswer('Kavenegar refusing (418)', refused, 502, { sent: false, reason: 'kavenegar_refused' });
	if (!/418/.test(String(refused.body?.error))) problems.push(`Kavenegar refusing (418) did not say its reason: ${JSON.stringify(refused.body)}`);
	await tables.insert(CODES_TABLE, [{ phone: '09128880022', codeHash: 'not-a-hash', expiresAt: new Date(now + 60_000).toISOString(), attempts: 0, used: false }]);
	expectAnswer('Check Code failing on a row it cannot read', await post('check', { phone: '09128880022', code: '12345' }), 500, { valid: false, reason: 'error' });
	await tables.drop(CODES_TABLE);
	expectAnswer('the codes table gone while a code is sent', await post('request', { phone: '09128880033' }), 500, { sent: false, reason: 'error' });
	lines.push(`  limits, failures    expired 410, no code 404, sixth code in the hour 429, Kavenegar 418 → 502, Check Code failing → 500, no codes table → 500`);

	// the hourly cap for the whole workflow: past it nothing is sent, and the owner's branch runs.
	const capped = await tables.limitsRow();
	const others = Array.from({ length: CODES_PER_HOUR_ALL }, (_, index) => ({ p: `0913${String(index).padStart(7, '0')}`, t: Date.now() - 30 * 60_000 + index }));
	await tables.setSends([...JSON.parse(capped.sends), ...others].slice(-CODES_PER_HOUR_ALL));
	const capFrom = fake.requests.length;
	expectAnswer('a request past the hourly cap', await post('request', { phone: '09129990011' }), 429, { sent: false, reason: 'hourly_cap' });
	if (fake.requests.length !== capFrom) problems.push('a request past the hourly cap reached Kavenegar');
	lines.push(`  hourly cap          ${CODES_PER_HOUR_ALL} codes in the hour, the next 429 with nothing sent (all on n8n ${seconds(began)})`);
}

/**
 * The examples' Data tables through n8n's REST API, as an owner would change them in the editor.
 * @param {import('./lib/n8nServer').RestClient} api
 */
async function dataTables(api) {
	const project = await api.request('GET', '/projects/personal');
	const route = `/projects/${project.id}/data-tables`;
	/** @param {string} name */
	const find = async (name) => {
		const found = await api.request('GET', route);
		const table = (Array.isArray(found) ? found : found.data).find((/** @type {{ name: string }} */ each) => each.name === name);
		if (!table) throw new Error(`no Data table ${name}: ${JSON.stringify(found).slice(0, 300)}`);
		return table;
	};
	const limitsTable = await find(LIMITS_TABLE);
	return {
		/** @param {string} name @param {object[]} rows */
		insert: async (name, rows) => api.request('POST', `${route}/${(await find(name)).id}/insert`, { data: rows }),
		/** @param {string} name */
		drop: async (name) => api.request('DELETE', `${route}/${(await find(name)).id}`),
		/** @returns {Promise<{ id: number, version: number, sends: string }>} */
		limitsRow: async () => {
			const rows = await api.request('GET', `${route}/${limitsTable.id}/rows`);
			const list = Array.isArray(rows) ? rows : rows.data;
			if (list.length !== 1) throw new Error(`${LIMITS_TABLE} holds ${list.length} rows, not one: ${JSON.stringify(list).slice(0, 300)}`);
			return list[0];
		},
		/** Replaces the sends of the last hour, moving the version on as the workflow's own claim does. @param {{ p: string, t: number }[]} sends */
		setSends: async (sends) => {
			const rows = await api.request('GET', `${route}/${limitsTable.id}/rows`);
			const row = (Array.isArray(rows) ? rows : rows.data)[0];
			await api.request('PATCH', `${route}/${limitsTable.id}/rows`, {
				filter: { type: 'and', filters: [{ columnName: 'id', condition: 'eq', value: row.id }] },
				data: { version: row.version + 1, sends: JSON.stringify(sends) },
			});
		},
	};
}

/**
 * Once n8n is stopped: the codes and the key searched for where they must not be; then the report.
 * @param {{ workDir: string, userFolder: string, logDir: string, fake: Fake, problems: string[], lines: string[] }} proof
 */
async function searchAndReport({ userFolder, logDir, fake, problems, lines }) {
	await fake.close();
	const codes = fake.requests.filter((request) => request.operation === 'verify/lookup').map((request) => String(request.form?.token));
	const executions = await executionsInSqlite(userFolder, WORKFLOWS.request.id);
	for (const execution of executions) {
		for (const code of codes) if (new RegExp(`(?<!\\d)${code}(?!\\d)`).test(execution.text)) problems.push(`the code ${code} is in the request workflow's execution ${execution.id}`);
		if (execution.text.includes(API_KEY)) problems.push(`the API key is in execution ${execution.id}`);
	}
	const toldOwner = executions.filter((execution) => execution.data?.resultData?.runData?.['Tell the owner'] !== undefined).length;
	if (toldOwner !== 1) problems.push(`${toldOwner} executions of the request workflow ran Tell the owner, not the one past the hourly cap`);
	const logs = fs.readdirSync(logDir).map((file) => path.join(logDir, file));
	for (const found of filesHolding(logs, [{ label: 'the API key', value: API_KEY }])) problems.push(found);
	console.log('');
	console.log(`One-time codes in n8n ${N8N_VERSION} (n8n start, the two examples, n8n's Data tables):`);
	for (const line of lines) console.log(line);
	console.log(`  secrecy             ${codes.length} codes searched in ${executions.length} executions of the request workflow; the API key there and in n8n's logs`);
	return problems;
}

/** @type {import('./lib/liveProof').SharedCheck} */
const otpCheck = { name: 'one-time codes', prepare };

module.exports = { otpCheck };

if (require.main === module) {
	log(`one-time codes: the request and check examples in n8n ${N8N_VERSION}`);
	runLiveProof('one-time code proof', { prefix: 'kavenegar-otp-', keep: process.env.OTP_KEEP === '1', main: (folders) => runOnOneN8n([otpCheck], folders) });
}
