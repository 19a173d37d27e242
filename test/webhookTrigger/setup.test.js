const { HookContext } = require('n8n-core');
const { ExecutionLifecycleHooks } = require('n8n-core');
const { NodeHelpers, Workflow } = require('n8n-workflow');
const { additionalDataFor, nodeTypes, shutdownEngine, WEBHOOK_TRIGGER_TYPE } = require('../harness');

const WEBHOOK_ID = 'c0ffee00-0000-4000-8000-00000000beef';
const nodeType = nodeTypes.getByNameAndVersion(WEBHOOK_TRIGGER_TYPE);

afterAll(() => shutdownEngine());

/**
 * The node's activation hooks and URLs as n8n runs and shows them: n8n-core's HookContext, the
 * context n8n gives `webhookMethods` on activation, with the credential holding `secret`.
 * @param {string} event
 * @param {string | import('n8n-workflow').ICredentialDataDecryptedObject} secret the secret, or the credential's data
 * @param {import('n8n-workflow').WorkflowExecuteMode} [mode]
 * @param {import('n8n-workflow').INodeParameters} [parameters]
 * @param {import('n8n-workflow').IWorkflowSettings} [settings] the workflow's settings (its engine)
 */
function hookContext(event, secret, mode = 'webhook', parameters = {}, settings = {}) {
	/** @type {import('n8n-workflow').INode} */
	const node = {
		id: 'kavenegar-webhook-trigger',
		name: 'Kavenegar Webhook Trigger',
		type: WEBHOOK_TRIGGER_TYPE,
		typeVersion: 2,
		position: [0, 0],
		webhookId: WEBHOOK_ID,
		parameters: { event, ...parameters },
		credentials: { kavenegarWebhookApi: { id: '2', name: 'Kavenegar webhook secret' } },
	};
	const workflow = new Workflow({ id: 'wf', nodes: [node], connections: {}, nodeTypes, active: true, settings });
	const hooks = new ExecutionLifecycleHooks(mode, 'activation', /** @type {any} */ (workflow));
	const additionalData = {
		...additionalDataFor(/** @type {any} */ (typeof secret === 'string' ? { secret } : secret), hooks, 'activation'),
		webhookBaseUrl: 'https://n8n.example.test/webhook',
		webhookTestBaseUrl: 'https://n8n.example.test/webhook-test',
	};
	const webhookData = { webhookDescription: nodeType.description.webhooks?.[0], isTest: mode === 'manual' };
	return new HookContext(workflow, node, /** @type {any} */ (additionalData), mode, 'activate', /** @type {any} */ (webhookData));
}

const methods = /** @type {any} */ (nodeType).webhookMethods.default;

describe('Kavenegar Webhook Trigger: URLs and activation', () => {
	test.each([
		['incomingMessage', 'incoming-message'],
		['deliveryReport', 'delivery-report'],
	])('%s: production and test URL as n8n builds them, one path per event under the node\'s webhook ID', (event, path) => {
		expect(hookContext(event, 'x').getNodeWebhookUrl('default')).toBe(`https://n8n.example.test/webhook/${WEBHOOK_ID}/${path}`);
		expect(hookContext(event, 'x', 'manual').getNodeWebhookUrl('default')).toBe(`https://n8n.example.test/webhook-test/${WEBHOOK_ID}/${path}`);
	});

	test('GET and POST are both registered, answered on receipt', () => {
		expect(nodeType.description.webhooks?.map((w) => [w.name, w.httpMethod, w.responseMode, w.responseData])).toEqual([
			['default', 'GET', 'onReceived', ''],
			['default', 'POST', 'onReceived', ''],
		]);
	});

	test('activation takes a secret a URL carries as it is, and refuses a short one or one with other characters without showing it', async () => {
		const context = hookContext('incomingMessage', 'Good-secret_0123.4~');
		expect(await methods.checkExists.call(context)).toBe(false);
		expect(await methods.create.call(context)).toBe(true);
		expect(await methods.delete.call(context)).toBe(true);
		for (const secret of ['short-secret', 'has a space in it 0123', 'persian-رمز-0123456789', '']) {
			const failure = methods.create.call(hookContext('incomingMessage', secret));
			await expect(failure).rejects.toThrow('Secret: must be 16 to 200 characters, letters, digits, - _ . ~ only');
			const error = await failure.catch((/** @type {Error} */ e) => e);
			if (secret) expect(JSON.stringify(error)).not.toContain(secret);
		}
	});

	test('activation refuses a Time Zone setting that names no zone, naming it: each call would fail on it and start nothing', async () => {
		const withZone = (/** @type {string} */ timeZone) => hookContext('incomingMessage', 'Good-secret_0123.4~', 'webhook', { timeZone });
		await expect(methods.create.call(withZone('={{ "Tehran" }}'))).rejects.toThrow(
			'Time Zone Name or ID: "Tehran" is not a time zone: pick one from the list, or write an IANA name such as Asia/Tehran',
		);
		expect(await methods.create.call(withZone('Europe/Berlin'))).toBe(true);
	});

	test('activation with Fetch Message Details on and no API key still takes the callbacks: each execution says what to add (deliveryReport.test.js)', async () => {
		const context = hookContext('deliveryReport', 'Good-secret_0123.4~', 'webhook', { fetchDetails: true });
		expect(await methods.create.call(context)).toBe(true);
	});

	test("activation on n8n's Engine 2.0 refuses Fetch Message Details, which that engine would skip (it runs no trigger's execute), and says how to switch back", async () => {
		const engine2 = { engineType: /** @type {const} */ ('v2') };
		await expect(methods.create.call(hookContext('deliveryReport', 'Good-secret_0123.4~', 'webhook', { fetchDetails: true }, engine2))).rejects.toThrow(
			'Fetch Message Details needs n8n\'s classic execution engine, not Engine 2.0: set "engineType" to "v1" in this workflow\'s settings',
		);
		expect(await methods.create.call(hookContext('deliveryReport', 'Good-secret_0123.4~', 'webhook', {}, engine2))).toBe(true);
		expect(await methods.create.call(hookContext('incomingMessage', 'Good-secret_0123.4~', 'webhook', {}, engine2))).toBe(true);
		expect(await methods.create.call(hookContext('deliveryReport', 'Good-secret_0123.4~', 'webhook', { fetchDetails: true }, { engineType: 'v1' }))).toBe(true);
	});

	test('activation does not check the Base URL: one that is no web address is for the credential test and the details read to say', async () => {
		const data = { secret: 'Good-secret_0123.4~', apiKey: 'some-key', baseUrl: 'api.kavenegar.com' };
		expect(await methods.create.call(hookContext('deliveryReport', data, 'webhook', { fetchDetails: true }))).toBe(true);
		await expect(methods.create.call(hookContext('deliveryReport', { ...data, secret: 'short' }))).rejects.toThrow('Secret: must be');
	});

	test("the credential's test applies the same rules, and says which field is wrong", async () => {
		const test = /** @type {any} */ (nodeType).methods.credentialTest.kavenegarWebhookSecret;
		/** @param {Record<string, string>} data */
		const run = (data) => test.call({}, { id: '2', name: 'secret', type: 'kavenegarWebhookApi', data });
		const ok = { status: 'OK', message: 'The secret can end a URL as it is' };
		expect(await run({ secret: 'Good-secret_0123.4~' })).toEqual(ok);
		expect(await run({ secret: 'Good-secret_0123.4~', apiKey: 'key', baseUrl: 'https://api.kavenegar.com' })).toEqual(ok);
		expect(await run({ secret: 'Good-secret_0123.4~', apiKey: '', baseUrl: '' })).toEqual(ok);
		expect(await run({ secret: 'Good-secret_0123.4~', apiKey: 'key', baseUrl: '\u2066https://api.kavenegar.com\u2069' })).toEqual(ok);
		expect(await run({ secret: 'short' })).toEqual({ status: 'Error', message: 'Secret: must be 16 to 200 characters, letters, digits, - _ . ~ only' });
		expect((await run({ secret: 'x'.repeat(201) })).status).toBe('Error');
		expect(await run({ secret: 'Good-secret_0123.4~', apiKey: 'key', baseUrl: 'ftp://x' })).toEqual({
			status: 'Error',
			message: 'Base URL: must be an address starting with https:// (or http://), such as https://api.kavenegar.com',
		});
		expect((await run({ secret: 'short', apiKey: 'key', baseUrl: 'ftp://x' })).message).toContain('Secret: must be');
	});

	test('the credential is the only place the secret and the key live: no node parameter holds them', () => {
		expect(nodeType.description.properties.filter((p) => p.type !== 'notice').map((p) => p.name)).toEqual(['event', 'fetchDetails', 'ignoreRepeats', 'filters', 'timeZone', 'timeZone']);
	});
});

/*
 * n8n's editor (2.8.4, nodeTypesUtils getMainAuthField) takes every node parameter that a
 * credential's displayOptions name for the node's authentication selector: it hides it and filters
 * the credential list by it. With one credential shown whatever the parameters there is none, and
 * both versions show Event and Fetch Message Details and offer the webhook credential.
 */
describe('Kavenegar Webhook Trigger: what the editor offers', () => {
	test('versions 1 to 3, a node added now is version 3', () => {
		expect(nodeType.description.version).toEqual([1, 2, 3]);
		expect(nodeType.description.defaultVersion).toBe(3);
	});

	test('one credential, required, tested by the node, shown for every event and option', () => {
		expect(nodeType.description.credentials).toEqual([{ name: 'kavenegarWebhookApi', required: true, testedBy: 'kavenegarWebhookSecret' }]);
	});

	test.each([1, 2, 3])('version %i: Event always, Fetch Message Details for Delivery Report only; the Time Zone in Settings', (typeVersion) => {
		/** @param {import('n8n-workflow').INodeParameters} parameters */
		const shown = (parameters) =>
			nodeType.description.properties
				.filter((property) => property.type !== 'notice' && NodeHelpers.displayParameter(parameters, property, { typeVersion }, nodeType.description))
				.map((property) => `${property.name}${property.isNodeSetting ? ' (Settings)' : ''}`);
		expect(shown({ event: 'incomingMessage' })).toEqual(['event', 'ignoreRepeats', 'filters', 'timeZone (Settings)']);
		expect(shown({ event: 'deliveryReport', fetchDetails: false })).toEqual(['event', 'fetchDetails', 'ignoreRepeats', 'filters', 'timeZone (Settings)']);
		const settings = NodeHelpers.getNodeParameters(nodeType.description.properties, {}, true, false, /** @type {any} */ ({ typeVersion }), nodeType.description);
		expect(settings?.timeZone).toBe(typeVersion >= 3 ? 'Asia/Tehran' : 'workflow');
	});
});
