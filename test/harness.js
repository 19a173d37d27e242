'use strict';
/**
 * Runs our node inside n8n-core's WorkflowExecute, the engine n8n itself runs workflows with:
 * a declarative node goes through the same RoutingNode as in n8n. Credentials come from a tiny
 * helper that hands out fixed data, and the real credential class is used for the test request.
 */
/** n8n-core brings its own copies of @n8n/* packages: its singletons live in those, not in ours. */
const requireFromEngine = (/** @type {string} */ name) => require(require.resolve(name, { paths: [require.resolve('n8n-core')] }));
const { Container } = requireFromEngine('@n8n/di');
const { DirectoryLoader, ExecutionLifecycleHooks, PollContext, RoutingNode, TriggersAndPollers, WebhookContext, WorkflowExecute } = require('n8n-core');
const { Workflow, ICredentialsHelper, createRunExecutionData } = require('n8n-workflow');
// Under jest the TypeScript sources are compiled on the fly; elsewhere (demo, benchmarks) the
// built package in dist/ is what runs, as n8n would load it.
const root = process.env.JEST_WORKER_ID ? '..' : '../dist';
const { Kavenegar } = require(`${root}/nodes/Kavenegar/Kavenegar.node`);
const { KavenegarTrigger } = require(`${root}/nodes/KavenegarTrigger/KavenegarTrigger.node`);
const { KavenegarWebhookTrigger } = require(`${root}/nodes/KavenegarWebhookTrigger/KavenegarWebhookTrigger.node`);
const { KavenegarApi } = require(`${root}/credentials/KavenegarApi.credentials`);

const NODE_TYPE = 'n8n-nodes-kavenegar.kavenegar';
/** The type name of the node as an AI agent's tool: n8n serves the same node under it (runsAsTool). */
const TOOL_TYPE = 'n8n-nodes-kavenegar.kavenegarTool';
const TRIGGER_TYPE = 'n8n-nodes-kavenegar.kavenegarTrigger';
const WEBHOOK_TRIGGER_TYPE = 'n8n-nodes-kavenegar.kavenegarWebhookTrigger';

/**
 * An output item as the tests read it: n8n types `json` values as its generic data, which every
 * assertion would have to narrow first.
 * @typedef {{ json: Record<string, any>, binary?: Record<string, any>, pairedItem?: any, error?: any }} OutputItem
 */
/**
 * What a run of the node shows: its output items, or its error (whatever n8n put there: an engine
 * error, a NodeApiError or a NodeOperationError; tests assert its shape).
 * @typedef {{ items: OutputItem[], error: any, run: import('n8n-workflow').IRun | undefined }} NodeRun
 */
/** @typedef {import('n8n-workflow').ICredentialDataDecryptedObject & { apiKey?: string, baseUrl?: string }} Credentials */

/**
 * What n8n's loader does to a node: a declarative node gets the "Request Options" (timeout,
 * batching, proxy), a polling node its "Poll Times". The loader's method uses no instance state.
 * @template {import('n8n-workflow').INodeType} T
 * @param {T} nodeType
 */
function asLoaded(nodeType) {
	DirectoryLoader.prototype['applySpecialNodeParameters'](nodeType);
	return nodeType;
}

/**
 * What n8n's own node-type registry (packages/cli, node-types.ts) does to a declarative node before
 * running it: an `execute` that runs n8n-core's RoutingNode in the execution's context. Without it
 * n8n-core falls back to a test path whose context has no cancel signal, and n8n's Stop would not
 * reach the node.
 * @template {import('n8n-workflow').INodeType} T
 * @param {T} nodeType
 * @returns {T}
 */
function asServed(nodeType) {
	if (nodeType && !nodeType.execute && !nodeType.poll && !nodeType.trigger && nodeType.description.requestDefaults !== undefined) {
		nodeType.execute = async function () {
			// n8n calls it with its ExecuteContext, which is what RoutingNode takes.
			return (await new RoutingNode(/** @type {any} */ (this), nodeType).runNode()) ?? [];
		};
	}
	return nodeType;
}

/**
 * The node as n8n runs it when the package has a copy of n8n-workflow of its own: `npm install` of the
 * package into ~/.n8n/nodes puts one there, as npm 7 and later install peer dependencies. Its errors
 * are then not instances of the engine's NodeApiError, and n8n's routing wraps them in one of its own.
 * Jest only (a module registry of its own for the node).
 */
function kavenegarWithOwnN8nWorkflow() {
	/** @type {{ node?: any, workflow?: any }} */
	const loaded = {};
	jest.isolateModules(() => {
		loaded.node = require(`${root}/nodes/Kavenegar/Kavenegar.node`);
		loaded.workflow = require('n8n-workflow');
	});
	if (loaded.workflow.NodeApiError === require('n8n-workflow').NodeApiError) throw new Error('the node did not get its own n8n-workflow');
	return asLoaded(new loaded.node.Kavenegar());
}

/** n8n's loader changes the properties in place, and every Kavenegar shares them: loaded once, served under both type names as n8n does. */
const kavenegar = asLoaded(new Kavenegar());

/** @type {import('n8n-workflow').INodeTypes & { byName: Record<string, any> }} */
const nodeTypes = {
	byName: {
		[NODE_TYPE]: kavenegar,
		[TOOL_TYPE]: kavenegar,
		[TRIGGER_TYPE]: asLoaded(new KavenegarTrigger()),
		[WEBHOOK_TRIGGER_TYPE]: asLoaded(new KavenegarWebhookTrigger()),
	},
	getByName(name) {
		return asServed(this.byName[name]);
	},
	getByNameAndVersion(name) {
		return asServed(this.byName[name]);
	},
	getKnownTypes() {
		return {};
	},
};

class FixedCredentialsHelper extends ICredentialsHelper {
	/** @param {Credentials} data */
	constructor(data) {
		super();
		this.data = data;
		this.type = new KavenegarApi();
	}
	getParentTypes() {
		return [];
	}
	/**
	 * @param {unknown} _credentials
	 * @param {unknown} _typeName
	 * @param {import('n8n-workflow').IHttpRequestOptions} requestOptions
	 */
	async authenticate(_credentials, _typeName, requestOptions) {
		return requestOptions;
	}
	async preAuthentication() {
		return undefined;
	}
	async runPreAuthentication() {
		return undefined;
	}
	getCredentialsProperties() {
		return this.type.properties;
	}
	async getDecrypted() {
		return { ...this.data };
	}
	/** @returns {Promise<any>} */
	async getCredentials() {
		throw new Error('not used');
	}
	async updateCredentials() {}
	async updateCredentialsOauthTokenData() {}
	isCredentialUsableByNode() {
		return true;
	}
}

/**
 * @param {{ apiKey: string, url?: string }} fake
 * @param {Credentials} [overrides]
 * @returns {Credentials}
 */
function credentialsFor(fake, overrides = {}) {
	return /** @type {Credentials} */ ({ apiKey: fake.apiKey, baseUrl: fake.url, ...overrides });
}

let executions = 0;

/**
 * The engine's per-run services: fixed credentials, and nothing else a Kavenegar node uses.
 * @param {Credentials | undefined} credentials
 * @param {import('n8n-core').ExecutionLifecycleHooks} hooks
 * @param {string} executionId
 * @returns {any} only part of n8n's IWorkflowExecuteAdditionalData
 */
function additionalDataFor(credentials, hooks, executionId) {
	return {
		hooks,
		credentialsHelper: new FixedCredentialsHelper(credentials ?? {}),
		executionId,
		restApiUrl: 'http://127.0.0.1',
		instanceBaseUrl: 'http://127.0.0.1',
		webhookBaseUrl: 'http://127.0.0.1',
		webhookWaitingBaseUrl: 'http://127.0.0.1',
		webhookTestBaseUrl: 'http://127.0.0.1',
		formWaitingBaseUrl: 'http://127.0.0.1',
		variables: {},
		currentNodeParameters: undefined,
		userId: 'user',
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('not used');
		},
	};
}

/**
 * The workflow's settings for a time zone: `null` is a workflow whose owner set none, which n8n
 * reads in its default zone (n8n-workflow's global state: America/New_York, unless GENERIC_TIMEZONE).
 * @param {string | null} timezone
 */
const zoneSettings = (timezone) => (timezone === null ? {} : { timezone });

/**
 * Runs one Kavenegar node with `parameters` over input `items` and resolves with what n8n would
 * show: the output items, or the node's error. `settings` are node settings such as
 * `{ onError: 'continueRegularOutput' }`; `timezone` is the workflow's (see zoneSettings). Each run is a new execution with its own ID, as in
 * n8n; pass the `executionId` of an earlier run to run the node again inside that execution.
 * `nodeType` runs another node type in its place on the same engine and credential (the
 * benchmark's bare declarative node). `onExecution` gets the running execution, to stop it as the
 * editor's Stop button does (`cancel()`).
 * @param {{ parameters: import('n8n-workflow').INodeParameters, items?: import('n8n-workflow').INodeExecutionData[], credentials?: Credentials, settings?: Partial<import('n8n-workflow').INode>, timezone?: string | null, executionId?: string, nodeType?: import('n8n-workflow').INodeType, onExecution?: (execution: { cancel: () => void }) => void }} run
 * @returns {Promise<NodeRun>}
 */
async function runNode({
	parameters,
	items = [{ json: {} }],
	credentials,
	settings = {},
	timezone = 'UTC',
	executionId = `test-execution-${++executions}`,
	nodeType,
	onExecution,
}) {
	/** @type {import('n8n-workflow').INode} */
	const node = {
		id: 'kavenegar-node',
		name: 'Kavenegar',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { kavenegarApi: { id: '1', name: 'Kavenegar account' } },
		...settings,
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		nodeTypes: nodeType ? { ...nodeTypes, byName: { [NODE_TYPE]: nodeType } } : nodeTypes,
		active: false,
		settings: zoneSettings(timezone),
	});
	// The hooks are typed for the stored workflow's data; n8n-core's engine never reads it from them.
	const hooks = new ExecutionLifecycleHooks('manual', executionId, /** @type {any} */ (workflow));
	/** @type {(run: import('n8n-workflow').IRun) => void} */
	let finished = () => {};
	/** @type {Promise<import('n8n-workflow').IRun>} */
	const done = new Promise((resolve) => (finished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finished(run));
	const additionalData = additionalDataFor(credentials, hooks, executionId);
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [items] }, source: null }],
		},
	});
	const execute = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	try {
		const execution = execute.processRunExecutionData(workflow);
		onExecution?.(execution);
		await execution;
	} catch (error) {
		// n8n refuses to start a node with issues (an empty required field) before running it.
		return { items: [], error, run: undefined };
	}
	const run = await done;
	const task = run.data.resultData.runData.Kavenegar?.[0];
	const result = {
		items: task?.data?.main?.[0] ?? [],
		error: task?.error ?? run.data.resultData.error,
		run,
	};
	assertKeyNotLeaked(result, credentials?.apiKey);
	if (run.waitTill) waiting.set(run, { workflow, node, credentials, executionId });
	return result;
}

/**
 * What n8n keeps of a run that put itself to wait (SMS → Send and Wait for Response), by its IRun:
 * the workflow and node it waits in, to answer or end the wait as n8n does.
 * @type {WeakMap<import('n8n-workflow').IRun, { workflow: import('n8n-workflow').Workflow, node: import('n8n-workflow').INode, credentials: Credentials | undefined, executionId: string }>}
 */
const waiting = new WeakMap();

/**
 * Goes on with a waiting execution as n8n does once the wait is over: from the execution data it
 * stored (a copy through JSON, as its database keeps it), the waiting node disabled so that it passes
 * on what it was left with: `answer`, as n8n's waiting webhook puts it there, or else what the node
 * left for a time-out. Resolves with the node's output items.
 * @param {import('n8n-workflow').IRun} run
 * @param {import('n8n-workflow').INodeExecutionData[][]} [answer]
 * @returns {Promise<OutputItem[]>}
 */
async function resumeWaiting(run, answer) {
	const wait = waiting.get(run);
	if (!wait) throw new Error('this run is not waiting');
	const stored = JSON.parse(JSON.stringify(run.data));
	if (answer) stored.executionData.nodeExecutionStack[0].data.main = answer;
	const hooks = new ExecutionLifecycleHooks('webhook', wait.executionId, /** @type {any} */ (wait.workflow));
	/** @type {(run: import('n8n-workflow').IRun) => void} */
	let finished = () => {};
	/** @type {Promise<import('n8n-workflow').IRun>} */
	const done = new Promise((resolve) => (finished = resolve));
	hooks.addHandler('workflowExecuteAfter', (resumed) => finished(resumed));
	await new WorkflowExecute(additionalDataFor(wait.credentials, hooks, wait.executionId), 'webhook', stored).processRunExecutionData(wait.workflow);
	const resumed = await done;
	waiting.delete(run);
	return resumed.data.resultData.runData.Kavenegar?.at(-1)?.data?.main?.[0] ?? [];
}

/**
 * One request to a waiting run's link, as n8n's waiting webhook hands it to the node: n8n-core's
 * WebhookContext over the stored execution, the node's `webhook`. Resolves with the answer the
 * node wrote (status, headers, page) and what it gave n8n to resume the run with, if anything.
 * @param {import('n8n-workflow').IRun} run
 * @param {{ method: 'GET' | 'POST', body?: unknown, headers?: Record<string, string> }} request a body given as
 *   undefined or null reaches the node as such, as Express leaves a POST without one
 */
async function callWaitingLink(run, { method, body = {}, headers = {} }) {
	const wait = waiting.get(run);
	if (!wait) throw new Error('this run is not waiting');
	const response = { status: 200, headers: /** @type {Record<string, string>} */ ({}), body: '' };
	const res = {
		status: (/** @type {number} */ code) => ((response.status = code), res),
		setHeader: (/** @type {string} */ name, /** @type {string} */ value) => ((response.headers[name.toLowerCase()] = value), res),
		send: (/** @type {string} */ text) => ((response.body = text), res),
	};
	const req = { method, body, headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36', ...headers }, query: {}, params: {} };
	const hooks = new ExecutionLifecycleHooks('webhook', wait.executionId, /** @type {any} */ (wait.workflow));
	const additionalData = { ...additionalDataFor(wait.credentials, hooks, wait.executionId), httpRequest: req, httpResponse: res };
	const nodeType = wait.workflow.nodeTypes.getByNameAndVersion(wait.node.type, wait.node.typeVersion);
	const description = nodeType.description.webhooks?.find((webhook) => webhook.httpMethod === method);
	const webhookData = { httpMethod: method, node: wait.node.name, path: wait.node.id, webhookDescription: description, workflowId: wait.workflow.id, workflowExecuteAdditionalData: additionalData };
	const stored = JSON.parse(JSON.stringify(run.data));
	const context = new WebhookContext(wait.workflow, wait.node, /** @type {any} */ (additionalData), 'webhook', /** @type {any} */ (webhookData), [], stored);
	const result = await /** @type {NonNullable<import('n8n-workflow').INodeType['webhook']>} */ (nodeType.webhook).call(/** @type {any} */ (context));
	return { response, workflowData: result.workflowData };
}

/**
 * Runs the trigger's `poll` once, the way n8n runs each scheduled tick: a PollContext from
 * n8n-core, called through n8n-core's TriggersAndPollers. `staticData` plays the workflow's static
 * data in n8n's memory: n8n keeps one Workflow per active workflow, and each tick changes its static
 * data in place, whether it emits, emits nothing or fails. `stored`, when given, plays the copy in
 * n8n's database: n8n writes it only when a tick emits, and once on activation (`activation: true`,
 * the tick n8n runs when it activates the workflow, also after a restart). A restart is a new
 * `staticData` copied from `stored`. `mode: 'manual'` is the editor's "Fetch Test Event", whose
 * static data n8n does not keep. `typeVersion` is the trigger's (1 unless told), `timezone` the
 * workflow's (see zoneSettings). Resolves with the emitted items of the first output, or the error.
 * @param {{ parameters: import('n8n-workflow').INodeParameters, credentials?: Credentials, staticData?: import('n8n-workflow').IDataObject, stored?: import('n8n-workflow').IDataObject, activation?: boolean, mode?: import('n8n-workflow').WorkflowExecuteMode, timezone?: string | null, typeVersion?: number }} poll
 * @returns {Promise<{ items: OutputItem[], emitted: import('n8n-workflow').INodeExecutionData[][] | null, error: any, staticData: import('n8n-workflow').IDataObject }>}
 */
async function runPoll({ parameters, credentials, staticData = {}, stored, activation = false, mode = 'trigger', timezone = 'UTC', typeVersion = 1 }) {
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [
			{
				id: 'kavenegar-trigger',
				name: 'Kavenegar Trigger',
				type: TRIGGER_TYPE,
				typeVersion,
				position: [0, 0],
				parameters,
				credentials: { kavenegarApi: { id: '1', name: 'Kavenegar account' } },
			},
		],
		connections: {},
		nodeTypes,
		active: mode !== 'manual',
		settings: zoneSettings(timezone),
		staticData: mode === 'manual' ? JSON.parse(JSON.stringify(staticData)) : staticData,
	});
	const node = /** @type {import('n8n-workflow').INode} */ (workflow.getNode('Kavenegar Trigger'));
	const executionId = `test-poll-${++executions}`;
	const hooks = new ExecutionLifecycleHooks(mode, executionId, /** @type {any} */ (workflow));
	const additionalData = additionalDataFor(credentials, hooks, executionId);
	const context = new PollContext(workflow, node, additionalData, mode, mode === 'manual' ? 'manual' : 'activate');
	/** @type {import('n8n-workflow').INodeExecutionData[][] | null} */
	let emitted = null;
	let error;
	try {
		emitted = await new TriggersAndPollers().runPollFunction(workflow, node, context);
	} catch (caught) {
		error = caught;
	}
	if (stored && !error && mode !== 'manual' && (emitted !== null || activation)) {
		const saved = JSON.parse(JSON.stringify(staticData));
		for (const key of Object.keys(stored)) delete stored[key];
		Object.assign(stored, saved);
	}
	const result = { items: emitted?.[0] ?? [], emitted, error, staticData };
	assertKeyNotLeaked(result, credentials?.apiKey);
	return result;
}

/**
 * Every run of the whole suite passes here: no output item and no error may hold the API key,
 * raw or URL-encoded, anywhere in its object graph (own properties, enumerable or not: an
 * error's cause or response could hide it where JSON.stringify does not look).
 */
/**
 * @param {{ items: unknown, error: unknown }} result
 * @param {string | undefined} apiKey
 */
function assertKeyNotLeaked({ items, error }, apiKey) {
	if (!apiKey || apiKey.length < 6) return;
	const forms = [...new Set([apiKey, encodeURIComponent(apiKey)])];
	const seen = new Set();
	/** @type {(value: unknown, path: string) => void} */
	const visit = (value, path) => {
		if (typeof value === 'string') {
			if (forms.some((form) => value.includes(form))) {
				throw new Error(`The API key leaked into ${path}`);
			}
			return;
		}
		if (value === null || typeof value !== 'object' || seen.has(value) || Buffer.isBuffer(value)) return;
		seen.add(value);
		for (const key of Object.getOwnPropertyNames(value)) {
			const descriptor = Object.getOwnPropertyDescriptor(value, key);
			if (descriptor && 'value' in descriptor) visit(descriptor.value, `${path}.${key}`);
		}
	};
	visit(items, 'items');
	visit(error, 'error');
}

/**
 * Runs the credential's test request the way n8n's credentials tester does, with its rules.
 * @param {Credentials} credentials
 */
async function testCredential(credentials) {
	const type = new KavenegarApi();
	const testNodeType = {
		description: {
			displayName: 'Credential test',
			name: 'credentialTest',
			version: 1,
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'kavenegarApi', required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: type.test.request } }],
		},
	};
	const previous = nodeTypes.byName[NODE_TYPE];
	nodeTypes.byName[NODE_TYPE] = testNodeType;
	try {
		const { items, error } = await runNode({ parameters: {}, credentials });
		if (error) return { status: 'Error', message: error.message };
		for (const rule of type.test.rules) {
			const value = rule.properties.key.split('.').reduce((/** @type {any} */ v, /** @type {string} */ k) => (v == null ? undefined : v[k]), items[0]?.json);
			if (value === rule.properties.value) return { status: 'Error', message: rule.properties.message };
		}
		return { status: 'OK', message: 'Connection successful!' };
	} finally {
		nodeTypes.byName[NODE_TYPE] = previous;
	}
}

/** n8n-core starts an SSH connection manager whose timer would keep jest alive. */
function shutdownEngine() {
	try {
		const { SSHClientsManager } = /** @type {any} */ (require('n8n-core'));
		Container.get(SSHClientsManager).onShutdown?.();
	} catch {
		// Not every n8n-core version has it.
	}
}

module.exports = {
	asLoaded,
	requireFromEngine,
	kavenegarWithOwnN8nWorkflow,
	runNode,
	runPoll,
	resumeWaiting,
	callWaitingLink,
	testCredential,
	credentialsFor,
	shutdownEngine,
	nodeTypes,
	additionalDataFor,
	assertKeyNotLeaked,
	NODE_TYPE,
	TOOL_TYPE,
	TRIGGER_TYPE,
	WEBHOOK_TRIGGER_TYPE,
};
