'use strict';
/** Measure "big send": one item sending to 1,000 recipients. */
const { BIG_SEND_RECIPIENTS, harness, median, ms, row, timed, verdict } = require('./common');

/**
 * 2. One item sending to 1,000 recipients.
 * @param {import('../../test/fakeKavenegar').FakeKavenegar} fake
 * @param {import('./common').Credentials} credentials
 */
async function benchBigSend(fake, credentials) {
	const recipients = Array.from({ length: BIG_SEND_RECIPIENTS }, (_, i) => `0935${2_000_000 + i}`).join(',');
	const parameters = { resource: 'sms', operation: 'send', recipients, message: 'Big send' };
	/** @type {number[]} */
	const times = [];
	let requests = 0;
	for (let round = 0; round < 1 + 3; round++) {
		fake.requests.length = 0;
		const { result, ms: elapsed } = await timed(() => harness().runNode({ parameters, credentials }));
		if (result.error) throw result.error;
		if (result.items.length !== BIG_SEND_RECIPIENTS) throw new Error(`big send: ${result.items.length} items`);
		requests = fake.requests.filter((r) => r.operation === 'sms/send').length;
		if (round > 0) times.push(elapsed);
	}
	return [
		row(`send to ${BIG_SEND_RECIPIENTS} recipients: requests`, String(requests), '5', verdict(requests === 5)),
		row(`send to ${BIG_SEND_RECIPIENTS} recipients: time (median of 3)`, ms(median(times))),
	];
}

module.exports = { benchBigSend };
