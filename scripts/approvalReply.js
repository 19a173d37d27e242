#!/usr/bin/env node
'use strict';
/*
 * npm run test:reply: approvals by replying to the SMS (examples/approval-by-sms-reply.json) in a
 * running n8n (`n8n start`, 2.8.4 by default; with npm run test:live on the line's one n8n, 2.41.1
 * too). The example is published twice, both behind the same Header Auth credential, both keeping
 * their questions in the one Data table the example creates:
 *
 *   as it is     (a read every 65 s, 24 hours to answer, one manager): a question, then n8n
 *                restarted while the execution waits, then the reply; the approval arrives after
 *                the restart, and the inbox reads it took are counted
 *   quick copy   (a read every 3 s, a minute to answer, two managers, its own webhook path), in turns:
 *     refusals     no header, a wrong key, and bodies the workflow cannot ask (no order, a two-line
 *                  order, amount 0 or letters, a phone that is no mobile, an array): an error status,
 *                  nothing sent; Kavenegar refusing the question: 502, and the order can be asked again
 *     eight at once, each answered with the reference the workflow made (orders with dashes, letters,
 *                  spaces, "1" and "2"): approve, decline in Persian digits, another text then yes, no
 *                  answer until the minute is over, a yes from another number (ignored) then no, two
 *                  managers (the first decides), two open to one manager (each its own answer), and a
 *                  bare «1» while all are open: decides nothing, and manager 1 gets one SMS saying how
 *     only one     one question open: «11» and «لغو» decide nothing and ask nothing back, a bare «بله»
 *                  approves; the inbox reads of a round are counted
 *     two open     a bare «خیر» decides neither, and manager 1 gets exactly one SMS naming both; then
 *                  «١ <ref>» (Arabic-Indic digits) and «2 <ref>» decide each
 *     same order   two requests for one order at once, then a third: one question texted, the others
 *                  answered 409 already_asked with the open question's amount; a bare «۱» approves
 *                  the amount asked
 *
 * The fake Kavenegar in this process plays the line's inbox (replies put into it as the phones would
 * send them), the managers' phones and the customers' (each order's outcome is the SMS its customer
 * got). It also counts the inbox reads, and checks that Get Reply marked nothing read.
 *
 * Environment: as scripts/e2e.js (E2E_N8N_VERSION, E2E_CACHE_DIR, E2E_SKIP_BUILD); REPLY_KEEP=1 keeps
 * the work folder when run alone.
 */
const crypto = require('node:crypto');
const path = require('node:path');
const { N8N_VERSION, ROOT, readJson } = require('./lib/n8nInstall');
const { runLiveProof, runOnOneN8n } = require('./lib/liveProof');
const { log, seconds } = require('./lib/processes');
const { webhookRegistered } = require('./e2e');
const { startFakeKavenegar } = require('../test/fakeKavenegar');

const API_KEY = `live-reply-${crypto.randomBytes(12).toString('hex')}`;
const SHOP_KEY = `shop-${crypto.randomBytes(16).toString('hex')}`;
const SHOP_HEADER = 'X-Shop-Key';
const CREDENTIAL = { id: 'kvnReplyCredential', name: 'Kavenegar (approval by reply check fake)', type: 'kavenegarApi' };
const HEADER_CREDENTIAL = { id: 'kvnReplyShopKey', name: 'Shop key (approval by reply check)', type: 'httpHeaderAuth' };
const LINE = '10004346';
const MANAGERS = ['09121230001', '09121230002'];
const AS_IS_MANAGER = '09121234567';
const STRANGER = '09129999999';
const EXAMPLE = 'approval-by-sms-reply.json';
const IDS = { asIs: 'kvnReplyFlowAsIs01', quick: 'kvnReplyFlowQuick1' };
const QUICK = { path: 'refund-request-by-reply-check', checkEverySeconds: 3, waitHours: 1 / 60 };
const OUTCOME = { approved: 'تأیید شد', declined: 'تأیید نشد', timedOut: 'در حال بررسی' };
/** What the SMS that tells an approver how to answer begins with. */
const HELP = 'چند پرسش باز دارید';
/** Longest a quick scenario may take: the minute to answer, reads, and a busy machine's slack. */
const QUICK_DEADLINE_MS = 180_000;
/** The example's own read interval, and the slack for the resume after it. */
const AS_IS_DEADLINE_MS = 240_000;

/** @typedef {import('../test/fakeKavenegar').FakeKavenegar} Fake */
/** @typedef {'approved' | 'declined' | 'timedOut'} Outcome */
/** @typedef {{ status: number, json: Record<string, unknown> }} Answer */

/**
 * The example as imported: our credentials on its nodes; the quick copy with its settings.
 * @param {'asIs' | 'quick'} which
 */
function workflowOf(which) {
	const workflow = readJson(path.join(ROOT, 'examples', EXAMPLE));
	for (const node of workflow.nodes) {
		if (String(node.type).startsWith('n8n-nodes-kavenegar.')) node.credentials = { kavenegarApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
		if (node.type === 'n8n-nodes-base.webhook') node.credentials = { httpHeaderAuth: { id: HEADER_CREDENTIAL.id, name: HEADER_CREDENTIAL.name } };
		if (which !== 'quick') continue;
		if (node.type === 'n8n-nodes-base.webhook') {
			node.parameters.path = QUICK.path;
			node.webhookId = crypto.randomUUID();
		}
		if (node.type === 'n8n-nodes-base.wait') node.webhookId = crypto.randomUUID();
		if (node.name === 'Settings') {
			for (const assignment of node.parameters.assignments.assignments) {
				if (assignment.name === 'approvers') assignment.value = MANAGERS.join(', ');
				if (assignment.name === 'checkEverySeconds') assignment.value = QUICK.checkEverySeconds;
				if (assignment.name === 'waitHours') assignment.value = QUICK.waitHours;
			}
		}
	}
	return { ...workflow, id: IDS[which], name: `${workflow.name} (${which})`, active: false };
}

/** @param {{ nodes: { type: string, parameters: { path?: string, authentication?: string } }[] }} workflow */
function webhookPath(workflow) {
	const hook = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
	if (!hook?.parameters.path) throw new Error('the example has no Webhook path');
	if (hook.parameters.authentication !== 'headerAuth') throw new Error(`the example's Webhook must require Header Auth, not ${hook.parameters.authentication ?? 'none'}`);
	return hook.parameters.path;
}

/** The customer of an order: a number of its own, so that its outcome SMS tells the order's fate. */
const customerOf = (/** @type {number} */ index) => `0935${String(index).padStart(7, '0')}`;

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Latin digits as a Persian (۰–۹) or Arabic-Indic (٠–٩) phone keyboard types them. */
const typedIn = (/** @type {string} */ text, /** @type {number} */ zero) => text.replace(/\d/g, (digit) => String.fromCharCode(zero + Number(digit)));

/**
 * @param {import('./lib/liveProof').ProofFolders} _folders
 * @returns {Promise<import('./lib/liveProof').Stage>}
 */
async function prepare(_folders) {
	const fake = await startFakeKavenegar({ apiKey: API_KEY });
	const asIs = workflowOf('asIs');
	const quick = workflowOf('quick');
	/** @type {string[]} */
	const problems = [];
	/** @type {string[]} */
	const lines = [];
	const proof = { fake, problems, lines, paths: { asIs: webhookPath(asIs), quick: webhookPath(quick) } };
	return {
		credentials: [
			{ ...CREDENTIAL, data: { apiKey: API_KEY, baseUrl: fake.url } },
			{ ...HEADER_CREDENTIAL, data: { name: SHOP_HEADER, value: SHOP_KEY } },
		],
		workflows: [asIs, quick],
		publish: [asIs.id, quick.id],
		problems,
		run: (running) => approveByReply(running, proof),
		finish: async () => {
			await fake.close();
			console.log('');
			console.log(`Approvals by reply in n8n ${N8N_VERSION} (n8n start, ${EXAMPLE} as it is and a quick copy):`);
			for (const line of lines) console.log(line);
			return problems;
		},
	};
}

/**
 * @param {import('./lib/liveProof').Running} running
 * @param {{ fake: Fake, problems: string[], lines: string[], paths: { asIs: string, quick: string } }} proof
 */
async function approveByReply(running, { fake, problems, lines, paths }) {
	/** Replies as the phones send them: to the line's inbox, now. */
	const reply = (/** @type {string} */ from, /** @type {string} */ text) => fake.seedInbox([{ sender: from, receptor: LINE, message: text }]);
	const sends = () => fake.requests.filter((request) => request.operation === 'sms/send');
	const textsTo = (/** @type {string} */ number) => sends().filter((request) => String(request.form?.receptor ?? '').split(',').includes(number)).map((request) => String(request.form?.message ?? ''));
	const outcomesOf = (/** @type {number} */ index) => textsTo(customerOf(index));
	const helpsTo = (/** @type {string} */ manager) => textsTo(manager).filter((text) => text.startsWith(HELP));
	const questionsFor = (/** @type {string} */ order) => sends().filter((request) => String(request.form?.message ?? '').includes(`برای سفارش ${order}؟`));
	const inboxReads = () => fake.requests.filter((request) => request.operation === 'sms/inboxpaged').length;
	/**
	 * A call from the shop's server; `key` null sends no header.
	 * @param {string} hookPath
	 * @param {unknown} body
	 * @param {string | null} [key]
	 * @returns {Promise<Answer>}
	 */
	const call = async (hookPath, body, key = SHOP_KEY) => {
		/** @type {Record<string, string>} */
		const headers = { 'content-type': 'application/json' };
		if (key !== null) headers[SHOP_HEADER] = key;
		const response = await fetch(`${running.base}/webhook/${hookPath}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
		const text = await response.text();
		/** @type {Record<string, unknown>} */
		let json = {};
		try {
			json = JSON.parse(text);
		} catch {
			json = { text };
		}
		return { status: response.status, json };
	};
	/**
	 * Asks the quick copy about an order and expects the question to go out; its reference.
	 * @param {string} order
	 * @param {number} index the customer's
	 * @param {number} [amount]
	 */
	const ask = async (order, index, amount = 250000) => {
		const answer = await call(paths.quick, { order, amount: String(amount), phone: customerOf(index) });
		if (answer.status !== 200 || answer.json.asked !== true || typeof answer.json.reference !== 'string') {
			problems.push(`order ${JSON.stringify(order)}: the webhook answered HTTP ${answer.status} ${JSON.stringify(answer.json)}, not 200 with a reference`);
			return '';
		}
		const reference = String(answer.json.reference);
		if (['1', '2', '11', '12'].includes(reference) || !/^\d{1,3}$/.test(reference)) problems.push(`order ${JSON.stringify(order)}: the reference ${reference} is not 1 to 3 digits other than 1, 2, 11 and 12`);
		if (answer.json.amount !== amount) problems.push(`order ${JSON.stringify(order)}: the answer carries amount ${JSON.stringify(answer.json.amount)}, not ${amount}`);
		return reference;
	};
	const waitFor = async (/** @type {() => boolean} */ done, /** @type {number} */ deadlineMs) => {
		const until = Date.now() + deadlineMs;
		while (!done() && Date.now() < until) await sleep(500);
		return done();
	};
	/**
	 * @param {number} index
	 * @param {Outcome} expected
	 * @param {string} what
	 */
	const expectOutcome = (index, expected, what) => {
		const got = outcomesOf(index);
		if (got.length !== 1 || !got[0].includes(OUTCOME[expected])) problems.push(`${what}: the customer got ${JSON.stringify(got)}, not one SMS saying «${OUTCOME[expected]}»`);
	};
	/** A round of the quick copy, with a busy machine's slack: time for a reply to be read. */
	const rounds = (/** @type {number} */ count) => sleep(count * QUICK.checkEverySeconds * 1000 + 2000);
	const [one, two] = MANAGERS;
	await webhookRegistered(`${running.base}/webhook/${paths.quick}`);

	// Refusals: nothing the workflow cannot ask reaches Kavenegar, and the caller is told why.
	const refusalsAt = Date.now();
	const sentBefore = sends().length;
	const good = { order: 'R-1', amount: '250000', phone: customerOf(99) };
	const refusals = /** @type {[string, unknown, string | null, number][]} */ ([
		['no header', good, null, 403],
		['a wrong key', good, 'not-the-key', 403],
		['no order', { ...good, order: '' }, SHOP_KEY, 400],
		['an order of two lines', { ...good, order: 'R-1\nR-2' }, SHOP_KEY, 400],
		['an order of 41 characters', { ...good, order: 'x'.repeat(41) }, SHOP_KEY, 400],
		['amount 0', { ...good, amount: '0' }, SHOP_KEY, 400],
		['amount in letters', { ...good, amount: 'دویست' }, SHOP_KEY, 400],
		['a phone that is no mobile', { ...good, phone: '021-12345678' }, SHOP_KEY, 400],
		['an array body', [good], SHOP_KEY, 400],
	]);
	for (const [what, body, key, status] of refusals) {
		const answer = await call(paths.quick, body, key);
		if (answer.status !== status) problems.push(`refusal, ${what}: HTTP ${answer.status} ${JSON.stringify(answer.json)}, not ${status}`);
		if (status === 400 && (answer.json.reason !== 'bad_request' || typeof answer.json.error !== 'string')) problems.push(`refusal, ${what}: ${JSON.stringify(answer.json)} names no rule`);
	}
	await sleep(1000);
	if (sends().length !== sentBefore) problems.push(`refusals: ${sends().length - sentBefore} SMS went out`);
	fake.injectFault({ kind: 'refuse', code: 418, operation: 'sms/send' });
	const refusedByKavenegar = await call(paths.quick, { order: '1', amount: '250000', phone: customerOf(2) });
	if (refusedByKavenegar.status !== 502 || refusedByKavenegar.json.reason !== 'kavenegar_refused') problems.push(`Kavenegar refusing the question: HTTP ${refusedByKavenegar.status} ${JSON.stringify(refusedByKavenegar.json)}, not 502 kavenegar_refused`);
	// The refused question is closed after the caller's answer: give that a moment before order 1 is asked again.
	await sleep(3000);
	lines.push(`  refusals            no header and a wrong key 403, 7 bodies 400 with the rule, nothing sent; Kavenegar refusing 502 (${seconds(refusalsAt)})`);

	// Eight at once, each answered with its reference; a bare 1 while all are open decides none.
	const eightAt = Date.now();
	const sentAtEight = fake.requests.length;
	const eight = /** @type {[string, number][]} */ ([
		['ORD-1001', 1],
		['1', 2],
		['A 1003', 3],
		['سفارش ۱۰۰۴', 4],
		['2', 5],
		['ord-1006/b', 6],
		['1007', 7],
		['1008', 8],
	]);
	const refs = await Promise.all(eight.map(([order, index]) => ask(order, index)));
	/** @type {Record<number, string>} */
	const ref = Object.fromEntries(eight.map(([, index], i) => [index, refs[i]]));
	if (new Set(refs).size !== refs.length) problems.push(`eight at once: references ${JSON.stringify(refs)} are not all different`);
	const questionsSince = (/** @type {string} */ order) => questionsFor(order).filter((request) => fake.requests.indexOf(request) >= sentAtEight);
	if (!(await waitFor(() => eight.every(([order]) => questionsSince(order).length === 1), 60_000))) {
		problems.push(`eight at once: the questions did not all go out once: ${JSON.stringify(eight.map(([order]) => questionsSince(order).length))}`);
	}
	for (const [order, index] of eight) {
		const question = String(questionsSince(order)[0]?.form?.message ?? '');
		if (!question.includes('250,000') || !question.includes(`1 ${ref[index]}`) || !question.includes(`2 ${ref[index]}`)) problems.push(`order ${order}: the question ${JSON.stringify(question)} lacks the amount or its reference`);
	}
	const helpsBefore = helpsTo(one).length;
	reply(one, '1');
	reply(one, `بله ${ref[1]}`);
	reply(two, `۲ ${typedIn(ref[2], 0x6f0)}`);
	reply(one, 'چرا؟');
	reply(STRANGER, `1 ${ref[5]}`);
	reply(two, `1 ${ref[6]}`);
	reply(one, `2 ${ref[8]}`);
	await sleep(1500);
	reply(one, `1 ${ref[3]}`);
	reply(two, `2 ${ref[5]}`);
	reply(one, `2 ${ref[6]}`);
	reply(one, `${ref[7]} 1`);
	await waitFor(() => eight.every(([, index]) => outcomesOf(index).length > 0), QUICK_DEADLINE_MS);
	// An execution that decided wrongly could still send a second outcome: give it a read more.
	await rounds(2);
	const expected = /** @type {[number, Outcome, string][]} */ ([
		[1, 'approved', 'approve (ORD-1001)'],
		[2, 'declined', 'decline in Persian digits (order 1, asked again after Kavenegar refused it)'],
		[3, 'approved', 'another text, then yes (A 1003)'],
		[4, 'timedOut', 'no reply until the limit (سفارش ۱۰۰۴)'],
		[5, 'declined', 'a yes from another number ignored, then no (order 2)'],
		[6, 'approved', 'two managers, the first answer decides (ord-1006/b)'],
		[7, 'approved', 'two open questions to one manager (yes, reference first)'],
		[8, 'declined', 'two open questions to one manager (no)'],
	]);
	for (const [index, outcome, what] of expected) expectOutcome(index, outcome, what);
	const eightHelps = helpsTo(one).slice(helpsBefore);
	if (eightHelps.length !== 1) problems.push(`eight at once: a bare 1 while eight were open got manager 1 ${eightHelps.length} SMS saying how to answer, not 1: ${JSON.stringify(eightHelps)}`);
	if (helpsTo(two).length > 0) problems.push(`eight at once: manager 2, who sent no bare answer, got ${JSON.stringify(helpsTo(two))}`);
	lines.push(`  eight at once       orders with dashes, letters, spaces, 1 and 2, each by its reference; the bare 1 decided none and got manager 1 one SMS (${seconds(eightAt)})`);

	// One question open: opt-out replies decide nothing, a bare «بله» approves.
	const onlyAt = Date.now();
	const readsBeforeOnly = inboxReads();
	await ask('B-1', 11);
	const helpsBeforeOnly = helpsTo(one).length;
	await waitFor(() => questionsFor('B-1').length === 1, 30_000);
	reply(one, '11');
	reply(one, 'لغو');
	await rounds(2);
	if (outcomesOf(11).length > 0) problems.push(`11 and لغو to the only open question: the customer got ${JSON.stringify(outcomesOf(11))}`);
	reply(one, 'بله');
	await waitFor(() => outcomesOf(11).length > 0, 60_000);
	await rounds(1);
	expectOutcome(11, 'approved', 'a bare «بله» to the only open question (B-1)');
	if (helpsTo(one).length !== helpsBeforeOnly) problems.push(`one open question: manager 1 was asked how to answer: ${JSON.stringify(helpsTo(one).slice(helpsBeforeOnly))}`);
	const onlyReads = inboxReads() - readsBeforeOnly;
	lines.push(`  only one open       «11» and «لغو» decided nothing and asked nothing back, a bare «بله» approved (${seconds(onlyAt)}, ${onlyReads} inbox reads: 2 a round per manager)`);

	// Two open: a bare «خیر» decides neither, one SMS says how to answer each.
	const twoAt = Date.now();
	const [c1, c2] = await Promise.all([ask('C-1', 21), ask('C-2', 22, 1_200_000)]);
	const helpsBeforeTwo = helpsTo(one).length;
	await waitFor(() => questionsFor('C-1').length === 1 && questionsFor('C-2').length === 1, 30_000);
	reply(one, 'خیر');
	await waitFor(() => helpsTo(one).length > helpsBeforeTwo, 30_000);
	await rounds(2);
	const twoHelps = helpsTo(one).slice(helpsBeforeTwo);
	if (outcomesOf(21).length > 0 || outcomesOf(22).length > 0) problems.push(`a bare «خیر» with two open decided: ${JSON.stringify([outcomesOf(21), outcomesOf(22)])}`);
	if (twoHelps.length !== 1) problems.push(`a bare «خیر» with two open got manager 1 ${twoHelps.length} SMS saying how to answer, not 1`);
	else if (!twoHelps[0].includes(`1 ${c1}`) || !twoHelps[0].includes(`2 ${c2}`) || !twoHelps[0].includes('1,200,000')) problems.push(`the SMS saying how to answer ${JSON.stringify(twoHelps[0])} does not name both questions`);
	reply(one, `${typedIn('1', 0x660)} ${typedIn(c1, 0x660)}`);
	reply(two, `2 ${c2}`);
	await waitFor(() => outcomesOf(21).length > 0 && outcomesOf(22).length > 0, 60_000);
	await rounds(1);
	expectOutcome(21, 'approved', 'two open, then «١ <ref>» in Arabic-Indic digits (C-1)');
	expectOutcome(22, 'declined', 'two open, then «2 <ref>» from manager 2 (C-2)');
	if (helpsTo(one).length - helpsBeforeTwo !== 1) problems.push(`two open: manager 1 got ${helpsTo(one).length - helpsBeforeTwo} SMS saying how to answer in all, not 1`);
	lines.push(`  two open            a bare «خیر» decided neither; manager 1 got one SMS naming both; then each by its reference (${seconds(twoAt)})`);

	// The same order twice at once, and again: one question, the others already asked.
	const sameAt = Date.now();
	const twice = await Promise.all([
		call(paths.quick, { order: 'D 1', amount: '250000', phone: customerOf(31) }),
		call(paths.quick, { order: 'D 1', amount: '990000', phone: customerOf(32) }),
	]);
	await sleep(1000);
	const third = await call(paths.quick, { order: 'D 1', amount: '990000', phone: customerOf(32) });
	const won = twice.find((answer) => answer.status === 200);
	const statuses = [...twice, third].map((answer) => answer.status).sort();
	if (JSON.stringify(statuses) !== JSON.stringify([200, 409, 409])) problems.push(`the same order three times: HTTP ${JSON.stringify(statuses)}, not one 200 and two 409`);
	const askedAmount = Number(won?.json.amount);
	for (const answer of [...twice, third].filter((one) => one.status === 409)) {
		if (answer.json.reason !== 'already_asked' || answer.json.amount !== askedAmount) problems.push(`the same order again: ${JSON.stringify(answer.json)}, not already_asked with the open question's amount ${askedAmount}`);
	}
	await waitFor(() => questionsFor('D 1').length > 0, 30_000);
	await sleep(2000);
	if (questionsFor('D 1').length !== 1) problems.push(`the same order three times: ${questionsFor('D 1').length} questions texted, not 1`);
	reply(two, '۱');
	const winner = askedAmount === 250000 ? 31 : 32;
	await waitFor(() => outcomesOf(winner).length > 0, 60_000);
	await rounds(1);
	expectOutcome(winner, 'approved', 'a bare «۱» to the only open question (D 1)');
	if (!outcomesOf(winner)[0]?.includes(askedAmount.toLocaleString('en-US'))) problems.push(`D 1: the outcome ${JSON.stringify(outcomesOf(winner))} does not name the amount asked, ${askedAmount}`);
	if (outcomesOf(winner === 31 ? 32 : 31).length > 0) problems.push('D 1: the customer of the refused request was texted');
	lines.push(`  same order          two at once and a third: one question, 409 already_asked twice with its amount; a bare «۱» approved ${askedAmount} (${seconds(sameAt)})`);

	// As it is: a read every 65 s, which n8n keeps in its database, so that a restart loses nothing.
	const asIsAt = Date.now();
	const readsBefore = inboxReads();
	const index = 41;
	await webhookRegistered(`${running.base}/webhook/${paths.asIs}`);
	const asked = await call(paths.asIs, { order: 'W-2001', amount: 250000, phone: customerOf(index) });
	if (asked.status !== 200) problems.push(`as it is: HTTP ${asked.status} ${JSON.stringify(asked.json)}`);
	if (!(await waitFor(() => questionsFor('W-2001').length === 1, 60_000))) problems.push('as it is: the question did not go out');
	const api = running.api;
	const isWaiting = async () => (await api.executions({ workflowId: IDS.asIs, status: ['waiting'] })).length > 0;
	const waitedAt = Date.now();
	while (!(await isWaiting()) && Date.now() - waitedAt < 60_000) await sleep(1000);
	if (!(await isWaiting())) problems.push("as it is: no execution of the example waits in n8n's database after its first read");
	const restarted = await running.restart();
	reply(AS_IS_MANAGER, 'بله');
	await waitFor(() => outcomesOf(index).length > 0, AS_IS_DEADLINE_MS);
	expectOutcome(index, 'approved', 'a restart while waiting, then a bare «بله»');
	const approvalReads = inboxReads() - readsBefore;
	lines.push(`  as it is            a restart while waiting, then a bare «بله»: approved after the restart (${seconds(asIsAt)}, ${approvalReads} inbox reads for that approval, one manager); n8n back at ${restarted.base}`);

	const marked = fake.requests.filter((request) => request.operation === 'sms/receive').length;
	if (marked > 0) problems.push(`Get Reply read the inbox with sms/receive ${marked} times, which marks messages read`);
	log(`approvals by reply: ${inboxReads()} inbox reads in all, none marking anything read`);
}

/** @type {import('./lib/liveProof').SharedCheck} */
const replyCheck = { name: 'approvals by reply', prepare };

module.exports = { replyCheck };

if (require.main === module) {
	log(`approvals by reply: ${EXAMPLE} in n8n ${N8N_VERSION}`);
	runLiveProof('approval by reply proof', { prefix: 'kavenegar-reply-', keep: process.env.REPLY_KEEP === '1', main: (folders) => runOnOneN8n([replyCheck], folders) });
}
