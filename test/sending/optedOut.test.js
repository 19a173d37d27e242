'use strict';
/**
 * The numbers that opted out of a line, skipped by an Informational or Advertising send
 * (sending/optedOut.ts), through n8n-core's engine against the fake: what Kavenegar was asked, what
 * was sent, and the rows of the skipped. The clock is jest's fake Date, in Tehran's daytime, so that
 * advertising's hours hold nothing back.
 */
const { useFake, setNow, inLatestVersion } = require('../helpers');
const { DAYTIME_IN_TEHRAN, messageKindSends } = require('../messageKindSends');

const ctx = inLatestVersion(useFake());
afterEach(() => jest.useRealTimers());

const { fresh, sms, sentForms, sendArray, sentArray } = messageKindSends(ctx, 7_500_000);

describe('Message Kind: numbers that opted out of the line', () => {
	test('are skipped, reported in the output, and cost nothing; the others go', async () => {
		setNow(DAYTIME_IN_TEHRAN);
		const [optedOut, stays] = [fresh(), fresh()];
		ctx.fake.blockNumber('30004000', optedOut, 'optout');
		const { items, error } = await ctx.run(sms('informational', { recipients: `${optedOut}, ${stays}`, additionalFields: { sender: '30004000' } }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((request) => [request.method, request.operation])).toEqual([
			['GET', 'line/blocked/exists'],
			['POST', 'sms/send'],
		]);
		expect(ctx.fake.requests[0].query).toEqual({ linenumber: '30004000', receptor: `${optedOut},${stays}` });
		expect(sentForms()[0]?.receptor).toBe(stays);
		expect(items.map((item) => item.json.receptor)).toEqual([stays, optedOut]);
		expect(items[1].json).toEqual({ receptor: optedOut, sender: '30004000', skipped: true, skipReason: 'optedOut', cost: 0, messageKind: 'informational' });
		expect(ctx.fake.deliveriesTo(optedOut)).toBe(0);
	});

	test('with no Sender Line, the account\'s default line is the one asked about', async () => {
		setNow(DAYTIME_IN_TEHRAN);
		const optedOut = fresh();
		ctx.fake.blockNumber(ctx.fake.defaultSender, optedOut, 'api');
		const { items, error } = await ctx.run(sms('advertising', { recipients: optedOut }));
		expect(error).toBeUndefined();
		// Every recipient opted out: nothing to send, and no send request goes.
		expect(ctx.fake.requests.map((request) => request.operation)).toEqual(['account/config', 'line/blocked/exists']);
		expect(items.map((item) => item.json)).toEqual([
			{ receptor: optedOut, sender: ctx.fake.defaultSender, skipped: true, skipReason: 'optedOut', cost: 0, messageKind: 'advertising' },
		]);
	});

	test('more than 200 recipients are asked about 200 at a time', async () => {
		setNow(DAYTIME_IN_TEHRAN);
		const recipients = Array.from({ length: 250 }, fresh);
		ctx.fake.blockNumber('30004000', recipients[220], 'optout');
		const { items, error } = await ctx.run(sms('informational', { recipients: recipients.join(','), additionalFields: { sender: '30004000' } }));
		expect(error).toBeUndefined();
		const checks = ctx.fake.requests.filter((request) => request.operation === 'line/blocked/exists');
		expect(checks.map((check) => String(check.query?.receptor).split(',').length)).toEqual([200, 50]);
		expect(sentForms().flatMap((form) => String(form?.receptor).split(','))).toHaveLength(249);
		expect(items.filter((item) => item.json.skipped)).toHaveLength(1);
	});

	test('Send Different Messages asks each message\'s own line', async () => {
		setNow(DAYTIME_IN_TEHRAN);
		const number = fresh();
		ctx.fake.blockNumber('30004000', number, 'optout');
		const { items, error } = await ctx.run(
			sendArray('informational', [
				[number, '30004000', 'از خط ۳۰۰۰'],
				[number, '10004346', 'از خط ۱۰۰۰'],
			]),
		);
		expect(error).toBeUndefined();
		expect(sentArray('sender')).toEqual(['10004346']);
		expect(sentArray('message')).toEqual(['از خط ۱۰۰۰\nلغو ۱۱']);
		expect(items.map((item) => [item.json.sender, item.json.skipped ?? false])).toEqual([
			['10004346', false],
			['30004000', true],
		]);
	});

	test('a Service message is sent to a number that opted out, as Kavenegar decides', async () => {
		const number = fresh();
		ctx.fake.blockNumber('30004000', number, 'optout');
		const { items, error } = await ctx.run(sms('service', { recipients: number, additionalFields: { sender: '30004000' } }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((request) => request.operation)).toEqual(['sms/send']);
		expect(items[0].json).toMatchObject({ status: 14, cost: 0 });
	});

	test('a line Kavenegar refuses stops the item before any send, naming the field', async () => {
		setNow(DAYTIME_IN_TEHRAN);
		const { items, error } = await ctx.run(sms('informational', { additionalFields: { sender: '99999999' } }));
		expect(items).toEqual([]);
		expect(error?.message).toContain('412');
		expect(ctx.fake.requests.map((request) => request.operation)).toEqual(['line/blocked/exists']);
	});
});
