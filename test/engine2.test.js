'use strict';
/**
 * The node as n8n 2.41's Engine 2.0 runs it (docs/engine-2.md), played on n8n-core's classic engine:
 * Engine 2.0 calls the node's `execute` (n8n's routing, for this declarative node) and nothing else,
 * so its customOperations are ignored; it takes the items `execute` returns as they are, without
 * the classic engine's rewriting of error items; it keeps only an error's message; and its
 * execution IDs are UUID v7. `npm run test:engine2` runs the node through Engine 2.0's own adapter.
 */
const { Kavenegar } = require('../nodes/Kavenegar/Kavenegar.node');
const { nodeTypes, NODE_TYPE } = require('./harness');
const { useFake } = require('./helpers');

const ctx = useFake();

/** An Engine 2.0 execution ID, as n8n makes them (uuid v7). */
const ENGINE_2_ID = '0192f3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b';

/**
 * The node with its customOperations ignored, as Engine 2.0 ignores them; `returned` gets a copy of
 * each output of `execute` as Engine 2.0 keeps it, before the classic engine rewrites error items.
 * @param {import('n8n-workflow').INodeExecutionData[][][]} returned
 * @returns {import('n8n-workflow').INodeType}
 */
function asEngine2Runs(returned) {
	const served = nodeTypes.getByNameAndVersion(NODE_TYPE);
	const execute = /** @type {NonNullable<import('n8n-workflow').INodeType['execute']>} */ (served.execute);
	return Object.create(served, {
		customOperations: { value: undefined },
		execute: {
			/** @this {import('n8n-workflow').IExecuteFunctions} */
			async value() {
				const output = /** @type {import('n8n-workflow').INodeExecutionData[][]} */ (await execute.call(this));
				returned.push(output.map((items) => items.map((item) => ({ ...item, json: { ...item.json } }))));
				return output;
			},
		},
	});
}

const CONTINUE = { onError: /** @type {const} */ ('continueRegularOutput') };
const twoItems = () => [{ json: { n: 1 } }, { json: { n: 2 } }];
const CLASSIC_ONLY = /^(Check Code|Send and Wait for Response|Apply Opt-Out Reply) needs n8n's classic execution engine, not Engine 2\.0: set "engineType" to "v1" in this workflow's settings/;

/**
 * Each operation that is code, with what its required fields need.
 * @type {[string, { resource: string, operation: string } & import('n8n-workflow').INodeParameters][]}
 */
const CODE_OPERATIONS = [
	['Check Code', { resource: 'verify', operation: 'checkCode', recipient: '09121234567', codeEntered: '12345', codeHash: 'x', expiresAt: 'x' }],
	['Send and Wait for Response', { resource: 'sms', operation: 'sendAndWait', approvers: '09121234567', message: 'Refund?' }],
	['Apply Opt-Out Reply', { resource: 'blocklist', operation: 'applyReply', lineNumber: '30004000', replyFrom: '09121234567', replyText: '11' }],
];

describe('the operations that are code stop before any request where customOperations are ignored', () => {
	test('every customOperation of the node is here', () => {
		/** @type {Record<string, Record<string, unknown>>} */
		const customOperations = new Kavenegar().customOperations;
		const listed = Object.entries(customOperations).flatMap(([resource, byOperation]) => Object.keys(byOperation).map((operation) => `${resource}.${operation}`));
		expect(CODE_OPERATIONS.map(([, parameters]) => `${parameters.resource}.${parameters.operation}`).sort()).toEqual(listed.sort());
	});

	test.each(CODE_OPERATIONS)('%s, stop mode: the message says which engine and how to switch back', async (name, parameters) => {
		const { error, items } = await ctx.run(parameters, { items: twoItems(), executionId: ENGINE_2_ID, nodeType: asEngine2Runs([]) });
		expect(items).toEqual([]);
		expect(error.message).toMatch(CLASSIC_ONLY);
		expect(error.message).toContain(name);
		expect(error.message).toContain('Nothing was sent to Kavenegar for any item');
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('continue mode: every item is an error item that carries json.error, as the node returns it', async () => {
		/** @type {import('n8n-workflow').INodeExecutionData[][][]} */
		const returned = [];
		const { error } = await ctx.run(
			{ resource: 'sms', operation: 'sendAndWait', approvers: '09121234567', message: 'Refund?' },
			{ items: twoItems(), executionId: ENGINE_2_ID, nodeType: asEngine2Runs(returned), settings: CONTINUE },
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(0);
		const [[items]] = returned;
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		for (const item of items) {
			expect(item.json).toEqual({ error: item.error?.message });
			expect(item.json.error).toMatch(CLASSIC_ONLY);
		}
	});

	test('on the classic engine the routing never runs: Check Code answers with no request, its own errors its own', async () => {
		const { error } = await ctx.run({ resource: 'verify', operation: 'checkCode', recipient: '09121234567', codeEntered: '12345', codeHash: 'x', expiresAt: 'x' });
		expect(error.message).toMatch(/^Code Hash: /);
		expect(ctx.fake.requests).toHaveLength(0);
	});
});

describe("error items carry json.error as the node returns them, and under Engine 2.0 the message carries the description", () => {
	const badSecond = () => [{ json: { phone: '09121234567' } }, { json: { phone: 'not-a-number' } }];
	const send = { resource: 'sms', operation: 'send', recipients: '={{ $json.phone }}', message: 'Hi' };

	test('a bad item in continue mode: json.error is the message, which ends with what was sent', async () => {
		/** @type {import('n8n-workflow').INodeExecutionData[][][]} */
		const returned = [];
		await ctx.run(send, { items: badSecond(), executionId: ENGINE_2_ID, nodeType: asEngine2Runs(returned), settings: CONTINUE });
		const [[items]] = returned;
		expect(items).toHaveLength(2);
		expect(items[1].json).toEqual({ error: items[1].error?.message });
		expect(items[1].json.error).toMatch(/^Recipients: .+\. Nothing was sent to Kavenegar for this item\.$/);
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(ctx.fake.requests).toHaveLength(1);
	});

	test("the classic engine's own error items are unchanged: json.error is the title, the description stays on the error", async () => {
		const { items } = await ctx.run(send, { items: badSecond(), settings: CONTINUE });
		expect(items[1].json.error).toMatch(/^Recipients: [^.]+$/);
		expect(items[1].error?.description).toBe('Nothing was sent to Kavenegar for this item.');
	});

	test("a service error in continue mode: the code's meaning reaches json.error under Engine 2.0", async () => {
		/** @type {import('n8n-workflow').INodeExecutionData[][][]} */
		const returned = [];
		await ctx.run({ ...send, recipients: '09121234567', additionalFields: { sender: '999999' } }, { executionId: ENGINE_2_ID, nodeType: asEngine2Runs(returned), settings: CONTINUE });
		const [[[item]]] = returned;
		expect(item.json.error).toBe(
			'Sender Line 999999: invalid sender line (Kavenegar error 412: "\u2068ارسال کننده نامعتبر است\u2069"). Kavenegar error 412 means: invalid sender line. The service said: "\u2068ارسال کننده نامعتبر است\u2069" (HTTP 412).',
		);
	});

	test('stop mode: under Engine 2.0 the message ends with the description; on the classic engine it is the title alone', async () => {
		const stopped = await ctx.run(send, { items: badSecond(), executionId: ENGINE_2_ID });
		const classic = await ctx.run(send, { items: badSecond() });
		expect(classic.error.message).toMatch(/^Recipients: [^.]+$/);
		expect(classic.error.description).toContain('Nothing was sent to Kavenegar for any item');
		expect(stopped.error.message).toBe(`${classic.error.message}. ${classic.error.description}`);
		expect(stopped.error.description).toBe(classic.error.description);
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('a note the run adds once the failing item has settled still reaches the message', async () => {
		ctx.fake.seedInbox([{ sender: '09121234567', receptor: '30004000', message: 'first' }]);
		ctx.fake.injectFault({ kind: 'refuse', code: 412, operation: 'sms/receive' });
		// Item 1's read is refused at once; item 2's, already under way, answers later and settles last.
		let answered = 0;
		ctx.fake.latencyMs = () => (answered++ === 0 ? 0 : 300);
		try {
			const stopped = await ctx.run(
				{ resource: 'sms', operation: 'receive', lineNumber: '={{ $json.line }}', requestLimits: { maxRequestsInFlight: 2 } },
				{ items: [{ json: { line: '10004346' } }, { json: { line: '30004000' } }], executionId: ENGINE_2_ID },
			);
			expect(stopped.error.message).toMatch(/^Line Number 10004346: invalid sender line/);
			expect(stopped.error.description).toContain('Other items of this run read messages that Kavenegar has marked read');
			expect(stopped.error.message).toContain('Other items of this run read messages that Kavenegar has marked read');
		} finally {
			ctx.fake.latencyMs = 0;
		}
	});
});
