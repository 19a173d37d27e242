const { useFake } = require('../../helpers');

const ctx = useFake();

describe('Account → Get Settings', () => {
	test('POSTs account/config.json with no parameter (a read) and returns the six settings', async () => {
		const { items, error } = await ctx.run({ resource: 'account', operation: 'getSettings' });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((r) => [r.method, r.operation, r.form])).toEqual([['POST', 'account/config', {}]]);
		expect(items).toEqual([
			{
				json: { apilogs: 'justfaults', dailyreport: 'enabled', debugmode: 'disabled', resendfailed: 'disabled', mincreditalarm: '50000', defaultsender: '10004346' },
				pairedItem: { item: 0 },
			},
		]);
	});
});
