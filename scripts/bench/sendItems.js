'use strict';
/**
 * Measure "send items": a campaign, one item per recipient (500 and 5,000 items), at 100 ms per
 * request: our node next to a bare declarative node and plain fetch, all at once; and the same
 * messages as one item (an Aggregate node before Kavenegar) through Send Different Messages.
 */
const { API_KEY, NODE_FILE, bareNodeType, median, ms, row, runOrThrow, timed, verdict } = require('./common');

const LATENCY_MS = 100;
/** Interleaved rounds per workload: 5,000 items take seconds of CPU a variant, so that one is its own measure. */
const WORKLOADS = {
	500: { items: 500, rounds: 7, warmUp: 1 },
	5000: { items: 5000, rounds: 3, warmUp: 0 },
};
/** What the node may have open at once whatever the load: 5,000 items must not open 5,000 sockets. */
const MOST_IN_FLIGHT = 256;

/**
 * @param {500 | 5000} count
 * @returns {(fake: import('../../test/fakeKavenegar').FakeKavenegar, credentials: import('./common').Credentials) => Promise<import('./common').Row[]>}
 */
function benchSendItems(count) {
	return async (fake, credentials) => {
		fake.latencyMs = LATENCY_MS;
		try {
			return await sendItems(fake, credentials, WORKLOADS[count]);
		} finally {
			fake.latencyMs = 0;
		}
	};
}

/**
 * @param {import('../../test/fakeKavenegar').FakeKavenegar} fake
 * @param {import('./common').Credentials} credentials
 * @param {{ items: number, rounds: number, warmUp: number }} workload
 */
async function sendItems(fake, credentials, { items: count, rounds, warmUp }) {
	const { Agent, fetch } = require('undici');
	const items = Array.from({ length: count }, (_, i) => ({
		json: { phone: `0912${1_000_000 + i}`, text: `Order ${1000 + i} has shipped` },
	}));
	const expressions = { recipients: '={{ $json.phone }}', message: '={{ $json.text }}' };
	const bare = bareNodeType();
	const { Kavenegar } = require(NODE_FILE);
	const ourPropertyCount = new Kavenegar().description.properties.length;
	const sameSize = bareNodeType(ourPropertyCount);
	const url = `${fake.url}/v1/${encodeURIComponent(API_KEY)}/sms/send.json`;
	// What an Aggregate node (All Item Data) makes of the items: one item holding them all.
	const aggregated = [{ json: { data: items.map(({ json }) => json) } }];
	const asRows = '={{ $json.data.map((contact) => ({ recipient: contact.phone, sender: "10004346", message: contact.text })) }}';
	/** @type {Record<'ours' | 'oneItem' | 'bare' | 'sameSize' | 'fetch', () => Promise<void>>} */
	const variants = {
		ours: () => runOrThrow('our node', { parameters: { resource: 'sms', operation: 'send', ...expressions }, items, credentials }, count),
		oneItem: () =>
			runOrThrow('one item', { parameters: { resource: 'sms', operation: 'sendArray', messagesInput: 'json', messagesJson: asRows }, items: aggregated, credentials }, count),
		bare: () => runOrThrow('bare node', { parameters: expressions, items, credentials, nodeType: bare }, count),
		sameSize: () => runOrThrow('same-size bare node', { parameters: expressions, items, credentials, nodeType: sameSize }, count),
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
	const times = { ours: [], oneItem: [], bare: [], sameSize: [], fetch: [] };
	/** @type {Partial<Record<keyof typeof variants, string>>} */
	const wire = {};
	let oursMostInFlight = 0;
	for (let round = 0; round < warmUp + rounds; round++) {
		// Interleaved, so that noise from the other engineers' processes hits every variant alike.
		for (const [name, run] of /** @type {[keyof typeof variants, () => Promise<void>][]} */ (Object.entries(variants))) {
			fake.requests.length = 0;
			fake.outbox.length = 0;
			fake.localIds.clear();
			fake.maxInFlight = 0;
			const { ms: elapsed } = await timed(run);
			const requests = name === 'oneItem' ? Math.ceil(count / 200) : count;
			if (fake.requests.length !== requests) throw new Error(`${name}: ${fake.requests.length} requests, expected ${requests}`);
			if (name !== 'oneItem') wire[name] = Object.keys(fake.requests[0].form ?? {}).sort().join(',');
			if (name === 'ours') oursMostInFlight = Math.max(oursMostInFlight, fake.maxInFlight);
			if (round >= warmUp) times[name].push(elapsed);
		}
	}
	fake.requests.length = 0;
	fake.outbox.length = 0;
	fake.localIds.clear();
	// Ratios within a round, then their median: a burst of load from elsewhere hits one round, not one variant.
	const ratio = (/** @type {keyof typeof variants} */ other) => median(times.ours.map((t, i) => t / times[other][i]));
	const [toBare, toSameSize, toFetch] = [ratio('bare'), ratio('sameSize'), ratio('fetch')];
	const at = `[${LATENCY_MS} ms] ${count} items × 1 recipient`;
	const rows = [
		row(`${at}: our node / bare node / padded bare node / plain fetch, all at once (median of ${rounds})`, [times.ours, times.bare, times.sameSize, times.fetch].map((t) => ms(median(t))).join(' / ')),
		row(`${at}: our node / plain fetch (median of round ratios)`, `${toFetch.toFixed(2)}×`, '≤ 1.5×', verdict(toFetch <= 1.5)),
		row(`${at}: our node / bare declarative node`, `${toBare.toFixed(2)}×`, '≤ 1.0×', verdict(toBare <= 1)),
		row(`${at}: our node / bare node padded to our ${ourPropertyCount} properties`, `${toSameSize.toFixed(2)}×`, '(reported)'),
		row(`${at}: most requests in flight at once, our node`, String(oursMostInFlight), `≤ ${MOST_IN_FLIGHT}`, verdict(oursMostInFlight <= MOST_IN_FLIGHT)),
		row(
			`${at}: the same messages as one item (an Aggregate node first) through Send Different Messages, ${Math.ceil(count / 200)} requests: time; / our node; / plain fetch`,
			`${ms(median(times.oneItem))}; ${median(times.oneItem.map((t, i) => t / times.ours[i])).toFixed(2)}×; ${median(times.oneItem.map((t, i) => t / times.fetch[i])).toFixed(2)}×`,
			'(reported)',
		),
	];
	if (wire.ours !== wire.bare) rows.push(row('send: form fields sent, ours / bare', `${wire.ours} / ${wire.bare}`));
	return rows;
}

module.exports = { benchSendItems };
