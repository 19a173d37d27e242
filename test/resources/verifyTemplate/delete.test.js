const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').NodeParameterValueType} templateId */
const remove = (templateId) => ({ resource: 'verifyTemplate', operation: 'delete', templateId });

describe('Verification Template → Delete', () => {
	test('posts the id to verify/deletetemplate.json and outputs which template was deleted', async () => {
		const template = ctx.fake.addApprovedTemplate('oldCode', 'Old %token');
		const { items, error } = await ctx.run(remove(String(template.id)));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'verify/deletetemplate',
			contentType: 'application/x-www-form-urlencoded',
			query: {},
			form: { id: String(template.id) },
		});
		expect(items).toEqual([{ json: { id: template.id, deleted: true }, pairedItem: { item: 0 } }]);
		expect(ctx.fake.templates.has(template.id)).toBe(false);
	});

	test('one item per deleted template, paired with its input', async () => {
		const ids = [ctx.fake.addApprovedTemplate('codeA', 'A %token').id, ctx.fake.addApprovedTemplate('codeB', 'B %token').id];
		const { items } = await ctx.run(remove('={{ $json.id }}'), { items: ids.map((id) => ({ json: { id } })) });
		expect(items.map((item) => [item.json, item.pairedItem.item])).toEqual([
			[{ id: ids[0], deleted: true }, 0],
			[{ id: ids[1], deleted: true }, 1],
		]);
	});

	test.each([
		[' ', 'Template ID: is required'],
		['1 2', 'Template ID: must be a numeric template ID, such as 1234'],
	])('rejects bad input before sending → %#', async (id, message) => {
		await expectRejectedBeforeSending(ctx, remove(id), message);
	});

	test.each(['status', '200'])('deleting a template that is already gone (errors sent with HTTP %s) is error 424', async (mode) => {
		const template = ctx.fake.addApprovedTemplate(`goneCode${mode}`, 'Gone %token');
		await ctx.run(remove(String(template.id)));
		ctx.fake.errorMode = mode;
		try {
			const { items, error } = await ctx.run(remove(String(template.id)));
			expect(items).toEqual([]);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toMatch(/^Template ID \d+: no such template, or not approved yet \(Kavenegar error 424: /);
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});
});
