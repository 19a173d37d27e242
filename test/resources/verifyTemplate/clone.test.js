const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const clone = (extra) => ({ resource: 'verifyTemplate', operation: 'clone', newTemplateName: 'welcomeCodeV2', ...extra });

/** @type {import('../../fakeKavenegar').Template} */
let byId;
/** @type {import('../../fakeKavenegar').Template} */
let byName;
beforeAll(() => {
	byId = ctx.fake.addApprovedTemplate('welcomeCode', 'Welcome %token');
	byName = ctx.fake.addApprovedTemplate('resetCode', 'Reset %token');
});
afterEach(() => {
	for (const name of ['welcomeCodeV2', 'renamed']) {
		const template = ctx.fake.templateNamed(name);
		if (template) ctx.fake.templates.delete(template.id);
	}
});

describe('Verification Template → Clone', () => {
	test('posts a form to verify/clonetemplate.json with the source ID and returns the new template as one item', async () => {
		const { items, error } = await ctx.run(clone({ sourceTemplateId: String(byId.id) }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'verify/clonetemplate',
			contentType: 'application/x-www-form-urlencoded',
			query: {},
			form: { newTemplateName: 'welcomeCodeV2', sourceTemplateId: String(byId.id) },
		});
		expect(items).toEqual([{ json: { id: expect.any(Number), name: 'welcomeCodeV2' }, pairedItem: { item: 0 } }]);
		const copy = ctx.fake.templates.get(items[0].json.id);
		expect(copy).toMatchObject({ smsmessage: 'Welcome %token', approvalstatus: 'PendingReview' });
	});

	test('clones by source name', async () => {
		const { items } = await ctx.run(clone({ newTemplateName: 'renamed', sourceTemplateName: 'resetCode' }));
		expect(ctx.fake.requests[0].form).toEqual({ newTemplateName: 'renamed', sourceTemplateName: 'resetCode' });
		expect(ctx.fake.templates.get(items[0].json.id)?.smsmessage).toBe(byName.smsmessage);
	});

	test('with both an ID and a name, both are sent and the ID wins', async () => {
		const { items } = await ctx.run(clone({ sourceTemplateId: String(byId.id), sourceTemplateName: 'resetCode' }));
		expect(ctx.fake.requests[0].form).toEqual({
			newTemplateName: 'welcomeCodeV2',
			sourceTemplateId: String(byId.id),
			sourceTemplateName: 'resetCode',
		});
		expect(ctx.fake.templates.get(items[0].json.id)?.smsmessage).toBe('Welcome %token');
	});

	test.each([
		[{}, 'Source Template ID: give the ID or the name of the template to clone'],
		[{ sourceTemplateName: '  ' }, 'Source Template ID: give the ID or the name of the template to clone'],
		[{ sourceTemplateId: 'first' }, 'Source Template ID: must be a numeric template ID, such as 1234'],
		[{ newTemplateName: ' ', sourceTemplateName: 'resetCode' }, 'New Template Name: is required'],
		[{ newTemplateName: 'new name', sourceTemplateName: 'resetCode' }, 'New Template Name: must be written in English (Latin letters, digits and signs such as "-"), without spaces or "_"'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, clone(extra), message);
	});

	test.each(['status', '200'])('a source that does not exist (errors sent with HTTP %s) is error 424 with its meaning', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const { items, error } = await ctx.run(clone({ sourceTemplateName: 'neverCreated' }));
			expect(items).toEqual([]);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toMatch(/^Source Template Name "neverCreated": no such template, or not approved yet \(Kavenegar error 424: /);
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});
});
