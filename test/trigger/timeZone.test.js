'use strict';
/**
 * The Kavenegar Polling Trigger's Jalali dates in its Time Zone setting (nodes/allNodes/timeZoneSetting.ts):
 * a trigger added now (version 2) writes them in Iran's time, in a workflow whose owner set no zone
 * (n8n then reads America/New_York); one saved before (version 1) keeps the workflow's zone. A value
 * that names no zone fails the poll before it reads anything.
 */
const { runPoll, credentialsFor } = require('../harness');
const { useFake, nowSeconds, jalaliOf } = require('../helpers');

const ctx = useFake();
const LINE = '30004000';
/**
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {Omit<Parameters<typeof runPoll>[0], 'parameters'>} [options]
 */
const poll = (parameters, options = {}) => runPoll({ parameters, credentials: credentialsFor(ctx.fake), timezone: null, ...options });

beforeEach(() => {
	ctx.fake.inbox.length = 0;
	ctx.fake.outbox.length = 0;
});

describe.each([
	[2, 'Asia/Tehran'],
	[1, 'America/New_York'],
])('Kavenegar Polling Trigger version %i writes its Jalali dates in %s', (typeVersion, zone) => {
	test('New Incoming Message: the messages a poll emits', async () => {
		/** @type {Record<string, any>} */
		const staticData = {};
		const parameters = { event: 'newIncomingMessage', lineNumber: LINE };
		await poll(parameters, { staticData, typeVersion });
		const date = nowSeconds() - 60;
		ctx.fake.seedInbox([{ sender: '09121234567', receptor: LINE, message: 'salam', date }]);
		const { items, error } = await poll(parameters, { staticData, typeVersion });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ date, dateJalali: jalaliOf(date, zone) })]);
	});

	test('Message Status Changed: the test event', async () => {
		const { messageid } = ctx.fake.recordSend({ receptor: '09120000001', message: 'm' });
		ctx.fake.setMessageStatus(messageid, 10);
		const { items, error } = await poll({ event: 'messageStatusChanged', statuses: [10] }, { mode: 'manual', typeVersion });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ messageid, dateJalali: jalaliOf(Number(items[0].json.date), zone) });
	});
});

test('a zone the setting does not name fails the poll before any request, naming the setting', async () => {
	const { error } = await poll({ event: 'newIncomingMessage', lineNumber: LINE, timeZone: '={{ "Tehran" }}' }, { typeVersion: 2 });
	expect(error?.message).toBe('Time Zone Name or ID: "Tehran" is not a time zone: pick one from the list, or write an IANA name such as Asia/Tehran');
	expect(ctx.fake.requests).toEqual([]);
});
