/**
 * Stop Below Credit (nodes/Kavenegar/sending/creditFloor.ts): a send with a floor reads the account's
 * credit once per node run, after every item is checked and before the first send; below the floor
 * nothing is sent, in either On Error mode and as a tool. Without the option the credit is never read.
 */
const { useFake } = require('../helpers');

const ctx = useFake();
/** A node added now; the harness's default is version 1. */
const V3 = { settings: { typeVersion: 3 } };
/** @type {{ settings: Partial<import('n8n-workflow').INode> }} */
const CONTINUE = { settings: { typeVersion: 3, onError: 'continueRegularOutput' } };
let series = 4_000_000;
/** One number no other test uses. */
const freshNumber = () => `0912${String(++series).padStart(7, '0')}`;
/** @param {number} count */
const asItems = (count) => Array.from({ length: count }, () => ({ json: { phone: freshNumber() } }));
/** @param {Record<string, number>} additionalFields */
const send = (additionalFields) => ({ resource: 'sms', operation: 'send', recipients: '={{ $json.phone }}', message: 'Hello', additionalFields });
const wire = () => ctx.fake.requests.map((request) => `${request.method} ${request.operation}`);

let credit = 0;
beforeEach(() => {
	credit = ctx.fake.credit;
});
afterEach(() => {
	ctx.fake.credit = credit;
});

describe('Stop Below Credit', () => {
	test('below the floor: the credit is read once for three items, nothing is sent, the error says the credit, the floor and where to change it', async () => {
		ctx.fake.credit = 120_000;
		const { items, error } = await ctx.run(send({ stopBelowCredit: 500_000 }), { items: asItems(3), ...V3 });
		expect(items).toEqual([]);
		expect(error?.message).toBe("Stop Below Credit: the account has 120,000 rials of credit, below this send's floor of 500,000");
		expect(error?.description).toBe(
			"Read from Kavenegar before the run's first send; nothing was sent to Kavenegar for any item. Top up the account, or lower Additional Fields → Stop Below Credit (0 turns the check off).",
		);
		expect(wire()).toEqual(['POST account/info']);
		expect(ctx.fake.requests[0].form).toEqual({});
	});

	test('with On Error: Continue every item fails with the same reason, paired to its input, and nothing is sent', async () => {
		ctx.fake.credit = 120_000;
		const { items, error } = await ctx.run(send({ stopBelowCredit: 500_000 }), { items: asItems(3), ...CONTINUE });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.error)).toEqual(Array(3).fill("Stop Below Credit: the account has 120,000 rials of credit, below this send's floor of 500,000"));
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(wire()).toEqual(['POST account/info']);
	});

	test('at or above the floor the run sends, after one read of the credit', async () => {
		ctx.fake.credit = 500_000;
		const { items, error } = await ctx.run(send({ stopBelowCredit: 500_000 }), { items: asItems(3), ...V3 });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.status)).toEqual([1, 1, 1]);
		expect(wire()).toEqual(['POST account/info', 'POST sms/send', 'POST sms/send', 'POST sms/send']);
	});

	test('not set, or 0: the credit is never read', async () => {
		for (const additionalFields of /** @type {Record<string, number>[]} */ ([{}, { stopBelowCredit: 0 }])) {
			ctx.fake.requests.length = 0;
			const { error } = await ctx.run(send(additionalFields), { items: asItems(1), ...V3 });
			expect(error).toBeUndefined();
			expect(wire()).toEqual(['POST sms/send']);
		}
	});

	test('a bad item still stops the run with its own error before the credit is read', async () => {
		const { error } = await ctx.run(send({ stopBelowCredit: 1 }), { items: [...asItems(1), { json: { phone: 'not-a-number' } }], ...V3 });
		expect(error?.message).toBe('Recipients: "not-a-number" is not a phone number');
		expect(wire()).toEqual([]);
	});

	test("the service refusing the credit read fails the send with Kavenegar's error and says nothing was sent", async () => {
		ctx.fake.injectFault({ kind: 'refuse', operation: 'account/info', code: 403 });
		const { error } = await ctx.run(send({ stopBelowCredit: 1 }), { items: asItems(2), ...V3 });
		expect(error?.message).toMatch(/^Kavenegar error 403/);
		expect(error?.description).toContain("Additional Fields → Stop Below Credit needs the account's credit, and reading it failed: nothing was sent to Kavenegar for any item.");
		expect(wire()).toEqual(['POST account/info']);
	});

	test.each([
		[1, { options: { stopBelowCredit: 500_000 } }, 'Sending Behavior → Stop Below Credit'],
		[2, { additionalFields: { stopBelowCredit: 500_000 } }, 'Additional Fields → Stop Below Credit'],
	])('version %i keeps the option where its other sending options are, and the error names that place', async (typeVersion, extra, place) => {
		ctx.fake.credit = 1000;
		const { error } = await ctx.run({ ...send({}), ...extra }, { items: asItems(1), settings: { typeVersion } });
		expect(error?.description).toContain(`lower ${place} (0 turns the check off)`);
		expect(wire()).toEqual(['POST account/info']);
	});

	test('Send Voice Message and Send Different Messages have the floor too', async () => {
		ctx.fake.credit = 10;
		const voice = await ctx.run({ resource: 'voiceCall', operation: 'send', callRecipients: freshNumber(), spokenMessage: 'Hello', additionalFields: { stopBelowCredit: 11 } }, V3);
		expect(voice.error?.message).toBe("Stop Below Credit: the account has 10 rials of credit, below this send's floor of 11");
		const messagesJson = JSON.stringify([{ recipient: freshNumber(), sender: '10004346', message: 'Hi' }]);
		const array = await ctx.run({ resource: 'sms', operation: 'sendArray', messagesInput: 'json', messagesJson, additionalFields: { stopBelowCredit: 11 } }, V3);
		expect(array.error?.message).toBe("Stop Below Credit: the account has 10 rials of credit, below this send's floor of 11");
		expect(wire()).toEqual(['POST account/info', 'POST account/info']);
	});
});
