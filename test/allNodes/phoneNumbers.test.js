/**
 * Iranian mobiles that lost their leading zero on the way (a spreadsheet cell, a numeric JSON
 * field) still reach the right phone when normalisation is on; with it off they go as typed.
 */
const { useFake, expectRejectedBeforeSending } = require('../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const send = (extra) => ({ resource: 'sms', operation: 'send', message: 'Hello', ...extra });

describe('phone numbers: a mobile without its leading zero', () => {
	test.each([
		['a number from an expression', '={{ 9121234567 }}', '09121234567'],
		['a numeric JSON field of the item', '={{ $json.phone }}', '09351234567'],
		['digits typed or pasted', '9191234567, 09121111111', '09191234567,09121111111'],
		['Persian digits', '۹۱۲۱۲۳۴۵۶۷', '09121234567'],
	])('%s becomes 09…', async (_what, recipients, wire) => {
		const { items, error } = await ctx.run(send({ recipients }), { items: [{ json: { phone: 9351234567 } }] });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0].form?.receptor).toBe(wire);
		expect(items.map((item) => item.json.receptor)).toEqual(wire.split(','));
		expect(items.every((item) => item.json.status === 1 && item.pairedItem.item === 0)).toBe(true);
	});

	test.each(['912123456', '91212345678'])('only exactly ten digits from 9 get the zero: %s, no Iranian number, is refused before any request', async (recipients) => {
		await expectRejectedBeforeSending(
			ctx,
			send({ recipients }),
			`Recipients: "${recipients}" is not an Iranian mobile number (09 and 9 digits); write a number outside Iran with its country code (+44…)`,
		);
	});

	test('with normalisation off the number is sent as typed, without the zero', async () => {
		const { items, error } = await ctx.run(send({ recipients: '={{ 9121234567 }}', options: { normalisePhoneNumbers: false } }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form?.receptor).toBe('9121234567');
		expect(items[0].json.receptor).toBe('9121234567');
	});
});
