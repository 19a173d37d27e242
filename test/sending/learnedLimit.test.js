/**
 * The limit on requests in flight that the node learns from Kavenegar's answers
 * (nodes/Kavenegar/sending/learnedLimit.ts): against a service that answers busy over a given
 * concurrency, a campaign of one item per recipient settles near that concurrency, sends each
 * message once and fails nothing; a limit the user sets is the ceiling.
 */
const { useFake } = require('../helpers');
const { START_IN_FLIGHT, MOST_IN_FLIGHT, answeredFine, newLimit, overloaded, overshot } = require('../../nodes/Kavenegar/sending/learnedLimit');

const ctx = useFake();
let series = 5_000_000;
/** @param {number} count */
const freshNumbers = (count) => {
	series += 10_000;
	return Array.from({ length: count }, (_, i) => `0912${String(series + i).padStart(7, '0')}`);
};
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const send = (extra) => ({ resource: 'sms', operation: 'send', recipients: '={{ $json.phone }}', message: 'Hello', ...extra });
/** @param {string[]} numbers */
const asItems = (numbers) => numbers.map((phone) => ({ json: { phone } }));
/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

afterEach(() => {
	ctx.fake.latencyMs = 0;
	ctx.fake.busyAbove = 0;
	ctx.fake.maxInFlight = 0;
});

describe('against a service that answers busy over 20 requests at once', () => {
	const SERVICE_TAKES = 20;

	test('600 items × 1 recipient: nothing fails, each message goes once, and the run settles near 20 in flight', async () => {
		ctx.fake.latencyMs = 20;
		ctx.fake.busyAbove = SERVICE_TAKES;
		const numbers = freshNumbers(600);
		const { items, error } = await ctx.run(send(), { items: asItems(numbers) });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.receptor)).toEqual(numbers);
		expect(items.every((item) => item.json.error === undefined)).toBe(true);
		expect(numbers.filter((number) => ctx.fake.deliveriesTo(number) !== 1)).toEqual([]);

		const busy = ctx.fake.requests.filter((request) => request.concurrent > SERVICE_TAKES);
		const taken = ctx.fake.requests.filter((request) => request.concurrent <= SERVICE_TAKES);
		// The first round trip goes at the starting limit, over what the service takes; it refuses the rest.
		expect(busy.length).toBeGreaterThan(0);
		expect(taken).toHaveLength(600);
		// A busy answer is answered by the same request again, with the same local ID.
		const localIds = new Set(taken.map((request) => request.form?.localid));
		expect(localIds.size).toBe(600);
		expect(busy.every((request) => localIds.has(request.form?.localid))).toBe(true);
		// Once learned, in the second half of the run: each round trip's requests go together, so the
		// service sees 1, 2, … up to the limit at that time; those peaks stay near 20, few are refused.
		const secondHalf = ctx.fake.requests.slice(Math.floor(ctx.fake.requests.length / 2)).map((request) => request.concurrent);
		const peaks = secondHalf.filter((concurrent, i) => i + 1 < secondHalf.length && secondHalf[i + 1] < concurrent);
		expect(median(peaks)).toBeGreaterThanOrEqual(SERVICE_TAKES * 0.7);
		expect(median(peaks)).toBeLessThanOrEqual(SERVICE_TAKES + 1);
		expect(secondHalf.filter((concurrent) => concurrent > SERVICE_TAKES).length).toBeLessThan(secondHalf.length / 10);
	}, 60_000);

	test('Retries on Busy Answers 0 still fails nothing: a busy answer to the node overshooting is not a try', async () => {
		ctx.fake.latencyMs = 20;
		ctx.fake.busyAbove = SERVICE_TAKES;
		const numbers = freshNumbers(200);
		const { items, error } = await ctx.run(send({ requestLimits: { busyRetries: 0 } }), { items: asItems(numbers) });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.receptor)).toEqual(numbers);
		expect(numbers.filter((number) => ctx.fake.deliveriesTo(number) !== 1)).toEqual([]);
	}, 60_000);

	test('a send without local IDs goes again after a busy answer, which sent nothing: each number gets one message, nothing fails', async () => {
		ctx.fake.latencyMs = 20;
		ctx.fake.busyAbove = SERVICE_TAKES;
		const numbers = freshNumbers(100);
		const { items, error } = await ctx.run(send({ options: { preventDuplicateSends: false } }), { items: asItems(numbers) });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.some((request) => request.concurrent > SERVICE_TAKES)).toBe(true);
		expect(ctx.fake.requests.every((request) => request.form?.localid === undefined)).toBe(true);
		expect(items.map((item) => item.json.receptor)).toEqual(numbers);
		expect(numbers.filter((number) => ctx.fake.deliveriesTo(number) !== 1)).toEqual([]);
	}, 60_000);

	test('Max Requests in Flight set below what the service takes: the bound it is, never a request over it', async () => {
		ctx.fake.latencyMs = 10;
		ctx.fake.busyAbove = SERVICE_TAKES;
		const numbers = freshNumbers(200);
		const { items, error } = await ctx.run(send({ requestLimits: { maxRequestsInFlight: 8 } }), { items: asItems(numbers) });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(200);
		expect(ctx.fake.maxInFlight).toBe(8);
		expect(ctx.fake.requests).toHaveLength(200);
	}, 60_000);

	test('Max Requests in Flight set above what the service takes: a ceiling, which busy answers bring the node under', async () => {
		ctx.fake.latencyMs = 20;
		ctx.fake.busyAbove = SERVICE_TAKES;
		const numbers = freshNumbers(400);
		const { items, error } = await ctx.run(send({ requestLimits: { maxRequestsInFlight: 100 } }), { items: asItems(numbers) });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(400);
		expect(ctx.fake.maxInFlight).toBeLessThanOrEqual(100);
		expect(numbers.filter((number) => ctx.fake.deliveriesTo(number) !== 1)).toEqual([]);
	}, 60_000);
});

test('without busy answers, an unset limit grows from 128 up to 256, never above', async () => {
	ctx.fake.latencyMs = 20;
	const numbers = freshNumbers(1000);
	const { items, error } = await ctx.run(send(), { items: asItems(numbers) });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(1000);
	expect(ctx.fake.maxInFlight).toBeGreaterThan(START_IN_FLIGHT);
	expect(ctx.fake.maxInFlight).toBeLessThanOrEqual(MOST_IN_FLIGHT);
}, 60_000);

describe('the rules', () => {
	test('unset: starts at 128 and grows by one per good answer until the first sign of overload', () => {
		const limit = newLimit(undefined);
		expect([limit.value, limit.ceiling]).toEqual([START_IN_FLIGHT, MOST_IN_FLIGHT]);
		for (let i = 0; i < 64; i++) answeredFine(limit);
		expect(limit.value).toBe(192);
		for (let i = 0; i < 1000; i++) answeredFine(limit);
		expect(limit.value).toBe(MOST_IN_FLIGHT);
	});

	test('set: starts at the user number, never above it, and never above 256', () => {
		const limit = newLimit(10);
		for (let i = 0; i < 100; i++) answeredFine(limit);
		expect(limit.value).toBe(10);
		expect(newLimit(1000).value).toBe(MOST_IN_FLIGHT);
	});

	test('a sign of overload cuts to 70 % of what was in flight, once per round trip; then one more per round trip of good answers', () => {
		const limit = newLimit(undefined);
		limit.sent = 100;
		overloaded(limit, 90, 50);
		expect(limit.value).toBe(35);
		// Another answer to a request sent before the cut does not cut again.
		overloaded(limit, 95, 60);
		expect(limit.value).toBe(35);
		for (let i = 0; i < 34; i++) answeredFine(limit);
		expect(limit.value).toBe(35);
		answeredFine(limit);
		expect(limit.value).toBe(36);
		limit.sent = 150;
		overloaded(limit, 120, 36);
		expect(limit.value).toBe(25);
	});

	test('a busy answer sent with others in flight is the node overshooting: not a try; sent alone, it is one', () => {
		const limit = newLimit(undefined);
		expect(overshot(limit, 30)).toBe(true);
		expect(limit.value).toBe(29);
		expect(overshot(limit, 1)).toBe(false);
		expect(limit.value).toBe(1);
	});
});
