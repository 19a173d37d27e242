/** The fake's per-line blocklists (test/fake/blocklist.js): add, exists, remove and list, over plain HTTP. */
const { useFakeOverHttp } = require('./client');

const ctx = useFakeOverHttp();
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

const numbers = (/** @type {number} */ count) => Array.from({ length: count }, (_, i) => `0912${String(i).padStart(7, '0')}`).join(',');

describe('fake Kavenegar: blocklist', () => {
	test('add (POST form), exists (GET query) and remove (DELETE query) follow a number through its states', async () => {
		const line = '30004000';
		const added = await ctx.call('line/blocked/add', { form: { linenumber: line, receptor: '09121111111' } });
		expect(added.body.entries).toEqual([{ linenumber: line, receptor: '09121111111', status: 'Active' }]);
		const again = await ctx.call('line/blocked/add', { form: { linenumber: line, receptor: '09121111111,09122222222' } });
		expect(again.body.entries.map((row) => row.status)).toEqual(['AlreadyExists', 'Active']);
		const exists = await ctx.call('line/blocked/exists', { method: 'GET', query: { linenumber: line, receptor: '09121111111,09123333333' } });
		expect(exists.body.entries.map((row) => row.status)).toEqual(['Active', 'NotExists']);
		const removed = await ctx.call('line/blocked/remove', { method: 'DELETE', query: { linenumber: line, receptor: '09121111111' } });
		expect(removed.body.entries).toEqual({ message: '1 of 1 removed' });
		expect(ctx.fake.isBlocked(line, '09121111111')).toBe(false);
	});

	test('each operation takes only its own method, and parameters only where that method carries them', async () => {
		const params = { linenumber: '30004000', receptor: '09121111111' };
		expect((await ctx.call('line/blocked/add', { method: 'GET', query: params })).body.return.status).toBe(405);
		expect((await ctx.call('line/blocked/exists', { form: params })).body.return.status).toBe(405);
		expect((await ctx.call('line/blocked/remove', { form: params })).body.return.status).toBe(405);
		expect((await ctx.call('line/blocked/remove', { method: 'DELETE' })).body.return.status).toBe(400);
		expect((await ctx.call('line/blocked/exists', { method: 'GET', query: { ...params, number: '1' } })).body.return.message).toContain('unknown parameter: number');
	});

	test('limits: 200 numbers for add and exists, 50 for remove (412); an unknown line is 412', async () => {
		const line = '30004000';
		expect((await ctx.call('line/blocked/add', { form: { linenumber: line, receptor: numbers(200) } })).body.return.status).toBe(200);
		expect((await ctx.call('line/blocked/add', { form: { linenumber: line, receptor: numbers(201) } })).body.return.status).toBe(414);
		expect((await ctx.call('line/blocked/exists', { method: 'GET', query: { linenumber: line, receptor: numbers(201) } })).body.return.status).toBe(414);
		expect((await ctx.call('line/blocked/remove', { method: 'DELETE', query: { linenumber: line, receptor: numbers(50) } })).body.return.status).toBe(200);
		const over = await ctx.call('line/blocked/remove', { method: 'DELETE', query: { linenumber: line, receptor: numbers(51) } });
		expect([over.http, over.body.return.status]).toEqual([412, 412]);
		expect((await ctx.call('line/blocked/add', { form: { linenumber: '5555', receptor: '09121111111' } })).body.return.status).toBe(412);
	});

	test('a block placed by an operator or the system stays', async () => {
		ctx.fake.blockNumber('10004346', '09129999999', 'operator');
		ctx.fake.blockNumber('10004346', '09128888888', 'system');
		const removed = await ctx.call('line/blocked/remove', { method: 'DELETE', query: { linenumber: '10004346', receptor: '09129999999,09128888888' } });
		expect(removed.body.entries.message).toBe('0 of 2 removed; blocked by an operator or the system, not removed: 09129999999,09128888888');
		expect(ctx.fake.isBlocked('10004346', '09129999999')).toBe(true);
	});
});

describe('fake Kavenegar: line/blocked/list', () => {
	test('pages of the line, reason codes, dates; since today by default; metadata as text', async () => {
		const line = '30004000';
		ctx.fake.blocked.clear();
		ctx.fake.blockNumber(line, '09121111111', 'optout', now() - 2 * DAY);
		ctx.fake.blockNumber(line, '09122222222', 'api');
		ctx.fake.blockNumber(line, '09123333333', 'operator');
		ctx.fake.blockNumber('10004346', '09124444444', 'api');
		const today = await ctx.call('line/blocked/list', { form: { linenumber: line } });
		expect(today.body.entries).toEqual([
			{ number: '09122222222', blockreason: 0, date: expect.any(Number) },
			{ number: '09123333333', blockreason: 3, date: expect.any(Number) },
		]);
		expect(today.body.metadata).toEqual({ totalcount: '2', currentpage: '1', totalpages: '1', pagesize: '200' });
		const since = String(now() - 3 * DAY);
		const optedOut = await ctx.call('line/blocked/list', { method: 'GET', query: { linenumber: line, startdate: since, blockreason: '2' } });
		expect(optedOut.body.entries.map((/** @type {any} */ row) => row.number)).toEqual(['09121111111']);
		ctx.fake.blocklistPageSize = 2;
		const second = await ctx.call('line/blocked/list', { form: { linenumber: line, startdate: since, pagenumber: '2' } });
		ctx.fake.blocklistPageSize = 200;
		expect(second.body.entries.map((/** @type {any} */ row) => row.number)).toEqual(['09123333333']);
		expect(second.body.metadata).toMatchObject({ currentpage: '2', totalpages: '2' });
	});

	test('line required and one of the account (412); reason a known code; page from 1', async () => {
		expect((await ctx.call('line/blocked/list', { form: {} })).body.return.status).toBe(400);
		expect((await ctx.call('line/blocked/list', { form: { linenumber: '5555' } })).body.return.status).toBe(412);
		expect((await ctx.call('line/blocked/list', { form: { linenumber: '30004000', blockreason: '5' } })).body.return.status).toBe(400);
		expect((await ctx.call('line/blocked/list', { form: { linenumber: '30004000', pagenumber: '0' } })).body.return.status).toBe(400);
	});
});
