'use strict';
/** Measure "network": big send, Return All and many items next to plain fetch, at three network latencies. */
const { API_KEY, BIG_SEND_RECIPIENTS, INBOX_MESSAGES, median, ms, row, runOrThrow, timed, verdict } = require('./common');

/** The network settings the latency measures run at: per request, and per new connection. */
const NETWORKS = [
	{ name: '0 ms', latencyMs: 0, connectionLatencyMs: 0 },
	{ name: '100 ms', latencyMs: 100, connectionLatencyMs: 0 },
	{ name: '100 ms + 200 ms per connection', latencyMs: 100, connectionLatencyMs: 200 },
];
const MANY_ITEMS = 2000;
/** The most the node has in flight, learned or set (nodes/Kavenegar/sending/learnedLimit.ts). */
const BOUND = 256;

/**
 * Plain fetch of form POSTs on a fresh connection pool, as the floor of what a client can do.
 * @param {string} url
 * @param {Record<string, string>[]} forms
 * @param {{ parallel?: number }} [options]
 */
async function fetchForms(url, forms, { parallel = forms.length } = {}) {
	const { Agent, fetch } = require('undici');
	const dispatcher = new Agent();
	const results = new Array(forms.length);
	let next = 0;
	const worker = async () => {
		while (next < forms.length) {
			const index = next++;
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams(forms[index]).toString(),
				dispatcher,
			});
			const body = /** @type {any} */ (await response.json());
			if (body.return?.status !== 200) throw new Error(`fetch: service answered ${body.return?.status}`);
			results[index] = body;
		}
	};
	try {
		await Promise.all(Array.from({ length: Math.min(parallel, forms.length) }, worker));
		return results;
	} finally {
		await dispatcher.close();
	}
}

/**
 * 2. The real network: each figure of our node next to its floor, measured in the same run on the
 * same fake with the same latency: plain fetch of the same requests, as parallel as they can be.
 * @param {import('../../test/fakeKavenegar').FakeKavenegar} fake
 * @param {import('./common').Credentials} credentials
 */
async function benchNetwork(fake, credentials) {
	const operation = (/** @type {string} */ name) => `${fake.url}/v1/${encodeURIComponent(API_KEY)}/${name}.json`;
	const rows = [];
	const now = Math.floor(Date.now() / 1000);
	const line = '30004000';
	fake.seedInbox(
		Array.from({ length: INBOX_MESSAGES }, (_, i) => ({ sender: `0912${3_000_000 + i}`, receptor: line, message: `پیام شماره ${i}`, date: now - 60 - (i % 80_000) })),
	);
	const pages = Math.ceil(INBOX_MESSAGES / 200);
	let series = 0;
	const fresh = (/** @type {number} */ count) => Array.from({ length: count }, (_, i) => `0935${String((series += 1) * 10_000 + i).padStart(7, '0')}`.slice(0, 11));
	for (const network of NETWORKS) {
		fake.latencyMs = network.latencyMs;
		fake.connectionLatencyMs = network.connectionLatencyMs;
		const at = `[${network.name}]`;

		// Send to 1,000 recipients: 5 requests of 200.
		const bigSend = [];
		const bigFloor = [];
		for (let round = 0; round < 3; round++) {
			const recipients = fresh(BIG_SEND_RECIPIENTS);
			bigSend.push((await timed(() => runOrThrow('big send', { parameters: { resource: 'sms', operation: 'send', recipients, message: 'Big send' }, credentials }, BIG_SEND_RECIPIENTS))).ms);
			const chunks = Array.from({ length: 5 }, () => ({ receptor: fresh(200).join(','), message: 'Big send' }));
			bigFloor.push((await timed(() => fetchForms(operation('sms/send'), chunks))).ms);
		}
		const sendRatio = median(bigSend) / median(bigFloor);
		rows.push(row(`${at} send to ${BIG_SEND_RECIPIENTS} recipients: ours / floor (5 parallel fetches), median of 3`, `${ms(median(bigSend))} / ${ms(median(bigFloor))} = ${sendRatio.toFixed(2)}×`, '≤ 1.5×', verdict(sendRatio <= 1.5)));

		// Return All over 10,000 messages: 50 pages.
		fake.requests.length = 0;
		const inbox = await timed(() => runOrThrow('inbox', { parameters: { resource: 'sms', operation: 'getInbox', lineNumber: line, returnAll: true }, credentials }, INBOX_MESSAGES));
		const inboxRequests = fake.requests.length;
		const floor = await timed(async () => {
			await fetchForms(operation('sms/inboxpaged'), [{ linenumber: line, isread: '0', pagenumber: '1' }]);
			await fetchForms(operation('sms/inboxpaged'), Array.from({ length: pages - 1 }, (_, i) => ({ linenumber: line, isread: '0', pagenumber: String(i + 2) })));
		});
		const inboxRatio = inbox.ms / floor.ms;
		rows.push(row(`${at} inbox ${INBOX_MESSAGES} messages, Return All (${inboxRequests} requests): ours / floor (page 1, then 2..${pages} in parallel)`, `${ms(inbox.ms)} / ${ms(floor.ms)} = ${inboxRatio.toFixed(2)}×`, '≤ 1.3×', verdict(inboxRatio <= 1.3)));

		// 2,000 items × 1 recipient, default settings: what is in flight at once.
		const numbers = fresh(MANY_ITEMS);
		const items = numbers.map((phone) => ({ json: { phone } }));
		fake.maxInFlight = 0;
		const connectionsBefore = fake.connections;
		const many = await timed(() => runOrThrow('many items', { parameters: { resource: 'sms', operation: 'send', recipients: '={{ $json.phone }}', message: 'Hello' }, items, credentials }, MANY_ITEMS));
		const maxInFlight = fake.maxInFlight;
		const connections = fake.connections - connectionsBefore;
		const manyFloor = await timed(() => fetchForms(operation('sms/send'), numbers.map((receptor) => ({ receptor, message: 'Hello' })), { parallel: BOUND }));
		rows.push(row(`${at} ${MANY_ITEMS} items × 1 recipient: most requests in flight (connections opened)`, `${maxInFlight} (${connections})`, `≤ ${BOUND}`, verdict(maxInFlight <= BOUND)));
		rows.push(row(`${at} ${MANY_ITEMS} items: ours / floor (fetch, ${BOUND} at a time)`, `${ms(many.ms)} / ${ms(manyFloor.ms)} = ${(many.ms / manyFloor.ms).toFixed(2)}×`, '(reported)'));
	}
	fake.latencyMs = 0;
	fake.connectionLatencyMs = 0;
	return rows;
}

module.exports = { benchNetwork };
