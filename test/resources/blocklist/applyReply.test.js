'use strict';
/**
 * Blocklist → Apply Opt-Out Reply (resources/blocklist/applyReply.ts) through n8n-core's engine
 * against the fake: what each reply asks of the line's blocklist, what went over the wire, and the
 * item that comes out.
 */
const { useFake } = require('../../helpers');

const ctx = useFake();
let series = 4_000_000;
const fresh = () => `0912${String(series++).padStart(7, '0')}`;
/**
 * @param {string} replyFrom
 * @param {string} replyText
 */
const reply = (replyFrom, replyText) => ({ resource: 'blocklist', operation: 'applyReply', lineNumber: '30004000', replyFrom, replyText });
const wire = () => ctx.fake.requests.map((request) => `${request.method} ${request.operation}`);

describe('Blocklist → Apply Opt-Out Reply', () => {
	test.each(['11', '۱۱', '١١', 'لغو', 'لغو ۱۱', 'لغو۱۱', ' STOP ', 'stop.', 'لغو\u200c۱۱'])('%j blocks the number on the line', async (text) => {
		const number = fresh();
		const { items, error } = await ctx.run(reply(`+98 ${number.slice(1)}`, text));
		expect(error).toBeUndefined();
		expect(wire()).toEqual(['GET line/blocked/exists', 'POST line/blocked/add']);
		expect(ctx.fake.requests[1].form).toEqual({ linenumber: '30004000', receptor: number });
		expect(items).toEqual([{ json: { linenumber: '30004000', receptor: number, reply: 'optOut', action: 'blocked' }, pairedItem: { item: 0 } }]);
		expect(ctx.fake.isBlocked('30004000', number)).toBe(true);
	});

	test('an opt-out from a number already blocked adds nothing', async () => {
		const number = fresh();
		ctx.fake.blockNumber('30004000', number, 'panel');
		const { items } = await ctx.run(reply(number, '11'));
		expect(wire()).toEqual(['GET line/blocked/exists']);
		expect(items[0].json).toMatchObject({ action: 'alreadyBlocked' });
	});

	test.each(['12', '۱۲', '١٢', 'START', 'شروع'])('%j lifts the block an opt-out reply placed', async (text) => {
		const number = fresh();
		await ctx.run(reply(number, '11'));
		ctx.fake.requests.length = 0;
		const { items, error } = await ctx.run(reply(number, text));
		expect(error).toBeUndefined();
		expect(wire()).toEqual(['GET line/blocked/exists', 'POST line/blocked/list', 'DELETE line/blocked/remove', 'GET line/blocked/exists']);
		expect(ctx.fake.requests[2].query).toEqual({ linenumber: '30004000', receptor: number });
		expect(items[0].json).toEqual({ linenumber: '30004000', receptor: number, reply: 'optIn', action: 'unblocked', blockedBy: 'webService' });
		expect(ctx.fake.isBlocked('30004000', number)).toBe(false);
	});

	test.each([
		['panel', 'panel'],
		['operator', 'operator'],
		['optout', 'optedOut'],
		['system', 'unknown'],
	])('12 never lifts a block placed by the %s', async (by, blockedBy) => {
		const number = fresh();
		ctx.fake.blockNumber('30004000', number, by);
		const { items } = await ctx.run(reply(number, '12'));
		expect(wire()).toEqual(['GET line/blocked/exists', 'POST line/blocked/list']);
		expect(items[0].json).toMatchObject({ action: 'keptBlocked', blockedBy });
		expect(ctx.fake.isBlocked('30004000', number)).toBe(true);
	});

	test('the blocklist is read page by page, from a year back, until the number is found', async () => {
		ctx.fake.blocklistPageSize = 2;
		try {
			const numbers = [fresh(), fresh(), fresh(), fresh(), fresh()];
			const old = Math.floor(Date.now() / 1000) - 200 * 86_400;
			for (const number of numbers) ctx.fake.blockNumber('30004000', number, 'api', old);
			const { items } = await ctx.run(reply(numbers[4], '12'));
			const pages = ctx.fake.requests.filter((request) => request.operation === 'line/blocked/list');
			expect(pages.length).toBeGreaterThan(1);
			expect(Number(pages[0].form?.startdate)).toBeLessThan(old);
			expect(items[0].json).toMatchObject({ action: 'unblocked' });
		} finally {
			ctx.fake.blocklistPageSize = 200;
		}
	});

	test('12 from a number not blocked changes nothing', async () => {
		const { items } = await ctx.run(reply(fresh(), '12'));
		expect(wire()).toEqual(['GET line/blocked/exists']);
		expect(items[0].json).toMatchObject({ reply: 'optIn', action: 'notBlocked' });
	});

	test.each(['11 تا', 'بله', 'لغو سفارش', '', '112'])('any other reply (%j) asks nothing of Kavenegar', async (text) => {
		const { items, error } = await ctx.run(reply(fresh(), text));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(0);
		expect(items[0].json).toMatchObject({ reply: 'other', action: 'none' });
	});

	test('a sender that is no phone number is refused by name before any request', async () => {
		const { items, error } = await ctx.run(reply('Kavenegar', '11'));
		expect(items).toEqual([]);
		expect(error?.message).toBe('From: "Kavenegar" is not a phone number');
		expect(ctx.fake.requests).toHaveLength(0);
	});

	test('a line Kavenegar does not know is its error, with the code', async () => {
		const { error } = await ctx.run({ ...reply(fresh(), '11'), lineNumber: '99999999' });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('412');
	});

	test('On Error: Continue answers a bad item as an error item and goes on', async () => {
		const number = fresh();
		const { items } = await ctx.run(
			{ ...reply('={{ $json.from }}', '11') },
			{ items: [{ json: { from: 'x' } }, { json: { from: number } }], settings: { onError: 'continueRegularOutput' } },
		);
		expect(items.map((item) => item.json.action ?? item.json.error)).toEqual(['From: "x" is not a phone number', 'blocked']);
	});
});
