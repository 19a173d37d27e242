/** The return codes of the service's REST page beyond the contract: each with its meaning and, where known, the next step. */
const { useFake } = require('../helpers');
const { fail } = require('../fake/service');

const ctx = useFake();
const send = { resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello', requestLimits: { busyRetries: 0 } };

describe('return codes beyond the contract', () => {
	// The title names the field the code points at and quotes the service; the description gives the meaning.
	test.each([
		[415, 'Kavenegar error 415: "\u2068پیام سرویس\u2069" – the start index is larger than the number of records', 'the start index is larger than the number of records', undefined],
		[420, 'Message: links are not allowed in the text for this account (Kavenegar error 420: "\u2068پیام سرویس\u2069")', 'links are not allowed in the text for this account', 'Remove the links from the text'],
		[427, 'Sender Line: this line needs access permission (Kavenegar error 427: "\u2068پیام سرویس\u2069")', 'this line needs access permission', 'permission to send from this line'],
		[501, 'Recipients: a test account sends only to the account owner\'s number (Kavenegar error 501: "\u2068پیام سرویس\u2069")', "a test account sends only to the account owner's number", "Send to the account owner's number"],
		[607, 'Tag: invalid tag (Kavenegar error 607: "\u2068پیام سرویس\u2069")', 'invalid tag', 'Use a tag already defined in the Kavenegar panel'],
	])('%i (errors with HTTP status and inside HTTP 200): its meaning and next step, sent once', async (code, title, meaning, advice) => {
		const handle = ctx.fake.operations['sms/send'].handle;
		ctx.fake.operations['sms/send'].handle = () => fail(code, 'پیام سرویس');
		try {
			for (const mode of ['status', '200']) {
				ctx.fake.errorMode = mode;
				ctx.fake.requests.length = 0;
				const { items, error } = await ctx.run(send);
				expect(items).toEqual([]);
				expect(error.name).toBe('NodeApiError');
				expect(error.message).toBe(title);
				expect(error.description).toContain(`Kavenegar error ${code} means: ${meaning}. The service said: "\u2068پیام سرویس\u2069"`);
				if (advice) expect(error.description).toContain(advice);
				expect(ctx.fake.requests).toHaveLength(1);
			}
		} finally {
			ctx.fake.operations['sms/send'].handle = handle;
			ctx.fake.errorMode = 'status';
		}
	});

	test.each([
		['busy409', 409],
		['busy451', 451],
	])("%s points to the node's own Max Requests in Flight in both versions' places, not to n8n's Batching", async (kind, code) => {
		ctx.fake.injectFault({ kind, operation: 'account/info' });
		const { error } = await ctx.run({ resource: 'account', operation: 'getInfo', requestLimits: { busyRetries: 0 } });
		expect(error.message).toMatch(new RegExp(`^Kavenegar error ${code}:`));
		expect(error.description).toMatch(/lower Max Requests in Flight.*\(Settings → Request Options; Concurrency and Retries in older nodes\)/);
		expect(error.description).not.toMatch(/Batching(?! does not)/);
	});
});
