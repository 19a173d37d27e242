const { useFake, expectRejectedBeforeSending, DAY, nowSeconds, isoFromNow } = require('../../helpers');

const ctx = useFake({ blocklistPageSize: 200 });
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const getMany = (extra) => ({ resource: 'blocklist', operation: 'getMany', lineNumber: '30004000', ...extra });

beforeAll(() => {
	const now = nowSeconds();
	for (let i = 0; i < 450; i++) ctx.fake.blockNumber('30004000', `0912${String(i).padStart(7, '0')}`, 'optout', now - DAY - i);
	ctx.fake.blockNumber('30004000', '09351111111', 'operator');
	ctx.fake.blockNumber('10004346', '09352222222', 'api');
});

describe('Blocklist → Get Many', () => {
	test('Return All pages through the metadata (sent as text), every filter on every page; reasons as words beside the code', async () => {
		const since = isoFromNow(-2 * DAY);
		const { items, error } = await ctx.run(getMany({ returnAll: true, filters: { blockReason: 2, blockedSince: since } }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(450);
		expect(items[0]).toEqual({
			json: { number: '09120000000', blockreason: 2, blockreasonName: 'Opted Out by Recipient', date: expect.any(Number), dateIso: expect.any(String), dateJalali: expect.any(String) },
			pairedItem: { item: 0 },
		});
		const startdate = String(Math.floor(Date.parse(since) / 1000));
		expect(ctx.fake.requests.map((r) => [r.method, r.operation, r.form])).toEqual(
			['1', '2', '3'].map((pagenumber) => ['POST', 'line/blocked/list', { linenumber: '30004000', blockreason: '2', startdate, pagenumber }]),
		);
	});

	test("without a start, Kavenegar's default (today); without Return All one page and at most Limit items", async () => {
		const { items } = await ctx.run(getMany({ limit: 5 }));
		expect(ctx.fake.requests.map((r) => r.form)).toEqual([{ linenumber: '30004000' }]);
		expect(items.map((item) => [item.json.number, item.json.blockreasonName])).toEqual([['09351111111', 'Operator']]);
	});

	test("a Limit over one page reads only the pages it needs, the first as set up (Kavenegar's first page)", async () => {
		const { items } = await ctx.run(getMany({ limit: 250, filters: { blockedSince: isoFromNow(-2 * DAY) } }));
		expect(items).toHaveLength(250);
		expect(ctx.fake.requests.map((r) => r.form?.pagenumber)).toEqual([undefined, '2']);
	});

	test.each([
		[{ lineNumber: '' }, "The 'Kavenegar' node has issues:\n- Parameter \"Line Number\" is required."],
		[{ filters: { blockedSince: 'yesterday' } }, 'Blocked Since: "yesterday" is not a date: use a Jalali date such as 1405/01/01 09:00, a Gregorian one such as 2026-11-22 10:00 or 2026-11-22T10:00:00+03:30, or Unix seconds'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, getMany(extra), message);
	});
});
