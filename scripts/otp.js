#!/usr/bin/env node
'use strict';
/*
 * npm run test:otp: one-time codes end to end in a running n8n (`n8n start`, n8n 2.8.4 by default;
 * with npm run test:live it runs on the line's one n8n, 2.41.1 too). The two examples,
 * examples/otp-request-code.json and examples/otp-check-code.json, are published as they are, with
 * n8n's own Data table, and called over HTTP on loopback as an app would, the fake Kavenegar in this
 * process playing the phone (the code is read from what it received):
 *
 *   right     a code requested, a wrong guess (401, 4 attempts left), the right code typed in
 *             Persian digits with a dash (200), the same code again (410: used up)
 *   guesses   50 wrong guesses at one code sent at once: exactly 5 are checked (401), the rest
 *             refused (429), and then the right code is refused too (429)
 *   expired   a row whose code expired a second ago (hashed here with the credential's key, put in
 *             the table through n8n's REST API): the right code answers 410 expired
 *   requests  a sixth code for one number within the hour is refused (429), before any SMS
 *   refusals  a number never sent a code (404), a phone that is no mobile number (400)
 *
 * Once n8n is stopped, the codes sent are searched for in every stored execution of the request
 * workflow (a made code stays out of execution data) and the API key in those and n8n's logs.
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
const TABLE = 'kavenegar_one_time_codes';
const GUESSES = 50;
const MAX_CHECKS = 5;
const MAX_REQUESTS = 5;
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
	 * @param {Record<string, string>} body
	 * @returns {Promise<Answer>}
	 */
	const post = async (flow, body) => {
		const response = await fetch(url[flow], { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(120_000) });
		const text = await response.text();
		try {
			return { status: response.status, body: JSON.parse(text) };
		} catch {
			return { status: response.status, body: text };
		}
	};
	/**
	 * @param {string} what
	 * @param {Answer} answer
	 * @param {number} status
	 * @param {Record<string, unknown>} body
	 */
	const expectAnswer = (what, answer, status, body) => {
		const wrong = Object.entries(body).filter(([key, value]) => JSON.stringify(answer.body?.[key]) !== JSON.stringify(value));
		if (answer.status !== status || wrong.length > 0) problems.push(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}, not ${status} with ${JSON.stringify(body)}`);
	};
	/** Requests a code for a number and reads it off the fake, as the person reads it off the phone. */
	const requestCode = async (/** @type {string} */ phone, /** @type {string} */ receptor) => {
		const from = fake.requests.length;
		const answer = await post('request', { phone });
		expectAnswer(`code for ${phone}`, answer, 200, { sent: true });
		if (typeof answer.body?.expiresAt !== 'string' || Number.isNaN(Date.parse(answer.body.expiresAt))) problems.push(`code for ${phone}: no expiresAt in ${JSON.stringify(answer.body)}`);
		const sent = fake.requests.slice(from).filter((request) => request.operation === 'verify/lookup');
		if (sent.length !== 1 || sent[0].form?.receptor !== receptor || !/^\d{5}$/.test(String(sent[0].form?.token))) {
			throw new Error(`code for ${phone}: the fake got ${JSON.stringify(sent.map((request) => request.form))}, not one 5-digit code to ${receptor}`);
		}
		return String(sent[0].form?.token);
	};
	/** @param {string} code */
	const wrongCode = (code, offset = 1) => String((Number(code) + offset) % 100_000).padStart(5, '0');

	// right: a wrong guess, the right code in Persian digits, the same code again.
	const code = await requestCode('+98 912 111 2233', '09121112233');
	expectAnswer('a wrong guess', await post('check', { phone: '09121112233', code: wrongCode(code) }), 401, { valid: false, reason: 'wrong', attemptsLeft: MAX_CHECKS - 1 });
	expectAnswer('the right code in Persian digits', await post('check', { phone: '۰۹۱۲ ۱۱۱ ۲۲۳۳', code: persian(`${code.slice(0, 2)}-${code.slice(2)}`) }), 200, { valid: true });
	expectAnswer('the used code again', await post('check', { phone: '09121112233', code }), 410, { valid: false, reason: 'used' });
	lines.push(`  right code          wrong 401, right (Persian digits) 200, again 410 (${seconds(began)})`);

	// guesses: 50 at once, exactly 5 checked.
	const guessed = Date.now();
	const target = await requestCode('09122223344', '09122223344');
	const answers = await Promise.all(Array.from({ length: GUESSES }, (_, index) => post('check', { phone: '09122223344', code: wrongCode(target, index + 1) })));
	/** @type {Record<string, number>} */
	const byStatus = {};
	for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
	if (byStatus[401] !== MAX_CHECKS || byStatus[429] !== GUESSES - MAX_CHECKS) problems.push(`${GUESSES} guesses at once were answered ${JSON.stringify(byStatus)}, not ${MAX_CHECKS} × 401 and ${GUESSES - MAX_CHECKS} × 429`);
	const lefts = answers.filter((answer) => answer.status === 401).map((answer) => answer.body?.attemptsLeft).sort();
	if (JSON.stringify(lefts) !== JSON.stringify([0, 1, 2, 3, 4])) problems.push(`the checked guesses said attemptsLeft ${JSON.stringify(lefts)}, not 0 to 4 once each`);
	expectAnswer('the right code after 5 wrong', await post('check', { phone: '09122223344', code: target }), 429, { valid: false, reason: 'too_many_attempts' });
	lines.push(`  ${GUESSES} guesses at once  ${JSON.stringify(byStatus)}, then the right code 429 (${seconds(guessed)})`);

	// expired: a row made here with the credential's key, its expiry a second ago.
	// The built node's own hash, as the package n8n runs has it.
	const { codeHash } = require(path.join(ROOT, 'dist', 'nodes', 'Kavenegar', 'resources', 'verify', 'oneTimeCodes.js'));
	const project = await api.request('GET', '/projects/personal');
	const tables = await api.request('GET', `/projects/${project.id}/data-tables`);
	const table = (Array.isArray(tables) ? tables : tables.data).find((/** @type {{ name: string }} */ found) => found.name === TABLE);
	if (!table) throw new Error(`no Data table ${TABLE} after the first request: ${JSON.stringify(tables).slice(0, 300)}`);
	const expiresAtMs = Math.floor(Date.now() / 1000) * 1000 - 1000;
	await api.request('POST', `/projects/${project.id}/data-tables/${table.id}/insert`, {
		data: [{ phone: '09123334455', codeHash: codeHash(API_KEY, '09123334455', '13579', expiresAtMs), expiresAt: new Date(expiresAtMs).toISOString(), attempts: 0, used: false }],
	});
	expectAnswer('an expired code', await post('check', { phone: '09123334455', code: '13579' }), 410, { valid: false, reason: 'expired' });

	// requests: the sixth code within the hour is refused before any SMS.
	for (let request = 0; request < MAX_REQUESTS; request++) await requestCode('09124445566', '09124445566');
	const sentBefore = fake.requests.length;
	expectAnswer('a sixth code within the hour', await post('request', { phone: '09124445566' }), 429, { sent: false });
	if (fake.requests.length !== sentBefore) problems.push('the refused sixth request still reached Kavenegar');

	// refusals
	expectAnswer('a number never sent a code', await post('check', { phone: '09125556677', code: '12345' }), 404, { valid: false, reason: 'no_code' });
	expectAnswer('a phone that is no mobile number', await post('request', { phone: 'my phone' }), 400, { sent: false });
	lines.push(`  expired, limits     expired 410, sixth request 429, no code 404, bad phone 400 (all on n8n ${seconds(began)})`);
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
	const logs = fs.readdirSync(logDir).map((file) => path.join(logDir, file));
	for (const found of filesHolding(logs, [{ label: 'the API key', value: API_KEY }])) problems.push(found);
	console.log('');
	console.log(`One-time codes in n8n ${N8N_VERSION} (n8n start, the two examples, n8n's Data table):`);
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
