'use strict';
/**
 * n8n's webhook path for the webhook trigger, over real HTTP: a server on 127.0.0.1 that does what
 * n8n's webhook server does with a call (packages/cli: webhook-request-handler, live-webhooks,
 * webhook-helpers, the body-parser middleware), in the same order and with n8n-core's own pieces:
 * find the node's webhook by method and path, read the raw body and parse it by content type, hand
 * n8n-core's WebhookContext the real request and response, call the node's `webhook`, answer as
 * the response mode says (the node's own answer, `webhookResponse`, or "Workflow was started"
 * once the execution exists), then run the returned items through n8n-core's WorkflowExecute.
 */
const http = require('node:http');
const querystring = require('node:querystring');
const { ExecutionLifecycleHooks, WebhookContext, WorkflowExecute } = require('n8n-core');
const { NodeHelpers, Workflow, createRunExecutionData } = require('n8n-workflow');
const { additionalDataFor, assertKeyNotLeaked, nodeTypes, WEBHOOK_TRIGGER_TYPE } = require('./harness');

/** n8n's default N8N_PAYLOAD_SIZE_MAX (16 MiB): n8n reads a body up to it before any node sees it. */
const PAYLOAD_SIZE_MAX = 16 * 1024 * 1024;
const NODE_NAME = 'Kavenegar Webhook Trigger';

/**
 * @typedef {import('./harness').OutputItem} OutputItem
 * @typedef {{ items: OutputItem[], error: any }} Execution
 * @typedef {{ status: number, body: any, text: string, ms: number }} Answer
 * @typedef {http.IncomingMessage & { body?: unknown, rawBody?: Buffer, query?: unknown, params?: Record<string, string> }} WebhookRequest
 */

/**
 * The fields of a multipart body as n8n's form parser (formidable, packages/cli webhook-form-data)
 * gives them: `{ data: { field: value }, files: {} }`. n8n reads such a body with that parser only,
 * so no raw bytes are left beside it.
 * @param {string} text
 * @param {string} boundary
 */
function multipartFields(text, boundary) {
	/** @type {Record<string, string>} */
	const data = {};
	for (const part of text.split(`--${boundary}`)) {
		const match = /^\r\nContent-Disposition: form-data; name="([^"]+)"\r\n\r\n([\s\S]*)\r\n$/i.exec(part);
		if (match) data[match[1]] = match[2];
	}
	return { data, files: {} };
}

/**
 * n8n's parsing of a webhook call's body (webhook-helpers parseRequestBody, the body-parser
 * middleware): a multipart body goes to its form parser; for a node of version 1 every other body
 * is read, and JSON, form and text bodies parsed (any other type leaves `{}`, with the raw bytes
 * kept beside it); for a later version only JSON, form, text and XML bodies are read at all, and
 * any other body is left unread: no raw bytes, `{}`. A JSON body that does not parse is answered
 * 422 by n8n itself.
 * @param {WebhookRequest} req
 * @param {number} typeVersion
 */
async function parseBody(req, typeVersion) {
	const contentType = String(req.headers['content-type'] ?? '');
	const type = contentType.split(';')[0].trim().toLowerCase();
	req.body = {};
	const read = type === 'multipart/form-data' || typeVersion === 1 || /^(application\/json|text\/plain|application\/x-www-form-urlencoded)$|[/+]xml$/.test(type);
	if (!read) return;
	const chunks = [];
	let size = 0;
	for await (const chunk of req) {
		size += chunk.length;
		if (size > PAYLOAD_SIZE_MAX) throw Object.assign(new Error('request entity too large'), { status: 413 });
		chunks.push(chunk);
	}
	const bytes = Buffer.concat(chunks);
	if (type === 'multipart/form-data') {
		req.body = multipartFields(bytes.toString('utf8'), /boundary=([^;]+)/.exec(contentType)?.[1] ?? '');
		return;
	}
	req.rawBody = bytes;
	if (req.rawBody.length === 0) return;
	const text = req.rawBody.toString('utf8');
	try {
		if (type === 'application/json') req.body = JSON.parse(text);
		else if (type === 'application/x-www-form-urlencoded') req.body = querystring.parse(text, undefined, undefined, { maxKeys: 1000 });
		else if (type === 'text/plain') req.body = text;
	} catch (error) {
		throw Object.assign(new Error(`Failed to parse request body: ${/** @type {Error} */ (error).message}`), { status: 422 });
	}
}

/**
 * Starts the server for one Kavenegar Webhook Trigger of `typeVersion` with `parameters`, its
 * kavenegarWebhookApi credential holding `secret` and, for Fetch Message Details, `credentials`'
 * API key and Base URL. Calls to `/webhook/<id>/…` run
 * as n8n's production webhooks (mode `webhook`), to `/webhook-test/<id>/…` as the editor's test URL
 * (mode `manual`). Every execution started is in `executions`, resolved once it has run.
 * @param {{ parameters: import('n8n-workflow').INodeParameters, secret: string, credentials?: import('./harness').Credentials, webhookId?: string, typeVersion?: number }} options
 */
async function startWebhookServer({ parameters, secret, credentials: apiCredentials, webhookId = 'c0ffee00-0000-4000-8000-00000000beef', typeVersion = 2 }) {
	const credentials = { ...apiCredentials, secret };
	/** @type {import('n8n-workflow').INode} */
	const node = {
		id: 'kavenegar-webhook-trigger',
		name: NODE_NAME,
		type: WEBHOOK_TRIGGER_TYPE,
		typeVersion,
		position: [0, 0],
		webhookId,
		parameters,
		credentials: { kavenegarWebhookApi: { id: '2', name: 'Kavenegar webhook secret' } },
	};
	/** @param {import('n8n-workflow').WorkflowExecuteMode} mode */
	const workflowFor = (mode) =>
		new Workflow({ id: 'webhook-workflow', nodes: [structuredClone(node)], connections: {}, nodeTypes, active: mode !== 'manual', settings: { timezone: 'UTC' } });
	const nodeType = nodeTypes.getByNameAndVersion(WEBHOOK_TRIGGER_TYPE);
	/** @type {Promise<Execution>[]} */
	const executions = [];
	let counter = 0;

	/**
	 * The node's registered webhook for this method and path, as n8n's WebhookService finds it.
	 * @param {Workflow} workflow
	 * @param {string} method
	 * @param {string} path
	 */
	function findWebhook(workflow, method, path) {
		const workflowNode = /** @type {import('n8n-workflow').INode} */ (workflow.getNode(NODE_NAME));
		for (const description of nodeType.description.webhooks ?? []) {
			const nodePath = String(workflow.expression.getSimpleParameterValue(workflowNode, description.path, 'internal', {}));
			const fullPath = NodeHelpers.getNodeWebhookPath(workflow.id, workflowNode, nodePath, description.isFullPath === true);
			if (description.httpMethod === method && fullPath === path) return { description, fullPath, workflowNode };
		}
		return undefined;
	}

	/**
	 * @param {import('n8n-workflow').WorkflowExecuteMode} mode
	 * @param {Workflow} workflow
	 * @param {import('n8n-workflow').INode} workflowNode
	 * @param {import('n8n-workflow').INodeExecutionData[][]} workflowData
	 * @returns {Promise<Execution>}
	 */
	async function execute(mode, workflow, workflowNode, workflowData) {
		const executionId = `webhook-execution-${++counter}`;
		const hooks = new ExecutionLifecycleHooks(mode, executionId, /** @type {any} */ (workflow));
		/** @type {(run: import('n8n-workflow').IRun) => void} */
		let finished = () => {};
		/** @type {Promise<import('n8n-workflow').IRun>} */
		const done = new Promise((resolve) => (finished = resolve));
		hooks.addHandler('workflowExecuteAfter', (run) => finished(run));
		const runExecutionData = createRunExecutionData({
			executionData: { nodeExecutionStack: [{ node: workflowNode, data: { main: workflowData }, source: null }] },
		});
		await new WorkflowExecute(additionalDataFor(credentials, hooks, executionId), mode, runExecutionData).processRunExecutionData(workflow);
		const run = await done;
		const task = run.data.resultData.runData[NODE_NAME]?.[0];
		return { items: task?.data?.main?.[0] ?? [], error: task?.error ?? run.data.resultData.error };
	}

	/**
	 * @param {WebhookRequest} req
	 * @param {http.ServerResponse} res
	 */
	async function handle(req, res) {
		/** @param {number} status @param {unknown} body */
		const answer = (status, body) => {
			res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
			res.end(JSON.stringify(body));
		};
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const [, prefix, ...rest] = url.pathname.split('/');
		/** @type {import('n8n-workflow').WorkflowExecuteMode} */
		const mode = prefix === 'webhook-test' ? 'manual' : 'webhook';
		const workflow = workflowFor(mode);
		const found = ['webhook', 'webhook-test'].includes(prefix) ? findWebhook(workflow, req.method ?? 'GET', rest.join('/').replace(/\/$/, '')) : undefined;
		if (!found) return answer(404, { message: 'The requested webhook is not registered.' });
		try {
			await parseBody(req, typeVersion);
		} catch (error) {
			return answer(/** @type {any} */ (error).status, { message: /** @type {Error} */ (error).message });
		}
		req.query = querystring.parse(url.search.slice(1));
		req.params = {};
		const hooks = new ExecutionLifecycleHooks(mode, 'webhook', /** @type {any} */ (workflow));
		const additionalData = { ...additionalDataFor(credentials, hooks, 'webhook'), httpRequest: req, httpResponse: res };
		const webhookData = {
			httpMethod: found.description.httpMethod,
			node: NODE_NAME,
			path: found.fullPath,
			webhookDescription: found.description,
			workflowId: workflow.id,
			isTest: mode === 'manual',
		};
		const context = new WebhookContext(workflow, found.workflowNode, /** @type {any} */ (additionalData), mode, /** @type {any} */ (webhookData), [], null);
		/** @type {import('n8n-workflow').IWebhookResponseData} */
		let result;
		try {
			result = await /** @type {NonNullable<import('n8n-workflow').INodeType['webhook']>} */ (nodeType.webhook).call(context);
		} catch {
			return answer(500, { message: 'Error in workflow' });
		}
		if (result.workflowData === undefined) {
			if (!result.noWebhookResponse) answer(200, result.webhookResponse ?? { message: 'Webhook call received' });
			return;
		}
		// responseMode onReceived: the execution exists before the answer goes; it runs after. The
		// body is n8n's extractWebhookOnReceivedResponse: the description's responseData (default
		// 'firstEntryJson', sent as text), else the node's webhookResponse.
		executions.push(execute(mode, workflow, found.workflowNode, result.workflowData));
		const responseData = workflow.expression.getComplexParameterValue(found.workflowNode, found.description.responseData, mode, {}, undefined, 'firstEntryJson');
		if (!result.noWebhookResponse) answer(200, responseData || (result.webhookResponse ?? { message: 'Workflow was started' }));
	}

	const server = http.createServer((req, res) => void handle(req, res));
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
	const base = `http://127.0.0.1:${port}`;
	return {
		executions,
		/** @param {'incoming-message' | 'delivery-report'} path @param {boolean} [test] */
		urlOf: (path, test = false) => `${base}/${test ? 'webhook-test' : 'webhook'}/${webhookId}/${path}`,
		/**
		 * One call; resolves with the answer as the caller saw it.
		 * @param {string} url
		 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} [request]
		 * @returns {Promise<Answer>}
		 */
		async call(url, { method = 'GET', headers = {}, body } = {}) {
			const started = performance.now();
			const response = await fetch(url, { method, headers, body });
			const text = await response.text();
			let parsed;
			try {
				parsed = JSON.parse(text);
			} catch {
				parsed = text;
			}
			return { status: response.status, body: parsed, text, ms: performance.now() - started };
		},
		/**
		 * Every execution started so far, run to its end; none may hold `secrets` (the API key, the
		 * webhook secret) in an item or an error.
		 * @param {string[]} [secrets]
		 */
		async settled(secrets = []) {
			const runs = await Promise.all(executions);
			for (const run of runs) for (const secret of secrets) assertKeyNotLeaked(run, secret);
			return runs;
		},
		close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
	};
}

module.exports = { startWebhookServer };
