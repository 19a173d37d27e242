'use strict';
/**
 * Received messages: `sms/inboxpaged`, `sms/countinbox`, and `sms/receive`, which marks what it
 * answers as read (docs/kavenegar-api.md).
 */
const { DAY, EITHER, fail, nowSeconds } = require('./service');
const { unixTime } = require('./params');

/** `sms/receive` answers at most this many messages a call. */
const RECEIVE_MAX = 100;

/**
 * @param {import('../fakeKavenegar').FakeKavenegar} fake
 * @returns {import('./service').Operations}
 */
function operations(fake) {
	return {
		'sms/inboxpaged': {
			methods: EITHER,
			params: ['linenumber', 'isread', 'startdate', 'enddate', 'pagenumber'],
			handle: (p) => {
				if (!p.linenumber || (p.isread !== '0' && p.isread !== '1')) fail(400);
				const now = nowSeconds();
				let start = unixTime(p.startdate);
				let end = unixTime(p.enddate);
				if (start === undefined && end === undefined) [start, end] = [now - 2 * DAY, now];
				start ??= /** @type {number} */ (end) - 2 * DAY;
				end ??= Math.min(now, start + 2 * DAY);
				if (end < start || end - start > 2 * DAY) fail(417);
				const page = p.pagenumber === undefined ? 1 : Number(p.pagenumber);
				if (!Number.isInteger(page) || page < 1) fail(400);
				const rows = fake.inbox.filter(
					(m) => m.receptor === p.linenumber && m.read === (p.isread === '1') && m.date >= start && m.date <= end,
				);
				const size = fake.inboxPageSize;
				const entries = rows.slice((page - 1) * size, page * size).map(({ read, ...row }) => row);
				return {
					entries,
					metadata: { totalcount: rows.length, currentpage: page, totalpages: Math.ceil(rows.length / size), pagesize: size },
				};
			},
		},
		'sms/countinbox': {
			methods: EITHER,
			params: ['startdate', 'enddate', 'linenumber', 'isread'],
			handle: (p) => {
				const now = nowSeconds();
				const start = unixTime(p.startdate);
				if (start === undefined) fail(400);
				if (start < now - 60 * DAY) fail(417);
				const end = unixTime(p.enddate) ?? Math.min(now, start + DAY);
				if (end < start || end - start > DAY) fail(417);
				const sumcount = fake.inbox.filter(
					(m) =>
						m.date >= start &&
						m.date <= end &&
						(p.linenumber === undefined || m.receptor === p.linenumber) &&
						(p.isread === undefined || m.read === (p.isread === '1')),
				).length;
				return [{ startdate: start, enddate: end, sumcount }];
			},
		},
		'sms/receive': {
			methods: EITHER,
			params: ['linenumber', 'isread'],
			handle: (p) => {
				if (!p.linenumber || (p.isread !== '0' && p.isread !== '1')) fail(400);
				const rows = fake.inbox.filter((m) => m.receptor === p.linenumber && m.read === (p.isread === '1')).slice(0, RECEIVE_MAX);
				for (const message of rows) message.read = true;
				// No message is `entries: null`, not an empty list.
				return rows.length === 0 ? null : rows.map(({ read, ...row }) => row);
			},
		},
	};
}

module.exports = { operations };
