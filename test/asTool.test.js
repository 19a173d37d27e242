'use strict';
/**
 * The node as an AI agent's tool: what n8n tells the model about it, what the model may set, and
 * every failure answered as the tool's result, whole, through n8n-core's engine under the type
 * name n8n gives the tool (kavenegarTool). The real AI Agent and a scripted model: scripts/agent.js.
 */
const { NodeHelpers } = require('n8n-workflow');
const { Kavenegar } = require('../nodes/Kavenegar/Kavenegar.node');
const { TOOL_TYPE } = require('./harness');
const { kavenegarNode, useFake } = require('./helpers');

const ctx = useFake();
beforeAll(() => {
	ctx.fake.addApprovedTemplate('otp', 'Your code is %token');
	ctx.fake.addApprovedTemplate('waiting', 'Code %token').approvalstatus = 'PendingReview';
});

const nodeType = new Kavenegar();
const asTool = { settings: { type: TOOL_TYPE, typeVersion: 2 } };
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const sendCode = (extra) => ({ resource: 'verify', operation: 'sendCode', recipient: '09121234567', template: 'otp', value: '52841', ...extra });

test.each([
	[{ resource: 'verify', operation: 'sendCode' }, 'Send a one-time code with an approved template in Kavenegar'],
	[{ resource: 'sms', operation: 'send' }, 'Send an SMS text to phone numbers in Kavenegar'],
	[{ resource: 'sms', operation: 'getStatus' }, 'Get the delivery status of SMS by message ID in Kavenegar'],
])('n8n describes the tool %o to the model as "%s"', (parameters, description) => {
	const node = { ...kavenegarNode(2), type: TOOL_TYPE, parameters: { descriptionType: 'auto', ...parameters } };
	expect(NodeHelpers.getToolDescriptionForNode(node, nodeType)).toBe(description);
});

test('the settings of the workflow author take no expression, so the editor offers no model-filled value for them', () => {
	const behaviors = nodeType.description.properties
		.flatMap((property) => /** @type {import('n8n-workflow').INodeProperties[]} */ (property.options ?? []))
		.filter((option) => ['preventDuplicateSends', 'normalisePhoneNumbers', 'maxMessagesPerRun', 'stopBelowCredit'].includes(option.name));
	expect(new Set(behaviors.map((option) => option.name)).size).toBe(4);
	for (const option of behaviors) expect(option.noDataExpression).toBe(true);
});

test('the field a model fills with the code is labelled Code, the key the editor gives its $fromAI', () => {
	const code = nodeType.description.properties.find((property) => property.name === 'value');
	expect(code?.displayName).toBe('Code');
});

describe('as a tool', () => {
	test('Send Code answers the sent message, with a code the model gave sent as it is', async () => {
		const { items, error } = await ctx.run(sendCode(), asTool);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((request) => request.form)).toEqual([{ receptor: '09121234567', template: 'otp', token: '52841', type: 'sms' }]);
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ receptor: '09121234567', message: 'Your code is 52841', status: 1, statusName: 'Queued' })]);
	});

	// Ten digits: no other number of the row (messageid, date, cost) can hold them by chance.
	test('Send Code with Code left empty: the node makes the code and the model never gets it', async () => {
		const { items, error } = await ctx.run(sendCode({ value: '', additionalFields: { codeLength: 10 } }), asTool);
		expect(error).toBeUndefined();
		const code = String(ctx.fake.requests[0].form?.token);
		expect(code).toMatch(/^\d{10}$/);
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ receptor: '09121234567', message: `Your code is ${'*'.repeat(10)}`, codeHash: expect.stringMatching(/^v1\./), expiresAt: expect.any(String) }),
		]);
		expect(JSON.stringify(items)).not.toContain(code);
	});

	test('a number too short is answered whole, nothing sent, as the agent and MCP checks expect to correct it', async () => {
		const { items, error } = await ctx.run(sendCode({ recipient: '0912 123', value: '' }), asTool);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(0);
		expect(items.map((item) => item.json)).toEqual([
			{ error: expect.stringMatching(/^Recipient: "0912 123" is not an Iranian mobile number/), details: 'Nothing was sent to Kavenegar for this item.' },
		]);
	});

	test.each(['stopWorkflow', 'continueRegularOutput'])('with On Error %s, a bad input is answered whole: the field, the rule, nothing sent', async (onError) => {
		const { items, error } = await ctx.run(sendCode({ value: '12 34' }), { settings: { ...asTool.settings, onError: /** @type {any} */ (onError) } });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(0);
		expect(items.map((item) => item.json)).toEqual([
			{ error: 'Code: must not contain spaces, new lines or "_"', details: 'Nothing was sent to Kavenegar for this item.' },
		]);
		expect(items[0].error).toBeUndefined();
	});

	test("a service refusal is answered with Kavenegar's code, its meaning and what to do", async () => {
		const { items, error } = await ctx.run(sendCode({ template: 'waiting' }), asTool);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(items.map((item) => item.json)).toEqual([
			{
				error: expect.stringMatching(/^Template Name "waiting": no such template, or not approved yet \(Kavenegar error 424: /),
				details: expect.stringContaining('wait for approval'),
				code: '424',
			},
		]);
	});

	test('Get Status answers the rows of the IDs asked', async () => {
		const sent = await ctx.run(sendCode(), asTool);
		const messageid = sent.items[0].json.messageid;
		const { items, error } = await ctx.run({ resource: 'sms', operation: 'getStatus', messageIds: String(messageid) }, asTool);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ messageid, status: expect.any(Number), statusName: expect.any(String) })]);
	});

	test('a send stopped by Stop Below Credit is answered as what stopped it, with nothing sent', async () => {
		const credit = ctx.fake.credit;
		ctx.fake.credit = 100;
		try {
			const parameters = { resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hi', additionalFields: { stopBelowCredit: 1000 } };
			const { items, error } = await ctx.run(parameters, asTool);
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([
				{
					error: "Stop Below Credit: the account has 100 rials of credit, below this send's floor of 1,000",
					details: expect.stringContaining('nothing was sent to Kavenegar for any item'),
				},
			]);
			expect(ctx.fake.requests.map((/** @type {{ operation: string }} */ request) => request.operation)).toEqual(['account/info']);
		} finally {
			ctx.fake.credit = credit;
		}
	});

	test('as an ordinary node the same bad input still fails the node', async () => {
		const { items, error } = await ctx.run(sendCode({ value: '12 34' }), { settings: { typeVersion: 2 } });
		expect(items).toEqual([]);
		expect(error?.message).toBe('Code: must not contain spaces, new lines or "_"');
	});
});
