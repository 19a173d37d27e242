'use strict';
/**
 * A sent message's state by id, local id or recipient, and cancelling it: `sms/select`,
 * `sms/statuslocalmessageid`, `sms/statusbyreceptor`, `sms/status` and `sms/cancel`
 * (docs/kavenegar-api.md).
 */
const { DAY, EITHER, STATUS_TEXT, fail, nowSeconds } = require('./service');
const { list, phone, unixTime } = require('./params');

/** @typedef {import('../fakeKavenegar').FakeKavenegar} FakeKavenegar */

/**
 * @param {string | undefined} value
 * @param {number} [max]
 */
function messageIds(value, max) {
	const ids = list(value);
	if (ids.length === 0) fail(400);
	if (ids.some((id) => !/^\d+$/.test(id))) fail(400, 'messageid must be numeric');
	if (max !== undefined && ids.length > max) fail(414);
	return ids.map(Number);
}

/**
 * The row `sms/status` and `sms/cancel` answer with; an unknown id gets status 100.
 * @param {FakeKavenegar} fake
 * @param {number} messageid
 */
function statusRow(fake, messageid) {
	const message = fake.outbox.find((m) => m.messageid === messageid);
	return message
		? { messageid, status: message.status, statustext: message.statustext }
		: { messageid, status: 100, statustext: STATUS_TEXT[100] };
}

/**
 * @param {FakeKavenegar} fake
 * @returns {import('./service').Operations}
 */
function operations(fake) {
	return {
		'sms/select': {
			methods: EITHER,
			params: ['messageid'],
			handle: (p) => {
				fake.requireIpAccess();
				const ids = list(p.messageid);
				if (ids.length === 0) fail(400);
				if (ids.length > 500) fail(414);
				return ids.flatMap((id) => fake.outbox.filter((m) => String(m.messageid) === id).map((m) => fake.sentRow(m)));
			},
		},
		'sms/statuslocalmessageid': {
			methods: EITHER,
			params: ['localid'],
			handle: (p) => {
				const ids = list(p.localid);
				if (ids.length === 0) fail(400);
				if (ids.some((id) => !/^\d+$/.test(id))) fail(400, 'localid must be numeric');
				if (ids.length > fake.statusLocalIdCeiling) fail(414);
				const since = nowSeconds() - 12 * 3600;
				return ids.map((localid) => {
					const m = fake.localIds.get(localid);
					return m && m.date >= since
						? { messageid: m.messageid, localid: Number(localid), status: m.status, statustext: m.statustext }
						: { messageid: 0, localid: Number(localid), status: 100, statustext: STATUS_TEXT[100] };
				});
			},
		},
		'sms/statusbyreceptor': {
			methods: EITHER,
			params: ['receptor', 'startdate', 'enddate'],
			handle: (p) => {
				if (!p.receptor) fail(400);
				phone(p.receptor);
				const start = unixTime(p.startdate);
				if (start === undefined) fail(400);
				const end = unixTime(p.enddate) ?? start + DAY;
				if (end < start || end - start > DAY) fail(417);
				return fake.outbox
					.filter((m) => m.receptor === p.receptor && m.date >= start && m.date <= end)
					.map((m) => ({ receptor: m.receptor, messageid: m.messageid, status: m.status, statustext: m.statustext }));
			},
		},
		'sms/status': {
			methods: EITHER,
			params: ['messageid'],
			handle: (p) => messageIds(p.messageid, 500).map((id) => statusRow(fake, id)),
		},
		'sms/cancel': {
			methods: EITHER,
			params: ['messageid'],
			handle: (p) =>
				messageIds(p.messageid).map((id) => {
					const message = fake.outbox.find((m) => m.messageid === id);
					// Only what has not left the queue can be cancelled; the cost goes back to the account.
					if (message && (message.status === 1 || message.status === 2)) {
						message.status = 13;
						message.statustext = STATUS_TEXT[13];
						fake.credit += message.cost;
					}
					return statusRow(fake, id);
				}),
		},
	};
}

module.exports = { operations };
