'use strict';
/**
 * Text to speech: one message read out to each number (docs/kavenegar-api.md). Its rows are sent-message
 * rows like an SMS send's, so they share the outbox, the message IDs and the local-ID guard.
 */
const { EITHER } = require('./service');
const { unixTime } = require('./params');
const { recipientList } = require('./sms');

/**
 * @param {import('../fakeKavenegar').FakeKavenegar} fake
 * @returns {import('./service').Operations}
 */
function operations(fake) {
	return {
		'call/maketts': {
			sends: true,
			methods: EITHER,
			params: ['receptor', 'message', 'date', 'localid'],
			handle: (p) => {
				const { receptors, localids } = recipientList(p);
				const date = unixTime(p.date);
				return receptors.map((receptor, i) => fake.recordSend({ receptor, message: p.message, date, localid: localids?.[i] }));
			},
		},
	};
}

module.exports = { operations };
