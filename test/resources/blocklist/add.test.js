const { useFake, expectRejectedBeforeSending, expectServiceError } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const add = (extra) => ({ resource: 'blocklist', operation: 'add', lineNumber: '30004000', phoneNumbers: '09121234567', ...extra });
/** @param {number} count */
const numbers = (count) => Array.from({ length: count }, (_, i) => `0935${String(i).padStart(7, '0')}`);

describe('Blocklist → Add', () => {
	test('posts a form to line/blocked/add.json and returns one item per number; a repeat says AlreadyExists', async () => {
		const { items, error } = await ctx.run(add({ phoneNumbers: '+98 912 123 4567,\n09351112233' }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'line/blocked/add',
			contentType: 'application/x-www-form-urlencoded',
			query: {},
			form: { linenumber: '30004000', receptor: '09121234567,09351112233' },
		});
		expect(items).toEqual([
			{ json: { linenumber: '30004000', receptor: '09121234567', status: 'Active' }, pairedItem: { item: 0 } },
			{ json: { linenumber: '30004000', receptor: '09351112233', status: 'Active' }, pairedItem: { item: 0 } },
		]);
		const again = await ctx.run(add());
		expect(again.items.map((item) => item.json.status)).toEqual(['AlreadyExists']);
	});

	test('takes an array from an expression, up to 200 numbers in one request', async () => {
		const { items } = await ctx.run(add({ phoneNumbers: numbers(200) }));
		expect(ctx.fake.requests[0].form?.receptor.split(',')).toHaveLength(200);
		expect(items).toHaveLength(200);
	});

	test.each([
		[{ phoneNumbers: numbers(201) }, 'Phone Numbers: at most 200 numbers in one request (got 201)'],
		[{ phoneNumbers: '09121234567, someone' }, 'Phone Numbers: "someone" is not a phone number'],
		[{ phoneNumbers: '09121234567, 0912-12' }, 'Phone Numbers: "0912-12" is not an Iranian mobile (09 and 9 digits) or landline (area code and 8 digits, 021…) number; write a number outside Iran with its country code (+44…)'],
		[{ phoneNumbers: ' ,\n' }, 'Phone Numbers: at least one number is required'],
		[{ lineNumber: ' ' }, 'Line Number: is required'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, add(extra), message);
	});

	test.each(['status', '200'])('a line that is not yours (errors sent with HTTP %s) is error 412 with its meaning', async (mode) => {
		await expectServiceError(ctx, mode, add({ lineNumber: '99999' }), 'Line Number 99999: invalid sender line (Kavenegar error 412: "\u2068ارسال کننده نامعتبر است\u2069")');
	});
});
