const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
const SETTINGS = { apilogs: 'justfaults', dailyreport: 'enabled', debugmode: 'disabled', resendfailed: 'disabled', mincreditalarm: '50000', defaultsender: '10004346' };

afterEach(async () => {
	// The account's settings carry on between tests, as a real account's do: put them back.
	await ctx.run({ resource: 'account', operation: 'updateSettings', settings: { debugmode: 'disabled', defaultsender: '10004346', mincreditalarm: 50000, apilogs: 'justfaults' } });
});

describe('Account → Update Settings', () => {
	const update = (/** @type {import('n8n-workflow').INodeParameters} */ settings) => ({ resource: 'account', operation: 'updateSettings', settings });

	test("sends only the settings added, under the docs' names, and outputs all settings as Kavenegar now holds them", async () => {
		const { items, error } = await ctx.run(update({ debugmode: 'enabled', defaultsender: '30004000', mincreditalarm: 1000 }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((r) => [r.method, r.operation, r.form])).toEqual([
			['POST', 'account/config', { debugmode: 'enabled', defaultsender: '30004000', mincreditalarm: '1000' }],
		]);
		expect(items).toEqual([{ json: { ...SETTINGS, debugmode: 'enabled', defaultsender: '30004000', mincreditalarm: '1000' }, pairedItem: { item: 0 } }]);
		expect(ctx.fake.defaultSender).toBe('30004000');
	});

	test('API logs: only failures is sent as justfaults', async () => {
		await ctx.run(update({ apilogs: 'justfaults' }));
		expect(ctx.fake.requests[0].form).toEqual({ apilogs: 'justfaults' });
	});

	test('a line that is not the account\'s is the service\'s 412, with its meaning', async () => {
		const { error } = await ctx.run(update({ defaultsender: '5555' }));
		expect(error.name).toBe('NodeApiError');
		expect(error.message).toBe('Default Sender Line 5555: invalid sender line (Kavenegar error 412: "\u2068ارسال کننده نامعتبر است\u2069")');
	});

	test.each([
		[{}, 'Settings to Change: add at least one setting to change'],
		[{ defaultsender: '' }, 'Settings to Change: add at least one setting to change'],
		[{ defaultsender: 'my line' }, 'Default Sender Line: must be one of your line numbers, digits only'],
		[{ mincreditalarm: 1.5 }, 'Low Credit Alarm: must be a whole number from 0 to 1000000000000 (got 1.5)'],
	])('rejects bad input before sending → %#', async (settings, message) => {
		await expectRejectedBeforeSending(ctx, update(settings), message);
	});
});
