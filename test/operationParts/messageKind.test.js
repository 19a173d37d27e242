'use strict';
/**
 * Message Kind (operationParts/messageKind.ts) on SMS → Send, Send Different Messages and Voice Call
 * → Send Voice Message, through n8n-core's engine against the fake: «لغو ۱۱» added once and
 * counted, advertising held to its hours in Tehran's clock. The numbers that opted out of the line
 * are test/sending/optedOut.test.js's. The clock is jest's fake Date; the engine's timers stay real.
 */
const { useFake, expectRejectedBeforeSending, setNow, inLatestVersion } = require('../helpers');
const { DAYTIME_IN_TEHRAN, messageKindSends } = require('../messageKindSends');

const ctx = inLatestVersion(useFake());
afterEach(() => jest.useRealTimers());

const seconds = (/** @type {string} */ iso) => Date.parse(iso) / 1000;
const { fresh, sms, sentForms, sendArray, sentArray } = messageKindSends(ctx, 7_000_000);

describe('Message Kind: «لغو ۱۱»', () => {
	test('Service, the default, sends the text as written and asks nothing more of Kavenegar', async () => {
		const { items, error } = await ctx.run({ resource: 'sms', operation: 'send', recipients: fresh(), message: 'سفارش شما ارسال شد' });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((request) => request.operation)).toEqual(['sms/send']);
		expect(sentForms()[0]?.message).toBe('سفارش شما ارسال شد');
		expect(items[0].json).not.toHaveProperty('messageKind');
	});

	test('Informational adds «لغو ۱۱» on a line of its own, and the rows say so', async () => {
		setNow(DAYTIME_IN_TEHRAN);
		const { items, error } = await ctx.run(sms('informational', { message: 'تخفیف ۲۰ درصدی باشگاه مشتریان  \n' }));
		expect(error).toBeUndefined();
		expect(sentForms()[0]?.message).toBe('تخفیف ۲۰ درصدی باشگاه مشتریان\nلغو ۱۱');
		expect(items[0].json).toMatchObject({ message: 'تخفیف ۲۰ درصدی باشگاه مشتریان\nلغو ۱۱', messageKind: 'informational', optOutLineAdded: true });
		expect(items[0].json).not.toHaveProperty('scheduledFor');
	});

	test.each([
		['Persian digits', 'باشگاه مشتریان\nلغو ۱۱'],
		['Latin digits', 'باشگاه مشتریان - لغو 11'],
		['no space', 'باشگاه مشتریان لغو۱۱'],
		['Arabic-Indic digits', 'باشگاه مشتریان لغو ١١'],
		['a half-space', 'باشگاه مشتریان لغو\u200c۱۱'],
		['a direction mark', 'باشگاه مشتریان لغو \u200f11'],
		['in the middle', 'لغو ۱۱ برای توقف؛ تخفیف ۲۰ درصدی'],
	])('a text that has it already (%s) goes unchanged: never twice', async (_, message) => {
		setNow(DAYTIME_IN_TEHRAN);
		const { items, error } = await ctx.run(sms('advertising', { message }));
		expect(error).toBeUndefined();
		expect(sentForms()[0]?.message).toBe(message);
		expect(items[0].json).toMatchObject({ messageKind: 'advertising', optOutLineAdded: false });
	});

	test('the added line counts in the SMS parts and in Max Messages per Run, before anything is sent', async () => {
		// 66 Persian characters are one part; with "\nلغو ۱۱" they are 73, two parts.
		const message = 'ب'.repeat(66);
		const capped = await ctx.run(sms('informational', { message, additionalFields: { maxMessagesPerRun: 1 } }));
		expect(capped.items).toEqual([]);
		expect(capped.error?.message).toBe('Max Messages per Run: this run would send 2 messages, more than its cap of 1');
		// The opt-out check read the blocklist with the item's checks; nothing was sent.
		expect(ctx.fake.requests.map((request) => request.operation)).toEqual(['account/config', 'line/blocked/exists']);
		ctx.fake.requests.length = 0;
		setNow(DAYTIME_IN_TEHRAN);
		const { items, error } = await ctx.run(sms('informational', { message, additionalFields: { messagePreview: true, maxMessagesPerRun: 2 } }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ parts: 2, unicode: true });
	});

	test('a Latin text becomes Unicode with it, and is counted so', async () => {
		setNow(DAYTIME_IN_TEHRAN);
		const { items, error } = await ctx.run(sms('informational', { message: 'a'.repeat(150), additionalFields: { messagePreview: true } }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ parts: 3, unicode: true });
	});

	test('Send Different Messages adds it to each text that lacks it, a text with commas kept whole', async () => {
		setNow(DAYTIME_IN_TEHRAN);
		const [first, second] = [fresh(), fresh()];
		const { items, error } = await ctx.run(
			sendArray('informational', [
				[first, '10004346', 'سلام علی، امتیاز شما ۱۲۰ است'],
				[second, '10004346', 'سلام مریم\nلغو ۱۱'],
			]),
		);
		expect(error).toBeUndefined();
		expect(sentArray('message')).toEqual(['سلام علی، امتیاز شما ۱۲۰ است\nلغو ۱۱', 'سلام مریم\nلغو ۱۱']);
		expect(items.map((item) => item.json.messageKind)).toEqual(['informational', 'informational']);
	});
});

describe('Message Kind: advertising hours, 07:00–22:00 Tehran time', () => {
	test('inside them an advertisement goes now, and the rows say it was not held', async () => {
		setNow(DAYTIME_IN_TEHRAN);
		const { items, error } = await ctx.run(sms('advertising'));
		expect(error).toBeUndefined();
		expect(sentForms()[0]).not.toHaveProperty('date');
		expect(items[0].json).toMatchObject({ scheduledFor: null, sendAtMoved: false, heldForAdvertisingHours: false, messageKind: 'advertising' });
	});

	test('at 23:00 in Tehran it is held at Kavenegar until 07:00, whatever the node\'s Time Zone', async () => {
		setNow('2026-11-23T19:30:00Z'); // Monday 23:00 in Tehran
		const { items, error } = await ctx.run(sms('advertising', { timeZone: 'UTC' }));
		expect(error).toBeUndefined();
		const opening = seconds('2026-11-24T03:30:00Z'); // Tuesday 07:00 in Tehran
		expect(sentForms()[0]?.date).toBe(String(opening));
		expect(items[0].json).toMatchObject({ scheduledFor: '2026-11-24T03:30:00.000Z', heldForAdvertisingHours: true, sendAtMoved: false });
	});

	test('a Send At at night moves to the morning, and says so', async () => {
		setNow(DAYTIME_IN_TEHRAN);
		const { items, error } = await ctx.run(sms('advertising', { additionalFields: { date: '2026-11-23T20:00:00Z' } })); // 23:30 in Tehran
		expect(error).toBeUndefined();
		expect(sentForms()[0]?.date).toBe(String(seconds('2026-11-24T03:30:00Z')));
		expect(items[0].json).toMatchObject({ sendAtMoved: true, heldForAdvertisingHours: true });
	});

	test('a Send Window narrows them: the send waits for the first minute both are open', async () => {
		setNow('2026-11-23T19:00:00Z'); // Monday 22:30 in Tehran: the window is open, advertising's hours are not
		const window = { sendWindow: { hours: { from: '20:00', until: '23:30' } } };
		const { items, error } = await ctx.run(sms('advertising', { additionalFields: window, timeZone: 'Asia/Tehran' }));
		expect(error).toBeUndefined();
		const opening = seconds('2026-11-24T16:30:00Z'); // Tuesday 20:00 in Tehran
		expect(sentForms()[0]?.date).toBe(String(opening));
		expect(items[0].json).toMatchObject({ heldForAdvertisingHours: true });
	});

	test('a Send Window that never meets them is refused by name before any request', async () => {
		await expectRejectedBeforeSending(
			ctx,
			sms('advertising', { additionalFields: { sendWindow: { hours: { from: '23:00', until: '06:00' } } } }),
			"Send Window: has no hour within advertising's 07:00–22:00 Tehran time: advertising messages go only then, so the window must overlap them",
		);
	});

	test('Informational keeps no hours of its own', async () => {
		setNow('2026-11-23T19:30:00Z');
		const { items, error } = await ctx.run(sms('informational'));
		expect(error).toBeUndefined();
		expect(sentForms()[0]).not.toHaveProperty('date');
		expect(items[0].json).not.toHaveProperty('heldForAdvertisingHours');
	});
});

describe('Message Kind on a voice call', () => {
	test.each(['informational', 'advertising'])('%s is refused by name before any request', async (messageKind) => {
		await expectRejectedBeforeSending(
			ctx,
			{ resource: 'voiceCall', operation: 'send', callRecipients: fresh(), spokenMessage: 'پیام صوتی', messageKind },
			`Message Kind: a voice call carries service messages only, not ${messageKind} ones: send ${messageKind} messages with SMS → Send, where "لغو ۱۱" lets the recipient stop them`,
		);
	});

	test('Service goes as before', async () => {
		const { error } = await ctx.run({ resource: 'voiceCall', operation: 'send', callRecipients: fresh(), spokenMessage: 'سفارش شما رسید', messageKind: 'service' });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map((request) => request.operation)).toEqual(['call/maketts']);
	});
});

describe('Message Kind on Send and Wait for Response', () => {
	test.each(['informational', 'advertising'])('%s is refused by name before any request', async (messageKind) => {
		await expectRejectedBeforeSending(
			ctx,
			{ resource: 'sms', operation: 'sendAndWait', approvers: fresh(), message: 'بازپرداخت سفارش ۱۲ تأیید شود؟', messageKind },
			`Message Kind: Send and Wait for Response asks service questions only, not ${messageKind} ones: send ${messageKind} messages with SMS → Send, where "لغو ۱۱" lets the recipient stop them`,
		);
	});
});
