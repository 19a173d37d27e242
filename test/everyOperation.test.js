/**
 * Every operation of the node, found from its description (every option of every Operation
 * field), runs with two items against the fake, in stop mode and in continue mode: no run hangs,
 * and no run sends what it should not. A new operation is covered the day it is added; one whose
 * required parameter has no default and no sample below fails here, naming the parameter.
 */
const { Kavenegar } = require('../nodes/Kavenegar/Kavenegar.node');
const { useFake, operationsOf } = require('./helpers');
const { BAD, REQUESTS_PER_ITEM, parametersFor, prepareFake, sampleItems, withBadValue } = require('./operationSamples');

const ctx = useFake();
const { properties, version } = new Kavenegar().description;
/**
 * Every version in `npm test`; the newest only in `npm run test:quick` (scripts/testQuick.js), which
 * trades the older versions' runs for a loop a contributor runs after each change.
 * @type {number[]}
 */
const versions = process.env.KAVENEGAR_WALK_NEWEST_VERSION_ONLY ? [Math.max(.../** @type {number[]} */ (version))] : /** @type {number[]} */ (version);

/**
 * The operations that are code rather than routing (customOperations) ask one question per run and
 * wait, so the walk over items does not fit them: each has its own tests (test/resources/sms/sendAndWait.test.js).
 */
/** @type {Record<string, Record<string, unknown>>} */
const customOperations = new Kavenegar().customOperations;
const operations = operationsOf(properties).filter(({ resource, operation }) => !customOperations[resource]?.[operation]);

/**
 * Runs the node, failing a run that has not ended in time instead of waiting for jest's timeout.
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {import('./helpers').RunOptions} options
 * @returns {Promise<import('./harness').NodeRun>}
 */
async function runWithin(parameters, options) {
	/** @type {ReturnType<typeof setTimeout> | undefined} */
	let timer;
	/** @type {Promise<never>} */
	const hung = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`the run of ${parameters.resource} → ${parameters.operation} hangs`)), 8000)));
	try {
		return await Promise.race([ctx.run(parameters, options), hung]);
	} finally {
		clearTimeout(timer);
	}
}

/**
 * n8n cannot build item 2's request: an expression in a parameter of every operation (Max Requests
 * in Flight, where the node's version keeps it) names a node that does not exist.
 * @param {number} typeVersion
 */
const failingExpression = (typeVersion) => ({
	[typeVersion >= 2 ? 'requestOptions' : 'requestLimits']: { maxRequestsInFlight: '={{ $json.bad ? $("No Such Node").item.json.limit : 25 }}' },
});

beforeAll(() => prepareFake(ctx.fake));

test('the walk leaves out only the operations that are code: Send and Wait for Response, Check Code (no request) and Apply Opt-Out Reply (test/resources/blocklist/applyReply.test.js)', () => {
	expect(Object.entries(customOperations).flatMap(([resource, byOperation]) => Object.keys(byOperation).map((operation) => `${resource} → ${operation}`))).toEqual(['sms → sendAndWait', 'verify → checkCode', 'blocklist → applyReply']);
});

test('the walk finds every operation of every resource', () => {
	const resources = properties.find((property) => property.name === 'resource')?.options ?? [];
	expect(new Set(operations.map((found) => found.resource))).toEqual(new Set(resources.map((option) => /** @type {any} */ (option).value)));
});

const everyVersion = operations.flatMap((operation) => versions.map((typeVersion) => ({ ...operation, typeVersion })));

describe.each(everyVersion)('$resource → $operation, node version $typeVersion', (which) => {
	const { parameters, shown } = parametersFor(properties, which);
	const STOP = { typeVersion: which.typeVersion };
	const CONTINUE = { ...STOP, onError: /** @type {const} */ ('continueRegularOutput') };
	const perItem = REQUESTS_PER_ITEM[`${which.resource} → ${which.operation}`] ?? 1;

	test('two good items, stop mode: both go, one request each (Get Reply: two), nothing fails', async () => {
		const run = await runWithin(parameters, { items: sampleItems(ctx.fake), settings: STOP });
		expect(run.error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(2 * perItem);
	});

	test('two good items, continue mode: both go, one request each (Get Reply: two), nothing fails', async () => {
		const run = await runWithin(parameters, { items: sampleItems(ctx.fake), settings: CONTINUE });
		expect(run.error).toBeUndefined();
		expect(run.items.filter((item) => item.error)).toEqual([]);
		expect(ctx.fake.requests).toHaveLength(2 * perItem);
	});

	test('item 2 cannot be built: stop mode sends nothing, continue mode sends item 1 only', async () => {
		const input = sampleItems(ctx.fake);
		input[1].json.bad = true;
		const stop = await runWithin({ ...parameters, ...failingExpression(which.typeVersion) }, { items: input, settings: STOP });
		expect(stop.error).toBeDefined();
		// Item 1 learns of the failure only after the engine's own check; let it finish.
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(ctx.fake.requests).toHaveLength(0);

		const go = await runWithin({ ...parameters, ...failingExpression(which.typeVersion) }, { items: sampleItems(ctx.fake).map((item, index) => ({ ...item, json: { ...item.json, bad: index === 1 } })), settings: CONTINUE });
		expect(go.error).toBeUndefined();
		expect(go.items.filter((item) => item.error)).toHaveLength(1);
		expect(ctx.fake.requests).toHaveLength(perItem);
	});

	// An operation none of whose shown parameters has a known bad value (Get Info takes none) gets no such test.
	const checked = shown.find((name) => name in BAD);
	if (checked) test(`item 2 fails the node's check (${checked}): stop mode sends nothing, continue mode sends item 1 only`, async () => {
		const bad = withBadValue(parameters, checked);
		const withBad = () => sampleItems(ctx.fake).map((item, index) => ({ ...item, json: { ...item.json, bad: index === 1 } }));
		const stop = await runWithin(bad, { items: withBad(), settings: STOP });
		expect(stop.error?.message).toMatch(/^[A-Z][A-Za-z ]+: /);
		expect(stop.error.description).toContain('Nothing was sent to Kavenegar for any item');
		expect(ctx.fake.requests).toHaveLength(0);

		const go = await runWithin(bad, { items: withBad(), settings: CONTINUE });
		expect(go.items.filter((item) => item.error).map((item) => item.error.description)).toEqual(['Nothing was sent to Kavenegar for this item.']);
		expect(ctx.fake.requests).toHaveLength(perItem);
	});
});
