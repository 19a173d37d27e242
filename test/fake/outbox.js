'use strict';
/** The outbox read by time or as the latest: `sms/selectoutbox` and `sms/latestoutbox` (service-api.md 4.9, 4.11). */
const { DAY, EITHER, fail, nowSeconds } = require('./service');
const { unixTime } = require('./params');

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
				const now = nowSeconds();
				const start = unixTime(p.startdate);
				if (start === undefined) fail(400);
				if (start < now - 3 * DAY) fail(417);
				const end = unixTime(p.enddate) ?? now;
				if (end < start || end - start > DAY) fail(417);
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
	};
}

module.exports = { operations };
