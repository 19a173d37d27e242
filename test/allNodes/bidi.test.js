/** Persian text inside English text keeps its order on screen: the node isolates it (nodes/allNodes/bidi.ts). */
const { isolated, quoted } = require('../../nodes/allNodes/bidi');
const { useFake, expectRejectedBeforeSending } = require('../helpers');
const { unisolatedRightToLeft } = require('../../scripts/lib/editorTexts');

test('right-to-left text is isolated (FSI … PDI); other text is left as typed', () => {
	expect(isolated('ارسال کننده نامعتبر است')).toBe('\u2068ارسال کننده نامعتبر است\u2069');
	expect(quoted('سلام')).toBe('"\u2068سلام\u2069"');
	expect(quoted('not-a-number')).toBe('"not-a-number"');
	// Persian digits are drawn as European ones are: a Jalali date typed with them needs nothing.
	expect(isolated('۱۴۰۶/۰۱/۰۱')).toBe('۱۴۰۶/۰۱/۰۱');
	// Arabic-Indic digits are not: they reorder the text around them.
	expect(isolated('١٢٣')).toBe('\u2068١٢٣\u2069');
	// A direction control in Latin text (RIGHT-TO-LEFT OVERRIDE) would turn the English after it around.
	expect(isolated('abc\u202Edef')).toBe('\u2068abc\u202Edef\u2069');
});

describe('errors with Persian inside', () => {
	const ctx = useFake();
	const send = { resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello', requestLimits: { busyRetries: 0 } };

	test('a service error: the title and the description hold no right-to-left run out of an isolate, and no secret', async () => {
		ctx.fake.errorMode = 'status';
		const { error } = await ctx.run({ ...send, additionalFields: { sender: '30009999' } });
		expect(error.message).toBe('Sender Line 30009999: invalid sender line (Kavenegar error 412: "\u2068ارسال کننده نامعتبر است\u2069")');
		expect(unisolatedRightToLeft(error.message)).toEqual([]);
		expect(unisolatedRightToLeft(error.description)).toEqual([]);
		expect(JSON.stringify({ message: error.message, description: error.description })).not.toContain('test-key');
	});

	test('an input error quoting a Persian value', async () => {
		await expectRejectedBeforeSending(ctx, { ...send, recipients: 'شماره' }, "Recipients: \"\u2068شماره\u2069\" is not a phone number");
	});

	test('an object from an expression with Persian inside', async () => {
		await expectRejectedBeforeSending(ctx, { ...send, message: { text: 'سلام' } }, 'Message: must be text, not an object: \u2068{"text":"سلام"}\u2069');
	});
});
