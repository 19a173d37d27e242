const { runPoll, credentialsFor } = require('../harness');
const { useFake } = require('../helpers');

const ctx = useFake();

/**
 * The node's requests take their base URL from the credential's expression, the trigger's from
 * allNodes/baseUrl.ts: the same credential must reach the same place through both.
 */
test('node and trigger build the same base URL from the same credential', async () => {
	const credentials = { apiKey: '  test-key/with+chars ', baseUrl: ` ${ctx.fake.url}/// ` };
	const node = await ctx.run({ resource: 'account', operation: 'getInfo' }, { credentials });
	expect(node.error).toBeUndefined();
	const trigger = await runPoll({
		parameters: { event: 'newIncomingMessage', lineNumber: '30004000' },
		credentials: credentialsFor(ctx.fake, credentials),
	});
	expect(trigger.error).toBeUndefined();
	const [fromNode, fromTrigger] = ctx.fake.requests;
	expect(fromNode.apiKey).toBe('test-key/with+chars');
	expect(fromTrigger.apiKey).toBe('test-key/with+chars');
	expect([fromNode.operation, fromTrigger.operation]).toEqual(['account/info', 'sms/inboxpaged']);
});

test('a Base URL copied from a right-to-left page, with invisible marks, reaches the service through both', async () => {
	const credentials = { baseUrl: `\u2066${ctx.fake.url}/\u2069\u200e` };
	const node = await ctx.run({ resource: 'account', operation: 'getInfo' }, { credentials });
	expect(node.error).toBeUndefined();
	expect(node.items).toHaveLength(1);
	const trigger = await runPoll({
		parameters: { event: 'newIncomingMessage', lineNumber: '30004000' },
		credentials: credentialsFor(ctx.fake, credentials),
	});
	expect(trigger.error).toBeUndefined();
	expect(ctx.fake.requests.map((request) => [request.operation, request.apiKey])).toEqual([
		['account/info', 'test-key/with+chars'],
		['sms/inboxpaged', 'test-key/with+chars'],
		['sms/inboxpaged', 'test-key/with+chars'],
	]);
});
