const { useFake, jalaliOf } = require('../helpers');
const { MESSAGE_STATUS_NAMES, readableRow } = require('../../nodes/allNodes/readableRows');

const ctx = useFake();
/** @param {number} seconds */
const iso = (seconds) => new Date(seconds * 1000).toISOString();

describe('readable rows: ISO dates and English status names, on every row that has them', () => {
	test('every status code of the SDKs has an English name; an unknown code says so without guessing', () => {
		expect(MESSAGE_STATUS_NAMES).toEqual({
			1: 'Queued',
			2: 'Scheduled',
			4: 'Sent to Telecom',
			5: 'Sent to Carrier',
			6: 'Failed',
			10: 'Delivered',
			11: 'Not Delivered',
			13: 'Cancelled',
			14: 'Blocked',
			100: 'Not Found',
		});
		expect(readableRow({ messageid: 1, status: 3 }, 'UTC').statusName).toBe('Unknown status 3');
	});

	test('only message rows get a status name: blocklist, template and media statuses are left as the service gives them', () => {
		expect(readableRow({ linenumber: '1', receptor: '0912', status: 'Active' }, 'UTC')).toEqual({ linenumber: '1', receptor: '0912', status: 'Active' });
		expect(readableRow({ id: 'x', status: 1, status_desc: 'ready' }, 'UTC')).toEqual({ id: 'x', status: 1, status_desc: 'ready' });
	});

	test('sent rows from Get Latest Outbox: dateIso is the row date in ISO 8601, statusName the English name of status', async () => {
		const sent = ctx.fake.recordSend({ receptor: '09121234567', message: 'x' });
		ctx.fake.setMessageStatus(sent.messageid, 6);
		const { items, error } = await ctx.run({ resource: 'sms', operation: 'getLatestOutbox' });
		expect(error).toBeUndefined();
		const row = items.find((item) => item.json.messageid === sent.messageid)?.json;
		expect(row).toMatchObject({ date: sent.date, dateIso: iso(sent.date), dateJalali: jalaliOf(sent.date), status: 6, statusName: 'Failed' });
	});

	test('received rows from Get Inbox and the account expiry get their ISO dates', async () => {
		const date = Math.floor(Date.now() / 1000) - 600;
		ctx.fake.seedInbox([{ sender: '09121111111', receptor: '30004000', message: 'hi', date }]);
		const inbox = await ctx.run({ resource: 'sms', operation: 'getInbox', lineNumber: '30004000', returnAll: true });
		expect(inbox.items.map((item) => [item.json.date, item.json.dateIso, item.json.statusName])).toEqual([[date, iso(date), undefined]]);
		const account = await ctx.run({ resource: 'account', operation: 'getInfo' });
		expect(account.items[0].json.expiredateIso).toBe(iso(account.items[0].json.expiredate));
		expect(account.items[0].json.expiredateJalali).toBe(jalaliOf(account.items[0].json.expiredate));
	});

	test('the Jalali copy is written in the workflow\'s time zone; a row without a date gets null beside it', async () => {
		const date = Math.floor(Date.now() / 1000) - 300;
		ctx.fake.seedInbox([{ sender: '09121111111', receptor: '30004000', message: 'in Tehran', date }]);
		const { items } = await ctx.run({ resource: 'sms', operation: 'getInbox', lineNumber: '30004000', returnAll: true }, { timezone: 'Asia/Tehran' });
		expect(items.filter((item) => item.json.message === 'in Tehran').map((item) => [item.json.dateIso, item.json.dateJalali])).toEqual([[iso(date), jalaliOf(date, 'Asia/Tehran')]]);
		expect(readableRow({ messageid: 1, status: 1, date: '' }, 'UTC')).toMatchObject({ dateIso: null, dateJalali: null });
		expect(readableRow({ messageid: 1, status: 1, date: 1774038600 }, 'Asia/Tehran')).toMatchObject({ dateIso: '2026-03-20T20:30:00.000Z', dateJalali: '1405/01/01 00:00:00' });
	});
});
