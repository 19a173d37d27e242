'use strict';
/** Measure "inbox" (a child process): Return All over an inbox of 10,000 messages, requests and peak memory. */
const { API_KEY, INBOX_MESSAGES, fakeModule, harness, mb, ms, peakDuring, row, runOrThrow, verdict } = require('./common');

/** 3. (child) Return All over an inbox of 10,000 messages. */
async function benchInbox() {
	const fake = await fakeModule().startFakeKavenegar({ apiKey: API_KEY, inboxPageSize: 200 });
	const credentials = harness().credentialsFor(fake);
	try {
		const now = Math.floor(Date.now() / 1000);
		const seed = (/** @type {string} */ line, /** @type {number} */ count) =>
			fake.seedInbox(
				Array.from({ length: count }, (_, i) => ({ sender: `0912${3_000_000 + i}`, receptor: line, message: `پیام شماره ${i}`, date: now - 60 - (i % 80_000) })),
			);
		seed('30004000', INBOX_MESSAGES);
		seed('30009999', 400);
		const parameters = (/** @type {string} */ lineNumber) => ({ resource: 'sms', operation: 'getInbox', lineNumber, returnAll: true });
		await runOrThrow('inbox warm-up', { parameters: parameters('30009999'), credentials }, 400);
		fake.requests.length = 0;
		const measured = await peakDuring(() => runOrThrow('inbox', { parameters: parameters('30004000'), credentials }, INBOX_MESSAGES));
		const requests = fake.requests.filter((r) => r.operation === 'sms/inboxpaged').length;
		const expected = Math.ceil(INBOX_MESSAGES / 200);
		return [
			row(`inbox ${INBOX_MESSAGES} messages, Return All: requests`, String(requests), String(expected), verdict(requests <= expected)),
			row('inbox: time', ms(measured.ms)),
			row('inbox: peak JS heap growth (sampled)', mb(measured.heapGrowth)),
			row('inbox: peak RSS growth (sampled + maxRSS)', mb(measured.rssGrowth)),
		];
	} finally {
		await fake.close();
		harness().shutdownEngine();
	}
}

module.exports = { benchInbox };
