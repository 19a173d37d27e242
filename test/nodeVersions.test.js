'use strict';
/**
 * Node versions (nodes/Kavenegar/operationParts/nodeVersions.ts): version 2 gives each operation at most
 * one collection of its own and keeps Max Requests in Flight and Retries on Busy Answers in n8n's
 * Request Options; version 1, in saved workflows, keeps its fields and behaves as it did. Version 3
 * has version 2's fields and caps a send whose Max Messages per Run is not set
 * (test/sending/messageCap.test.js runs the cap in each version). Version 4 has version 3's fields
 * and reads Jalali dates and the Send Window in Iran's time (test/allNodes/timeZoneSetting.test.js).
 */
const { NodeHelpers } = require('n8n-workflow');
const { Kavenegar } = require('../nodes/Kavenegar/Kavenegar.node');
const { propertiesAsWritten } = require('../nodes/Kavenegar/resources');
const { onePropertyPerName } = require('../nodes/Kavenegar/operationParts/onePropertyPerName');
const { asN8nLoads, kavenegarNode, operationsOf, useFake } = require('./helpers');

/** @typedef {import('n8n-workflow').INodeProperties} Property */
/** @typedef {import('n8n-workflow').INodeParameters} Parameters */

const kavenegar = new Kavenegar();
const { description } = kavenegar;
// What n8n's loader makes of the node (it has a webhook, so n8n adds no Request Options of its own).
const loaded = asN8nLoads(onePropertyPerName([...propertiesAsWritten]), kavenegar);
const operations = operationsOf(loaded);

/**
 * The top-level properties the editor shows for an operation, its defaults filled in as n8n does.
 * @param {{ resource: string, operation: string }} operation
 * @param {number} typeVersion
 */
function shownFor(operation, typeVersion) {
	const node = kavenegarNode(typeVersion);
	const values = /** @type {Parameters} */ (NodeHelpers.getNodeParameters(loaded, operation, true, false, node, { ...description, properties: loaded }));
	return loaded.filter((property) => NodeHelpers.displayParameter(values, property, node, description, values));
}

/**
 * The options a collection's Add list offers for an operation.
 * @param {string} name
 * @param {{ resource: string, operation: string }} operation
 * @param {number} typeVersion
 */
function offered(name, operation, typeVersion) {
	const node = kavenegarNode(typeVersion);
	const collection = shownFor(operation, typeVersion).find((property) => property.name === name);
	if (!collection) return [];
	const values = /** @type {Parameters} */ (NodeHelpers.getNodeParameters(loaded, operation, true, false, node, { ...description, properties: loaded }));
	return /** @type {Property[]} */ (collection.options)
		.filter((option) => NodeHelpers.displayParameter({}, option, node, description, values))
		.map((option) => option.displayName);
}

describe('the versions in the editor', () => {
	test('a node added now is version 4; versions 1 to 3 are still offered for saved workflows', () => {
		expect(description.version).toEqual([1, 2, 3, 4]);
		expect(description.defaultVersion).toBe(4);
	});

	test.each([3, 4])('version %i shows exactly the fields of the version before, for every operation', (typeVersion) => {
		for (const operation of operations) {
			expect(shownFor(operation, typeVersion).map((property) => property.name)).toEqual(shownFor(operation, typeVersion - 1).map((property) => property.name));
			expect(offered('additionalFields', operation, typeVersion)).toEqual(offered('additionalFields', operation, typeVersion - 1));
		}
	});

	test.each(operations)('version 2, $resource → $operation: at most one collection of its own', (operation) => {
		const collections = shownFor(operation, 2).filter((property) => property.type === 'collection' && !property.isNodeSetting);
		expect(collections.length).toBeLessThanOrEqual(1);
	});

	test('version 1 keeps what saved workflows hold: Send shows Additional Fields, Sending Behavior, Concurrency and Retries', () => {
		const labels = (/** @type {number} */ typeVersion) =>
			shownFor({ resource: 'sms', operation: 'send' }, typeVersion)
				.filter((property) => property.type === 'collection')
				.map((property) => `${property.name}: ${property.displayName}`);
		expect(labels(1)).toEqual(['additionalFields: Additional Fields', 'options: Sending Behavior', 'requestLimits: Concurrency and Retries', 'requestOptions: Request Options']);
		expect(labels(2)).toEqual(['additionalFields: Additional Fields', 'requestOptions: Request Options']);
	});

	test('version 2: Send offers its fields and its behavior in one Additional Fields list, in alphabetical order', () => {
		const fields = offered('additionalFields', { resource: 'sms', operation: 'send' }, 2);
		expect(fields).toEqual(expect.arrayContaining(['Sender Line', 'Tag', 'Local IDs', 'Prevent Duplicate Sends', 'Normalize Phone Numbers', 'Message Preview']));
		expect(fields).toEqual([...fields].sort((a, b) => a.localeCompare(b)));
		expect(offered('additionalFields', { resource: 'sms', operation: 'send' }, 1)).not.toContain('Prevent Duplicate Sends');
		expect(offered('additionalFields', { resource: 'voiceCall', operation: 'send' }, 2)).not.toContain('Message Preview');
	});

	test("version 2 keeps the request limits in n8n's Request Options, beside n8n's own; version 1 has none of ours there", () => {
		const sendSms = { resource: 'sms', operation: 'send' };
		expect(offered('requestOptions', sendSms, 2)).toEqual(['Batching', 'Ignore SSL Issues (Insecure)', 'Max Requests in Flight', 'Proxy', 'Retries on Busy Answers', 'Timeout']);
		expect(offered('requestOptions', { resource: 'verify', operation: 'sendCode' }, 2)).toEqual(['Batching', 'Ignore SSL Issues (Insecure)', 'Max Requests in Flight', 'Proxy', 'Retries on Busy Answers', 'Timeout']);
		expect(offered('requestOptions', sendSms, 1)).toEqual(['Batching', 'Ignore SSL Issues (Insecure)', 'Proxy', 'Timeout']);
		expect(offered('requestLimits', sendSms, 1)).toEqual(['Max Requests in Flight', 'Retries on Busy Answers']);
	});

	test('a version 1 workflow saved with every send option resolves to the same values', () => {
		const saved = {
			resource: 'sms',
			operation: 'send',
			recipients: '09121234567',
			message: 'Hi',
			additionalFields: { sender: '30004000', tag: 'crm' },
			options: { preventDuplicateSends: false, normalisePhoneNumbers: false, messagePreview: true },
			requestLimits: { maxRequestsInFlight: 3, busyRetries: 1 },
		};
		const resolve = (/** @type {number} */ typeVersion) =>
			NodeHelpers.getNodeParameters(loaded, saved, false, false, kavenegarNode(typeVersion), { ...description, properties: loaded });
		// resource and operation are at their defaults, which n8n does not store.
		const { resource, operation, ...stored } = saved;
		expect(resolve(1)).toEqual(stored);
		// The same values read as version 2 lose what version 2 keeps elsewhere: why version 1 stays.
		expect(resolve(2)).toEqual({ recipients: '09121234567', message: 'Hi', additionalFields: { sender: '30004000', tag: 'crm' } });
	});
});

describe('the versions at work, through n8n\'s engine', () => {
	const ctx = useFake();
	let serial = 0;
	const fresh = () => `0912${String(7_100_000 + ++serial).padStart(7, '0')}`;
	/** @param {Parameters} extra */
	const send = (extra) => ({ resource: 'sms', operation: 'send', message: 'Hello', ...extra });

	/** The same choices, where each version keeps them. */
	const choices = {
		1: {
			additionalFields: { sender: '30004000', tag: 'crm' },
			options: { preventDuplicateSends: false, normalisePhoneNumbers: false, messagePreview: true },
		},
		2: {
			additionalFields: { sender: '30004000', tag: 'crm', preventDuplicateSends: false, normalisePhoneNumbers: false, messagePreview: true },
		},
	};

	test.each([1, 2])('version %i: the send fields go over the wire and the behavior options act', async (typeVersion) => {
		const number = fresh();
		const { items, error } = await ctx.run(send({ recipients: number, ...choices[/** @type {1 | 2} */ (typeVersion)] }), { settings: { typeVersion } });
		expect(error).toBeUndefined();
		const [request] = ctx.fake.requests;
		expect(request.form).toMatchObject({ receptor: number, sender: '30004000', tag: 'crm' });
		// Prevent Duplicate Sends off: no local ID of the node's.
		expect(request.form).not.toHaveProperty('localid');
		expect(items[0].json).toMatchObject({ receptor: number, parts: 1, unicode: false });

		// Normalize Phone Numbers off: a number is taken as typed, and refused before sending.
		ctx.fake.requests.length = 0;
		const refused = await ctx.run(send({ recipients: '0912 123 4567', ...choices[/** @type {1 | 2} */ (typeVersion)] }), { settings: { typeVersion } });
		expect(refused.error?.message).toBe('Recipients: "0912 123 4567" is not a phone number');
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test.each([1, 2])('version %i with no option added: numbers normalized, each message with a local ID against duplicates', async (typeVersion) => {
		const number = fresh();
		const { error } = await ctx.run(send({ recipients: `+98${number.slice(1)}` }), { settings: { typeVersion } });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).toMatchObject({ receptor: number, localid: expect.stringMatching(/^\d+$/) });
	});

	test.each([
		[1, 'requestLimits'],
		[2, 'requestOptions'],
	])('version %i: Max Requests in Flight and Retries on Busy Answers are read from %s', async (typeVersion, place) => {
		ctx.fake.latencyMs = 20;
		const numbers = Array.from({ length: 6 }, fresh);
		const bounded = await ctx.run(send({ recipients: '={{ $json.phone }}', [place]: { maxRequestsInFlight: 2 } }), {
			items: numbers.map((phone) => ({ json: { phone } })),
			settings: { typeVersion },
		});
		ctx.fake.latencyMs = 0;
		expect(bounded.error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(6);
		expect(ctx.fake.maxInFlight).toBe(2);

		ctx.fake.requests.length = 0;
		ctx.fake.injectFault({ kind: 'busy409', operation: 'account/info' });
		const once = await ctx.run({ resource: 'account', operation: 'getInfo', [place]: { busyRetries: 0 } }, { settings: { typeVersion } });
		expect(once.error?.message).toMatch(/^Kavenegar error 409:/);
		expect(ctx.fake.requests).toHaveLength(1);
	});
});
