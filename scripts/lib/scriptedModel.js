'use strict';
/*
 * A scripted OpenAI-compatible chat model for the live checks of the node as an AI agent's tool
 * (scripts/agent.js): an HTTP server on loopback answering POST /v1/chat/completions, as n8n's OpenAI
 * Chat Model calls it (Chat Completions, not the Responses API), with tool calls written in advance
 * instead of a model's. No network, no real model.
 *
 * A conversation is picked by the user's message: the first scenario whose `prompt` the last user
 * message contains. Each of its `turns` answers one request: a turn is a function of the tool
 * results the model has received so far (the `tool` messages n8n sent back, parsed when JSON) that
 * returns the tool call to make ({ tool, args }) or the final text ({ text }). The turn is the
 * number of tool results in the request, so a request repeated by the agent gets the same answer.
 * Every request is kept (`requests`: its body as received, the raw text too) for the checks.
 *
 *   const model = await startScriptedModel([{ prompt: 'send the code', turns: [() => ({ tool: 'Send_Code', args: { … } }), (results) => ({ text: … })] }]);
 *   model.url   // http://127.0.0.1:PORT/v1, the OpenAI credential's Base URL
 */
const http = require('node:http');

/** @typedef {{ tool: string, args: Record<string, unknown> } | { text: string }} Turn */
/** @typedef {{ prompt: string, turns: ((results: unknown[]) => Turn)[] }} Scenario */
/** @typedef {{ role: string, content?: unknown, tool_calls?: any[], tool_call_id?: string }} Message */
/** @typedef {{ scenario: string, body: any, raw: string, results: unknown[] }} ModelRequest */

/** @param {unknown} content */
function textOf(content) {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => (typeof part === 'string' ? part : (part?.text ?? ''))).join('');
	return '';
}

/** @param {string} text */
function parsed(text) {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/**
 * One answer of the model: a chat.completion, or its stream when the request asked for one.
 * @param {Turn} turn
 * @param {string} model
 * @param {number} seq
 */
function completion(turn, model, seq) {
	const id = `chatcmpl-scripted-${seq}`;
	const toolCall = 'tool' in turn ? { id: `call_scripted_${seq}`, type: 'function', function: { name: turn.tool, arguments: JSON.stringify(turn.args) } } : undefined;
	const message = toolCall ? { role: 'assistant', content: null, tool_calls: [toolCall] } : { role: 'assistant', content: /** @type {{ text: string }} */ (turn).text };
	const finish = toolCall ? 'tool_calls' : 'stop';
	return {
		json: {
			id,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model,
			choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
			usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
		},
		chunks: [
			{ role: 'assistant', ...(toolCall ? { content: null, tool_calls: [{ index: 0, ...toolCall }] } : { content: message.content }) },
		].map((delta, index, all) => ({
			id,
			object: 'chat.completion.chunk',
			created: Math.floor(Date.now() / 1000),
			model,
			choices: [{ index: 0, delta, logprobs: null, finish_reason: index === all.length - 1 ? finish : null }],
		})),
	};
}

/**
 * @param {Scenario[]} scenarios
 * @returns {Promise<{ url: string, requests: ModelRequest[], unscripted: string[], close: () => Promise<void> }>}
 */
async function startScriptedModel(scenarios) {
	/** @type {ModelRequest[]} */
	const requests = [];
	/** @type {string[]} what the server could not answer: a failure of the check */
	const unscripted = [];
	let seq = 0;
	const server = http.createServer((req, res) => {
		/** @type {Buffer[]} */
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const raw = Buffer.concat(chunks).toString('utf8');
			const refuse = (/** @type {number} */ status, /** @type {string} */ why) => {
				unscripted.push(`${req.method} ${req.url}: ${why}`);
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ error: { message: why, type: 'invalid_request_error' } }));
			};
			if (req.method !== 'POST' || !/\/v1\/chat\/completions$/.test(req.url ?? '')) return refuse(404, 'only POST /v1/chat/completions is scripted');
			/** @type {any} */
			let body;
			try {
				body = JSON.parse(raw);
			} catch {
				return refuse(400, 'body is not JSON');
			}
			/** @type {Message[]} */
			const messages = Array.isArray(body.messages) ? body.messages : [];
			const userText = textOf([...messages].reverse().find((message) => message.role === 'user')?.content);
			const scenario = scenarios.find((candidate) => userText.includes(candidate.prompt));
			if (!scenario) return refuse(400, `no scenario for the user message ${JSON.stringify(userText.slice(0, 80))}`);
			const results = messages.filter((message) => message.role === 'tool').map((message) => parsed(textOf(message.content)));
			requests.push({ scenario: scenario.prompt, body, raw, results });
			const turn = scenario.turns[Math.min(results.length, scenario.turns.length - 1)](results);
			const answer = completion(turn, String(body.model ?? 'scripted'), ++seq);
			if (body.stream) {
				res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
				for (const chunk of answer.chunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
				res.end('data: [DONE]\n\n');
				return;
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify(answer.json));
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		unscripted,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

module.exports = { startScriptedModel };
