const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').NodeParameterValueType} templateId */
const get = (templateId) => ({ resource: 'verifyTemplate', operation: 'get', templateId });

/** @type {string} */
let templateId;
beforeAll(async () => {
	const { items } = await ctx.run({
		resource: 'verifyTemplate',
		operation: 'create',
		name: 'orderCode',
		sourceType: 0,
		sendMethod: 1,
		fallbackMethod: 2,
		textMessage: 'Order code %token',
		voiceMessage: 'Your order code is %token',
		additionalFields: { primaryLineNumber: '30004000', switchTtl: 2 },
	});
	templateId = String(items[0].json.templateid);
});

describe('Verification Template → Get', () => {
	test('GETs verify/gettemplate.json with the id in the query string and says a pending template is not usable yet', async () => {
		const { items, error } = await ctx.run(get(templateId));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'GET',
			operation: 'verify/gettemplate',
			query: { id: templateId },
			body: Buffer.alloc(0),
		});
		expect(items).toEqual([
			{
				json: {
					id: Number(templateId),
					name: 'orderCode',
					smsmessage: 'Order code %token',
					callmessage: 'Your order code is %token',
					primarylinenumber: '30004000',
					secondarylinenumber: '',
					sendpriority: 'SMS',
					switchttl: 2,
					approvalstatus: 'PendingReview',
					usable: false,
					approval: 'Pending review: not usable until Kavenegar approves it',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('once approved, the template is usable', async () => {
		ctx.fake.approveTemplate(templateId);
		const { items } = await ctx.run(get(templateId));
		expect(items[0].json).toMatchObject({
			approvalstatus: 'Approved',
			usable: true,
			approval: 'Approved: ready to use with Send Code',
		});
	});

	test('an approval status the contract does not list is shown as not usable', async () => {
		const template = /** @type {import('../../fakeKavenegar').Template} */ (ctx.fake.templates.get(Number(templateId)));
		template.approvalstatus = 'Rejected';
		try {
			const { items } = await ctx.run(get(templateId));
			expect(items[0].json).toMatchObject({
				approvalstatus: 'Rejected',
				usable: false,
				approval: 'Not approved (Rejected): not usable with Send Code',
			});
		} finally {
			template.approvalstatus = 'Approved';
		}
	});

	test('one request per input item, each output paired with its input', async () => {
		const other = ctx.fake.addApprovedTemplate('otherCode', 'Code %token');
		const { items } = await ctx.run(get('={{ $json.id }}'), {
			items: [{ json: { id: Number(templateId) } }, { json: { id: other.id } }],
		});
		expect(items.map((item) => [item.json.name, item.pairedItem.item])).toEqual([
			['orderCode', 0],
			['otherCode', 1],
		]);
	});

	test.each([
		[' ', 'Template ID: is required'],
		['12a', 'Template ID: must be a numeric template ID, such as 1234'],
	])('rejects bad input before sending → %#', async (id, message) => {
		await expectRejectedBeforeSending(ctx, get(id), message);
	});

	test.each(['status', '200'])('a template that does not exist (errors sent with HTTP %s) is error 424 with its meaning', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const { items, error } = await ctx.run(get('999999'));
			expect(items).toEqual([]);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe(
				'Template ID 999999: no such template, or not approved yet (Kavenegar error 424: "\u2068الگوی مورد نظر پیدا نشد\u2069")',
			);
			expect(error.description).toContain('الگوی مورد نظر پیدا نشد');
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});
});
