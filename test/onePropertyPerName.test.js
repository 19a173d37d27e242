'use strict';
/**
 * One property per name (nodes/Kavenegar/operationParts/onePropertyPerName.ts): the node n8n gets carries
 * each of its shared names once, and every operation shows, offers and resolves what the fields as
 * the operation files write them did, saved workflows included.
 */
const fs = require('node:fs');
const path = require('node:path');
const { NodeHelpers } = require('n8n-workflow');
const { Kavenegar } = require('../nodes/Kavenegar/Kavenegar.node');
const { propertiesAsWritten } = require('../nodes/Kavenegar/resources');
const { onePropertyPerName } = require('../nodes/Kavenegar/operationParts/onePropertyPerName');
const { asN8nLoads, kavenegarNode, operationsOf, useFake } = require('./helpers');

/** @typedef {import('n8n-workflow').INodeProperties} Property */
/** @typedef {import('n8n-workflow').INodeParameters} Parameters */

const kavenegar = new Kavenegar();
const { description } = kavenegar;
const merged = description.properties;
// As n8n's loader leaves them (it adds nothing to a node with a webhook): the same for both.
const asWritten = asN8nLoads(propertiesAsWritten, kavenegar);
let node = kavenegarNode(1);

/** Every (resource, operation) the node offers. */
const operations = operationsOf(asWritten);
/** @type {number[]} */
const versions = /** @type {number[]} */ (description.version);

/**
 * What n8n makes of saved parameters when it loads a workflow (n8n-workflow's Workflow does this).
 * @param {Property[]} properties
 * @param {Parameters} parameters
 * @param {boolean} withDefaults
 */
const resolve = (properties, parameters, withDefaults) =>
	NodeHelpers.getNodeParameters(properties, parameters, withDefaults, false, node, { ...description, properties });

/**
 * The top-level fields the editor shows for these values, in order, and for each collection the
 * options its "Add" list offers (nested conditions read from the root, as the editor does).
 * @param {Property[]} properties
 * @param {Parameters} values
 */
function shown(properties, values) {
	return properties
		.filter((property) => NodeHelpers.displayParameter(values, property, node, description, values))
		.map((property) =>
			property.type === 'collection'
				? `${property.name}(${/** @type {Property[]} */ (property.options)
						.filter((option) => NodeHelpers.displayParameter(/** @type {Parameters} */ (values[property.name] ?? {}), option, node, description, values))
						.map((option) => option.name)
						.join(',')})`
				: property.name,
		);
}

/**
 * Parameters that fill every option of every collection of this name, whichever operation wrote it.
 * @param {Parameters} base
 */
function everyOptionFilled(base) {
	/** @type {Parameters} */
	const parameters = { ...base };
	for (const collection of asWritten.filter((property) => property.type === 'collection')) {
		const values = /** @type {Parameters} */ (parameters[collection.name] ?? {});
		for (const option of /** @type {Property[]} */ (collection.options)) {
			values[option.name] = option.type === 'boolean' ? !option.default : option.type === 'number' ? 7 : option.type === 'options' ? /** @type {any} */ (option.options)[0].value : `${option.name}-value`;
		}
		parameters[collection.name] = values;
	}
	return parameters;
}

describe.each(versions)('one property per name, node version %i', (version) => {
	beforeAll(() => {
		node = kavenegarNode(version);
	});

	test('the shared collections are one property each, and the node has fewer top-level properties', () => {
		const count = (/** @type {Property[]} */ properties, /** @type {string} */ name) => properties.filter((property) => property.name === name).length;
		for (const name of ['additionalFields', 'filters', 'options', 'returnAll', 'ipAccessNotice']) {
			expect(count(propertiesAsWritten, name)).toBeGreaterThan(1);
			expect(count(merged, name)).toBe(1);
		}
		expect(merged.length).toBeLessThanOrEqual(asWritten.length - 13);
	});

	test('every name is kept: saved workflows find their parameters where they were', () => {
		expect(new Set(merged.map((property) => property.name))).toEqual(new Set(asWritten.map((property) => property.name)));
	});

	test.each(operations)('$resource → $operation shows the same fields in the same order and offers the same options', (operation) => {
		const values = resolve(merged, operation, true);
		expect(values).toEqual(resolve(asWritten, operation, true));
		const filled = everyOptionFilled(/** @type {Parameters} */ (values));
		expect(shown(merged, filled)).toEqual(shown(asWritten, filled));
	});

	test.each(operations)('$resource → $operation: saved parameters with every option of every operation resolve the same', (operation) => {
		const saved = everyOptionFilled(operation);
		expect(resolve(merged, saved, false)).toEqual(resolve(asWritten, saved, false));
		expect(resolve(merged, saved, true)).toEqual(resolve(asWritten, saved, true));
	});

	const examples = path.join(__dirname, '..', 'examples');
	const savedNodes = fs
		.readdirSync(examples)
		.filter((file) => file.endsWith('.json') && !file.endsWith('.expect.json'))
		.flatMap((file) =>
			/** @type {{ nodes: { name: string, type: string, parameters: Parameters }[] }} */ (JSON.parse(fs.readFileSync(path.join(examples, file), 'utf8')))
				.nodes.filter((saved) => saved.type === 'n8n-nodes-kavenegar.kavenegar')
				.map((saved) => /** @type {[string, Parameters]} */ ([`${file} → ${saved.name}`, saved.parameters])),
		);

	test('the examples hold Kavenegar nodes to load', () => {
		expect(savedNodes.length).toBeGreaterThan(10);
	});

	test.each(savedNodes)('the saved workflow %s resolves as before', (_name, parameters) => {
		expect(resolve(merged, parameters, false)).toEqual(resolve(asWritten, parameters, false));
		expect(resolve(merged, parameters, true)).toEqual(resolve(asWritten, parameters, true));
	});
});

describe('onePropertyPerName on its own', () => {
	/** @type {Property[]} */
	const pickers = [
		{ displayName: 'Resource', name: 'resource', type: 'options', options: [{ name: 'A', value: 'a' }], default: 'a' },
		{ displayName: 'Operation', name: 'operation', type: 'options', options: [{ name: 'One', value: 'one' }, { name: 'Two', value: 'two' }], default: 'one', displayOptions: { show: { resource: ['a'] } } },
	];
	const on = (/** @type {string} */ operation) => ({ show: { resource: ['a'], operation: [operation] } });
	/** @type {(name: string, operation: string, extra?: Partial<Property>) => Property} */
	const field = (name, operation, extra = {}) => ({ displayName: name, name, type: 'string', default: '', displayOptions: on(operation), ...extra });

	test('two operations that want two names in opposite orders keep one of them apart', () => {
		const result = onePropertyPerName([...pickers, field('x', 'one'), field('y', 'one'), field('y', 'two'), field('x', 'two')]);
		// One: x then y; two: y then x. One y for both fits, one x as well would not.
		expect(result.map((property) => property.name)).toEqual(['resource', 'operation', 'x', 'y', 'x']);
	});

	test('fields alike but for their operation become one; fields that differ stay apart', () => {
		const result = onePropertyPerName([...pickers, field('x', 'one'), field('y', 'one'), field('x', 'two'), field('y', 'two', { description: 'other' })]);
		expect(result.map((property) => property.name)).toEqual(['resource', 'operation', 'x', 'y', 'y']);
		expect(result[2].displayOptions).toEqual({ show: { resource: ['a'], operation: ['one', 'two'] } });
	});

	test("a merged collection's options keep their operation and their own conditions", () => {
		/** @type {(operation: string, options: Property[]) => Property} */
		const collection = (operation, options) => ({ displayName: 'More', name: 'more', type: 'collection', default: {}, displayOptions: on(operation), options });
		const result = onePropertyPerName([
			...pickers,
			collection('one', [field('p', 'ignored', { displayOptions: { hide: { '/q': [true] } } })]),
			collection('two', [field('p', 'ignored', { displayOptions: undefined })]),
		]);
		expect(result).toHaveLength(3);
		expect(/** @type {Property[]} */ (result[2].options).map((option) => option.displayOptions)).toEqual([
			{ hide: { '/q': [true] }, show: { '/resource': ['a'], '/operation': ['one'] } },
			{ show: { '/resource': ['a'], '/operation': ['two'] } },
		]);
	});
});

describe('the merged node in n8n', () => {
	const ctx = useFake();

	test("Send sends its own Additional Fields and not another operation's saved under the same name", async () => {
		const { items, error } = await ctx.run({
			resource: 'sms',
			operation: 'send',
			recipients: '09121234567',
			message: 'Hello',
			// value2 is Send Code's (token2); a workflow switched from Send Code to Send may still carry it.
			additionalFields: { sender: '10004346', tag: 'news', value2: 'stale' },
		});
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0].form).toEqual(expect.objectContaining({ receptor: '09121234567', message: 'Hello', sender: '10004346', tag: 'news' }));
		expect(ctx.fake.requests[0].form).not.toHaveProperty('token2');
		expect(items.map((item) => item.json.receptor)).toEqual(['09121234567']);
	});

	test("Get Inbox reads its own Filters from the one Filters property, not Get Outbox's", async () => {
		const startSeconds = Math.floor(Date.now() / 1000) - 3600;
		const { error } = await ctx.run({
			resource: 'sms',
			operation: 'getInbox',
			lineNumber: '10004346',
			filters: { startDate: new Date(startSeconds * 1000).toISOString(), sender: '10004346' },
		});
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0].form).toEqual(expect.objectContaining({ linenumber: '10004346', startdate: String(startSeconds) }));
		expect(ctx.fake.requests[0].form).not.toHaveProperty('sender');
	});
});

describe('our collections, named apart from n8n\'s Request Options', () => {
	/**
	 * @param {string} name
	 * @param {Parameters} operation
	 */
	const offered = (name, operation) => {
		const values = /** @type {Parameters} */ (resolve(merged, operation, true));
		const collection = /** @type {Property} */ (merged.find((property) => property.name === name));
		return /** @type {Property[]} */ (collection.options)
			.filter((option) => NodeHelpers.displayParameter({}, option, node, description, values))
			.map((option) => option.displayName);
	};

	test('no label of ours reads like "Options"', () => {
		const labels = merged.filter((property) => property.type === 'collection' && property.name !== 'requestOptions').map((property) => property.displayName);
		expect(labels.filter((label) => /options|limits/i.test(label))).toEqual([]);
	});

	test('every operation of the sending engine offers retries, Send Code among them', () => {
		for (const operation of [{ resource: 'verify', operation: 'sendCode' }, { resource: 'sms', operation: 'send' }, { resource: 'account', operation: 'getInfo' }]) {
			expect(offered('requestLimits', operation)).toEqual(['Max Requests in Flight', 'Retries on Busy Answers']);
		}
	});
});
