const { useFake, expectRejectedBeforeSending, expectServiceError } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const remove = (extra) => ({ resource: 'blocklist', operation: 'remove', lineNumber: '30004000', phoneNumbers: '09121234567', ...extra });
/** @param {number} count */
const numbers = (count) => Array.from({ length: count }, (_, i) => `0935${String(i).padStart(7, '0')}`);

describe('Blocklist → Remove', () => {
	test('DELETEs line/blocked/remove.json with the parameters in the query string and outputs the service\'s message', async () => {
		ctx.fake.blockNumber('30004000', '09121234567');
		ctx.fake.blockNumber('30004000', '09351112233', 'operator');
		const { items, error } = await ctx.run(remove({ phoneNumbers: '09121234567\n09351112233' }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'DELETE',
			operation: 'line/blocked/remove',
			query: { linenumber: '30004000', receptor: '09121234567,09351112233' },
			body: Buffer.alloc(0),
		});
		expect(items).toEqual([
			{
				json: { message: '1 of 2 removed; blocked by an operator or the system, not removed: 09351112233' },
				pairedItem: { item: 0 },
			},
		]);
		expect(ctx.fake.isBlocked('30004000', '09121234567')).toBe(false);
		expect(ctx.fake.isBlocked('30004000', '09351112233')).toBe(true);
	});

	test('50 numbers go in one request', async () => {
		const { items, error } = await ctx.run(remove({ phoneNumbers: numbers(50) }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].query.receptor.split(',')).toHaveLength(50);
		expect(items).toHaveLength(1);
	});

	test('more than 50 go in requests of 50, as the service takes them, one result per request in order', async () => {
		const list = numbers(120);
		for (const number of list) ctx.fake.blockNumber('30004000', number);
		const { items, error } = await ctx.run(remove({ phoneNumbers: list }));
		expect(error).toBeUndefined();
		const receptors = ctx.fake.requests.map((r) => r.query.receptor.split(','));
		expect(receptors.map((chunk) => chunk.length)).toEqual([50, 50, 20]);
		expect(receptors.flat()).toEqual(list);
		expect(items.map((item) => item.json.message)).toEqual(['50 of 50 removed', '50 of 50 removed', '20 of 20 removed']);
		expect(list.some((number) => ctx.fake.isBlocked('30004000', number))).toBe(false);
	});

	test('with On Error: Continue, request 2 of 3 refused: the result of request 1 comes out beside the error, whose numbers stay blocked', async () => {
		const list = numbers(120);
		for (const number of list) ctx.fake.blockNumber('30004000', number);
		ctx.fake.injectFault({ kind: 'refuse', code: 412, operation: 'line/blocked/remove', skip: 1 });
		const { items, error } = await ctx.run(remove({ phoneNumbers: list, requestLimits: { maxRequestsInFlight: 1 } }), {
			settings: { onError: 'continueRegularOutput' },
		});
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(2);
		expect(items[0].json).toEqual({ message: '50 of 50 removed' });
		expect(items[1].json.error).toMatch(/^Line Number 30004000: invalid sender line \(Kavenegar error 412/);
		expect(items[1].error.description).toContain(
			'Request 2 of 3 failed. Went through: numbers 1–50 of 120. Not sent (refused): numbers 51–100 of 120. Not sent (not started after the failure): numbers 101–120 of 120.',
		);
		expect(items).toHaveLength(2);
		expect(list.map((number) => ctx.fake.isBlocked('30004000', number))).toEqual([...Array(50).fill(false), ...Array(70).fill(true)]);
	});

	test.each([
		[{ phoneNumbers: '0912-abc' }, 'Phone Numbers: "0912-abc" is not a phone number'],
		[{ lineNumber: ' ' }, 'Line Number: is required'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, remove(extra), message);
	});

	test.each(['status', '200'])('a line that is not yours (errors sent with HTTP %s) is error 412 with its meaning', async (mode) => {
		await expectServiceError(ctx, mode, remove({ lineNumber: '99999' }), 'Line Number 99999: invalid sender line (Kavenegar error 412: "\u2068ارسال کننده نامعتبر است\u2069")');
	});
});
