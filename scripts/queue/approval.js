'use strict';
/*
 * An approval by SMS in queue mode (part of npm run test:queue): a Webhook on main starts Send and
 * Wait for Response, which a worker runs; it sends the SMS with n8n's signed link (made on the worker,
 * from WEBHOOK_URL) and puts the execution to wait. The link is answered as the approver's phone
 * would, a POST from the page; main checks the signature, and a worker runs the rest of the
 * execution, which must end with data.approved true.
 */
const { until, webhookThenAsk } = require('../lib/approvalCheck');
const { log } = require('../lib/processes');

const WORKFLOW_ID = 'queueApprovalSms01';
const HOOK_PATH = 'queue-approval';
const APPROVER = '09121239999';
const PHONE = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';

/** @typedef {import('../lib/n8nServer').N8nServer} N8nServer */
/** @typedef {import('../lib/n8nServer').RestClient} RestClient */

/**
 * @param {{ main: N8nServer, api: RestClient, workers: () => N8nServer[], fakeUrl: string, flatted: () => { parse: (text: string) => any }, problems: string[] }} cluster
 * @returns {Promise<{ executionId: string, workers: string[], approved: unknown, ms: number }>}
 */
async function runApproval({ main, api, workers, fakeUrl, flatted, problems }) {
	const started = Date.now();
	const answer = await fetch(`${main.url}/webhook/${HOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: APPROVER, question: 'Approve job Q-7?' }) });
	if (answer.status !== 200) problems.push(`queue approval: the webhook answered ${answer.status}`);
	const sms = await until(async () => {
		const state = await (await fetch(`${fakeUrl}/_fake/outbox`)).json();
		return state.outbox.find((/** @type {{ receptor: string }} */ row) => row.receptor === APPROVER);
	}, 'queue approval: the approval SMS');
	const link = /https?:\/\/\S+$/.exec(sms.message)?.[0] ?? '';
	if (!link.startsWith(`${main.url}/webhook-waiting/`)) problems.push(`queue approval: the worker's link ${JSON.stringify(link)} does not lead to main's ${main.url}`);
	const executionId = new URL(link).pathname.split('/').at(-2) ?? '';
	await until(async () => ((await api.execution(executionId)).status === 'waiting' ? true : undefined), `queue approval: execution ${executionId} to wait`);
	const page = await fetch(link, { headers: { 'user-agent': PHONE } });
	if (page.status !== 200 || !(await page.text()).includes('Approve job Q-7?')) problems.push(`queue approval: the link answered ${page.status}, not the question`);
	const posted = await fetch(link, { method: 'POST', headers: { 'user-agent': PHONE, 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=approve' });
	if (posted.status !== 200) problems.push(`queue approval: the answer got ${posted.status}`);
	const done = await until(async () => {
		const found = await api.execution(executionId);
		return ['success', 'error', 'crashed', 'canceled'].includes(found.status) ? found : undefined;
	}, `queue approval: execution ${executionId} to end`);
	const output = flatted().parse(done.data)?.resultData?.runData?.['Ask by SMS']?.at(-1)?.data?.main?.[0]?.[0]?.json;
	if (done.status !== 'success' || output?.data?.approved !== true) problems.push(`queue approval: execution ${executionId} ended ${done.status} with ${JSON.stringify(output)}`);
	// Both halves of the execution, before and after the wait, ran on workers: each logs its start.
	const ranOn = workers().flatMap((worker) =>
		worker.lines.filter((line) => line.entry?.message?.startsWith(`Worker started execution ${executionId} `)).map(() => worker.name),
	);
	if (ranOn.length < 2) problems.push(`queue approval: execution ${executionId} started on workers ${ranOn.length} time(s), not before and after its wait`);
	log(`queue approval: execution ${executionId} asked, answered and ended on ${ranOn.join(' then ')}`);
	return { executionId, workers: ranOn, approved: output?.data?.approved, ms: Date.now() - started };
}

/** @param {{ id: string, name: string }} credential */
const approvalWorkflow = (credential) => webhookThenAsk(WORKFLOW_ID, HOOK_PATH, credential, {});

module.exports = { approvalWorkflow, runApproval, APPROVAL_WORKFLOW_ID: WORKFLOW_ID };
