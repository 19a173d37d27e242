const { useFake, expectRejectedBeforeSending } = require('../../helpers');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const receive = (extra) => ({ resource: 'sms', operation: 'receive', lineNumber: '30004000', ...extra });
/** @param {number} count @param {string} [receptor] */
const received = (count, receptor = '30004000') =>
	ctx.fake.seedInbox(Array.from({ length: count }, (_, i) => ({ sender: `0912${String(i).padStart(7, '0')}`, receptor, message: `m${i}` })));
const unread = () => ctx.fake.inbox.filter((m) => !m.read).map((m) => m.message);

beforeEach(() => {
	ctx.fake.inbox.length = 0;
});

describe('SMS → Get Inbox and Mark as Read', () => {
	test('calls sms/receive for unread messages until fewer than 100 come back; each comes out once and is read at Kavenegar', async () => {
		received(230);
		received(1, '10004346');
		const { items, error } = await ctx.run(receive());
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((r) => [r.method, r.operation, r.form])).toEqual(
			Array.from({ length: 3 }, () => ['POST', 'sms/receive', { linenumber: '30004000', isread: '0' }]),
		);
		expect(items).toHaveLength(230);
		expect(new Set(items.map((item) => item.json.messageid)).size).toBe(230);
		expect(items[0]).toEqual({
			json: { messageid: expect.any(Number), message: 'm0', sender: '09120000000', receptor: '30004000', date: expect.any(Number), dateIso: expect.any(String), dateJalali: expect.any(String) },
			pairedItem: { item: 0 },
		});
		expect(unread()).toEqual(['m0']);
	});

	test('exactly 100 waiting: a second call answers entries null, which is zero more items, not an error', async () => {
		received(100);
		const { items, error } = await ctx.run(receive());
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(2);
		expect(items).toHaveLength(100);
	});

	test('nothing waiting: no items, no error', async () => {
		const { items, error } = await ctx.run(receive());
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	test('Stop After stops the calls, and outputs the whole last batch (it is read at Kavenegar already)', async () => {
		received(250);
		const { items } = await ctx.run(receive({ readUntilEmpty: false, stopAfter: 150 }));
		expect(ctx.fake.requests).toHaveLength(2);
		expect(items).toHaveLength(200);
		expect(unread()).toHaveLength(50);
	});

	test('a busy answer is retried (the service did not act); a cut-off answer is not (its messages are read already)', async () => {
		received(3);
		ctx.fake.injectFault({ kind: 'busy409', operation: 'sms/receive' });
		const busy = await ctx.run(receive());
		expect(busy.items).toHaveLength(3);
		expect(ctx.fake.requests).toHaveLength(2);
		ctx.fake.requests.length = 0;
		received(3);
		ctx.fake.injectFault({ kind: 'reset', operation: 'sms/receive', after: true });
		const cut = await ctx.run(receive());
		expect(cut.error).toBeDefined();
		expect(ctx.fake.requests).toHaveLength(1);
	});

	test('two items, one without a line: in stop mode nothing is read', async () => {
		received(2);
		const { error } = await ctx.run(receive({ lineNumber: '={{ $json.line }}' }), { items: [{ json: { line: '30004000' } }, { json: { line: '' } }] });
		expect(error?.message).toBe('Line Number: is required');
		expect(ctx.fake.requests).toHaveLength(0);
		expect(unread()).toHaveLength(2);
	});

	test.each([[{ lineNumber: '' }, "The 'Kavenegar' node has issues:\n- Parameter \"Line Number\" is required."]])(
		'rejects bad input before sending → %#',
		async (extra, message) => {
			await expectRejectedBeforeSending(ctx, receive(extra), message);
		},
	);
});
