/**
 * The cap on what one run of a send may cost (nodes/Kavenegar/sending/messageCap.ts): messages
 * (recipients × SMS parts; a call counts one) over all items of the run, counted before anything is
 * sent; over the cap nothing goes out, in either On Error mode. A node added now (version 3) is
 * capped at 1,000 when Max Messages per Run is not set; nodes saved before (versions 1 and 2) send as
 * they always did unless the option is set.
 */
const { useFake } = require('../helpers');

const ctx = useFake();
/** @type {Partial<import('n8n-workflow').INode>} */
const CONTINUE = { onError: 'continueRegularOutput' };
/** A text of 100 Persian letters: Unicode, two parts. */
const TWO_PARTS = 'س'.repeat(100);
let series = 3_000_000;
/**
 * `count` numbers no other test uses, as one comma list.
 * @param {number} count
 */
const freshList = (count) => {
	series += 10_000;
	return Array.from({ length: count }, (_, i) => `0912${String(series + i).padStart(7, '0')}`).join(',');
};
/**
 * Send items, one recipient list each.
 * @param {string[]} lists
 */
const asItems = (lists) => lists.map((phones) => ({ json: { phones } }));
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const send = (extra) => ({ resource: 'sms', operation: 'send', recipients: '={{ $json.phones }}', message: 'Hello', ...extra });
/**
 * A run of `typeVersion` with `settings` beside it.
 * @param {number} typeVersion
 * @param {Partial<import('n8n-workflow').INode>} [settings]
 */
const as = (typeVersion, settings = {}) => ({ settings: { typeVersion, ...settings } });

describe('Max Messages per Run', () => {
	test('a node added now (version 3) stops at 1,000: three items of 400 recipients, nothing sent, the error says count, cap and where to raise it', async () => {
		const { items, error } = await ctx.run(send(), { items: asItems([freshList(400), freshList(400), freshList(400)]), ...as(3) });
		expect(items).toEqual([]);
		expect(error?.message).toBe('Max Messages per Run: this run would send 1,200 messages, more than its cap of 1,000');
		expect(error?.description).toBe(
			'Counted as recipients × SMS parts over 3 items before anything was sent; nothing was sent to Kavenegar for any item. If the send is meant, raise the cap in Additional Fields → Max Messages per Run (0 for no cap); if not, look for a loop or an expression that picked up more rows than intended.',
		);
		expect(ctx.fake.requests).toEqual([]);
	});

	test('with On Error: Continue, every item of the run fails with the same reason and nothing is sent', async () => {
		const { items, error } = await ctx.run(send(), { items: asItems([freshList(400), freshList(400), freshList(400)]), ...as(3, CONTINUE) });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.error)).toEqual(Array(3).fill('Max Messages per Run: this run would send 1,200 messages, more than its cap of 1,000'));
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(ctx.fake.requests).toEqual([]);
	});

	test('parts count: 400 recipients of a two-part Persian text are 800 messages, under a cap of 800 sent, under 799 not', async () => {
		const list = freshList(400);
		const refused = await ctx.run(send({ message: TWO_PARTS, additionalFields: { maxMessagesPerRun: 799 } }), { items: asItems([list]), ...as(3) });
		expect(refused.error?.message).toBe('Max Messages per Run: this run would send 800 messages, more than its cap of 799');
		expect(refused.error?.description).toMatch(/^Counted as recipients × SMS parts over one item before anything was sent/);
		expect(ctx.fake.requests).toEqual([]);
		const sent = await ctx.run(send({ message: TWO_PARTS, additionalFields: { maxMessagesPerRun: 800 } }), { items: asItems([list]), ...as(3) });
		expect(sent.error).toBeUndefined();
		expect(sent.items).toHaveLength(400);
		expect(ctx.fake.requests).toHaveLength(2);
	});

	test('a raised cap lets the big send go, and 0 means no cap', async () => {
		for (const maxMessagesPerRun of [5000, 0]) {
			ctx.fake.requests.length = 0;
			const { items, error } = await ctx.run(send({ additionalFields: { maxMessagesPerRun } }), { items: asItems([freshList(600), freshList(600)]), ...as(3) });
			expect(error).toBeUndefined();
			expect(items).toHaveLength(1200);
			expect(ctx.fake.requests).toHaveLength(6);
		}
	});

	test.each([1, 2])('version %i saved without the option sends as it always did: 1,200 messages go', async (typeVersion) => {
		const { items, error } = await ctx.run(send(), { items: asItems([freshList(600), freshList(600)]), ...as(typeVersion) });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1200);
	});

	test.each([
		[1, { options: { maxMessagesPerRun: 100 } }, 'Sending Behavior → Max Messages per Run'],
		[2, { additionalFields: { maxMessagesPerRun: 100 } }, 'Additional Fields → Max Messages per Run'],
	])('version %i with the option set is capped, and the error names where that version keeps it', async (typeVersion, extra, place) => {
		const { error } = await ctx.run(send(extra), { items: asItems([freshList(60), freshList(60)]), ...as(typeVersion) });
		expect(error?.message).toBe('Max Messages per Run: this run would send 120 messages, more than its cap of 100');
		expect(error?.description).toContain(`raise the cap in ${place} (0 for no cap)`);
		expect(ctx.fake.requests).toEqual([]);
	});

	test('with On Error: Continue, an item that fails its own check does not count: the others fit the cap and go', async () => {
		const [first, third] = [freshList(1), freshList(1)];
		const { items } = await ctx.run(send({ additionalFields: { maxMessagesPerRun: 2 } }), { items: asItems([first, 'not-a-number', third]), ...as(3, CONTINUE) });
		expect(items.map((item) => item.json.receptor ?? item.json.error)).toEqual([first, 'Recipients: "not-a-number" is not a phone number', third]);
		expect(ctx.fake.requests).toHaveLength(2);
	});

	test('in stop mode a bad item still stops the run with its own error, not the cap\'s', async () => {
		const { error } = await ctx.run(send({ additionalFields: { maxMessagesPerRun: 1 } }), { items: asItems([freshList(5), 'not-a-number']), ...as(3) });
		expect(error?.message).toBe('Recipients: "not-a-number" is not a phone number');
		expect(ctx.fake.requests).toEqual([]);
	});

	test('Send Different Messages counts each text\'s parts; Send Voice Message counts a call per recipient', async () => {
		const messagesJson = JSON.stringify([
			{ recipient: '09121234567', sender: '10004346', message: TWO_PARTS },
			{ recipient: '09351234567', sender: '10004346', message: 'Hi' },
		]);
		const array = await ctx.run({ resource: 'sms', operation: 'sendArray', messagesInput: 'json', messagesJson, additionalFields: { maxMessagesPerRun: 2 } }, as(3));
		expect(array.error?.message).toBe('Max Messages per Run: this run would send 3 messages, more than its cap of 2');
		const voice = await ctx.run({ resource: 'voiceCall', operation: 'send', callRecipients: freshList(3), spokenMessage: TWO_PARTS, additionalFields: { maxMessagesPerRun: 2 } }, as(3));
		expect(voice.error?.message).toBe('Max Messages per Run: this run would send 3 messages, more than its cap of 2');
		expect(ctx.fake.requests).toEqual([]);
	});
});
