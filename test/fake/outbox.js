'use strict';
/**
 * The outbox read by time or as the latest (`sms/selectoutbox`, `sms/latestoutbox`) and counted
 * (`sms/countoutbox`), as docs/kavenegar-api.md gives them.
 */
const { DAY, EITHER, STATUS_TEXT, fail, nowSeconds } = require('./service');
const { integer, unixTime } = require('./params');

/** The statuses a sent message can be in (100 is a lookup's "unknown id", not a message's). */
const MESSAGE_STATUSES = Object.keys(STATUS_TEXT).map(Number).filter((status) => status !== 100);

/**
 * A range of the outbox by message date: start required, at most 3 days back, at most a day long;
 * an empty end is now.
 * @param {import('./service').Params} p
 */
function outboxRange(p) {
	const now = nowSeconds();
	const start = unixTime(p.startdate);
	if (start === undefined) fail(400);
	if (start < now - 3 * DAY) fail(417);
	const end = unixTime(p.enddate) ?? now;
	if (end < start || end - start > DAY) fail(417);
	return { start, end };
}

/**
 * @param {import('../fakeKavenegar').FakeKavenegar} fake
 * @returns {import('./service').Operations}
 */
function operations(fake) {
	return {
		'sms/selectoutbox': {
			methods: EITHER,
			params: ['startdate', 'enddate', 'sender'],
			handle: (p) => {
				fake.requireIpAccess(fake.outboxIpAccessCode);
				const { start, end } = outboxRange(p);
				return fake.outbox
					.filter((m) => m.date >= start && m.date <= end && (p.sender === undefined || m.sender === p.sender))
					.slice(0, 500)
					.map((m) => fake.sentRow(m));
			},
		},
		'sms/latestoutbox': {
			methods: EITHER,
			params: ['pagesize', 'sender'],
			handle: (p) => {
				fake.requireIpAccess(fake.outboxIpAccessCode);
				const size = p.pagesize === undefined ? 500 : Number(p.pagesize);
				if (!Number.isInteger(size) || size < 1 || size > 500) fail(400);
				return fake.outbox
					.filter((m) => p.sender === undefined || m.sender === p.sender)
					.slice()
					.reverse()
					.slice(0, size)
					.map((m) => fake.sentRow(m));
			},
		},
		'sms/countoutbox': {
			methods: EITHER,
			params: ['startdate', 'enddate', 'status'],
			handle: (p) => {
				const { start, end } = outboxRange(p);
				const status = p.status === undefined ? undefined : integer(p.status, 'status');
				if (status !== undefined && !MESSAGE_STATUSES.includes(status)) fail(400, `status must be one of ${MESSAGE_STATUSES.join(', ')}`);
				const counted = fake.outbox.filter((m) => m.date >= start && m.date <= end && (status === undefined || m.status === status));
				// A part costs 120 rials in this fake (see recordSend), so the parts follow from the cost.
				const sumpart = counted.reduce((sum, m) => sum + m.cost / 120, 0);
				const cost = counted.reduce((sum, m) => sum + m.cost, 0);
				return [{ startdate: start, enddate: end, sumpart, sumcount: counted.length, cost }];
			},
		},
	};
}

module.exports = { operations };
