const { useFake } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const list = (extra) => ({ resource: 'media', operation: 'getAll', ...extra });

describe('Media → Get Many', () => {
	test('an empty list gives no items and no error', async () => {
		const { items, error } = await ctx.run(list({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
		expect(ctx.fake.requests).toHaveLength(1);
	});

	test('Return All GETs media/list.json page by page until the total is reached, one item per file', async () => {
		const seeded = ctx.fake.seedMedia(120);
		const { items, error } = await ctx.run(list({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((r) => [r.method, r.operation, r.query, r.body.length])).toEqual([
			['GET', 'media/list', { page: '1' }, 0],
			['GET', 'media/list', { page: '2' }, 0],
			['GET', 'media/list', { page: '3' }, 0],
		]);
		expect(items).toHaveLength(120);
		expect(items.map((item) => item.json.id)).toEqual(seeded.map((file) => file.id));
		expect(items[0]).toEqual({
			json: {
				id: seeded[0].id,
				name: seeded[0].name,
				mime_type: 'image/jpeg',
				extension: 'jpg',
				size: seeded[0].size,
				duration: null,
				resolution: '',
				status: 1,
				status_desc: expect.any(String),
			},
			pairedItem: { item: 0 },
		});
	});

	test('without Return All, one request for Limit files', async () => {
		const { items, error } = await ctx.run(list({ returnAll: false, limit: 5 }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((r) => [r.method, r.query])).toEqual([['GET', { size: '5' }]]);
		expect(items).toHaveLength(5);
	});

	test.each(['status', '200'])('a service error (sent with HTTP %s) stops the listing with its meaning', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const { items, error } = await ctx.run(list({ returnAll: true }), { credentials: { apiKey: 'revoked-key' } });
			expect(items).toEqual([]);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Kavenegar error 403: "\u2068کد شناسائی API-Key معتبر نمی‌باشد\u2069"');
			expect(ctx.fake.requests).toHaveLength(1);
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});
});
