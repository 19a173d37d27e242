/**
 * The rules of n8n's declarative routing (n8n-core's RoutingNode) that the node's request flow
 * relies on, written down at the top of nodes/Kavenegar/resources/index.ts. Each is pinned here
 * with a minimal node on the same engine, so that an n8n upgrade that changes one fails here
 * first, by name.
 */
const { asLoaded } = require('./harness');
const { useFake } = require('./helpers');

const ctx = useFake();

/**
 * A declarative node with a Resource field and one Operation, each with the routing a test gives,
 * sending the form POST of sms/send.json to the fake.
 * @param {{ resourceRouting?: import('n8n-workflow').INodePropertyRouting, operationRouting?: import('n8n-workflow').INodePropertyRouting }} routing
 */
function nodeWith({ resourceRouting = {}, operationRouting = {} }) {
	/** @type {import('n8n-workflow').INodeType} */
	const nodeType = {
		description: {
			displayName: 'Engine Rules',
			name: 'engineRules',
			group: ['output'],
			version: 1,
			description: 'Pins routing rules',
			defaults: { name: 'Engine Rules' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'kavenegarApi', required: true }],
			requestDefaults: { baseURL: '={{ $credentials.baseUrl + "/v1/" + encodeURIComponent($credentials.apiKey) }}' },
			properties: [
				{
					displayName: 'Resource',
					name: 'resource',
					type: 'options',
					options: [{ name: 'SMS', value: 'sms' }],
					default: 'sms',
					routing: resourceRouting,
				},
				{
					displayName: 'Operation',
					name: 'operation',
					type: 'options',
					options: [
						{
							name: 'Send',
							value: 'send',
							routing: {
								request: { method: 'POST', url: '/sms/send.json', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
								...operationRouting,
							},
						},
					],
					default: 'send',
				},
				{
					displayName: 'Recipients',
					name: 'recipients',
					type: 'string',
					default: '',
					routing: { send: { type: 'body', property: 'receptor' } },
				},
				{ displayName: 'Message', name: 'message', type: 'string', default: '', routing: { send: { type: 'body', property: 'message' } } },
			],
		},
	};
	return asLoaded(nodeType);
}

/**
 * @param {import('n8n-workflow').INodeType} nodeType
 * @param {import('n8n-workflow').INodeExecutionData[]} [items]
 */
const run = (nodeType, items = [{ json: {} }]) =>
	ctx.run({ resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello' }, { nodeType, items });

/**
 * A pagination function that records its name and makes the request once.
 * @param {string[]} calls
 * @param {string} name
 */
const pagination = (calls, name) =>
	/**
	 * @this {import('n8n-workflow').IExecutePaginationFunctions}
	 * @param {import('n8n-workflow').DeclarativeRestApiSettings.ResultOptions} requestData
	 */
	async function (requestData) {
		calls.push(name);
		return await this.makeRoutingRequest(requestData);
	};

describe("n8n's declarative routing rules the node relies on", () => {
	test('the first property that sets send.paginate wins: a later one cannot turn it off', async () => {
		/** @type {string[]} */
		const calls = [];
		const { error } = await run(
			nodeWith({
				resourceRouting: { send: { paginate: true }, operations: { pagination: pagination(calls, 'resource') } },
				operationRouting: { send: { paginate: false } },
			}),
		);
		expect(error).toBeUndefined();
		expect(calls).toEqual(['resource']);
	});

	test("the last requestOperations wins: the operation's pagination replaces the Resource field's", async () => {
		/** @type {string[]} */
		const calls = [];
		await run(
			nodeWith({
				resourceRouting: { send: { paginate: true }, operations: { pagination: pagination(calls, 'resource') } },
				operationRouting: { operations: { pagination: pagination(calls, 'operation') } },
			}),
		);
		expect(calls).toEqual(['operation']);
	});

	test('postReceive hooks run in property order: the Resource field’s before the operation’s', async () => {
		/** @type {string[]} */
		const calls = [];
		const hook = (/** @type {string} */ name) =>
			/** @param {import('n8n-workflow').INodeExecutionData[]} items */
			async function (items) {
				calls.push(name);
				return items;
			};
		await run(nodeWith({ resourceRouting: { output: { postReceive: [hook('resource')] } }, operationRouting: { output: { postReceive: [hook('operation')] } } }));
		expect(calls).toEqual(['resource', 'operation']);
	});

	test('preSend functions run in property order, one after the other, before the pagination function', async () => {
		/** @type {string[]} */
		const calls = [];
		const preSend = (/** @type {string} */ name) =>
			/** @param {import('n8n-workflow').IHttpRequestOptions} options */
			async function (options) {
				calls.push(`${name} start`);
				await new Promise((resolve) => setTimeout(resolve, 5));
				calls.push(`${name} end`);
				return options;
			};
		await run(
			nodeWith({
				resourceRouting: { send: { preSend: [preSend('resource')], paginate: true }, operations: { pagination: pagination(calls, 'pagination') } },
				operationRouting: { send: { preSend: [preSend('operation')] } },
			}),
		);
		expect(calls).toEqual(['resource start', 'resource end', 'operation start', 'operation end', 'pagination']);
	});

	test("a preSend that throws ends the item there: its later preSends and its pagination function are never called", async () => {
		/** @type {string[]} */
		const calls = [];
		/**
		 * @this {import('n8n-workflow').IExecuteSingleFunctions}
		 * @param {import('n8n-workflow').IHttpRequestOptions} options
		 */
		const failsForItem1 = async function (options) {
			calls.push(`check ${this.getItemIndex()}`);
			if (this.getItemIndex() === 1) throw new Error('bad item');
			return options;
		};
		/**
		 * @this {import('n8n-workflow').IExecuteSingleFunctions}
		 * @param {import('n8n-workflow').IHttpRequestOptions} options
		 */
		const after = async function (options) {
			calls.push(`after ${this.getItemIndex()}`);
			return options;
		};
		/**
		 * @this {import('n8n-workflow').IExecutePaginationFunctions}
		 * @param {import('n8n-workflow').DeclarativeRestApiSettings.ResultOptions} requestData
		 */
		const paginationOf = async function (requestData) {
			calls.push(`pagination ${this.getItemIndex()}`);
			return await this.makeRoutingRequest(requestData);
		};
		const { items } = await ctx.run(
			{ resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello' },
			{
				nodeType: nodeWith({
					resourceRouting: { send: { preSend: [failsForItem1], paginate: true }, operations: { pagination: paginationOf } },
					operationRouting: { send: { preSend: [after] } },
				}),
				items: [{ json: {} }, { json: {} }],
				settings: { onError: 'continueRegularOutput' },
			},
		);
		expect(calls.sort()).toEqual(['after 0', 'check 0', 'check 1', 'pagination 0']);
		expect(items.map((item) => item.json.error ?? 'sent')).toEqual(['sent', 'bad item']);
	});

	test("the Resource field's routing reaches an operation that has none of its own", async () => {
		/** @type {string[]} */
		const calls = [];
		/** @param {import('n8n-workflow').IHttpRequestOptions} options */
		const joined = async function (options) {
			calls.push('resource preSend');
			return options;
		};
		const { error } = await run(
			nodeWith({ resourceRouting: { send: { preSend: [joined], paginate: true }, operations: { pagination: pagination(calls, 'resource pagination') } } }),
		);
		expect(error).toBeUndefined();
		expect(calls).toEqual(['resource preSend', 'resource pagination']);
	});

	test("all items start at once: every item's first preSend is entered, in one synchronous loop, before any request is made", async () => {
		/** @type {string[]} */
		const calls = [];
		let enteredBeforeFirstMicrotask;
		/**
		 * @this {import('n8n-workflow').IExecuteSingleFunctions}
		 * @param {import('n8n-workflow').IHttpRequestOptions} options
		 */
		const preSend = async function (options) {
			calls.push(`preSend ${this.getItemIndex()}`);
			// The engine's joinRun (sending/allItemsChecked.ts) registers each item here and counts on n8n's loop being synchronous.
			void Promise.resolve().then(() => (enteredBeforeFirstMicrotask ??= calls.length));
			return options;
		};
		const items = Array.from({ length: 5 }, () => ({ json: {} }));
		const { items: out } = await run(
			nodeWith({
				resourceRouting: { send: { preSend: [preSend], paginate: true }, operations: { pagination: pagination(calls, 'request') } },
			}),
			items,
		);
		expect(out).toHaveLength(5);
		expect(calls.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map((index) => `preSend ${index}`));
		expect(enteredBeforeFirstMicrotask).toBe(5);
		expect(ctx.fake.requests).toHaveLength(5);
	});

	test('an object body with the form content type is form-encoded by n8n itself', async () => {
		const { error } = await run(nodeWith({}));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0]).toMatchObject({
			contentType: 'application/x-www-form-urlencoded',
			form: { receptor: '09121234567', message: 'Hello' },
		});
	});
});
