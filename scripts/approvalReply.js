#!/usr/bin/env node
'use strict';
/*
 * npm run test:reply: approvals by replying to the SMS (examples/approval-by-sms-reply.json) in a
 * running n8n (`n8n start`, 2.8.4 by default; with npm run test:live on the line's one n8n, 2.41.1
 * too). The example is published twice:
 *
 *   as it is     (a read every 65 s, 24 hours to answer): a question, then n8n restarted while the
 *                execution waits, then the reply; the approval arrives after the restart
 *   quick copy   (a read every 3 s, a minute to answer, two managers, its own webhook path), all at
 *                once, each question referenced by its order number:
 *                  approve      manager 1 replies «بله 1001»
 *                  decline      manager 2 replies «۲ ۱۰۰۲»
 *                  other text   manager 1 replies «چرا؟», then «1 1003»: approved
 *                  no reply     1004: the time-out branch, after the minute
 *                  other number 09129999999 replies «1 1005» (ignored), then manager 2 «2 1005»: declined
 *                  first decides manager 2 «1 1006», then manager 1 «2 1006»: approved
 *                  two open     manager 1 «2 1008», then «1 1007»: 1007 approved, 1008 declined
 *                  bare answer  manager 1 «1» while all are open: decides nothing
 *
 * The fake Kavenegar in this process plays the line's inbox (replies put into it as the phones would
 * send them) and the customers' phones (the outcome SMS of each order is read from what it received).
 * It also counts the inbox reads each approval took, and checks that Get Reply marked nothing read.
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
const CREDENTIAL = { id: 'kvnReplyCredential', name: 'Kavenegar (approval by reply check fake)', type: 'kavenegarApi' };
const LINE = '10004346';
const MANAGERS = ['09121230001', '09121230002'];
const STRANGER = '09129999999';
const EXAMPLE = 'approval-by-sms-reply.json';
const IDS = { asIs: 'kvnReplyFlowAsIs01', quick: 'kvnReplyFlowQuick1' };
const QUICK = { path: 'refund-request-by-reply-check', checkEverySeconds: 3, waitHours: 1 / 60 };
const OUTCOME = { approved: 'تأیید شد', declined: 'تأیید نشد', timedOut: 'در حال بررسی' };
/** Longest a quick scenario may take: the minute to answer, reads, and a busy machine's slack. */
const QUICK_DEADLINE_MS = 180_000;
/** The example's own read interval, and the slack for the resume after it. */
const AS_IS_DEADLINE_MS = 240_000;

/** @typedef {import('../test/fakeKavenegar').FakeKavenegar} Fake */
/** @typedef {'approved' | 'declined' | 'timedOut'} Outcome */

/**
 * The example as imported: our credential on its Kavenegar nodes; the quick copy with its settings.
 * @param {'asIs' | 'quick'} which
 */
function workflowOf(which) {
	const workflow = readJson(path.join(ROOT, 'examples', EXAMPLE));
	for (const node of workflow.nodes) {
		if (String(node.type).startsWith('n8n-nodes-kavenegar.')) node.credentials = { kavenegarApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
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

/** @param {{ nodes: { type: string, parameters: { path?: string } }[] }} workflow */
function webhookPath(workflow) {
	const hook = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
	if (!hook?.parameters.path) throw new Error('the example has no Webhook path');
	return hook.parameters.path;
}

/** The customer of an order: a number of its own, so that its outcome SMS tells the order's fate. */
const customerOf = (/** @type {number} */ order) => `0935${String(order).padStart(7, '0')}`;

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
		credentials: [{ ...CREDENTIAL, data: { apiKey: API_KEY, baseUrl: fake.url } }],
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
	/** The outcome SMS each order's customer got. */
	const outcomesOf = (/** @type {number} */ order) =>
		fake.requests
			.filter((request) => request.operation === 'sms/send' && request.form?.receptor === customerOf(order))
			.map((request) => String(request.form?.message ?? ''));
	const questionsOf = (/** @type {number} */ order) =>
		fake.requests.filter((request) => request.operation === 'sms/send' && String(request.form?.message ?? '').includes(`2 ${order}`));
	/**
	 * @param {string} base
	 * @param {string} hookPath
	 * @param {number} order
	 */
	const ask = async (base, hookPath, order) => {
		const response = await fetch(`${base}/webhook/${hookPath}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ order: String(order), amount: '250000', phone: customerOf(order) }),
			signal: AbortSignal.timeout(60_000),
		});
		if (response.status !== 200) problems.push(`order ${order}: the webhook answered HTTP ${response.status} ${await response.text()}`);
	};
	const waitFor = async (/** @type {() => boolean} */ done, /** @type {number} */ deadlineMs) => {
		const until = Date.now() + deadlineMs;
		while (!done() && Date.now() < until) await sleep(500);
		return done();
	};
	/**
	 * @param {number} order
	 * @param {Outcome} expected
	 * @param {string} what
	 */
	const expectOutcome = (order, expected, what) => {
		const got = outcomesOf(order);
		if (got.length !== 1 || !got[0].includes(OUTCOME[expected])) problems.push(`${what} (order ${order}): the customer got ${JSON.stringify(got)}, not one SMS saying «${OUTCOME[expected]}»`);
	};
	const inboxReads = () => fake.requests.filter((request) => request.operation === 'sms/inboxpaged').length;

	// The quick copy: every scenario at once, two managers, each question referenced by its order.
	const quickAt = Date.now();
	await webhookRegistered(`${running.base}/webhook/${paths.quick}`);
	const orders = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008];
	await Promise.all(orders.map((order) => ask(running.base, paths.quick, order)));
	if (!(await waitFor(() => orders.every((order) => questionsOf(order).length === 1), 60_000))) {
		problems.push(`the questions did not all go out: ${JSON.stringify(orders.map((order) => questionsOf(order).length))}`);
	}
	const [one, two] = MANAGERS;
	reply(one, '1');
	reply(one, 'بله 1001');
	reply(two, '۲ ۱۰۰۲');
	reply(one, 'چرا؟');
	reply(STRANGER, '1 1005');
	reply(two, '1 1006');
	reply(one, '2 1008');
	await sleep(1500);
	reply(one, '1 1003');
	reply(two, '2 1005');
	reply(one, '2 1006');
	reply(one, '1 1007');
	const expected = /** @type {[number, Outcome, string][]} */ ([
		[1001, 'approved', 'approve'],
		[1002, 'declined', 'decline in Persian digits'],
		[1003, 'approved', 'another text, then yes'],
		[1004, 'timedOut', 'no reply until the limit'],
		[1005, 'declined', 'a yes from another number ignored, then no'],
		[1006, 'approved', 'two managers, the first answer decides'],
		[1007, 'approved', 'two open questions to one manager (yes)'],
		[1008, 'declined', 'two open questions to one manager (no)'],
	]);
	await waitFor(() => orders.every((order) => outcomesOf(order).length > 0), QUICK_DEADLINE_MS);
	// An execution that decided wrongly could still send a second outcome: give it a read more.
	await sleep(QUICK.checkEverySeconds * 1000 * 2);
	for (const [order, outcome, what] of expected) expectOutcome(order, outcome, what);
	const quickReads = inboxReads();
	lines.push(`  quick copy          8 questions at once to 2 managers: approve, decline, other text, no reply, another number, first of two, two open, a bare 1 (${seconds(quickAt)}, ${quickReads} inbox reads)`);

	// As it is: a read every 65 s, which n8n keeps in its database, so that a restart loses nothing.
	const asIsAt = Date.now();
	const readsBefore = inboxReads();
	const order = 2001;
	await webhookRegistered(`${running.base}/webhook/${paths.asIs}`);
	await ask(running.base, paths.asIs, order);
	const waiting = await waitFor(() => questionsOf(order).length === 1, 60_000);
	if (!waiting) problems.push(`order ${order}: the question did not go out`);
	const api = running.api;
	const isWaiting = async () => (await api.executions({ workflowId: IDS.asIs, status: ['waiting'] })).length > 0;
	const waitedAt = Date.now();
	while (!(await isWaiting()) && Date.now() - waitedAt < 60_000) await sleep(1000);
	if (!(await isWaiting())) problems.push(`order ${order}: no execution of the example waits in n8n's database after its first read`);
	const restarted = await running.restart();
	reply('09121234567', 'بله ۲۰۰۱');
	await waitFor(() => outcomesOf(order).length > 0, AS_IS_DEADLINE_MS);
	expectOutcome(order, 'approved', 'a restart while waiting, then yes');
	const approvalReads = inboxReads() - readsBefore;
	lines.push(`  as it is            a restart while waiting, then «بله ۲۰۰۱»: approved after the restart (${seconds(asIsAt)}, ${approvalReads} inbox reads for that approval); n8n back at ${restarted.base}`);

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
