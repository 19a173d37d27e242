'use strict';
/*
 * The node's tools behind n8n's MCP Server Trigger, reached by the official MCP client
 * (@modelcontextprotocol/sdk, Streamable HTTP, as desktop assistants and IDEs connect): part of
 * scripts/agent.js. The workflow is the MCP Server Trigger (version 2, Bearer auth) with the three
 * Kavenegar tools of examples/ai-agent-tools.json connected to it. The client must be refused
 * without the token, list the three tools with a description and a described parameter each, call
 * Send Code with the number only (the node makes the code; sent once: the caller checks the fake,
 * and that the code is in nothing the client received), get a bad number's whole error back as the
 * result, and see the API key in nothing it receives.
 */
const crypto = require('node:crypto');

const TOOL_TYPE = 'n8n-nodes-kavenegar.kavenegarTool';
const TRIGGER_NAME = 'MCP Server Trigger';

/**
 * @param {any} example examples/ai-agent-tools.json
 * @param {{ id: string, name: string }} credential the Kavenegar credential
 */
function mcpWorkflow(example, credential) {
	const path = crypto.randomUUID();
	const token = crypto.randomBytes(24).toString('base64url');
	const bearer = { id: 'kvnAgentMcpBearer01', name: 'MCP clients (bearer token)' };
	const tools = example.nodes.filter((/** @type {any} */ node) => node.type === TOOL_TYPE).map((/** @type {any} */ node) => ({ ...node, id: crypto.randomUUID(), credentials: { kavenegarApi: credential } }));
	const workflow = {
		id: 'kvnAgentProofMcp0',
		name: 'Kavenegar tools over MCP',
		active: false,
		nodes: [
			{ parameters: { authentication: 'bearerAuth', path }, id: crypto.randomUUID(), name: TRIGGER_NAME, type: '@n8n/n8n-nodes-langchain.mcpTrigger', typeVersion: 2, position: [0, 0], webhookId: path, credentials: { httpBearerAuth: bearer } },
			...tools,
		],
		connections: Object.fromEntries(tools.map((/** @type {any} */ tool) => [tool.name, { ai_tool: [[{ node: TRIGGER_NAME, type: 'ai_tool', index: 0 }]] }])),
		settings: { executionOrder: 'v1' },
	};
	return { workflow, path, token, credential: { ...bearer, type: 'httpBearerAuth', data: { token } } };
}

/** @param {any} result a tools/call result */
const textOf = (result) => (result?.content ?? []).map((/** @type {any} */ part) => part.text ?? '').join('');

/**
 * @param {{ url: string, token: string, secrets: string[], problems: string[] }} options
 * @returns {Promise<{ lines: string[], seen: string[] }>} what it printed, and every text the client received
 */
async function checkMcp({ url, token, secrets, problems }) {
	const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
	const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
	/** @type {string[]} */
	const lines = [];
	/** @type {string[]} everything the client received, searched for the secrets */
	const seen = [];

	// The client's first request, without the token: n8n's answer, not a failure to connect, must refuse it.
	const stranger = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
		body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'no-token', version: '1.0.0' } } }),
	});
	const refused = `HTTP ${stranger.status} ${(await stranger.text()).slice(0, 60)}`;
	if (![401, 403].includes(stranger.status)) problems.push(`MCP: a client without the bearer token was answered ${refused}, not 401 or 403`);

	const client = new Client({ name: 'kavenegar-agent-proof', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
	try {
		const { tools } = await client.listTools();
		seen.push(JSON.stringify(tools));
		for (const name of ['Send_Code', 'Send_SMS', 'Get_Status']) {
			const tool = tools.find((/** @type {any} */ candidate) => candidate.name === name);
			const properties = Object.entries(tool?.inputSchema?.properties ?? {});
			if (!tool) problems.push(`MCP: tools/list lacks ${name} (lists ${tools.map((/** @type {any} */ listed) => listed.name).join(', ')})`);
			else if (!tool.description || properties.length === 0 || properties.some(([, property]) => !(/** @type {any} */ (property).description))) {
				problems.push(`MCP: ${name} is listed without its description or a parameter's: ${JSON.stringify(tool)}`);
			}
		}
		lines.push(`  MCP tools/list      ${tools.map((/** @type {any} */ tool) => `${tool.name}(${Object.keys(tool.inputSchema?.properties ?? {}).join(', ')})`).join(', ')}`);

		const sent = await client.callTool({ name: 'Send_Code', arguments: { Recipient: '+98 912 123 4567' } });
		seen.push(JSON.stringify(sent));
		const sentRows = JSON.parse(textOf(sent) || 'null');
		const row = Array.isArray(sentRows) ? sentRows[0] : undefined;
		if (sent.isError || !row?.messageid || row.receptor !== '09121234567') problems.push(`MCP: Send_Code answered ${JSON.stringify(sent)}, not the sent message's row`);

		const bad = await client.callTool({ name: 'Send_Code', arguments: { Recipient: '0912 123' } });
		seen.push(JSON.stringify(bad));
		if (!/Recipient: .* is not an Iranian mobile number/.test(textOf(bad)) || !/Nothing was sent to Kavenegar/.test(textOf(bad))) problems.push(`MCP: a bad number was answered ${JSON.stringify(bad)}, not the node's whole error`);
		lines.push(`  MCP tools/call      Send_Code: ${textOf(sent).slice(0, 100)} | bad number: ${textOf(bad).slice(0, 100)}`);
		lines.push(`  MCP without token   refused (${refused.slice(0, 80)})`);
	} finally {
		await client.close();
	}
	for (const secret of secrets) if (seen.some((text) => text.includes(secret))) problems.push('MCP: the API key reached the MCP client');
	return { lines, seen };
}

module.exports = { mcpWorkflow, checkMcp };
