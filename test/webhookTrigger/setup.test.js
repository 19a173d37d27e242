const { HookContext } = require('n8n-core');
const { ExecutionLifecycleHooks } = require('n8n-core');
const { Workflow } = require('n8n-workflow');
const { additionalDataFor, nodeTypes, shutdownEngine, WEBHOOK_TRIGGER_TYPE } = require('../harness');

const WEBHOOK_ID = 'c0ffee00-0000-4000-8000-00000000beef';
const nodeType = nodeTypes.getByNameAndVersion(WEBHOOK_TRIGGER_TYPE);

afterAll(() => shutdownEngine());

/**
 * The node's activation hooks and URLs as n8n runs and shows them: n8n-core's HookContext, the
 * context n8n gives `webhookMethods` on activation, with the credential holding `secret`.
 * @param {string} event
 * @param {string} secret
 * @param {import('n8n-workflow').WorkflowExecuteMode} [mode]
 */
function hookContext(event, secret, mode = 'webhook') {
	/** @type {import('n8n-workflow').INode} */
	const node = {
		id: 'kavenegar-webhook-trigger',
		name: 'Kavenegar Webhook Trigger',
		type: WEBHOOK_TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		webhookId: WEBHOOK_ID,
		parameters: { event },
		credentials: { kavenegarWebhookApi: { id: '2', name: 'Kavenegar webhook secret' } },
	};
	const workflow = new Workflow({ id: 'wf', nodes: [node], connections: {}, nodeTypes, active: true, settings: {} });
	const hooks = new ExecutionLifecycleHooks(mode, 'activation', /** @type {any} */ (workflow));
	const additionalData = {
		...additionalDataFor(/** @type {any} */ ({ secret }), hooks, 'activation'),
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

	test("the credential's test applies the same rule", async () => {
		const test = /** @type {any} */ (nodeType).methods.credentialTest.kavenegarWebhookSecret;
		/** @param {string} secret */
		const run = (secret) => test.call({}, { id: '2', name: 'secret', type: 'kavenegarWebhookApi', data: { secret } });
		expect(await run('Good-secret_0123.4~')).toEqual({ status: 'OK', message: 'The secret can end a URL as it is' });
		expect(await run('short')).toEqual({ status: 'Error', message: 'Secret: must be 16 to 200 characters, letters, digits, - _ . ~ only' });
		expect((await run('x'.repeat(201))).status).toBe('Error');
	});

	test('the credential is the only place the secret lives: no node parameter holds it', () => {
		expect(nodeType.description.properties.filter((p) => p.type !== 'notice').map((p) => p.name)).toEqual(['event', 'fetchDetails', 'ignoreRepeats', 'filters']);
		expect(nodeType.description.credentials?.map((c) => c.name)).toEqual(['kavenegarWebhookApi', 'kavenegarApi']);
	});
});
