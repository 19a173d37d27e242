'use strict';
/*
 * SMS → Send and Wait for Response in a running n8n, on the n8n that scripts/agent.js starts (one n8n
 * per line for both checks). The approver is headless Chromium, on a phone-sized page:
 *
 *   approve    a Webhook starts the workflow; the fake gets the SMS with the link; a link preview's
 *              GET and POST, a plain GET, a forged and an altered link decide nothing (the forged
 *              ones n8n refuses); Chromium opens the link and clicks Approve; the execution ends
 *              with data.approved true; a second answer changes nothing, and the link says so
 *   decline    the same, Decline: data.approved false
 *   race       Approve and Decline posted at the same moment, both reaching the node (asked again, 3
 *              times at most, until they do): the run goes on once (its one outcome SMS), with one of
 *              them, and each page says only what is true either way (or n8n answers the late one)
 *   free text  a Persian question, drawn right to left; the answer typed in Chromium is data.text
 *   time-out   Limit Wait Time of one minute: the execution ends with data.timedOut, unanswered
 *   review     an AI Agent's tool gated by Kavenegar's Human review (the HitlTool n8n makes of the
 *              node): nothing runs until the approver answers by SMS; Approve runs the tool, Decline
 *              does not, and the model is told it was declined
 */
/* global document, getComputedStyle -- the functions given to page.evaluate and $eval run in the approval page */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { log, seconds } = require('./processes');

const CHROMIUM = process.env.EDITOR_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const NODE = 'n8n-nodes-kavenegar.kavenegar';
const HITL_NODE = 'n8n-nodes-kavenegar.kavenegarHitlTool';
const PATHS = { approval: 'kavenegar-approval-check', freeText: 'kavenegar-answer-check', race: 'kavenegar-race-check' };
const APPROVAL = { responseType: 'approval', approvalOptions: { values: { approvalType: 'double', approveLabel: 'Approve', disapproveLabel: 'Decline' } } };
/** Where the race's workflow texts its outcome. */
const OUTCOME_TO = '09121230005';
/** What the node's page says to each of two people answering at once. */
const SENT = 'If someone answered this question before you, their answer stands.';
/**
 * Both answers reach the node only when n8n reads the waiting execution for each before it resumes
 * it for either; the race is asked again until they do, at most this many times.
 */
const RACE_TRIES = 3;
const WAIT_MS = 90_000;
/** n8n resumes a timed-out wait from its wait tracker, which looks every 60 seconds. */
const TIMEOUT_WAIT_MS = 200_000;

/** @typedef {{ id: string, name: string }} CredentialRef */
/** @typedef {import('../../test/fakeKavenegar').FakeKavenegar} Fake */

/**
 * A Webhook that starts a Send and Wait for Response to `body.to` with `body.question` (also the
 * approval of scripts/queue/approval.js).
 * @param {string} id
 * @param {string} hookPath
 * @param {CredentialRef} credential
 * @param {Record<string, unknown>} parameters
 */
function webhookThenAsk(id, hookPath, credential, parameters) {
	return {
		id,
		name: `Kavenegar approval check (${hookPath})`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: crypto.randomUUID(), name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: crypto.randomUUID(), parameters: { httpMethod: 'POST', path: hookPath, responseMode: 'onReceived', options: {} } },
			{
				id: crypto.randomUUID(),
				name: 'Ask by SMS',
				type: NODE,
				typeVersion: 3,
				position: [220, 0],
				credentials: { kavenegarApi: credential },
				parameters: {
					resource: 'sms',
					operation: 'sendAndWait',
					approvers: '={{ $json.body.to }}',
					message: '={{ $json.body.question }}',
					additionalFields: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: '={{ $json.body.waitMinutes || 60 }}', resumeUnit: 'minutes' } } },
					...parameters,
				},
			},
		],
		connections: { Webhook: { main: [[{ node: 'Ask by SMS', type: 'main', index: 0 }]] } },
	};
}

/**
 * The approval question, then an SMS that tells its outcome: a run that went on twice would send it
 * twice, which n8n's own execution data cannot show (a second resume would overwrite the first).
 * @param {CredentialRef} credential
 */
function raceWorkflow(credential) {
	const workflow = webhookThenAsk('kvnApprovalCheck3', PATHS.race, credential, APPROVAL);
	const outcome = {
		id: crypto.randomUUID(),
		name: 'Tell the outcome',
		type: NODE,
		typeVersion: 3,
		position: [440, 0],
		credentials: { kavenegarApi: credential },
		parameters: { resource: 'sms', operation: 'send', recipients: OUTCOME_TO, message: "=Refund {{ $json.data.approved ? 'approved' : 'declined' }}" },
	};
	return { ...workflow, nodes: [...workflow.nodes, outcome], connections: { ...workflow.connections, 'Ask by SMS': { main: [[{ node: outcome.name, type: 'main', index: 0 }]] } } };
}

/**
 * The AI Agent workflow whose Send SMS tool waits for Kavenegar's Human review.
 * @param {CredentialRef} credential
 * @param {CredentialRef} modelCredential
 * @param {number} agentVersion
 */
function reviewWorkflow(credential, modelCredential, agentVersion) {
	const chatId = crypto.randomUUID();
	const workflow = {
		id: 'kvnApprovalReview',
		name: 'Kavenegar Human review check',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: crypto.randomUUID(), name: 'When chat message received', type: '@n8n/n8n-nodes-langchain.chatTrigger', typeVersion: 1.4, position: [0, 0], webhookId: chatId, parameters: { public: true, mode: 'webhook', options: { responseMode: 'lastNode' } } },
			{ id: crypto.randomUUID(), name: 'AI Agent', type: '@n8n/n8n-nodes-langchain.agent', typeVersion: agentVersion, position: [220, 0], parameters: { promptType: 'auto', options: { systemMessage: 'You send SMS for a shop.' } } },
			{ id: crypto.randomUUID(), name: 'OpenAI Chat Model', type: '@n8n/n8n-nodes-langchain.lmChatOpenAi', typeVersion: 1.2, position: [100, 200], credentials: { openAiApi: modelCredential }, parameters: { model: { __rl: true, mode: 'list', value: 'gpt-4o-mini' }, options: {} } },
			{
				id: crypto.randomUUID(),
				name: 'Manager approval',
				type: HITL_NODE,
				typeVersion: 3,
				position: [300, 200],
				credentials: { kavenegarApi: credential },
				parameters: { approvers: '09120000077', message: '=The agent wants to send an SMS: {{ JSON.stringify($tool.parameters) }}' },
			},
			{
				id: crypto.randomUUID(),
				name: 'Send SMS',
				type: 'n8n-nodes-kavenegar.kavenegarTool',
				typeVersion: 3,
				position: [300, 400],
				credentials: { kavenegarApi: credential },
				parameters: {
					descriptionType: 'manual',
					toolDescription: 'Send one SMS text to mobile numbers.',
					resource: 'sms',
					operation: 'send',
					recipients: "={{ $fromAI('Recipients', 'Mobile numbers, comma separated', 'string') }}",
					message: "={{ $fromAI('Message', 'The text to send', 'string') }}",
				},
			},
		],
		connections: {
			'When chat message received': { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
			'Send SMS': { ai_tool: [[{ node: 'Manager approval', type: 'ai_tool', index: 0 }]] },
			'Manager approval': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		},
	};
	return { workflow, chatId };
}

/**
 * The workflows and the model's conversations of this check, to import before n8n starts.
 * @param {{ credential: CredentialRef, modelCredential: CredentialRef, agentVersion: number }} options
 */
function approvalSetup({ credential, modelCredential, agentVersion }) {
	const review = reviewWorkflow(credential, modelCredential, agentVersion);
	const sms = { toolParameters: { Recipients: '09121230077', Message: 'Your refund was approved' }, hitlParameters: {} };
	/** @param {string} prompt */
	const scenario = (prompt) => ({
		prompt,
		turns: [() => ({ tool: 'Send_SMS', args: sms }), (/** @type {unknown[]} */ results) => ({ text: `Result: ${JSON.stringify(results[0])}` })],
	});
	return {
		workflows: [
			webhookThenAsk('kvnApprovalCheck1', PATHS.approval, credential, APPROVAL),
			webhookThenAsk('kvnApprovalCheck2', PATHS.freeText, credential, { responseType: 'freeText' }),
			raceWorkflow(credential),
			review.workflow,
		],
		reviewChatId: review.chatId,
		scenarios: [scenario('[review approve] Tell 09121230077 the refund was approved'), scenario('[review decline] Tell 09121230077 the refund was approved')],
	};
}

/**
 * Polls `probe` until it gives a value.
 * @template T
 * @param {() => Promise<T | undefined> | T | undefined} probe
 * @param {string} what
 * @param {number} [timeoutMs]
 * @returns {Promise<T>}
 */
async function until(probe, what, timeoutMs = WAIT_MS) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
}

/**
 * @param {any} api n8n's REST client
 * @param {string} id
 * @returns {Promise<{ status: string, data: any }>}
 */
async function execution(api, id) {
	const { storedExecution } = require('./webhookTrigger');
	const found = await api.execution(id);
	return storedExecution({ id, status: found.status, mode: found.mode, data: found.data });
}

/**
 * The output of the Send and Wait node of a finished execution.
 * @param {any} api
 * @param {string} id
 * @param {string} nodeName
 * @param {number} [timeoutMs]
 */
async function finishedOutput(api, id, nodeName, timeoutMs = WAIT_MS) {
	let last = 'unread';
	const done = await until(async () => {
		const found = await execution(api, id);
		last = found.status;
		return ['success', 'error', 'crashed', 'canceled'].includes(found.status) ? found : undefined;
	}, `execution ${id} to end`, timeoutMs).catch((error) => {
		// What n8n last said of it tells a run still going on a busy machine from one left waiting.
		throw new Error(`${error instanceof Error ? error.message : String(error)} (n8n last said ${last})`);
	});
	const runs = done.data?.resultData?.runData?.[nodeName] ?? [];
	const items = runs.at(-1)?.data?.main?.[0] ?? [];
	return { status: done.status, json: items[0]?.json, items: items.length };
}

/**
 * The link of the approval SMS the fake received for `receptor` after request `from`.
 * @param {Fake} fake
 * @param {number} from
 * @param {string} receptor
 */
async function linkSentTo(fake, from, receptor) {
	const sms = await until(() => fake.requests.slice(from).find((request) => request.operation === 'sms/send' && request.form?.receptor === receptor), `the approval SMS to ${receptor}`);
	const link = /https?:\/\/\S+$/.exec(sms.form?.message ?? '')?.[0];
	if (!link) throw new Error(`the SMS to ${receptor} has no link: ${JSON.stringify(sms.form?.message)}`);
	return { link, message: sms.form?.message ?? '', executionId: new URL(link).pathname.split('/').at(-2) ?? '' };
}

/** @param {string} url @param {Record<string, string>} [headers] @param {Record<string, string>} [form] */
async function visit(url, headers = {}, form) {
	const response = await fetch(url, {
		method: form ? 'POST' : 'GET',
		headers: { ...headers, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
		body: form ? new URLSearchParams(form).toString() : undefined,
		redirect: 'manual',
		signal: AbortSignal.timeout(30_000),
	});
	return { status: response.status, body: await response.text() };
}

/** @typedef {{ base: string, api: any, fake: Fake, model: any, setup: ReturnType<typeof approvalSetup>, logDir: string, problems: string[], served: (url: string) => Promise<void> }} ApprovalRun */

/**
 * Asks a question by a Webhook of this check and resolves with the link the SMS to `body.to` carries.
 * @param {ApprovalRun} run
 * @param {string} hookPath
 * @param {Record<string, unknown>} body
 */
async function ask({ base, fake }, hookPath, body) {
	const from = fake.requests.length;
	const response = await until(async () => {
		const answer = await fetch(`${base}/webhook/${hookPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		return answer.status === 404 ? undefined : answer;
	}, `n8n to serve ${hookPath}`);
	if (response.status !== 200) throw new Error(`the webhook ${hookPath} answered ${response.status}`);
	return linkSentTo(fake, from, String(body.to));
}

/**
 * Publishes the check's workflows and asks the question left to time out: n8n's wait tracker ends it
 * a minute or two later, while the agent's conversations and the rest of this check run.
 * @param {ApprovalRun} run
 */
async function startApprovals(run) {
	for (const workflow of run.setup.workflows) await run.api.activate(workflow.id);
	await run.served(`${run.base}/webhook/${run.setup.reviewChatId}/chat`);
	return { timeout: await ask(run, PATHS.approval, { to: '09121230009', question: 'Ship order 1009?', waitMinutes: 1 }), started: Date.now() };
}

/**
 * @param {ApprovalRun} run
 * @param {Awaited<ReturnType<typeof startApprovals>>} begun
 * @returns {Promise<string[]>} the lines of the summary
 */
async function checkApprovals(run, { timeout, started }) {
	const { base, api, fake, model, setup, logDir, problems } = run;
	/** @type {string[]} */
	const lines = [];
	/** @param {string} problem */
	const fail = (problem) => problems.push(`approvals: ${problem}`);
	const start = (/** @type {string} */ hookPath, /** @type {Record<string, unknown>} */ body) => ask(run, hookPath, body);
	/** @param {string} executionId */
	const stillWaiting = async (executionId, /** @type {string} */ after) => {
		const found = await execution(api, executionId);
		if (found.status !== 'waiting') fail(`${after}: execution ${executionId} is ${found.status}, not still waiting`);
	};

	if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set EDITOR_CHROMIUM)`);
	const { chromium } = require('playwright-core');
	const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
	try {
		/**
		 * Opens the link as a person on a phone and answers; resolves with what the page then says.
		 * @param {string} link
		 * @param {(page: import('playwright-core').Page) => Promise<void>} answer
		 * @param {string} shot
		 */
		const answerInBrowser = async (link, answer, shot) => {
			const context = await browser.newContext(PHONE);
			const page = await context.newPage();
			// Playwright's 30 s are short for Chromium on a busy 2-core machine, as in the editor check.
			page.setDefaultTimeout(120_000);
			try {
				await page.goto(link);
				const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
				if (overflow > 0) fail(`the page of ${shot} is ${overflow} px wider than a phone`);
				await page.screenshot({ path: path.join(logDir, `approval-${shot}.png`), fullPage: true });
				await answer(page);
				await page.waitForSelector('text=Your answer was sent');
				await page.screenshot({ path: path.join(logDir, `approval-${shot}-sent.png`), fullPage: true });
				return await page.innerText('main');
			} finally {
				await context.close();
			}
		};

		// Approve, after everything that must decide nothing.
		const approve = await start(PATHS.approval, { to: '09121230001', question: 'Refund order 1001 for 50,000 rials?' });
		// Asked now, answered later: the execution the altered link points at, waiting with no time limit
		// (the time-out's may already have ended on a slow machine).
		const decline = await start(PATHS.approval, { to: '09121230002', question: 'Refund order 1002?' });
		if (!approve.message.startsWith('Refund order 1001 for 50,000 rials?\n')) fail(`the SMS reads ${JSON.stringify(approve.message)}`);
		const preview = await visit(approve.link, { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' });
		const previewPost = await visit(approve.link, { 'user-agent': 'WhatsApp/2.23.20.0 A' }, { decision: 'approve' });
		const plain = await visit(approve.link, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' });
		const signature = new URL(approve.link).searchParams.get('signature') ?? '';
		const forged = await visit(approve.link.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`), {}, { decision: 'approve' });
		const altered = new URL(approve.link);
		altered.pathname = altered.pathname.replace(`/${approve.executionId}/`, `/${decline.executionId}/`);
		const alteredAnswer = await visit(altered.toString(), {}, { decision: 'approve' });
		if (preview.status !== 200 || !preview.body.includes('Refund order 1001')) fail(`a link preview's GET got ${preview.status}, not the question`);
		if (previewPost.status !== 403) fail(`a link preview's POST got ${previewPost.status}, not 403`);
		if (plain.status !== 200 || !plain.body.includes('name="decision" value="approve"')) fail(`a plain GET got ${plain.status}, not the page with its buttons`);
		if (forged.status !== 401) fail(`a forged signature got ${forged.status}, not n8n's 401`);
		if (alteredAnswer.status !== 401) fail(`the link with another execution's ID got ${alteredAnswer.status}, not n8n's 401`);
		await stillWaiting(approve.executionId, 'a preview, a plain GET and forged links');
		await stillWaiting(decline.executionId, 'the altered link');
		const approvedPage = await answerInBrowser(approve.link, (page) => page.click('button:has-text("Approve")'), 'approve');
		const approved = await finishedOutput(api, approve.executionId, 'Ask by SMS');
		if (approved.status !== 'success' || approved.json?.data?.approved !== true || approved.json?.data?.timedOut !== false) fail(`Approve ended ${approved.status} with ${JSON.stringify(approved.json)}`);
		const again = await visit(approve.link, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' }, { decision: 'decline' });
		const againGet = await visit(approve.link);
		const after = await finishedOutput(api, approve.executionId, 'Ask by SMS');
		if (after.json?.data?.approved !== true) fail(`a second answer changed the outcome to ${JSON.stringify(after.json)}`);
		if (again.status >= 500 || /name="decision"/.test(again.body) || /name="decision"/.test(againGet.body)) fail(`once decided, the link answered ${again.status} with ${again.body.slice(0, 200)}`);
		lines.push(`  approve      preview GET ${preview.status}, preview POST ${previewPost.status}, plain GET ${plain.status}, forged ${forged.status}, altered ${alteredAnswer.status}; Chromium: "${approvedPage.split('\n')[0]}"; output ${JSON.stringify(approved.json?.data)}; second answer ${again.status}, the link then: ${againGet.status} "${(/<title>([^<]*)/.exec(againGet.body)?.[1] ?? againGet.body).slice(0, 60)}"`);

		await answerInBrowser(decline.link, (page) => page.click('button:has-text("Decline")'), 'decline');
		const declined = await finishedOutput(api, decline.executionId, 'Ask by SMS');
		if (declined.json?.data?.approved !== false || declined.json?.data?.timedOut !== false) fail(`Decline ended with ${JSON.stringify(declined.json)}`);
		lines.push(`  decline      output ${JSON.stringify(declined.json?.data)}`);

		// Two approvers at the same moment, one Approve and one Decline: n8n goes on once, with one of
		// them, and neither page claims what it cannot know.
		const phone = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' };
		for (let tries = 1; ; tries++) {
			const race = await start(PATHS.race, { to: '09121230004', question: `Refund order 1004 (try ${tries})?` });
			const from = fake.requests.length;
			const answers = await Promise.all(
				/** @type {const} */ ([
					['Approve', 'approve', true],
					['Decline', 'decline', false],
				]).map(async ([who, decision, approved]) => ({ who, approved, ...(await visit(race.link, phone, { decision })) })),
			);
			// As long as the time-out's: once the race's answers are in, only a busy n8n delays the run's end.
			const raced = await finishedOutput(api, race.executionId, 'Ask by SMS', TIMEOUT_WAIT_MS);
			const outcomes = fake.requests.slice(from).filter((request) => request.operation === 'sms/send' && request.form?.receptor === OUTCOME_TO);
			const stood = raced.json?.data?.approved;
			if (raced.status !== 'success' || raced.items !== 1 || typeof stood !== 'boolean') fail(`the race ended ${raced.status} with ${raced.items} items: ${JSON.stringify(raced.json)}`);
			if (outcomes.length !== 1 || outcomes[0].form?.message !== `Refund ${stood ? 'approved' : 'declined'}`) fail(`the race's run told its outcome ${outcomes.length} times: ${JSON.stringify(outcomes.map((request) => request.form?.message))}`);
			for (const answer of answers) {
				const truthful = answer.status === 200 && answer.body.includes(SENT);
				// n8n answers a POST that comes once the run goes on itself, without the node's page.
				const n8nOwn = answer.status < 500 && !/name="decision"|Your answer was/.test(answer.body);
				if (!truthful && !n8nOwn) fail(`the ${answer.who} of the race got ${answer.status}: ${answer.body.slice(0, 200)}`);
			}
			const reachedNode = answers.filter((answer) => answer.body.includes(SENT));
			// Alone at the node, an answer is the one n8n took.
			if (reachedNode.length === 1 && reachedNode[0].approved !== stood) fail(`only the ${reachedNode[0].who} reached the node, yet the run went on with approved ${stood}`);
			if (reachedNode.length === 2 || tries === RACE_TRIES) {
				if (reachedNode.length < 2) fail(`in ${tries} tries, Approve and Decline posted at once never both reached the node: the race was not tested`);
				lines.push(`  race         Approve ${answers[0].status}, Decline ${answers[1].status} at once, ${reachedNode.length} of them answered by the node (try ${tries}); the run went on once, with approved ${stood}`);
				break;
			}
		}

		const question = 'سفارش ۱۰۰۳ را برای فردا بفرستیم؟ (order 1003)';
		const text = 'بله، ساعت ۱۰ صبح';
		const free = await start(PATHS.freeText, { to: '09121230003', question });
		await answerInBrowser(
			free.link,
			async (page) => {
				const direction = await page.$eval('p.message', (element) => getComputedStyle(element).direction);
				if (direction !== 'rtl') fail(`the Persian question is drawn ${direction}, not right to left`);
				await page.fill('textarea[name="text"]', text);
				await page.click('button:has-text("Send")');
			},
			'free-text',
		);
		const answered = await finishedOutput(api, free.executionId, 'Ask by SMS');
		if (answered.json?.data?.text !== text) fail(`Free Text ended with ${JSON.stringify(answered.json)}`);
		lines.push(`  free text    output ${JSON.stringify(answered.json?.data)}`);

		for (const [name, button, ran] of /** @type {const} */ ([
			['approve', 'Approve', true],
			['decline', 'Decline', false],
		])) {
			const prompt = `[review ${name}] Tell 09121230077 the refund was approved`;
			const from = fake.requests.length;
			const chat = fetch(`${base}/webhook/${setup.reviewChatId}/chat`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ action: 'sendMessage', sessionId: crypto.randomUUID(), chatInput: prompt }),
				signal: AbortSignal.timeout(WAIT_MS * 2),
			}).then((response) => response.text(), () => '');
			const review = await linkSentTo(fake, from, '09120000077');
			const beforeAnswer = fake.requests.slice(from).filter((request) => request.operation === 'sms/send' && request.form?.receptor === '09121230077');
			if (beforeAnswer.length > 0) fail(`review ${name}: the gated tool ran before the approver answered`);
			if (!review.message.includes('09121230077')) fail(`review ${name}: the approval SMS does not say what the agent wants: ${JSON.stringify(review.message)}`);
			await answerInBrowser(review.link, (page) => page.click(`button:has-text("${button}")`), `review-${name}`);
			// n8n answers the chat as soon as the execution waits; what the model got is read from its requests.
			await chat;
			const gated = await until(async () => {
				const asked = model.requests.filter((/** @type {any} */ request) => request.scenario === prompt);
				return asked.length >= 2 ? asked.at(-1).results : undefined;
			}, `review ${name}: the model to get the tool's result`);
			const sent = fake.requests.slice(from).filter((request) => request.operation === 'sms/send' && request.form?.receptor === '09121230077');
			const result = JSON.stringify(gated[0]);
			if (ran && (sent.length !== 1 || !/messageid/.test(result))) fail(`review approve: the tool sent ${sent.length} SMS and the model got ${result}`);
			if (!ran && (sent.length !== 0 || !/rejected/i.test(result))) fail(`review decline: the tool sent ${sent.length} SMS and the model got ${result}`);
			lines.push(`  review ${name.padEnd(7)} gated tool sent ${sent.length}; model got ${result.slice(0, 110)}`);
		}
	} finally {
		await browser.close();
	}

	const timedOut = await finishedOutput(api, timeout.executionId, 'Ask by SMS', TIMEOUT_WAIT_MS);
	if (timedOut.status !== 'success' || timedOut.json?.data?.timedOut !== true || timedOut.json?.data?.approved !== false) fail(`the time-out ended ${timedOut.status} with ${JSON.stringify(timedOut.json)}`);
	lines.push(`  time-out     output ${JSON.stringify(timedOut.json?.data)}`);
	lines.push(`  approvals took ${seconds(started)} after the time-out's question (screenshots: ${logDir}/approval-*.png)`);
	log(`approvals checked ${seconds(started)} after the time-out's question`);
	return lines;
}

module.exports = { approvalSetup, startApprovals, checkApprovals, until, webhookThenAsk };
