/**
 * Every operation of the node, found from its description (every option of every Operation
 * field), runs with two items against the fake, in stop mode and in continue mode: no run hangs,
 * and no run sends what it should not. A new operation is covered the day it is added; one whose
 * required parameter has no default and no sample below fails here, naming the parameter.
 */
const { NodeHelpers } = require('n8n-workflow');
const { Kavenegar } = require('../nodes/Kavenegar/Kavenegar.node');
const { useFake, isoFromNow, operationsOf } = require('./helpers');
const { binaryItem, jpeg } = require('./mediaSamples');

const ctx = useFake();
const { properties, version } = new Kavenegar().description;
/**
 * Every version in `npm test`; the newest only in `npm run test:quick` (scripts/testQuick.js), which
 * trades the older versions' runs for a loop a contributor runs after each change.
 * @type {number[]}
 */
const versions = process.env.KAVENEGAR_WALK_NEWEST_VERSION_ONLY ? [Math.max(.../** @type {number[]} */ (version))] : /** @type {number[]} */ (version);

/**
 * Values by parameter name, for parameters whose default does not make a valid request. What must
 * differ between items or runs (a template to delete, a new name) comes from the item (see `items`).
 * @type {Record<string, import('n8n-workflow').NodeParameterValueType>}
 */
const SAMPLES = {
	recipients: '={{ $json.phone }}',
	callRecipients: '={{ $json.phone }}',
	phoneNumbers: '={{ $json.phone }}',
	recipient: '={{ $json.phone }}',
	message: 'Hello',
	spokenMessage: 'Hello',
	messages: { message: [{ recipient: '={{ $json.phone }}', sender: '10004346', message: 'Hello' }] },
	messageIds: '={{ $json.messageId }}',
	localIds: '={{ $json.localId }}',
	lineNumber: '30004000',
	startDate: '={{ $json.startDate }}',
	templateId: '={{ $json.templateId }}',
	sourceTemplateId: '={{ $json.templateId }}',
	name: '={{ $json.newName }}',
	newTemplateName: '={{ $json.newName }}',
	textMessage: 'Your code: %token',
	template: 'otp',
	value: '1234',
	mediaId: '={{ $json.mediaId }}',
	settings: { apilogs: 'enabled' },
};

/**
 * Input that breaks a check of the node for one item, by parameter name: an operation with one of
 * these parameters is also run with a bad second item that only the node's own checks catch.
 * @type {Record<string, string>}
 */
const BAD = {
	recipients: 'not-a-number',
	callRecipients: 'not-a-number',
	phoneNumbers: 'not-a-number',
	recipient: 'not-a-number',
	messageIds: 'abc',
	localIds: 'abc',
	templateId: 'abc',
	mediaId: '1234',
};

/**
 * @param {import('n8n-workflow').INodeProperties} property
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {number} typeVersion
 */
function isShown(property, parameters, typeVersion) {
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	const valueOf = (/** @type {string} */ name) => {
		const own = parameters[name.replace(/^\//, '')];
		if (own !== undefined) return own;
		return properties.find((candidate) => candidate.name === name.replace(/^\//, ''))?.default;
	};
	const shown = Object.entries(show).every(([name, values]) =>
		name === '@version' ? NodeHelpers.checkConditions(values ?? [], [typeVersion]) : (values ?? []).includes(/** @type {any} */ (valueOf(name))),
	);
	const hidden = Object.entries(hide).some(([name, values]) => (values ?? []).includes(/** @type {any} */ (valueOf(name))));
	return shown && !hidden;
}

/**
 * The operations that are code rather than routing (customOperations) ask one question per run and
 * wait, so the walk over items does not fit them: each has its own tests (test/resources/sms/sendAndWait.test.js).
 */
/** @type {Record<string, Record<string, unknown>>} */
const customOperations = new Kavenegar().customOperations;
const operations = operationsOf(properties).filter(({ resource, operation }) => !customOperations[resource]?.[operation]);

/**
 * The parameters of one operation: its displayed parameters from SAMPLES, the rest at their defaults.
 * @param {{ resource: string, operation: string, typeVersion: number }} which
 * @returns {{ parameters: import('n8n-workflow').INodeParameters, shown: string[] }}
 */
function parametersFor({ resource, operation, typeVersion }) {
	/** @type {import('n8n-workflow').INodeParameters} */
	const parameters = { resource, operation };
	const shown = [];
	for (const property of properties) {
		if (property.name in parameters || !isShown(property, parameters, typeVersion)) continue;
		shown.push(property.name);
		if (property.name in SAMPLES) parameters[property.name] = SAMPLES[property.name];
		else if (property.required && (property.default === '' || property.default === undefined)) {
			throw new Error(`${resource} → ${operation}: add a sample value for the required parameter "${property.name}" to SAMPLES`);
		}
	}
	return { parameters, shown };
}

let serial = 0;
/**
 * Two input items, each with what its request needs from the fake's state, fresh for every run.
 * @returns {import('n8n-workflow').INodeExecutionData[]}
 */
function items() {
	return [0, 1].map(() => {
		serial++;
		const template = ctx.fake.addApprovedTemplate(`every${serial}src`, 'Code %token');
		const [media] = ctx.fake.seedMedia(1);
		const json = {
			phone: `0912${String(8_000_000 + serial).padStart(7, '0')}`,
			messageId: String(ctx.fake.nextMessageId - 1),
			localId: String(serial),
			startDate: isoFromNow(-3600),
			templateId: String(template.id),
			newName: `every${serial}new`,
			mediaId: media.id,
		};
		// The fake refuses a file it already holds: each item's file differs.
		return binaryItem(jpeg(100 + serial), { mimeType: 'image/jpeg', fileName: 'photo.jpg', json });
	});
}

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

beforeAll(() => {
	ctx.fake.addApprovedTemplate('otp', 'Code %token');
});

test('the walk leaves out only the operations that are code: Send and Wait for Response, and Check Code (no request)', () => {
	expect(Object.entries(customOperations).flatMap(([resource, byOperation]) => Object.keys(byOperation).map((operation) => `${resource} → ${operation}`))).toEqual(['sms → sendAndWait', 'verify → checkCode']);
});

test('the walk finds every operation of every resource', () => {
	const resources = properties.find((property) => property.name === 'resource')?.options ?? [];
	expect(new Set(operations.map((found) => found.resource))).toEqual(new Set(resources.map((option) => /** @type {any} */ (option).value)));
});

/**
 * How many requests one item of an operation makes, where it is more than one: Get Reply reads
 * the inbox twice, its unread messages and its read ones.
 * @type {Record<string, number>}
 */
const REQUESTS_PER_ITEM = { 'sms → getReply': 2 };

const everyVersion = operations.flatMap((operation) => versions.map((typeVersion) => ({ ...operation, typeVersion })));

describe.each(everyVersion)('$resource → $operation, node version $typeVersion', (which) => {
	const { parameters, shown } = parametersFor(which);
	const STOP = { typeVersion: which.typeVersion };
	const CONTINUE = { ...STOP, onError: /** @type {const} */ ('continueRegularOutput') };
	const perItem = REQUESTS_PER_ITEM[`${which.resource} → ${which.operation}`] ?? 1;

	test('two good items, stop mode: both go, one request each (Get Reply: two), nothing fails', async () => {
		const run = await runWithin(parameters, { items: items(), settings: STOP });
		expect(run.error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(2 * perItem);
	});

	test('two good items, continue mode: both go, one request each (Get Reply: two), nothing fails', async () => {
		const run = await runWithin(parameters, { items: items(), settings: CONTINUE });
		expect(run.error).toBeUndefined();
		expect(run.items.filter((item) => item.error)).toEqual([]);
		expect(ctx.fake.requests).toHaveLength(2 * perItem);
	});

	test('item 2 cannot be built: stop mode sends nothing, continue mode sends item 1 only', async () => {
		const input = items();
		input[1].json.bad = true;
		const stop = await runWithin({ ...parameters, ...failingExpression(which.typeVersion) }, { items: input, settings: STOP });
		expect(stop.error).toBeDefined();
		// Item 1 learns of the failure only after the engine's own check; let it finish.
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(ctx.fake.requests).toHaveLength(0);

		const go = await runWithin({ ...parameters, ...failingExpression(which.typeVersion) }, { items: items().map((item, index) => ({ ...item, json: { ...item.json, bad: index === 1 } })), settings: CONTINUE });
		expect(go.error).toBeUndefined();
		expect(go.items.filter((item) => item.error)).toHaveLength(1);
		expect(ctx.fake.requests).toHaveLength(perItem);
	});

	// An operation none of whose shown parameters has a known bad value (Get Info takes none) gets no such test.
	const checked = shown.find((name) => name in BAD);
	if (checked) test(`item 2 fails the node's check (${checked}): stop mode sends nothing, continue mode sends item 1 only`, async () => {
		const bad = { ...parameters, [String(checked)]: `={{ $json.bad ? ${JSON.stringify(BAD[String(checked)])} : ${JSON.stringify(SAMPLES[String(checked)]).replace(/^"=\{\{ (.*) \}\}"$/, '$1')} }}` };
		const withBad = () => items().map((item, index) => ({ ...item, json: { ...item.json, bad: index === 1 } }));
		const stop = await runWithin(bad, { items: withBad(), settings: STOP });
		expect(stop.error?.message).toMatch(/^[A-Z][A-Za-z ]+: /);
		expect(stop.error.description).toContain('Nothing was sent to Kavenegar for any item');
		expect(ctx.fake.requests).toHaveLength(0);

		const go = await runWithin(bad, { items: withBad(), settings: CONTINUE });
		expect(go.items.filter((item) => item.error).map((item) => item.error.description)).toEqual(['Nothing was sent to Kavenegar for this item.']);
		expect(ctx.fake.requests).toHaveLength(perItem);
	});
});
