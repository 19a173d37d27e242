/** The fake's verification templates, over plain HTTP. */
const { useFakeOverHttp } = require('./client');

const ctx = useFakeOverHttp();

const template = { name: 'signup', sourceType: '0', sendMethod: '1', textMessage: 'Code %token' };

describe('fake Kavenegar: verification templates', () => {
	test('addtemplate answers the creation view; the template awaits review until approved, then lookups may use it', async () => {
		const created = await ctx.call('verify/addtemplate', { form: { ...template, voiceMessage: 'Call %token', fallBackMethod: '2', switchTTL: '4' } });
		expect(created.http).toBe(200);
		expect(created.body.entries).toEqual({
			templateid: expect.any(Number),
			name: 'signup',
			sourcetype: 0,
			sendmethod: 1,
			fallbackmethod: 2,
			primarylinenumber: '',
			secondarylinenumber: '',
			switchttl: 4,
			sourceurl: '',
			sourcename: '',
			textmessage: 'Code %token',
			voicemessage: 'Call %token',
		});
		const id = String(created.body.entries.templateid);
		const detail = await ctx.call('verify/gettemplate', { method: 'GET', query: { id } });
		expect(detail.body.entries).toMatchObject({ id: Number(id), name: 'signup', sendpriority: 'SMS', approvalstatus: 'PendingReview' });
		const lookup = { receptor: '09121234567', template: 'signup', token: '1234' };
		expect((await ctx.call('verify/lookup', { form: lookup })).body.return.status).toBe(424);
		ctx.fake.approveTemplate(id);
		expect((await ctx.call('verify/lookup', { form: lookup })).body.entries[0].message).toBe('Code 1234');
	});

	test('addtemplate checks the contract: name, methods and their bodies, %token, switchTTL, parameter names', async () => {
		const status = async (/** @type {Record<string, string | undefined>} */ changes) => {
			const form = Object.fromEntries(Object.entries({ ...template, ...changes }).filter(([, value]) => value !== undefined));
			return (await ctx.call('verify/addtemplate', { form })).body.return.status;
		};
		expect(await status({ name: 'sign_up' })).toBe(400);
		expect(await status({ name: 'sign up' })).toBe(400);
		expect(await status({ sendMethod: '3' })).toBe(400);
		expect(await status({ textMessage: undefined, name: 'a1' })).toBe(400);
		expect(await status({ name: 'a2', fallBackMethod: '2' })).toBe(400);
		expect(await status({ name: 'a3', textMessage: 'no placeholder' })).toBe(432);
		expect(await status({ name: 'a4', switchTTL: '6' })).toBe(400);
		expect(await status({ name: 'a5', fallbackMethod: '3' })).toBe(400);
		expect(await status({})).toBe(400);
	});

	test('gettemplate is GET only and 424 for an unknown id', async () => {
		expect((await ctx.call('verify/gettemplate', { form: { id: '1001' } })).body.return.status).toBe(405);
		const missing = await ctx.call('verify/gettemplate', { method: 'GET', query: { id: '987654' } });
		expect([missing.http, missing.body.return.status]).toEqual([424, 424]);
	});

	test('clonetemplate takes the id over the name, and 424 when the source is unknown', async () => {
		const a = ctx.fake.addApprovedTemplate('first', 'First %token');
		ctx.fake.addApprovedTemplate('second', 'Second %token');
		const clone = await ctx.call('verify/clonetemplate', { form: { newTemplateName: 'third', sourceTemplateId: String(a.id), sourceTemplateName: 'second' } });
		expect(clone.body.entries).toEqual({ id: expect.any(Number), name: 'third' });
		expect(ctx.fake.templates.get(clone.body.entries.id)).toMatchObject({ smsmessage: 'First %token', approvalstatus: 'PendingReview' });
		expect((await ctx.call('verify/clonetemplate', { form: { newTemplateName: 'fourth', sourceTemplateName: 'nothing' } })).body.return.status).toBe(424);
		expect((await ctx.call('verify/clonetemplate', { form: { newTemplateName: 'fifth' } })).body.return.status).toBe(400);
	});

	test('deletetemplate answers with return only; the template is gone afterwards', async () => {
		const t = ctx.fake.addApprovedTemplate('doomed', 'Bye %token');
		const deleted = await ctx.call('verify/deletetemplate', { form: { id: String(t.id) } });
		expect(deleted.body).toEqual({ return: { status: 200, message: expect.any(String) } });
		expect((await ctx.call('verify/deletetemplate', { form: { id: String(t.id) } })).body.return.status).toBe(424);
	});

	test('errors can come inside HTTP 200', async () => {
		ctx.fake.errorMode = '200';
		try {
			const missing = await ctx.call('verify/gettemplate', { method: 'GET', query: { id: '987654' } });
			expect([missing.http, missing.body.return.status]).toEqual([200, 424]);
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});
});
