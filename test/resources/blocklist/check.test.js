const { useFake, expectRejectedBeforeSending, expectServiceError } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const check = (extra) => ({ resource: 'blocklist', operation: 'check', lineNumber: '30004000', phoneNumbers: '09121234567', ...extra });
/** @param {number} count */
const numbers = (count) => Array.from({ length: count }, (_, i) => `0935${String(i).padStart(7, '0')}`);

beforeAll(() => {
	ctx.fake.blockNumber('30004000', '09121234567');
	ctx.fake.blockNumber('10004346', '09351112233');
});

describe('Blocklist → Check', () => {
	test('GETs line/blocked/exists.json with the numbers in the query string, one item per number', async () => {
		const { items, error } = await ctx.run(check({ phoneNumbers: ['09121234567', '۰۹۳۵۱۱۱۲۲۳۳'] }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'GET',
			operation: 'line/blocked/exists',
			query: { linenumber: '30004000', receptor: '09121234567,09351112233' },
			body: Buffer.alloc(0),
		});
		expect(items).toEqual([
			{ json: { linenumber: '30004000', receptor: '09121234567', status: 'Active' }, pairedItem: { item: 0 } },
			{ json: { linenumber: '30004000', receptor: '09351112233', status: 'NotExists' }, pairedItem: { item: 0 } },
		]);
	});

	test('one request per input item, each output paired with its input', async () => {
		const { items } = await ctx.run(check({ lineNumber: '={{ $json.line }}' }), {
			items: [{ json: { line: '30004000' } }, { json: { line: '10004346' } }],
		});
		expect(items.map((item) => [item.json.linenumber, item.json.status, item.pairedItem.item])).toEqual([
			['30004000', 'Active', 0],
			['10004346', 'NotExists', 1],
		]);
	});

	test.each([
		[{ phoneNumbers: numbers(201) }, 'Phone Numbers: at most 200 numbers in one request (got 201)'],
		[{ phoneNumbers: 'n/a' }, 'Phone Numbers: "n/a" is not a phone number'],
		[{ lineNumber: ' ' }, 'Line Number: is required'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, check(extra), message);
	});

	test.each(['status', '200'])('a line that is not yours (errors sent with HTTP %s) is error 412 with its meaning', async (mode) => {
		await expectServiceError(ctx, mode, check({ lineNumber: '99999' }), 'Line Number 99999: invalid sender line (Kavenegar error 412: "\u2068ارسال کننده نامعتبر است\u2069")');
	});
});
