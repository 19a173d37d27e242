const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').NodeParameterValueType} mediaId */
const remove = (mediaId) => ({ resource: 'media', operation: 'delete', mediaId });

describe('Media → Delete', () => {
	test('DELETEs media/delete.json with the id in the query string and outputs the id and whether it was deleted', async () => {
		const [file] = ctx.fake.seedMedia(1);
		const { items, error } = await ctx.run(remove(file.id));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'DELETE',
			operation: 'media/delete',
			query: { id: file.id },
			body: Buffer.alloc(0),
		});
		expect(items).toEqual([{ json: { id: file.id, deleted: true }, pairedItem: { item: 0 } }]);
		expect(ctx.fake.media).toEqual([]);

		const again = await ctx.run(remove(file.id));
		expect(again.items.map((item) => item.json)).toEqual([{ id: file.id, deleted: false }]);
	});

	test.each([
		[' ', 'Media ID: is required'],
		['1234', 'Media ID: must be a media file ID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6'],
	])('rejects bad input before sending → %#', async (id, message) => {
		await expectRejectedBeforeSending(ctx, remove(id), message);
	});

	test.each(['status', '200'])('a service error (sent with HTTP %s) comes through with its meaning', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const { items, error } = await ctx.run(remove('3fa85f64-5717-4562-b3fc-2c963f66afa6'), { credentials: { apiKey: 'revoked-key' } });
			expect(items).toEqual([]);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Kavenegar error 403: "\u2068کد شناسائی API-Key معتبر نمی‌باشد\u2069"');
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});
});
