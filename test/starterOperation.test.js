/**
 * An operation written the way n8n's starter writes one (a field with `routing.send`, a `request`,
 * no hook of this package) added to the node: it is sent like the others, with one item or several,
 * through the engine's all-items check and bound, without having to remember any hook.
 */
const { Kavenegar } = require('../nodes/Kavenegar/Kavenegar.node');
const { throughSendingEngine } = require('../nodes/Kavenegar/sending/engine');
const { asLoaded } = require('./harness');
const { NodeOperationError } = require('n8n-workflow');
const { useFake } = require('./helpers');

const ctx = useFake();

/** @type {import('n8n-workflow').INodePropertyOptions} */
const starterOperation = {
	name: 'Get Status (Starter Style)',
	value: 'getStatusStarter',
	action: 'Get message status, starter style',
	routing: {
		request: { method: 'GET', url: '/sms/status.json' },
		output: { postReceive: [{ type: 'rootProperty', properties: { property: 'entries' } }] },
	},
};

/** @type {import('n8n-workflow').INodeProperties} */
const starterField = {
	displayName: 'Message ID',
	name: 'starterMessageId',
	type: 'string',
	default: '',
	displayOptions: { show: { resource: ['sms'], operation: ['getStatusStarter'] } },
	routing: { send: { type: 'query', property: 'messageid' } },
};

/**
 * The node's own description, with an operation added to SMS and its field after the Operation
 * field, as a contributor adds one in resources/ (whose properties go through the engine).
 * @param {import('n8n-workflow').INodePropertyOptions} operation
 * @param {import('n8n-workflow').INodeProperties} field
 */
function nodeWith(operation, field) {
	const { description } = new Kavenegar();
	/** @type {import('n8n-workflow').INodeProperties[]} */
	const properties = description.properties.flatMap((property) =>
		property.name === 'operation' && property.displayOptions?.show?.resource?.includes('sms')
			? [{ ...property, options: [...(property.options ?? []), operation] }, field]
			: [property],
	);
	return asLoaded({ description: { ...description, properties: throughSendingEngine(properties) } });
}

const nodeType = nodeWith(starterOperation, starterField);
const parameters = { resource: 'sms', operation: 'getStatusStarter', starterMessageId: '={{ $json.id }}' };

/** @param {number} count */
const items = (count) => Array.from({ length: count }, (_, i) => ({ json: { id: String(8_100_000_001 + i) } }));

describe('an operation written the starter’s way', () => {
	test.each([1, 2])('with %i item(s) it sends one request per item and outputs the rows', async (count) => {
		const { items: out, error } = await ctx.run(parameters, { nodeType, items: items(count) });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((request) => [request.method, request.operation, request.query])).toEqual(
			items(count).map((item) => ['GET', 'sms/status', { messageid: item.json.id }]),
		);
		expect(out.map((item) => [item.json.messageid, item.json.status, item.pairedItem])).toEqual(
			items(count).map((item, index) => [Number(item.json.id), 100, { item: index }]),
		);
	});

	test('with two items and On Error: Continue, both go as well', async () => {
		const { items: out, error } = await ctx.run(parameters, { nodeType, items: items(2), settings: { onError: 'continueRegularOutput' } });
		expect(error).toBeUndefined();
		expect(out.filter((item) => item.error)).toEqual([]);
		expect(ctx.fake.requests).toHaveLength(2);
	});

	test('it is held to the run’s bound on requests in flight like every operation', async () => {
		ctx.fake.latencyMs = 5;
		try {
			const { error } = await ctx.run({ ...parameters, requestLimits: { maxRequestsInFlight: 2 } }, { nodeType, items: items(12) });
			expect(error).toBeUndefined();
			expect(ctx.fake.requests).toHaveLength(12);
			expect(ctx.fake.maxInFlight).toBeLessThanOrEqual(2);
		} finally {
			ctx.fake.latencyMs = 0;
			ctx.fake.maxInFlight = 0;
		}
	});
});

describe('a preSend of its own, as the starter shows for custom request shaping', () => {
	/**
	 * @this {import('n8n-workflow').IExecuteSingleFunctions}
	 * @param {import('n8n-workflow').IHttpRequestOptions} requestOptions
	 */
	async function onlyDigits(requestOptions) {
		const id = String(requestOptions.qs?.messageid ?? '');
		if (!/^\d+$/.test(id)) throw new NodeOperationError(this.getNode(), `Message ID: "${id}" is not a number`, { itemIndex: this.getItemIndex() });
		return requestOptions;
	}
	const withPreSend = nodeWith(
		{ ...starterOperation, routing: { ...starterOperation.routing, send: { preSend: [onlyDigits] } } },
		starterField,
	);
	const mixed = () => [{ json: { id: '8100000001' } }, { json: { id: 'abc' } }];

	test('one bad item in stop mode: nothing is sent, and the error says so', async () => {
		const { error } = await ctx.run(parameters, { nodeType: withPreSend, items: mixed() });
		expect(error.message).toBe('Message ID: "abc" is not a number');
		expect(error.description).toContain('Nothing was sent to Kavenegar for any item');
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('in continue mode the good item goes and the bad one says nothing was sent for it', async () => {
		const { items: out, error } = await ctx.run(parameters, { nodeType: withPreSend, items: mixed(), settings: { onError: 'continueRegularOutput' } });
		expect(error).toBeUndefined();
		expect(out.map((item) => item.error?.description ?? item.json.messageid)).toEqual([8100000001, 'Nothing was sent to Kavenegar for this item.']);
		expect(ctx.fake.requests).toHaveLength(1);
	});
});

test('a declarative pagination, which would bypass the engine, is refused when the node loads, naming the operation', () => {
	const paged = { ...starterOperation, routing: { ...starterOperation.routing, operations: { pagination: { type: 'offset', properties: { limitParameter: 'limit', offsetParameter: 'offset', pageSize: 10, type: 'query' } } } } };
	expect(() => nodeWith(/** @type {import('n8n-workflow').INodePropertyOptions} */ (paged), starterField)).toThrow(
		'properties.operation.Get Status (Starter Style): a declarative pagination bypasses the sending engine',
	);
});
