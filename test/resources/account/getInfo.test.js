const { useFake } = require('../../helpers');

const ctx = useFake({ credit: 250_000 });
const getInfo = { resource: 'account', operation: 'getInfo' };

describe('Account → Get Info', () => {
	test('GETs account/info.json with nothing in the query and returns credit, expiry (raw and ISO) and type', async () => {
		const { items, error } = await ctx.run(getInfo);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({ method: 'GET', operation: 'account/info', query: {}, body: Buffer.alloc(0) });
		expect(items).toHaveLength(1);
		const { json } = items[0];
		expect(json).toEqual({ remaincredit: 250_000, expiredate: expect.any(Number), expiredateIso: expect.any(String), expiredateJalali: expect.any(String), type: 'master' });
		expect(json.expiredateIso).toBe(new Date(json.expiredate * 1000).toISOString());
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('an expiry the service leaves out stays out, and so does its ISO copy', async () => {
		const handle = ctx.fake.operations['account/info'].handle;
		ctx.fake.operations['account/info'].handle = () => ({ remaincredit: 5, type: 'child' });
		try {
			const { items } = await ctx.run(getInfo);
			expect(items[0].json).toEqual({ remaincredit: 5, type: 'child' });
		} finally {
			ctx.fake.operations['account/info'].handle = handle;
		}
	});

	test.each(['status', '200'])('a wrong key (errors sent with HTTP %s) is error 403, without the key', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const { error } = await ctx.run(getInfo, { credentials: { apiKey: 'wrong-secret-key' } });
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Kavenegar error 403: "\u2068کد شناسائی API-Key معتبر نمی‌باشد\u2069"');
			expect(error.httpCode).toBe('403');
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});
});
