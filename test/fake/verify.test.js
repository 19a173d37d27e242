/** The fake's verification lookup, over plain HTTP. */
const { useFakeOverHttp } = require('./client');

const ctx = useFakeOverHttp();
beforeAll(() => {
	ctx.fake.addApprovedTemplate('otp', 'Your code is %token (%token10)', { callText: 'Code %token' });
});

const lookup = (/** @type {Record<string, string | undefined>} */ form) => ctx.call('verify/lookup', { form: { receptor: '09121234567', template: 'otp', token: '1234', ...form } });

describe('fake Kavenegar: verify/lookup', () => {
	test('fills the approved template and records one sent message, visible to sms/status', async () => {
		const { http, body } = await lookup({ token10: 'two words' });
		expect(http).toBe(200);
		expect(body.entries).toEqual([
			expect.objectContaining({ message: 'Your code is 1234 (two words)', receptor: '09121234567', status: 1 }),
		]);
		const status = await ctx.call('sms/status', { form: { messageid: String(body.entries[0].messageid) } });
		expect(status.body.entries).toEqual([{ messageid: body.entries[0].messageid, status: 1, statustext: 'در صف ارسال' }]);
	});

	test('a voice call uses the call text and needs a digits-only token (428)', async () => {
		expect((await lookup({ type: 'call' })).body.entries[0].message).toBe('Code 1234');
		expect((await lookup({ type: 'call', token: 'abc1' })).body.return.status).toBe(428);
		expect((await lookup({ type: 'fax' })).body.return.status).toBe(400);
	});

	test('tokens with a space, newline or "_" are 431; token10 and token20 may hold spaces', async () => {
		for (const form of [{ token: 'a b' }, { token2: 'a_b' }, { token3: 'a\nb' }, { token10: 'a_b' }, { token20: 'a\nb' }]) {
			expect((await lookup(form)).body.return.status).toBe(431);
		}
		expect((await lookup({ token20: 'a b c' })).body.return.status).toBe(200);
	});

	test('an unknown or unapproved template is 424; one receptor only; required parameters', async () => {
		expect((await lookup({ template: 'nope' })).body.return.status).toBe(424);
		ctx.fake.addApprovedTemplate('pending', '%token').approvalstatus = 'PendingReview';
		expect((await lookup({ template: 'pending' })).body.return.status).toBe(424);
		expect((await lookup({ receptor: '09121111111,09122222222' })).body.return.status).toBe(411);
		expect((await ctx.call('verify/lookup', { form: { receptor: '09121234567', template: 'otp' } })).body.return.status).toBe(400);
		expect((await lookup({ tag: 'undefinedtag' })).body.return.status).toBe(400);
	});
});
