'use strict';
/**
 * What the tests of Message Kind (test/operationParts/messageKind.test.js) and of the numbers that
 * opted out (test/sending/optedOut.test.js) send: an SMS → Send of a kind to numbers of their own,
 * and the forms of the sends the fake received.
 */

/** Monday 10:00 in Tehran: inside advertising's hours. */
const DAYTIME_IN_TEHRAN = '2026-11-23T06:30:00Z';

/**
 * @param {{ fake: import('./fakeKavenegar').FakeKavenegar }} ctx
 * @param {number} firstNumber where this file's numbers start, so that one file's sends are not another's duplicates
 */
function messageKindSends(ctx, firstNumber) {
	let series = firstNumber;
	/** A number no other test sent to. */
	const fresh = () => `0912${String(series++).padStart(7, '0')}`;
	/**
	 * @param {string} messageKind
	 * @param {import('n8n-workflow').INodeParameters} [extra]
	 * @returns {import('n8n-workflow').INodeParameters}
	 */
	const sms = (messageKind, extra = {}) => ({ resource: 'sms', operation: 'send', recipients: fresh(), message: 'تخفیف ۲۰ درصدی باشگاه مشتریان', messageKind, ...extra });
	const sentForms = () => ctx.fake.requests.filter((request) => request.operation === 'sms/send').map((request) => request.form);
	/**
	 * An SMS → Send Different Messages of a kind, a row per [recipient, sender line, text].
	 * @param {string} messageKind
	 * @param {[string, string, string][]} rows
	 * @returns {import('n8n-workflow').INodeParameters}
	 */
	const sendArray = (messageKind, rows) => ({
		resource: 'sms',
		operation: 'sendArray',
		messageKind,
		messages: { message: rows.map(([recipient, sender, message]) => ({ recipient, sender, message })) },
	});
	/**
	 * One JSON-array field of the Send Different Messages request the fake received.
	 * @param {string} field
	 */
	const sentArray = (field) => JSON.parse(String(ctx.fake.requests.find((request) => request.operation === 'sms/sendarray')?.form?.[field]));
	return { fresh, sms, sentForms, sendArray, sentArray };
}

module.exports = { DAYTIME_IN_TEHRAN, messageKindSends };
