const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const latest = (extra) => ({ resource: 'sms', operation: 'getLatestOutbox', limit: 2, ...extra });

beforeAll(async () => {
	for (const message of ['first', 'second', 'third']) {
		await ctx.run({ resource: 'sms', operation: 'send', recipients: '09121111111', message, additionalFields: { sender: '30004000' } });
	}
	await ctx.run({ resource: 'sms', operation: 'send', recipients: '09121111111', message: 'other line' });
});

describe('SMS → Get Latest Outbox', () => {
	test('posts pagesize and sender and returns the newest first', async () => {
		const { items, error } = await ctx.run(latest({ filters: { sender: '30004000' } }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0]).toMatchObject({ method: 'POST', operation: 'sms/latestoutbox', form: { pagesize: '2', sender: '30004000' } });
		expect(items.map((item) => item.json.message)).toEqual(['third', 'second']);
	});

	test.each([
		[{ limit: 501 }, 'Limit: must be a whole number from 1 to 500 (got 501)'],
		[{ limit: 0 }, 'Limit: must be a whole number from 1 to 500 (got 0)'],
	])('rejects bad input before sending → %#', async (extra, message) => {
		await expectRejectedBeforeSending(ctx, latest(extra), message);
	});
});
