/** The fake's sms/send and sms/sendarray (test/fake/sms.js), over plain HTTP: if the fake's tests pass, the node's tests mean something. */
const { useFakeOverHttp } = require('./client');

const ctx = useFakeOverHttp();

describe('fake Kavenegar: sms/send and sms/sendarray', () => {
	test('send answers one row per recipient in the envelope', async () => {
		const { http, body } = await ctx.call('sms/send', { form: { receptor: '09121111111,09122222222', message: 'hi' } });
		expect(http).toBe(200);
		expect(body.return).toEqual({ status: 200, message: 'تایید شد' });
		expect(body.entries.map((row) => row.receptor)).toEqual(['09121111111', '09122222222']);
	});

	test('limits and their codes: 200 recipients, local ids count, sendarray GET 405 and unequal arrays 419', async () => {
		const many = Array.from({ length: 201 }, (_, i) => `0912${String(i).padStart(7, '0')}`).join(',');
		expect((await ctx.call('sms/send', { form: { receptor: many, message: 'x' } })).body.return.status).toBe(414);
		expect((await ctx.call('sms/send', { form: { receptor: '09121111111', message: 'x', localid: '1,2' } })).body.return.status).toBe(400);
		expect((await ctx.call('sms/sendarray', { method: 'GET', query: {} })).body.return.status).toBe(405);
		const arrays = { receptor: '["09121111111","09122222222"]', sender: '["3000"]', message: '["a","b"]' };
		expect((await ctx.call('sms/sendarray', { form: arrays })).body.return.status).toBe(419);
	});

	test('the same local id is delivered once', async () => {
		const first = await ctx.call('sms/send', { form: { receptor: '09127777777', message: 'x', localid: '4242' } });
		const again = await ctx.call('sms/send', { form: { receptor: '09127777777', message: 'x', localid: '4242' } });
		expect(again.body.entries[0].messageid).toBe(first.body.entries[0].messageid);
		expect(ctx.fake.deliveriesTo('09127777777')).toBe(1);
	});

	test('sent-message rows have exactly the contract\'s fields (docs/kavenegar-api.md): a tag is not echoed back', async () => {
		const { body } = await ctx.call('sms/send', { form: { receptor: '09126666661', message: 'x', tag: 'crm', localid: '9001' } });
		expect(Object.keys(body.entries[0]).sort()).toEqual(['cost', 'date', 'message', 'messageid', 'receptor', 'sender', 'status', 'statustext']);
		const arrays = { receptor: '["09126666662"]', sender: '["3000"]', message: '["a"]', tag: 'crm' };
		expect(Object.keys((await ctx.call('sms/sendarray', { form: arrays })).body.entries[0])).not.toContain('tag');
		const [row] = (await ctx.call('sms/latestoutbox', { form: { pagesize: '1' } })).body.entries;
		expect(row).not.toHaveProperty('tag');
		expect(row).not.toHaveProperty('localid');
	});

	const GUID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
	const one = { receptor: '09126666663', message: 'x' };
	const arrays = { receptor: '["09126666664"]', sender: '["3000"]', message: '["a"]' };
	test.each([
		['send: type not an integer', 'sms/send', { ...one, type: 'flash' }, 400],
		['send: type a decimal', 'sms/send', { ...one, type: '1.5' }, 400],
		['send: mediaid not a GUID', 'sms/send', { ...one, mediaid: '42' }, 400],
		['send: hide other than 0/1', 'sms/send', { ...one, hide: 'true' }, 400],
		['sendarray: type as strings', 'sms/sendarray', { ...arrays, type: '["1"]' }, 400],
		['sendarray: type a decimal', 'sms/sendarray', { ...arrays, type: '[1.5]' }, 400],
		['sendarray: type not an array', 'sms/sendarray', { ...arrays, type: '1' }, 400],
		['sendarray: mediaid not a GUID', 'sms/sendarray', { ...arrays, mediaid: 'photo.jpg' }, 400],
		['sendarray: hide other than 0/1', 'sms/sendarray', { ...arrays, hide: '2' }, 400],
	])('a value of the wrong type is refused → %s', async (_what, operation, form, code) => {
		const { http, body } = await ctx.call(operation, { form });
		expect([http, body.return.status]).toEqual([code, code]);
		expect(body.entries).toBeNull();
	});

	test.each([
		['sms/send', { ...one, type: '1', mediaid: GUID, hide: '0' }],
		['sms/sendarray', { ...arrays, type: '[1]', mediaid: GUID, hide: '1' }],
	])('the same operations accept values of the contract\'s types → %s', async (operation, form) => {
		const { http, body } = await ctx.call(operation, { form });
		expect([http, body.return.status]).toEqual([200, 200]);
	});


});
