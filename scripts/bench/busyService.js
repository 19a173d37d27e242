'use strict';
/**
 * Measure "busy service": a campaign (one item per recipient) against the fake made to answer busy
 * (409) over a given number of requests at once (`busyAbove`), as a service with an undocumented
 * rate limit does: where the node's learned limit settles, whether each message went once and
 * nothing failed, and the time next to plain fetch sending exactly that many at a time; then the
 * same for sends without local IDs, which go again only because a busy answer sent nothing.
 */
const { API_KEY, median, ms, row, runOrThrow, timed, verdict } = require('./common');

const ITEMS = 1000;
const LATENCY_MS = 100;
/** What the fake takes at once, and whether the sends carry local IDs (Prevent Duplicate Sends, on by default). */
const CASES = [
	{ takes: 20, localIds: true },
	{ takes: 60, localIds: true },
	{ takes: 20, localIds: false },
];

/**
 * @param {import('../../test/fakeKavenegar').FakeKavenegar} fake
 * @param {import('./common').Credentials} credentials
 */
async function benchBusyService(fake, credentials) {
	const { Agent, fetch } = require('undici');
	const url = `${fake.url}/v1/${encodeURIComponent(API_KEY)}/sms/send.json`;
	const rows = [];
	let series = 0;
	fake.latencyMs = LATENCY_MS;
	try {
		for (const { takes, localIds } of CASES) {
			series += 1;
			const numbers = Array.from({ length: ITEMS }, (_, i) => `0936${String(series * 10_000 + i).padStart(7, '0')}`);
			fake.busyAbove = takes;
			fake.requests.length = 0;
			fake.maxInFlight = 0;
			const ours = await timed(() =>
				runOrThrow('busy service', { parameters: { resource: 'sms', operation: 'send', recipients: '={{ $json.phone }}', message: 'Hello', options: { preventDuplicateSends: localIds } }, items: numbers.map((phone) => ({ json: { phone } })), credentials }, ITEMS),
			);
			const concurrent = fake.requests.map((request) => request.concurrent);
			const refused = concurrent.filter((count) => count > takes).length;
			const secondHalf = concurrent.slice(Math.floor(concurrent.length / 2));
			// Each round trip's requests go together, so the service sees 1, 2, … up to the limit of that moment: its peaks are the limit.
			const peaks = secondHalf.filter((count, i) => i + 1 < secondHalf.length && secondHalf[i + 1] < count);
			const twice = numbers.filter((number) => fake.deliveriesTo(number) !== 1).length;
			fake.busyAbove = 0;
			const at = `[busy over ${takes} at once, ${LATENCY_MS} ms] ${ITEMS} items × 1 recipient${localIds ? '' : ', without local IDs'}`;
			rows.push(row(`${at}: where the limit settles (median peak, second half)`, `${median(peaks)}`, `near ${takes}`, verdict(median(peaks) >= takes * 0.7 && median(peaks) <= takes + 1)));
			rows.push(row(`${at}: busy answers / requests; messages not sent exactly once; failed items`, `${refused} / ${concurrent.length}; ${twice}; 0`, '0 not once, 0 failed', verdict(twice === 0)));
			if (!localIds) continue;
			const dispatcher = new Agent();
			let next = 0;
			const floor = await timed(async () => {
				const worker = async () => {
					while (next < ITEMS) {
						const receptor = `0937${String(series * 10_000 + next++).padStart(7, '0')}`;
						const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ receptor, message: 'Hello' }).toString(), dispatcher });
						await response.json();
					}
				};
				await Promise.all(Array.from({ length: takes }, worker));
			});
			await dispatcher.close();
			rows.push(row(`${at}: our node / plain fetch ${takes} at a time`, `${ms(ours.ms)} / ${ms(floor.ms)} = ${(ours.ms / floor.ms).toFixed(2)}×`, '(reported)'));
		}
		return rows;
	} finally {
		fake.latencyMs = 0;
		fake.busyAbove = 0;
	}
}

module.exports = { benchBusyService };
