'use strict';
/** Measure "send items": 500 items × 1 recipient, our node next to a bare declarative node and plain fetch. */
const { API_KEY, NODE_FILE, bareNodeType, median, ms, row, runOrThrow, timed, verdict } = require('./common');

const SEND_ITEMS = 500;
const ROUNDS = 9;
const WARMUP_ROUNDS = 2;

/**
 * 1. 500 items × 1 recipient: our node, a bare declarative node, and plain fetch.
 * @param {import('../../test/fakeKavenegar').FakeKavenegar} fake
 * @param {import('./common').Credentials} credentials
 */
async function benchSendItems(fake, credentials) {
	const { Agent, fetch } = require('undici');
	const items = Array.from({ length: SEND_ITEMS }, (_, i) => ({
		json: { phone: `0912${1_000_000 + i}`, text: `Order ${1000 + i} has shipped` },
	}));
	const expressions = { recipients: '={{ $json.phone }}', message: '={{ $json.text }}' };
	const bare = bareNodeType();
	const { Kavenegar } = require(NODE_FILE);
	const ourPropertyCount = new Kavenegar().description.properties.length;
	const sameSize = bareNodeType(ourPropertyCount);
	const url = `${fake.url}/v1/${encodeURIComponent(API_KEY)}/sms/send.json`;
	/** @type {Record<'ours' | 'bare' | 'sameSize' | 'fetch', () => Promise<void>>} */
	const variants = {
		ours: () => runOrThrow('our node', { parameters: { resource: 'sms', operation: 'send', ...expressions }, items, credentials }, SEND_ITEMS),
		bare: () => runOrThrow('bare node', { parameters: expressions, items, credentials, nodeType: bare }, SEND_ITEMS),
		sameSize: () => runOrThrow('same-size bare node', { parameters: expressions, items, credentials, nodeType: sameSize }, SEND_ITEMS),
		fetch: async () => {
			// A fresh pool each round: a connection left idle since the last round may be closed by the
			// server just as it is reused, and a POST is not retried (ECONNRESET).
			const dispatcher = new Agent();
			try {
				await Promise.all(
					items.map(async ({ json }) => {
						const response = await fetch(url, {
							method: 'POST',
							headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
							body: new URLSearchParams({ receptor: json.phone, message: json.text }).toString(),
							dispatcher,
						});
						const body = /** @type {any} */ (await response.json());
						if (body.return?.status !== 200) throw new Error(`fetch: service answered ${body.return?.status}`);
					}),
				);
			} finally {
				await dispatcher.close();
			}
		},
	};
	/** @type {Record<keyof typeof variants, number[]>} */
	const times = { ours: [], bare: [], sameSize: [], fetch: [] };
	/** @type {Partial<Record<keyof typeof variants, string>>} */
	const wire = {};
	for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
		// Interleaved, so that noise from the other engineers' processes hits all three alike.
		for (const [name, run] of /** @type {[keyof typeof variants, () => Promise<void>][]} */ (Object.entries(variants))) {
			fake.requests.length = 0;
			const { ms: elapsed } = await timed(run);
			if (fake.requests.length !== SEND_ITEMS) throw new Error(`${name}: ${fake.requests.length} requests, expected ${SEND_ITEMS}`);
			wire[name] = Object.keys(fake.requests[0].form ?? {}).sort().join(',');
			if (round >= WARMUP_ROUNDS) times[name].push(elapsed);
		}
	}
	const [ours, bareMs, fetchMs] = [median(times.ours), median(times.bare), median(times.fetch)];
	// Ratios within a round, then their median: a burst of load from elsewhere hits one round, not one variant.
	const ratio = (/** @type {keyof typeof variants} */ other) => median(times.ours.map((t, i) => t / times[other][i]));
	const [toBare, toSameSize, toFetch] = [ratio('bare'), ratio('sameSize'), ratio('fetch')];
	const rows = [
		row(`send ${SEND_ITEMS} items: our node (median of ${ROUNDS})`, ms(ours)),
		row(`send ${SEND_ITEMS} items: bare declarative node`, ms(bareMs)),
		row(`send ${SEND_ITEMS} items: bare node padded to our ${ourPropertyCount} properties`, ms(median(times.sameSize))),
		row(`send ${SEND_ITEMS} items: plain fetch, all at once`, ms(fetchMs)),
		row('send: our node / bare node (median of round ratios)', `${toBare.toFixed(2)}×`, '≤ 1.10×', verdict(toBare <= 1.1)),
		row('send: our node / same-size bare node (our own code)', `${toSameSize.toFixed(2)}×`, '≤ 1.10×', verdict(toSameSize <= 1.1)),
		row('send: our node / plain fetch', `${toFetch.toFixed(2)}×`, '(reported)'),
	];
	if (wire.ours !== wire.bare) rows.push(row('send: form fields sent, ours / bare', `${wire.ours} / ${wire.bare}`));
	return rows;
}

module.exports = { benchSendItems };
