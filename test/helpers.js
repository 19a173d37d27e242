'use strict';
/** What several test files share: a fake per file, the checks every error test makes, and the node's operations and versions as n8n sees them. */
const { startFakeKavenegar } = require('./fakeKavenegar');
const { DirectoryLoader } = require('n8n-core');
const { runNode, credentialsFor, shutdownEngine } = require('./harness');
const { operationsOf } = require('./operationSamples');

/**
 * @typedef {{ credentials?: import('./harness').Credentials, items?: import('n8n-workflow').INodeExecutionData[], settings?: Partial<import('n8n-workflow').INode>, timezone?: string | null, executionId?: string, contextData?: import('n8n-workflow').IExecuteContextData, nodeType?: import('n8n-workflow').INodeType, onExecution?: (execution: { cancel: () => void }) => void }} RunOptions
 * @typedef {{ fake: import('./fakeKavenegar').FakeKavenegar, run: (parameters: import('n8n-workflow').INodeParameters, options?: RunOptions) => Promise<import('./harness').NodeRun> }} FakeContext
 */

/**
 * Starts one fake for the test file and returns a runner bound to it. The request log is cleared
 * before each test; the service's state (outbox, inbox, templates…) carries on, as a real account's does.
 * `fake` is there from the file's beforeAll on.
 * @param {ConstructorParameters<typeof import('./fakeKavenegar').FakeKavenegar>[0]} [options]
 * @returns {FakeContext}
 */
function useFake(options = {}) {
	/** @type {FakeContext} */
	const context = {
		fake: /** @type {any} */ (undefined),
		run: (parameters, { credentials, ...extra } = {}) =>
			runNode({ parameters, credentials: credentialsFor(context.fake, credentials), ...extra }),
	};
	beforeAll(async () => {
		context.fake = await startFakeKavenegar({ apiKey: 'test-key/with+chars', ...options });
	});
	beforeEach(() => {
		context.fake.requests.length = 0;
	});
	afterAll(async () => {
		await context.fake.close();
		shutdownEngine();
	});
	return context;
}

/**
 * A bad-input error: names the field and rule, carries no service code, and nothing reached the service.
 * @param {FakeContext} context
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {string} message
 */
async function expectRejectedBeforeSending(context, parameters, message) {
	const { items, error } = await context.run(parameters);
	expect(items).toEqual([]);
	expect(error?.message).toBe(message);
	// No code: the editor shows a code under "From Kavenegar", as if the service had answered.
	expect(error?.httpCode ?? null).toBeNull();
	expect(context.fake.requests).toHaveLength(0);
	return error;
}

/**
 * A service error, whichever way the fake sends it (`mode` 'status': a matching HTTP status;
 * '200': inside an HTTP 200): a NodeApiError with the code and its meaning, no items (the harness checks every run for the key).
 * @param {FakeContext} context
 * @param {string} mode 'status' or '200'
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {string} message
 */
async function expectServiceError(context, mode, parameters, message) {
	context.fake.errorMode = mode;
	try {
		const { items, error } = await context.run(parameters);
		expect(items).toEqual([]);
		expect(error.name).toBe('NodeApiError');
		expect(error.message).toBe(message);
		return error;
	} finally {
		context.fake.errorMode = 'status';
	}
}

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** An ISO timestamp with offset `seconds` from now, as an expression would give it. */
const isoFromNow = (/** @type {number} */ seconds) => new Date((nowSeconds() + seconds) * 1000).toISOString();

/**
 * Unix seconds as the rows' …Jalali fields should write them, from ICU's Persian calendar directly
 * (not the node's code): `1405/01/01 09:00:00` in `timeZone` (the harness's workflows run in UTC).
 * @param {number} seconds
 * @param {string} [timeZone]
 */
function jalaliOf(seconds, timeZone = 'UTC') {
	const format = new Intl.DateTimeFormat('en-US-u-ca-persian', { timeZone, numberingSystem: 'latn', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
	/** @type {Record<string, string>} */
	const parts = {};
	for (const { type, value } of format.formatToParts(new Date(seconds * 1000))) parts[type] = value;
	return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * A Kavenegar node of this version, as n8n-workflow's parameter helpers take it.
 * @param {number} typeVersion
 */
const kavenegarNode = (typeVersion) =>
	/** @type {import('n8n-workflow').INode} */ ({ name: 'Kavenegar', type: 'n8n-nodes-kavenegar.kavenegar', typeVersion, position: [0, 0], parameters: {} });

/**
 * A copy of these properties as n8n's loader leaves them on `nodeType`: it adds its Request Options
 * only to a declarative node without a webhook, so the node declares them itself (resources/index.ts).
 * @param {import('n8n-workflow').INodeProperties[]} properties
 * @param {import('n8n-workflow').INodeType} nodeType
 */
function asN8nLoads(properties, nodeType) {
	const copy = [...properties];
	DirectoryLoader.applyDeclarativeNodeOptionParameters(/** @type {import('n8n-workflow').INodeType} */ ({ ...nodeType, description: { ...nodeType.description, properties: copy } }));
	return copy;
}

/** Only Date is faked: the engine, the fake's server and the harness run on real timers. */
const REAL_TIMERS = /** @type {const} */ (['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout']);

/**
 * Sets the clock the node reads (jest's fake Date); the test file's afterEach puts back the real one.
 * @param {string} iso
 */
function setNow(iso) {
	jest.useFakeTimers({ now: new Date(iso), doNotFake: [...REAL_TIMERS] });
}

/**
 * The fake's context with every run made by the node as it is added today (version 4: Iran's time,
 * Additional Fields); the harness's own default is version 1, as saved workflows are.
 * @param {FakeContext} context
 * @returns {FakeContext}
 */
function inLatestVersion(context) {
	return {
		get fake() {
			return context.fake;
		},
		run: (parameters, extra = {}) => context.run(parameters, { settings: { typeVersion: 4 }, ...extra }),
	};
}

module.exports = { useFake, expectRejectedBeforeSending, expectServiceError, DAY, nowSeconds, isoFromNow, jalaliOf, operationsOf, kavenegarNode, asN8nLoads, setNow, inLatestVersion };
