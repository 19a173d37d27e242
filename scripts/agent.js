#!/usr/bin/env node
'use strict';
/*
 * npm run test:agent: the Kavenegar node as an AI agent's tool, proven in a running n8n (`n8n start`,
 * n8n 2.8.4 by default; npm run test:agent:newer for 2.41.1). The workflow is examples/ai-agent-tools.json
 * (Chat Trigger, AI Agent, OpenAI Chat Model, Send Code, Send SMS and Get Status as tools), published
 * once per AI Agent version n8n offers (the newest 2.x and the newest 3.x), its OpenAI credential
 * pointed at a scripted model on loopback (scripts/lib/scriptedModel.js: tool calls written in
 * advance, no real model) and its Kavenegar credential at the fake Kavenegar, which runs in this
 * process. Each conversation is a POST to the chat's production URL, as a chat widget sends it:
 *
 *   code      Send Code with a number in Persian digits and Code left empty: the fake gets the
 *             normalized number, the template and a 5-digit code the node made; the model gets the
 *             sent message's row with the code starred and its codeHash, and never the code.
 *   correct   Send Code to a number too short: the model gets the node's whole error (the field,
 *             the rule, that nothing was sent) and nothing reaches the fake; it calls again with the
 *             number fixed, which is sent once.
 *   sms       Send SMS to two numbers, then Get Status of the IDs it returned: the rows of both.
 *   credit    Send SMS while the account has no credit: Kavenegar's code 418, its meaning and advice.
 *   club      Send Club Message, a tool this proof adds with Message Kind Informational, to two members
 *             of whom one opted out of the line: the fake gets the check of both and a send to the
 *             other with «لغو ۱۱»; the model gets the sent row and a skipped one.
 *
 * Then, on the same n8n, SMS → Send and Wait for Response and Kavenegar's Human review under an AI
 * Agent, answered in headless Chromium (scripts/lib/approvalCheck.js; AGENT_APPROVALS=0 leaves it out).
 *
 * Then n8n is stopped and the API key searched for in every request the model received, every log
 * line of n8n, every stored execution and every file of n8n's user folder (its database holds it
 * encrypted, as a credential). With MCP (the default; AGENT_MCP=0 leaves it out), the same tools
 * behind n8n's MCP Server Trigger are listed and called by the official MCP client (scripts/lib/mcpCheck.js).
 *
 * Environment: as scripts/e2e.js (E2E_N8N_VERSION, E2E_CACHE_DIR, E2E_SKIP_BUILD), AGENT_KEEP=1
 * (keep the work folder), AGENT_VERSIONS (AI Agent versions, comma-separated; default: what n8n
 * offers), AGENT_ON_ERROR (the tools' On Error, such as continueRegularOutput; default n8n's),
 * AGENT_MCP=0 (no MCP part), AGENT_APPROVALS=0 (no approvals), AGENT_CHATS=0 (none of the
 * conversations above: the other parts alone).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { N8N_DIR, N8N_VERSION, ROOT, readJson } = require('./lib/n8nInstall');
const { runLiveProof, runOnOneN8n } = require('./lib/liveProof');
const { log, seconds } = require('./lib/processes');
const { executionsInSqlite, filesHolding } = require('./lib/webhookTrigger');
const { startScriptedModel } = require('./lib/scriptedModel');
const { startFakeKavenegar } = require('../test/fakeKavenegar');

const KEEP = process.env.AGENT_KEEP === '1';
const WITH_MCP = process.env.AGENT_MCP !== '0';
const WITH_APPROVALS = process.env.AGENT_APPROVALS !== '0';
const WITH_CHATS = process.env.AGENT_CHATS !== '0';
/** The tools' On Error setting (n8n's values: stopWorkflow, continueRegularOutput, continueErrorOutput); unset: n8n's default. */
const ON_ERROR = process.env.AGENT_ON_ERROR;
const API_KEY = `live-agent-${crypto.randomBytes(12).toString('hex')}`;
const KAVENEGAR_CREDENTIAL = { id: 'kvnAgentCredential1', name: 'Kavenegar (agent proof fake)' };
const MODEL_CREDENTIAL = { id: 'kvnAgentModelCred01', name: 'Scripted model' };
const EXAMPLE = path.join(ROOT, 'examples', 'ai-agent-tools.json');
const TEMPLATE = 'shopLogin';
const CHAT_TIMEOUT_MS = 120_000;
/** The Informational send the proof adds beside the example's tools, and its line. */
const CLUB_TOOL = 'Send Club Message';
const CLUB_LINE = '30004000';

/** @typedef {import('./lib/scriptedModel').Scenario} Scenario */
/** @typedef {import('./lib/scriptedModel').ModelRequest} ModelRequest */
/** @typedef {import('../test/fakeKavenegar').FakeKavenegar} Fake */
/**
 * A conversation: the user's message, the model's turns, how the agent's answer starts (the last
 * turn's text), and the checks of what the fake received and the model was given.
 * @typedef {{ name: string, prompt: string, turns: Scenario['turns'], answer: string, before?: () => void, after?: () => void, check: (requests: any[], results: unknown[]) => string[] }} Conversation
 */

/**
 * The AI Agent versions n8n offers in the nodes panel: the newest of its 2.x node and of its 3.x
 * node (1.x is no longer offered), read from the installed n8n.
 */
function offeredAgentVersions() {
	if (process.env.AGENT_VERSIONS) return process.env.AGENT_VERSIONS.split(',').map(Number);
	const dir = path.join(N8N_DIR, 'node_modules', '@n8n', 'n8n-nodes-langchain', 'dist', 'nodes', 'agents', 'Agent');
	return ['V2/AgentV2.node.js', 'V3/AgentV3.node.js']
		.filter((file) => fs.existsSync(path.join(dir, file)))
		.map((file) => {
			const versions = fs.readFileSync(path.join(dir, file), 'utf8').match(/version: \[([\d., ]+)\]/)?.[1] ?? '';
			return Math.max(...versions.split(',').map(Number));
		});
}

/** The text of a tool result, for the checks that look for words in it. @param {unknown} result */
const shown = (result) => (typeof result === 'string' ? result : JSON.stringify(result));

/** The rows a tool result holds (n8n sends the items' JSON as an array). @param {unknown} result @returns {any[]} */
const rowsOf = (result) => (Array.isArray(result) ? result : []);

/**
 * The conversations, each checked against what the fake received during it and what the model was given.
 * @param {Fake} fake
 * @returns {Conversation[]}
 */
function conversations(fake) {
	const credit = fake.credit;
	return [
		{
			name: 'code',
			answer: 'Sent:',
			prompt: 'Please send me a login code at ۰۹۱۲ ۱۲۳ ۴۵۶۷',
			turns: [() => ({ tool: 'Send_Code', args: { Recipient: '۰۹۱۲ ۱۲۳ ۴۵۶۷' } }), (results) => ({ text: `Sent: ${shown(results[0])}` })],
			check: (requests, results) => {
				const code = String(requests[0]?.form?.token);
				const row = rowsOf(results[0])[0] ?? {};
				return [
					...expectRequests(requests, [{ operation: 'verify/lookup', form: { receptor: '09121234567', template: TEMPLATE, token: code, type: 'sms' } }]),
					...(/^\d{5}$/.test(code) ? [] : [`the node sent ${code}, not a code of 5 digits it made`]),
					...(row.messageid && row.receptor === '09121234567' && /^v1\./.test(row.codeHash ?? '') && String(row.message).endsWith('*****') ? [] : [`the model got ${shown(results[0])}, not the sent message's row with the code starred and its codeHash`]),
					// The code the node made is the person's: what the model was given must not hold it.
					...(new RegExp(`(?<!\\d)${code}(?!\\d)`).test(shown(results)) ? [`the made code ${code} reached the model: ${shown(results)}`] : []),
				];
			},
		},
		{
			name: 'correct',
			answer: 'First:',
			prompt: 'Send a login code to 0912 123',
			turns: [
				() => ({ tool: 'Send_Code', args: { Recipient: '0912 123' } }),
				() => ({ tool: 'Send_Code', args: { Recipient: '09121234567' } }),
				(results) => ({ text: `First: ${shown(results[0])} Then: ${shown(results[1])}` }),
			],
			check: (requests, results) => {
				const first = rowsOf(results[0])[0] ?? {};
				return [
					...expectRequests(requests, [{ operation: 'verify/lookup', form: { receptor: '09121234567', template: TEMPLATE, type: 'sms' } }]),
					...(/^Recipient: "0912 123" is not an Iranian mobile number/.test(first.error ?? '') && /Nothing was sent to Kavenegar/.test(first.details ?? '')
						? []
						: [`the model got ${shown(results[0])} for a number too short, not the node's whole error`]),
					...(rowsOf(results[1])[0]?.messageid ? [] : [`the corrected call gave the model ${shown(results[1])}`]),
				];
			},
		},
		{
			name: 'sms',
			answer: 'Status:',
			prompt: 'Text 09121234567 and 09351234567 that order 1234 has shipped, then check delivery',
			turns: [
				() => ({ tool: 'Send_SMS', args: { Recipients: '09121234567,09351234567', Message: 'Your order 1234 has shipped' } }),
				(results) => ({ tool: 'Get_Status', args: { Message_IDs: rowsOf(results[0]).map((row) => row.messageid).join(',') } }),
				(results) => ({ text: `Status: ${shown(results[1])}` }),
			],
			check: (requests, results) => {
				const sent = rowsOf(results[0]);
				const ids = sent.map((row) => row.messageid);
				return [
					...expectRequests(requests, [
						{ operation: 'sms/send', form: { receptor: '09121234567,09351234567', message: 'Your order 1234 has shipped' } },
						{ operation: 'sms/status', form: { messageid: ids.join(',') } },
					]),
					...(sent.length === 2 ? [] : [`Send SMS gave the model ${shown(results[0])}, not two rows`]),
					...(rowsOf(results[1]).length === 2 && rowsOf(results[1]).every((row, index) => row.messageid === ids[index] && typeof row.statusName === 'string')
						? []
						: [`Get Status gave the model ${shown(results[1])}, not the status rows of ${ids.join(',')}`]),
				];
			},
		},
		{
			name: 'club',
			answer: 'Club:',
			prompt: 'Tell club members 09121234567 and 09351234567 that points are doubled this week',
			before: () => fake.blockNumber(CLUB_LINE, '09351234567', 'optout'),
			after: () => fake.blocked.delete(`${CLUB_LINE} 09351234567`),
			turns: [
				() => ({ tool: 'Send_Club_Message', args: { Recipients: '09121234567,09351234567', Message: 'Points are doubled this week' } }),
				(results) => ({ text: `Club: ${shown(results[0])}` }),
			],
			check: (requests, results) => {
				const [sent, skipped] = rowsOf(results[0]);
				return [
					...expectRequests(requests, [
						{ operation: 'line/blocked/exists', form: {} },
						{ operation: 'sms/send', form: { receptor: '09121234567', message: 'Points are doubled this week\nلغو ۱۱', sender: CLUB_LINE } },
					]),
					...(requests[0]?.query?.receptor === '09121234567,09351234567' ? [] : [`the opt-out check asked about ${JSON.stringify(requests[0]?.query)}, not both members`]),
					...(sent?.messageid && sent.optOutLineAdded === true && sent.messageKind === 'informational' ? [] : [`the model got ${shown(sent)} for the member who stays, not the sent row with optOutLineAdded`]),
					...(skipped?.receptor === '09351234567' && skipped.skipped === true && skipped.skipReason === 'optedOut' && !skipped.messageid
						? []
						: [`the model got ${shown(skipped)} for the member who opted out, not a skipped row`]),
				];
			},
		},
		{
			name: 'credit',
			answer: 'Failed:',
			prompt: 'Text 09121234567: your account is ready',
			before: () => (fake.credit = 0),
			after: () => (fake.credit = credit),
			turns: [() => ({ tool: 'Send_SMS', args: { Recipients: '09121234567', Message: 'Your account is ready' } }), (results) => ({ text: `Failed: ${shown(results[0])}` })],
			check: (requests, results) => {
				const error = rowsOf(results[0])[0] ?? {};
				return [
					...expectRequests(requests, [{ operation: 'sms/send', form: { receptor: '09121234567', message: 'Your account is ready' } }]),
					...(error.code === '418' && /^Kavenegar error 418/.test(error.error ?? '') && error.details
						? []
						: [`the model got ${shown(results[0])} for a send without credit, not Kavenegar's error 418 with its details`]),
				];
			},
		},
	];
}

/**
 * What is wrong with the requests the fake received in a conversation: each wanted one in order,
 * its listed form fields equal, and nothing more.
 * @param {any[]} requests
 * @param {{ operation: string, form: Record<string, string> }[]} wanted
 */
function expectRequests(requests, wanted) {
	const got = requests.map((request) => `${request.operation} ${JSON.stringify(request.form)}`);
	const matches =
		requests.length === wanted.length &&
		wanted.every((want, index) => requests[index].operation === want.operation && Object.entries(want.form).every(([name, value]) => String(requests[index].form?.[name]) === value));
	return matches ? [] : [`the fake received [${got.join('; ')}], not [${wanted.map((want) => `${want.operation} ${JSON.stringify(want.form)}`).join('; ')}]`];
}

/**
 * The example workflow as one AI Agent version runs it: its own id, chat URL and credentials.
 * @param {number} agentVersion
 */
function workflowFor(agentVersion) {
	const workflow = readJson(EXAMPLE);
	const tag = String(agentVersion).replace('.', '');
	workflow.id = `kvnAgentProofV${tag}`.padEnd(16, '0');
	workflow.name = `${workflow.name} (AI Agent ${agentVersion})`;
	workflow.active = false;
	// What the model meets when the workflow's author sets a send's Message Kind: a club message, with
	// «لغو ۱۱» added and the numbers that opted out of the line skipped (docs/iran-sending-rules.md).
	const sms = workflow.nodes.find((/** @type {any} */ node) => node.name === 'Send SMS');
	workflow.nodes.push({
		...sms,
		id: crypto.randomUUID(),
		name: CLUB_TOOL,
		position: [sms.position[0] + 180, sms.position[1] + 200],
		parameters: {
			...sms.parameters,
			toolDescription: 'Send a club message (news, points, offers) to members by SMS. Returns one row per member: sent (messageid), or skipped: true for a member who opted out of club messages.',
			messageKind: 'informational',
			additionalFields: { sender: CLUB_LINE },
		},
	});
	workflow.connections[CLUB_TOOL] = workflow.connections['Send SMS'];
	let webhookId = '';
	for (const node of workflow.nodes) {
		if (node.type === '@n8n/n8n-nodes-langchain.agent') node.typeVersion = agentVersion;
		if (node.type === '@n8n/n8n-nodes-langchain.chatTrigger') webhookId = node.webhookId = crypto.randomUUID();
		if (node.credentials?.kavenegarApi) node.credentials.kavenegarApi = KAVENEGAR_CREDENTIAL;
		if (node.credentials?.kavenegarApi && ON_ERROR) node.onError = ON_ERROR;
		if (node.credentials?.openAiApi) node.credentials.openAiApi = MODEL_CREDENTIAL;
	}
	return { workflow, webhookId };
}

/**
 * Resolves once n8n serves a webhook URL (a chat's, an MCP server's): n8n answers a CORS preflight
 * for a registered webhook, and 404 until it has registered it (n8n 2.40 and later register a
 * published workflow's webhooks seconds after it is activated).
 * @param {string} url
 */
async function served(url, timeoutMs = 120_000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const response = await fetch(url, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1', 'access-control-request-method': 'POST' } }).catch(() => undefined);
		if (response && response.status !== 404) return;
		if (Date.now() > deadline) throw new Error(`n8n did not serve ${url} within ${timeoutMs / 1000}s`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/**
 * One chat message to the workflow's production chat URL; resolves with the agent's answer.
 * @param {string} url
 * @param {string} text
 */
async function chat(url, text) {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ action: 'sendMessage', sessionId: crypto.randomUUID(), chatInput: text }),
		signal: AbortSignal.timeout(CHAT_TIMEOUT_MS),
	});
	const body = await response.text();
	if (!response.ok) throw new Error(`the chat answered HTTP ${response.status}: ${body.slice(0, 300)}`);
	try {
		return String(JSON.parse(body).output ?? body);
	} catch {
		return body;
	}
}

/**
 * What prepare sets up and the later parts use: the fake, the scripted model, the workflows and the
 * problems found so far.
 * @typedef {{ workDir: string, userFolder: string, logDir: string, problems: string[], lines: string[], agentVersions: number[], fake: Fake, model: Awaited<ReturnType<typeof startScriptedModel>>, talks: ReturnType<typeof conversations>, runs: (ReturnType<typeof workflowFor> & { version: number })[], approvals?: typeof import('./lib/approvalCheck'), approvalSetup?: ReturnType<typeof import('./lib/approvalCheck').approvalSetup>, mcp?: typeof import('./lib/mcpCheck'), mcpWorkflow?: ReturnType<typeof import('./lib/mcpCheck').mcpWorkflow> }} Proof
 */

/**
 * The proof as a check on a shared n8n (scripts/lib/liveProof.js).
 * @param {import('./lib/liveProof').ProofFolders} folders
 * @returns {Promise<import('./lib/liveProof').Stage>}
 */
async function prepare({ workDir, userFolder, logDir }) {
	const agentVersions = offeredAgentVersions();
	if (agentVersions.length === 0) throw new Error(`no AI Agent node found in n8n ${N8N_VERSION}`);
	const fake = await startFakeKavenegar({ apiKey: API_KEY });
	fake.addApprovedTemplate(TEMPLATE, 'Your Shop login code: %token');
	const talks = WITH_CHATS ? conversations(fake) : [];
	const runs = WITH_CHATS ? agentVersions.map((version) => ({ version, ...workflowFor(version) })) : [];
	const approvals = WITH_APPROVALS ? require('./lib/approvalCheck') : undefined;
	// Human review needs the tools agent of version 3 or later.
	const approvalSetup = approvals?.approvalSetup({ credential: KAVENEGAR_CREDENTIAL, modelCredential: MODEL_CREDENTIAL, agentVersion: Math.max(...agentVersions) });
	const model = await startScriptedModel([
		...runs.flatMap((run) => talks.map((talk) => ({ prompt: `[AI Agent ${run.version}] ${talk.prompt}`, turns: talk.turns }))),
		...(approvalSetup?.scenarios ?? []),
	]);
	const mcp = WITH_MCP ? require('./lib/mcpCheck') : undefined;
	const mcpWorkflow = mcp?.mcpWorkflow(readJson(EXAMPLE), KAVENEGAR_CREDENTIAL);
	/** @type {Proof} */
	const proof = { workDir, userFolder, logDir, problems: [], lines: [], agentVersions, fake, model, talks, runs, approvals, approvalSetup, mcp, mcpWorkflow };
	return {
		credentials: [
			{ ...KAVENEGAR_CREDENTIAL, type: 'kavenegarApi', data: { apiKey: API_KEY, baseUrl: fake.url } },
			{ ...MODEL_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'scripted-model-key', url: model.url } },
			...(mcpWorkflow ? [mcpWorkflow.credential] : []),
		],
		workflows: [...runs.map((run) => run.workflow), ...(mcpWorkflow ? [mcpWorkflow.workflow] : []), ...(approvalSetup?.workflows ?? [])],
		publish: [...runs.map((run) => run.workflow.id), ...(mcpWorkflow ? [mcpWorkflow.workflow.id] : [])],
		problems: proof.problems,
		run: (running) => converse(running, proof),
		finish: () => searchAndReport(proof),
	};
}

/**
 * The conversations with each AI Agent, MCP and the approvals, against the running n8n.
 * @param {import('./lib/liveProof').Running} running
 * @param {Proof} proof
 */
async function converse({ api, base }, proof) {
	const { problems, lines, fake, model, talks, runs, approvals, approvalSetup, mcp, mcpWorkflow } = proof;
	const began = Date.now();
	for (const run of runs) await served(`${base}/webhook/${run.webhookId}/chat`);
	if (mcpWorkflow) await served(`${base}/mcp/${mcpWorkflow.path}`);
	log(`n8n ${N8N_VERSION}: AI Agent ${proof.agentVersions.join(' and ')} served`);
	const approvalRun = approvals && approvalSetup ? { base, api, fake, model, setup: approvalSetup, logDir: proof.logDir, problems, served } : undefined;
	const approvalsBegun = approvals && approvalRun ? await approvals.startApprovals(approvalRun) : undefined;

	for (const run of runs) {
		const phase = Date.now();
		for (const talk of talks) {
			const prompt = `[AI Agent ${run.version}] ${talk.prompt}`;
			const from = fake.requests.length;
			talk.before?.();
			let answer = '';
			try {
				answer = await chat(`${base}/webhook/${run.webhookId}/chat`, prompt);
			} catch (error) {
				problems.push(`AI Agent ${run.version}, ${talk.name}: ${error.message}`);
			} finally {
				talk.after?.();
			}
			const asked = model.requests.filter((request) => request.scenario === prompt);
			const results = asked.at(-1)?.results ?? [];
			for (const problem of talk.check(fake.requests.slice(from), results)) problems.push(`AI Agent ${run.version}, ${talk.name}: ${problem}`);
			if (!answer.startsWith(talk.answer)) {
				problems.push(`AI Agent ${run.version}, ${talk.name}: the chat answered ${JSON.stringify(answer.slice(0, 200))}`);
			}
			lines.push(`  AI Agent ${run.version} ${talk.name.padEnd(8)} model calls ${asked.length}, tool results ${results.map((result) => shown(result).slice(0, 90)).join(' | ')}`);
		}
		lines.push(`  AI Agent ${run.version} conversations took ${seconds(phase)}`);
	}

	const offered = model.requests[0]?.body?.tools ?? [];
	/** @type {Record<string, any>} */
	const byName = Object.fromEntries(offered.map((/** @type {any} */ tool) => [tool.function?.name, tool.function]));
	const example = readJson(EXAMPLE);
	for (const node of WITH_CHATS ? example.nodes.filter((/** @type {any} */ node) => node.type === 'n8n-nodes-kavenegar.kavenegarTool') : []) {
		const name = node.name.replace(/[^a-zA-Z0-9_-]+/g, '_');
		const tool = byName[name];
		if (!tool) problems.push(`the model was not offered the tool ${name} (offered: ${Object.keys(byName).join(', ')})`);
		else if (tool.description !== node.parameters.toolDescription) problems.push(`${name} reached the model described as ${JSON.stringify(tool.description)}`);
		else if (Object.values(tool.parameters?.properties ?? {}).some((/** @type {any} */ property) => !property.description)) problems.push(`a parameter of ${name} reached the model without its description: ${JSON.stringify(tool.parameters)}`);
	}
	lines.unshift(`  tools offered       ${offered.map((/** @type {any} */ tool) => `${tool.function?.name}(${Object.keys(tool.function?.parameters?.properties ?? {}).join(', ')})`).join(', ')}`);

	if (mcp && mcpWorkflow) {
		const phase = Date.now();
		const from = fake.requests.length;
		const result = await mcp.checkMcp({ url: `${base}/mcp/${mcpWorkflow.path}`, token: mcpWorkflow.token, secrets: [API_KEY], problems });
		const made = String(fake.requests[from]?.form?.token);
		for (const problem of expectRequests(fake.requests.slice(from), [{ operation: 'verify/lookup', form: { receptor: '09121234567', template: TEMPLATE, token: made, type: 'sms' } }])) problems.push(`MCP: ${problem}`);
		if (!/^\d{5}$/.test(made) || result.seen.some((text) => new RegExp(`(?<!\\d)${made}(?!\\d)`).test(text))) problems.push(`MCP: the made code ${made} is no 5-digit code, or reached the MCP client`);
		lines.push(...result.lines, `  MCP took ${seconds(phase)}`);
	}

	if (approvals && approvalRun && approvalsBegun) lines.push(...(await approvals.checkApprovals(approvalRun, approvalsBegun)));
	lines.push(`  all on n8n          ${seconds(began)}`);
}

/**
 * Once n8n is stopped: the API key searched for in what the model received, the stored executions
 * and every file of the work folder; then the report.
 * @param {Proof} proof
 */
async function searchAndReport({ workDir, userFolder, problems, lines, fake, model, runs, approvalSetup, mcpWorkflow }) {
	await model.close();
	await fake.close();
	for (const unscripted of model.unscripted) problems.push(`the scripted model was asked what it has no script for: ${unscripted}`);

	const workflowIds = [...runs.map((run) => run.workflow.id), ...(mcpWorkflow ? [mcpWorkflow.workflow.id] : []), ...(approvalSetup?.workflows.map((workflow) => workflow.id) ?? [])];
	const executions = (await Promise.all(workflowIds.map((id) => executionsInSqlite(userFolder, id)))).flat();
	const secret = [{ label: 'the API key', value: API_KEY }];
	const everyFile = fs
		.readdirSync(workDir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
		.filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`));
	for (const found of filesHolding(everyFile, secret)) problems.push(found);
	for (const execution of executions) if (execution.text.includes(API_KEY)) problems.push(`the API key is in execution ${execution.id}`);
	for (const request of model.requests) if (request.raw.includes(API_KEY)) problems.push('the API key reached the model');

	console.log('');
	console.log(`Kavenegar as an AI agent's tool in n8n ${N8N_VERSION} (n8n start, Chat Trigger, scripted model):`);
	for (const line of lines) console.log(line);
	console.log(`  API key             searched in ${model.requests.length} model requests, ${executions.length} stored executions, ${everyFile.length} files of the work folder (n8n's logs and database included)`);
	return problems;
}

/** @type {import('./lib/liveProof').SharedCheck} */
const agentCheck = { name: 'AI agent, MCP and approvals', prepare };

module.exports = { agentCheck };

if (require.main === module) runLiveProof('agent proof', { prefix: 'kavenegar-agent-', keep: KEEP, main: (folders) => runOnOneN8n([agentCheck], folders) });
