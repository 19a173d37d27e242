const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').NodeParameterValueType} localIds */
const byLocalId = (localIds) => ({ resource: 'sms', operation: 'getStatusByLocalId', localIds });

describe('SMS → Get Status by Local ID', () => {
	test('known local IDs give their message, an unknown one status 100', async () => {
		await ctx.run({ resource: 'sms', operation: 'send', recipients: '09121111111,09122222222', message: 'hi', additionalFields: { localIds: '501,502' } });
		ctx.fake.requests.length = 0;
		const { items, error } = await ctx.run(byLocalId(['501', '502', '999']));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0]).toMatchObject({ method: 'POST', operation: 'sms/statuslocalmessageid', form: { localid: '501,502,999' } });
		expect(items.map((item) => item.json)).toEqual([
			{ messageid: expect.any(Number), localid: 501, status: 1, statustext: 'در صف ارسال', statusName: 'Queued' },
			{ messageid: expect.any(Number), localid: 502, status: 1, statustext: 'در صف ارسال', statusName: 'Queued' },
			{ messageid: 0, localid: 999, status: 100, statustext: 'شناسه پیامک نامعتبر است', statusName: 'Not Found' },
		]);
	});

	test('too many IDs for the service is error 414 with its meaning', async () => {
		ctx.fake.statusLocalIdCeiling = 2;
		try {
			const { error } = await ctx.run(byLocalId('1,2,3'));
			expect(error.message).toBe('Kavenegar error 414: "\u2068حجم درخواست بیشتر از حد مجاز است\u2069" – too many records in one request');
		} finally {
			ctx.fake.statusLocalIdCeiling = 500;
		}
	});

	test.each([
		['', "The 'Kavenegar' node has issues:\n- Parameter \"Local IDs\" is required."],
		[' , ', 'Local IDs: at least one ID is required'],
		['12, x1', 'Local IDs: "x1" is not a numeric ID'],
	])('rejects bad input before sending → %#', async (localIds, message) => {
		await expectRejectedBeforeSending(ctx, byLocalId(localIds), message);
	});
});
