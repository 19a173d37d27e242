const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** @param {string} field */
const notRequired = (field) => `The 'Kavenegar' node has issues:\n- Parameter "${field}" is required.`;
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const create = (extra) => ({
	resource: 'verifyTemplate',
	operation: 'create',
	name: 'loginCode',
	sourceType: 0,
	sendMethod: 1,
	fallbackMethod: 3,
	textMessage: 'Your login code: %token',
	...extra,
});

describe('Verification Template → Create', () => {
	test('posts a form to verify/addtemplate.json under the contract names and returns the creation view as one item', async () => {
		const { items, error } = await ctx.run(
			create({
				name: 'shopLogin',
				sourceType: 1,
				sendMethod: 2,
				fallbackMethod: 1,
				textMessage: 'کد ورود شما: %token',
				voiceMessage: 'Your code is %token',
				additionalFields: {
					primaryLineNumber: '30004000',
					secondaryLineNumber: '10004346',
					switchTtl: 3,
					sourceName: 'Shop',
					sourceUrl: 'https://shop.example/app',
				},
			}),
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.requests[0]).toMatchObject({
			method: 'POST',
			operation: 'verify/addtemplate',
			contentType: 'application/x-www-form-urlencoded',
			query: {},
			form: {
				name: 'shopLogin',
				sourceType: '1',
				sendMethod: '2',
				fallBackMethod: '1',
				textMessage: 'کد ورود شما: %token',
				voiceMessage: 'Your code is %token',
				primaryLineNumber: '30004000',
				secondaryLineNumber: '10004346',
				switchTTL: '3',
				sourceName: 'Shop',
				sourceUrl: 'https://shop.example/app',
			},
		});
		expect(items).toEqual([
			{
				json: {
					templateid: expect.any(Number),
					name: 'shopLogin',
					sourcetype: 1,
					sourceTypeName: 'Mobile App',
					sendmethod: 2,
					sendMethodName: 'Voice Call',
					fallbackmethod: 1,
					fallbackMethodName: 'Text Message',
					primarylinenumber: '30004000',
					secondarylinenumber: '10004346',
					switchttl: 3,
					sourceurl: 'https://shop.example/app',
					sourcename: 'Shop',
					textmessage: 'کد ورود شما: %token',
					voicemessage: 'Your code is %token',
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(ctx.fake.templates.get(items[0].json.templateid)?.approvalstatus).toBe('PendingReview');
	});

	test('a name with "-", such as login-code, follows the contract and is created', async () => {
		const { items, error } = await ctx.run(create({ name: 'login-code' }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form?.name).toBe('login-code');
		expect(items[0].json.name).toBe('login-code');
	});

	test('the defaults send a website template by text message with the fallback disabled, nothing optional', async () => {
		const { items, error } = await ctx.run(create());
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).toEqual({
			name: 'loginCode',
			sourceType: '0',
			sendMethod: '1',
			fallBackMethod: '3',
			textMessage: 'Your login code: %token',
		});
		expect(items[0].json).toMatchObject({ name: 'loginCode', fallbackmethod: 3, switchttl: null, voicemessage: '' });
	});

	test('each field shows only when it applies: no Voice Message, wait or second line for text without fallback', async () => {
		const { Kavenegar } = require('../../../nodes/Kavenegar/Kavenegar.node');
		const { NodeHelpers } = require('n8n-workflow');
		const properties = new Kavenegar().description.properties;
		const shown = (/** @type {import('n8n-workflow').INodeParameters} */ values, /** @type {string} */ name) =>
			properties
				.filter((property) => property.name === name)
				.some((property) => NodeHelpers.displayParameter({ resource: 'verifyTemplate', operation: 'create', ...values }, property, { typeVersion: 1 }, null));
		expect(shown({ sendMethod: 1, fallbackMethod: 3 }, 'voiceMessage')).toBe(false);
		expect(shown({ sendMethod: 1, fallbackMethod: 3 }, 'textMessage')).toBe(true);
		expect(shown({ sendMethod: 1, fallbackMethod: 2 }, 'voiceMessage')).toBe(true);
		expect(shown({ sendMethod: 2, fallbackMethod: 3 }, 'textMessage')).toBe(false);
		expect(shown({ sendMethod: 2, fallbackMethod: 1 }, 'textMessage')).toBe(true);
		expect(shown({ sendMethod: 2, fallbackMethod: 0 }, 'textMessage')).toBe(true);
		// The send method's body first, each required where a chosen method needs it; with System Default neither fallback body is.
		const bodies = (/** @type {import('n8n-workflow').INodeParameters} */ values) =>
			properties
				.filter((property) => ['textMessage', 'voiceMessage'].includes(property.name))
				.filter((property) => NodeHelpers.displayParameter({ resource: 'verifyTemplate', operation: 'create', ...values }, property, { typeVersion: 1 }, null))
				.map((property) => `${property.displayName}${property.required ? ' *' : ''}`);
		expect(bodies({ sendMethod: 2, fallbackMethod: 1 })).toEqual(['Voice Message *', 'Text Message *']);
		expect(bodies({ sendMethod: 1, fallbackMethod: 2 })).toEqual(['Text Message *', 'Voice Message *']);
		expect(bodies({ sendMethod: 2, fallbackMethod: 0 })).toEqual(['Voice Message *', 'Text Message']);
		expect(bodies({ sendMethod: 1, fallbackMethod: 3 })).toEqual(['Text Message *']);
		// n8n sends only what it shows: a voice text left from an earlier choice does not go out.
		await ctx.run(create({ name: 'hiddenVoice', voiceMessage: 'Code %token', additionalFields: { switchTtl: 3, secondaryLineNumber: '3000' } }));
		expect(ctx.fake.requests[0].form).not.toHaveProperty('voiceMessage');
		expect(ctx.fake.requests[0].form).not.toHaveProperty('switchTTL');
		expect(ctx.fake.requests[0].form).not.toHaveProperty('secondaryLineNumber');
	});

	test.each([
		[{ name: 'login code' }, 'Name: must be written in English (Latin letters, digits and signs such as "-"), without spaces or "_"'],
		[{ name: 'login_code' }, 'Name: must be written in English (Latin letters, digits and signs such as "-"), without spaces or "_"'],
		[{ name: 'کدورود' }, 'Name: must be written in English (Latin letters, digits and signs such as "-"), without spaces or "_"'],
		[{ name: ' ' }, 'Name: is required'],
		// An expression that comes out empty passes n8n's own check of required fields; the node's catches it.
		[{ textMessage: '={{ $json.missing }}' }, 'Text Message: is required because the send method is Text Message'],
		[{ sendMethod: 2, textMessage: '', voiceMessage: '={{ $json.missing }}' }, 'Voice Message: is required because the send method is Voice Call'],
		[{ fallbackMethod: 2, voiceMessage: '={{ $json.missing }}' }, 'Voice Message: is required because the fallback method is Voice Call'],
		[{ sendMethod: 2, fallbackMethod: 1, textMessage: '={{ $json.missing }}', voiceMessage: 'Code %token' }, 'Text Message: is required because the fallback method is Text Message'],
		// Left empty, a body the chosen methods need is a required field n8n marks before running.
		[{ textMessage: '' }, notRequired('Text Message')],
		[{ sendMethod: 2, textMessage: '' }, notRequired('Voice Message')],
		[{ fallbackMethod: 2 }, notRequired('Voice Message')],
		[{ sendMethod: 2, fallbackMethod: 1, textMessage: '', voiceMessage: 'Code %token' }, notRequired('Text Message')],
		[{ textMessage: 'Your code is %tok' }, 'Text Message: must contain %token where the code goes'],
		[{ fallbackMethod: 2, voiceMessage: 'Your code is' }, 'Voice Message: must contain %token where the code goes'],
		[{ fallbackMethod: 0, additionalFields: { switchTtl: 6 } }, 'Minutes Before Fallback: must be a whole number from 1 to 5 (got 6)'],
		[{ fallbackMethod: 0, additionalFields: { switchTtl: 0 } }, 'Minutes Before Fallback: must be a whole number from 1 to 5 (got 0)'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, create(extra), message);
	});

	test.each(['status', '200'])('a service error (errors sent with HTTP %s) comes through with its code, meaning and message', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			await ctx.run(create({ name: 'takenName' }));
			const { items, error } = await ctx.run(create({ name: 'takenName' }));
			expect(items).toEqual([]);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toBe('Kavenegar error 400: "template takenName already exists" – parameters are incomplete or out of range');
			expect(error.description).toContain('template takenName already exists');
		} finally {
			ctx.fake.errorMode = 'status';
			ctx.fake.templates.delete(/** @type {import('../../fakeKavenegar').Template} */ (ctx.fake.templateNamed('takenName')).id);
		}
	});
});

describe('Verification Template → Create: values of the wrong type from expressions', () => {
	test('an answer cut off after the template was made: not repeated, and the error says it may have been done', async () => {
		ctx.fake.injectFault({ kind: 'truncated', after: true, operation: 'verify/addtemplate', times: 5 });
		const { items, error } = await ctx.run(create({ name: 'cutOffCode' }));
		expect(items).toEqual([]);
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.templateNamed('cutOffCode')).toBeDefined();
		expect(error.description).toContain('Whether Kavenegar received this request is unknown: it may have done what was asked. Check before running it again.');
		ctx.fake.faults.length = 0;
	});

	test('a refusal (418) is not repeated and says nothing of an unknown outcome', async () => {
		ctx.fake.injectFault({ kind: 'refuse', code: 418, operation: 'verify/addtemplate', times: 5 });
		const { error } = await ctx.run(create({ name: 'refusedCode' }));
		expect(ctx.fake.requests).toHaveLength(1);
		expect(ctx.fake.templateNamed('refusedCode')).toBeUndefined();
		expect(error.message).toBe('Kavenegar error 418: "\u2068اعتبار حساب شما کافی نیست\u2069"');
		expect(error.description).not.toContain('unknown');
		ctx.fake.faults.length = 0;
	});

	test('a Text Message that is a list is refused with the field and the value', async () => {
		const { items, error } = await ctx.run(create({ textMessage: '={{ $json.lines }}' }), { items: [{ json: { lines: ['Code', '%token'] } }] });
		expect(items).toEqual([]);
		expect(error.message).toBe('Text Message: must be text, not a list: ["Code","%token"]');
		expect(ctx.fake.requests).toHaveLength(0);
	});
});
