const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
beforeAll(() => {
	ctx.fake.addApprovedTemplate('otp', 'Code %token for %token2 (%token10)', { callText: 'Your code is %token' });
});
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const sendCode = (extra) => ({
	resource: 'verify',
	operation: 'sendCode',
	recipient: '09121234567',
	template: 'otp',
	value: '52841',
	...extra,
});

describe('Verify → Send Code', () => {
	test('posts a form to verify/lookup.json and returns the sent message', async () => {
		const { items, error } = await ctx.run(sendCode({ recipient: '+98 912 123 4567' }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'verify/lookup',
			apiKey: 'test-key/with+chars',
			contentType: 'application/x-www-form-urlencoded',
			query: {},
			form: { receptor: '09121234567', template: 'otp', token: '52841', type: 'sms' },
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			messageid: expect.any(Number),
			message: 'Code 52841 for  ()',
			status: 1,
			statustext: 'در صف ارسال',
			statusName: 'Queued',
			sender: '10004346',
			receptor: '09121234567',
			date: expect.any(Number),
			dateIso: expect.any(String), dateJalali: expect.any(String),
			cost: 120,
			codeHash: expect.stringMatching(/^v1\.[\w-]{43}$/),
			expiresAt: expect.any(String),
			expiresAtJalali: expect.any(String),
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('sends every additional field under its contract name; a voice call reads the call text', async () => {
		const { items, error } = await ctx.run(
			sendCode({
				type: 'call',
				additionalFields: { value2: 'Ali', value3: 'x3', value10: 'two words', value20: 'three small words', tag: 'otp' },
			}),
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).toEqual({
			receptor: '09121234567',
			template: 'otp',
			token: '52841',
			type: 'call',
			token2: 'Ali',
			token3: 'x3',
			token10: 'two words',
			token20: 'three small words',
			tag: 'otp',
		});
		expect(items[0].json.message).toBe('Your code is 52841');
	});

	test('the sent code can be followed with SMS → Get Status', async () => {
		const { items } = await ctx.run(sendCode());
		ctx.fake.setMessageStatus(items[0].json.messageid, 10);
		const status = await ctx.run({ resource: 'sms', operation: 'getStatus', messageIds: String(items[0].json.messageid) });
		expect(status.items[0].json.status).toBe(10);
	});

	test('one request per input item, each output paired with its input', async () => {
		const { items } = await ctx.run(sendCode({ recipient: '={{ $json.phone }}', value: '={{ $json.code }}' }), {
			items: [{ json: { phone: '09121111111', code: 1111 } }, { json: { phone: '09122222222', code: 2222 } }],
		});
		expect(items.map((item) => [item.json.receptor, item.json.message.slice(5, 9), item.pairedItem.item])).toEqual([
			['09121111111', '1111', 0],
			['09122222222', '2222', 1],
		]);
	});

	test('a code by voice call may go to an Iranian landline', async () => {
		const { error } = await ctx.run(sendCode({ type: 'call', recipient: '+98 21 1234 5678' }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((r) => r.form?.receptor)).toEqual(['02112345678']);
	});

	test.each([
		[{ recipient: '09121111111, 09122222222' }, 'Recipient: one number only (got 2)'],
		[{ recipient: 'hello' }, 'Recipient: "hello" is not a phone number'],
		[{ recipient: '0912-12' }, 'Recipient: "0912-12" is not an Iranian mobile number (09 and 9 digits); write a number outside Iran with its country code (+44…)'],
		// A code by SMS goes to a mobile; a code by call may ring a landline.
		[{ recipient: '021 1234 5678' }, 'Recipient: "021 1234 5678" is not an Iranian mobile number (09 and 9 digits); write a number outside Iran with its country code (+44…)'],
		[{ type: 'call', recipient: '021-123' }, 'Recipient: "021-123" is not an Iranian mobile (09 and 9 digits) or landline (area code and 8 digits, 021…) number; write a number outside Iran with its country code (+44…)'],
		[{ template: ' ' }, 'Template Name: is required'],
		[{ value: '12 34' }, 'Code: must not contain spaces, new lines or "_"'],
		[{ value: '12_34' }, 'Code: must not contain spaces, new lines or "_"'],
		[{ additionalFields: { value2: 'a\nb' } }, 'Token 2: must not contain spaces, new lines or "_"'],
		[{ additionalFields: { value3: 'a b' } }, 'Token 3: must not contain spaces, new lines or "_"'],
		[{ additionalFields: { value10: 'a_b' } }, 'Token 10: must not contain new lines or "_"'],
		[{ additionalFields: { value20: 'a\nb' } }, 'Token 20: must not contain new lines or "_"'],
		[{ type: 'call', value: 'A1B2' }, 'Code: a voice call needs a code of digits only'],
		[{ additionalFields: { tag: 'has space' } }, 'Tag: at most 200 characters, English letters, digits, "-" and "_" only'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, sendCode(extra), message);
	});

	test('spaces are fine in token10 and token20', async () => {
		const { error } = await ctx.run(sendCode({ additionalFields: { value10: 'a b', value20: 'c d e' } }));
		expect(error).toBeUndefined();
	});

	test.each(['status', '200'])('an unknown template (errors sent with HTTP %s) is error 424 with its meaning', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const { error } = await ctx.run(sendCode({ template: 'deleted' }));
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Template Name "deleted": no such template, or not approved yet (Kavenegar error 424: "\u2068الگوی مورد نظر پیدا نشد\u2069")');
			expect(error.description).toBe(`Kavenegar error 424 means: template not found (deleted, or never created), or, when sending a code, not approved yet. The service said: "\u2068الگوی مورد نظر پیدا نشد\u2069" (HTTP ${mode === 'status' ? 424 : 200}). Check the template name; a new template can be used only once Kavenegar has approved it: wait for approval.`);
			expect(error.httpCode).toBe('424');
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});

	test('a template awaiting review is refused the same way', async () => {
		ctx.fake.addApprovedTemplate('fresh', '%token').approvalstatus = 'PendingReview';
		const { error } = await ctx.run(sendCode({ template: 'fresh' }));
		expect(error.httpCode).toBe('424');
	});

	test('entries given as one object (as some SDKs see it) still make one item', async () => {
		const handle = ctx.fake.operations['verify/lookup'].handle;
		ctx.fake.operations['verify/lookup'].handle = (p, record) => handle(p, record)[0];
		try {
			const { items } = await ctx.run(sendCode());
			expect(items).toHaveLength(1);
			expect(items[0].json.receptor).toBe('09121234567');
		} finally {
			ctx.fake.operations['verify/lookup'].handle = handle;
		}
	});
});

describe('Verify → Send Code: values of the wrong type from expressions', () => {
	test('a token that is an object is refused with the field and the value', async () => {
		const { items, error } = await ctx.run(sendCode({ value: '={{ $json.code }}' }), { items: [{ json: { code: { value: 1234 } } }] });
		expect(items).toEqual([]);
		expect(error.message).toBe('Code: must be text, not an object: {"value":1234}');
		expect(ctx.fake.requests).toHaveLength(0);
	});
});

describe('Verify → Send Code: a code the node makes', () => {
	const crypto = require('node:crypto');
	const { jalaliOf } = require('../../helpers');
	/** @param {import('n8n-workflow').INodeParameters} [extra] */
	const madeCode = (extra) => sendCode({ value: '', ...extra });
	const sentToken = () => String(ctx.fake.requests[0].form?.token);

	afterEach(() => jest.restoreAllMocks());

	test('an empty Code is made from crypto, 5 digits by default, and stays out of the output', async () => {
		const randomInt = jest.spyOn(crypto, 'randomInt');
		const mathRandom = jest.spyOn(Math, 'random');
		const before = Date.now();
		const { items, error } = await ctx.run(madeCode());
		expect(error).toBeUndefined();
		expect(sentToken()).toMatch(/^\d{5}$/);
		expect(randomInt).toHaveBeenCalledTimes(5);
		expect(mathRandom).not.toHaveBeenCalled();
		expect(items).toHaveLength(1);
		const { json } = items[0];
		expect(json).not.toHaveProperty('code');
		expect(json.message).toBe('Code ***** for  ()');
		expect(json.codeHash).toMatch(/^v1\.[\w-]{43}$/);
		const expiresAt = Date.parse(String(json.expiresAt));
		expect(expiresAt - before).toBeGreaterThanOrEqual(120_000);
		expect(expiresAt - Date.now()).toBeLessThanOrEqual(121_000);
		expect(json.expiresAt).toBe(new Date(expiresAt).toISOString());
		expect(json.expiresAtJalali).toBe(jalaliOf(expiresAt / 1000));
	});

	test('a code of 10 digits appears nowhere in the output', async () => {
		const { items } = await ctx.run(madeCode({ additionalFields: { codeLength: 10 } }));
		expect(sentToken()).toMatch(/^\d{10}$/);
		expect(JSON.stringify(items)).not.toContain(sentToken());
	});

	test.each([4, 7, 10])('Code Length %i makes a code of that many digits', async (codeLength) => {
		await ctx.run(madeCode({ additionalFields: { codeLength } }));
		expect(sentToken()).toHaveLength(codeLength);
	});

	test('Code Valid For sets expiresAt; Jalali in the workflow time zone', async () => {
		const before = Date.now();
		const { items } = await ctx.run(madeCode({ additionalFields: { validMinutes: 10 } }), { timezone: 'Asia/Tehran' });
		const expiresAt = Date.parse(String(items[0].json.expiresAt));
		expect(expiresAt - before).toBeGreaterThanOrEqual(600_000);
		expect(expiresAt - before).toBeLessThanOrEqual(602_000);
		expect(items[0].json.expiresAtJalali).toBe(jalaliOf(expiresAt / 1000, 'Asia/Tehran'));
	});

	test('Include Code in Output puts the made code in the output and the message', async () => {
		const { items } = await ctx.run(madeCode({ includeCode: true }));
		expect(items[0].json.code).toBe(sentToken());
		expect(items[0].json.message).toBe(`Code ${sentToken()} for  ()`);
	});

	test('a made code goes by voice call too: digits', async () => {
		const { error, items } = await ctx.run(madeCode({ type: 'call' }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).toMatchObject({ type: 'call', token: expect.stringMatching(/^\d{5}$/) });
		expect(items[0].json.message).toBe('Your code is *****');
	});

	test('a blank Code (spaces) is made too', async () => {
		await ctx.run(madeCode({ value: '  ' }));
		expect(sentToken()).toMatch(/^\d{5}$/);
	});

	test('each item gets a code of its own', async () => {
		const { items } = await ctx.run(madeCode({ recipient: '={{ $json.phone }}' }), {
			items: [{ json: { phone: '09121111111' } }, { json: { phone: '09122222222' } }],
		});
		expect(items.map((item) => item.json.receptor)).toEqual(['09121111111', '09122222222']);
		expect(items[0].json.codeHash).not.toBe(items[1].json.codeHash);
		expect(ctx.fake.requests).toHaveLength(2);
	});

	test.each([
		[{ codeLength: 3 }, 'Code Length: must be a whole number from 4 to 10 (got 3)'],
		[{ codeLength: 11 }, 'Code Length: must be a whole number from 4 to 10 (got 11)'],
		[{ codeLength: 4.5 }, 'Code Length: must be a whole number from 4 to 10 (got 4.5)'],
		[{ validMinutes: 0 }, 'Code Valid For (Minutes): must be a whole number from 1 to 1440 (got 0)'],
		[{ validMinutes: 1441 }, 'Code Valid For (Minutes): must be a whole number from 1 to 1440 (got 1441)'],
	])('rejects %o before sending', async (additionalFields, message) => {
		await expectRejectedBeforeSending(ctx, madeCode({ additionalFields }), message);
	});
});

describe('Verify → Send Code: a Code given', () => {
	test('pasted with invisible marks and spaces around it, it goes without them, by SMS and by call', async () => {
		const runs = [await ctx.run(sendCode({ value: ' \u2066۵۲۸۴۱\u2069\u200f ' })), await ctx.run(sendCode({ value: '\u200e52\u200b841', type: 'call' }))];
		expect(runs.map(({ error }) => error)).toEqual([undefined, undefined]);
		expect(ctx.fake.requests.map((request) => [request.form?.token, request.form?.type])).toEqual([
			['۵۲۸۴۱', 'sms'],
			['52841', 'call'],
		]);
		expect(runs[0].items[0].json.message).toBe('Code ۵۲۸۴۱ for  ()');
	});

	test('in Persian digits or with a dash, it is hashed as Check Code reads what the person types', async () => {
		const runs = await Promise.all(['۵۲۸۴۱', '52-841'].map((value) => ctx.run(sendCode({ value }))));
		const checks = await Promise.all(
			runs.map(({ items }) => ctx.run({ resource: 'verify', operation: 'checkCode', recipient: '09121234567', codeEntered: '52841', codeHash: items[0].json.codeHash, expiresAt: items[0].json.expiresAt })),
		);
		expect(checks.map(({ items }) => items[0].json.reason)).toEqual(['matched', 'matched']);
	});

	test('a word for %token is not a code: it keeps its zero-width non-joiner', async () => {
		const { error } = await ctx.run(sendCode({ value: 'می\u200cخواهم' }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form?.token).toBe('می\u200cخواهم');
	});

	test('a Code of invisible marks alone is empty: the node makes one', async () => {
		const { items } = await ctx.run(sendCode({ value: '\u2066\u2069' }));
		expect(ctx.fake.requests[0].form?.token).toMatch(/^\d{5}$/);
		expect(items[0].json.message).toBe('Code ***** for  ()');
	});
});
