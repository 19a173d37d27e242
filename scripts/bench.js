'use strict';
/**
 * `npm run bench`: speed and memory figures of the built node (dist/), printed, never asserted.
 * Everything runs against the fake Kavenegar service on 127.0.0.1 inside n8n-core's execution
 * engine (test/harness.js). Measures that need a clean process baseline (memory, cold require)
 * run in child processes of this same script: `node scripts/bench.js --only <measure>`.
 *
 * `--just network,item cost` runs only the named measures.
 *
 * Exit code 0 even when a figure is over its target; non-zero only when a measure crashed.
 */
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { performance } = require('node:perf_hooks');

// n8n-core keeps instance settings in N8N_USER_FOLDER and logs node errors to stdout: keep both out of the way.
process.env.N8N_USER_FOLDER ??= path.join(os.tmpdir(), 'n8n-nodes-kavenegar-bench');
process.env.N8N_LOG_LEVEL ??= 'silent';

const API_KEY = 'bench-api-key';
const SEND_ITEMS = 500;
const ROUNDS = 9;
const WARMUP_ROUNDS = 2;
const BIG_SEND_RECIPIENTS = 1000;
const INBOX_MESSAGES = 10_000;
const MP4_BYTES = 20_000_000;
const REQUIRE_SAMPLES = 5;
const CHILD_TIMEOUT_MS = 180_000;
const SAMPLE_EVERY_MS = 5;
const MB = 1024 * 1024;

const DIST = path.join(__dirname, '..', 'dist');
const NODE_FILE = path.join(DIST, 'nodes/Kavenegar/Kavenegar.node.js');
const CREDENTIAL_FILE = path.join(DIST, 'credentials/KavenegarApi.credentials.js');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(1)} ms`;
const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
const row = (measure, figure, target = '', verdict = '') => ({ measure, figure, target, verdict });
const verdict = (ok) => (ok ? 'ok' : 'over');

// Loaded only where needed, so that the cold-require children start from an empty module cache.
const harness = () => require('../test/harness');
const fakeModule = () => require('../test/fakeKavenegar');

async function timed(fn) {
	const start = performance.now();
	const result = await fn();
	return { result, ms: performance.now() - start };
}

/**
 * The least a declarative node needs to make the same request on the same engine: the key in
 * `requestDefaults.baseURL`, the same two parameters and a form POST to sms/send.json. No
 * validation, no envelope check, no output shaping: what is left is the engine's own cost.
 */
/**
 * A declarative node with only what the send needs. With `padTo`, hidden inert properties bring
 * it to that many top-level properties: n8n's routing walks every top-level property for every
 * item, so a node with many operations pays for its size before any code of its own runs.
 */
function bareNodeType(padTo = 0) {
	const { DirectoryLoader } = require('n8n-core');
	const nodeType = {
		description: {
			displayName: 'Bare Send',
			name: 'bareSend',
			group: ['output'],
			version: 1,
			description: 'Benchmark baseline',
			defaults: { name: 'Bare Send' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'kavenegarApi', required: true }],
			requestDefaults: { baseURL: '={{ $credentials.baseUrl + "/v1/" + encodeURIComponent($credentials.apiKey) }}' },
			properties: [
				{
					displayName: 'Recipients',
					name: 'recipients',
					type: 'string',
					default: '',
					routing: {
						request: {
							method: 'POST',
							url: '/sms/send.json',
							headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
						},
						send: { type: 'body', property: 'receptor' },
					},
				},
				{
					displayName: 'Message',
					name: 'message',
					type: 'string',
					default: '',
					routing: { send: { type: 'body', property: 'message' } },
				},
			],
		},
	};
	const { properties } = /** @type {{ properties: object[] }} */ (nodeType.description);
	for (let i = properties.length; i < padTo; i++) {
		properties.push({ displayName: `Unused ${i}`, name: `unused${i}`, type: 'string', default: '', displayOptions: { show: { unused: [true] } } });
	}
	// What n8n's loader does to every node (the "Request Options" of declarative nodes); the harness does it to ours.
	DirectoryLoader.prototype['applySpecialNodeParameters'](nodeType);
	return nodeType;
}

async function runOrThrow(what, options, expectedItems) {
	const { items, error } = await harness().runNode(options);
	if (error) throw new Error(`${what}: ${error.message}`);
	if (items.length !== expectedItems) throw new Error(`${what}: ${items.length} items, expected ${expectedItems}`);
}

/** 1. 500 items × 1 recipient: our node, a bare declarative node, and plain fetch. */
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
	const times = { ours: [], bare: [], sameSize: [], fetch: [] };
	const wire = {};
	for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
		// Interleaved, so that noise from the other engineers' processes hits all three alike.
		for (const [name, run] of Object.entries(variants)) {
			fake.requests.length = 0;
			const { ms: elapsed } = await timed(run);
			if (fake.requests.length !== SEND_ITEMS) throw new Error(`${name}: ${fake.requests.length} requests, expected ${SEND_ITEMS}`);
			wire[name] = Object.keys(fake.requests[0].form ?? {}).sort().join(',');
			if (round >= WARMUP_ROUNDS) times[name].push(elapsed);
		}
	}
	const [ours, bareMs, fetchMs] = [median(times.ours), median(times.bare), median(times.fetch)];
	// Ratios within a round, then their median: a burst of load from elsewhere hits one round, not one variant.
	const ratio = (other) => median(times.ours.map((t, i) => t / times[other][i]));
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

/** 2. One item sending to 1,000 recipients. */
async function benchBigSend(fake, credentials) {
	const recipients = Array.from({ length: BIG_SEND_RECIPIENTS }, (_, i) => `0935${2_000_000 + i}`).join(',');
	const parameters = { resource: 'sms', operation: 'send', recipients, message: 'Big send' };
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

/** The network settings the latency measures run at: per request, and per new connection. */
const NETWORKS = [
	{ name: '0 ms', latencyMs: 0, connectionLatencyMs: 0 },
	{ name: '100 ms', latencyMs: 100, connectionLatencyMs: 0 },
	{ name: '100 ms + 200 ms per connection', latencyMs: 100, connectionLatencyMs: 200 },
];
const MANY_ITEMS = 2000;
const BOUND = 25;

/** Plain fetch of form POSTs on a fresh connection pool, as the floor of what a client can do. */
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
 */
async function benchNetwork(fake, credentials) {
	const operation = (name) => `${fake.url}/v1/${encodeURIComponent(API_KEY)}/${name}.json`;
	const rows = [];
	const now = Math.floor(Date.now() / 1000);
	const line = '30004000';
	fake.seedInbox(
		Array.from({ length: INBOX_MESSAGES }, (_, i) => ({ sender: `0912${3_000_000 + i}`, receptor: line, message: `پیام شماره ${i}`, date: now - 60 - (i % 80_000) })),
	);
	const pages = Math.ceil(INBOX_MESSAGES / 200);
	let series = 0;
	const fresh = (count) => Array.from({ length: count }, (_, i) => `0935${String((series += 1) * 10_000 + i).padStart(7, '0')}`.slice(0, 11));
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
			const chunks = Array.from({ length: 5 }, (_, i) => ({ receptor: fresh(200).join(','), message: 'Big send' }));
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
		rows.push(row(`${at} inbox ${INBOX_MESSAGES} messages, Return All (${inboxRequests} requests): ours / floor (page 1, then 2..${pages} in parallel)`, `${ms(inbox.ms)} / ${ms(floor.ms)} = ${inboxRatio.toFixed(2)}×`, '≤ 2×', verdict(inboxRatio <= 2)));

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

/**
 * 3. (children) 5,000 items × 1 recipient, CPU time and peak RSS growth of the whole process, our
 * node against a bare declarative node making the same request, each in a fresh process with
 * the fake in another one (so that neither's figures hold the fake's work).
 */
const CPU_ITEMS = 5000;
async function benchItemCost(variant) {
	const fake = await startFakeProcess();
	const credentials = { apiKey: API_KEY, baseUrl: fake.url };
	const items = Array.from({ length: CPU_ITEMS }, (_, i) => ({ json: { phone: `0912${String(1_000_000 + i)}`, text: `Order ${1000 + i} has shipped` } }));
	const expressions = { recipients: '={{ $json.phone }}', message: '={{ $json.text }}' };
	const { Kavenegar } = require(NODE_FILE);
	const options = {
		ours: { parameters: { resource: 'sms', operation: 'send', ...expressions } },
		bare: { parameters: expressions, nodeType: bareNodeType() },
		padded: { parameters: expressions, nodeType: bareNodeType(new Kavenegar().description.properties.length) },
	}[variant];
	try {
		const warmItems = items.slice(0, 50);
		await runOrThrow('warm-up', { ...options, items: warmItems, credentials }, warmItems.length);
		const cpuBefore = process.cpuUsage();
		const measured = await peakDuring(() => runOrThrow(variant, { ...options, items, credentials }, CPU_ITEMS));
		const cpu = process.cpuUsage(cpuBefore);
		return { cpuMs: (cpu.user + cpu.system) / 1000, rssGrowth: measured.rssGrowth, ms: measured.ms };
	} finally {
		fake.stop();
		harness().shutdownEngine();
	}
}

async function benchItemCosts() {
	const samples = { ours: [], bare: [], padded: [] };
	for (let round = 0; round < 3; round++) {
		for (const variant of Object.keys(samples)) samples[variant].push(await runChild(`items-${variant}`, ['--expose-gc']));
	}
	const cpu = (variant) => median(samples[variant].map((s) => s.cpuMs));
	const rss = (variant) => median(samples[variant].map((s) => s.rssGrowth));
	const cpuRatio = cpu('ours') / cpu('bare');
	const rssRatio = rss('ours') / rss('bare');
	return [
		row(`${CPU_ITEMS} items × 1 recipient: CPU, ours / bare node (median of 3 processes each)`, `${ms(cpu('ours'))} / ${ms(cpu('bare'))} = ${cpuRatio.toFixed(2)}×`, '≤ 1.3×', verdict(cpuRatio <= 1.3)),
		row(`${CPU_ITEMS} items: peak RSS growth, ours / bare node`, `${mb(rss('ours'))} / ${mb(rss('bare'))} = ${rssRatio.toFixed(2)}×`, '≤ 1.3×', verdict(rssRatio <= 1.3)),
		row(`${CPU_ITEMS} items: CPU, bare node padded to our property count / bare node`, `${ms(cpu('padded'))} / ${ms(cpu('bare'))} = ${(cpu('padded') / cpu('bare')).toFixed(2)}×`, '(reported)'),
	];
}

/**
 * Peak memory while `fn` runs: process.memoryUsage() sampled every few ms, plus getrusage's
 * maxRSS, which catches a peak between two samples whenever it is the process's highest yet.
 */
async function peakDuring(fn) {
	global.gc?.();
	const before = process.memoryUsage();
	const maxRssBefore = process.resourceUsage().maxRSS * 1024;
	const peak = { rss: before.rss, heapUsed: before.heapUsed };
	const sample = () => {
		const now = process.memoryUsage();
		peak.rss = Math.max(peak.rss, now.rss);
		peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
	};
	const timer = setInterval(sample, SAMPLE_EVERY_MS);
	try {
		const { ms: elapsed } = await timed(fn);
		sample();
		const maxRssAfter = process.resourceUsage().maxRSS * 1024;
		if (maxRssAfter > maxRssBefore) peak.rss = Math.max(peak.rss, maxRssAfter);
		return {
			ms: elapsed,
			rssGrowth: peak.rss - before.rss,
			heapGrowth: peak.heapUsed - before.heapUsed,
		};
	} finally {
		clearInterval(timer);
	}
}

/** 3. (child) Return All over an inbox of 10,000 messages. */
async function benchInbox() {
	const fake = await fakeModule().startFakeKavenegar({ apiKey: API_KEY, inboxPageSize: 200 });
	const credentials = harness().credentialsFor(fake);
	try {
		const now = Math.floor(Date.now() / 1000);
		const seed = (line, count) =>
			fake.seedInbox(
				Array.from({ length: count }, (_, i) => ({ sender: `0912${3_000_000 + i}`, receptor: line, message: `پیام شماره ${i}`, date: now - 60 - (i % 80_000) })),
			);
		seed('30004000', INBOX_MESSAGES);
		seed('30009999', 400);
		const parameters = (lineNumber) => ({ resource: 'sms', operation: 'getInbox', lineNumber, returnAll: true });
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

/**
 * The smallest MP4 a checker accepts: `ftyp`, `moov/mvhd` with a 30 s duration, then an `mdat`
 * box of zeros up to `size` bytes. Returned as base64, the form n8n keeps binary data in memory.
 */
function mp4Base64(size) {
	const box = (type, payload) => {
		const header = Buffer.alloc(8);
		header.writeUInt32BE(8 + payload.length, 0);
		header.write(type, 4, 'latin1');
		return Buffer.concat([header, payload]);
	};
	const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')]));
	const mvhd = Buffer.alloc(100);
	mvhd.writeUInt32BE(1000, 12); // timescale: 1000 units per second
	mvhd.writeUInt32BE(30_000, 16); // duration: 30 s
	mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
	mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
	for (const [index, value] of [[0, 0x00010000], [4, 0x00010000], [8, 0x40000000]]) mvhd.writeUInt32BE(value, 36 + index * 4);
	mvhd.writeUInt32BE(2, 96); // next track id
	const moov = box('moov', box('mvhd', mvhd));
	const file = Buffer.alloc(size);
	let offset = ftyp.copy(file, 0);
	offset += moov.copy(file, offset);
	file.writeUInt32BE(size - offset, offset);
	file.write('mdat', offset + 4, 'latin1');
	return file.toString('base64');
}

function binaryItem(base64, size) {
	return {
		json: {},
		binary: { data: { data: base64, mimeType: 'video/mp4', fileName: 'bench.mp4', fileExtension: 'mp4', fileSize: `${size} B` } },
	};
}

function uploadOperationExists() {
	const { Kavenegar } = require(NODE_FILE);
	return new Kavenegar().description.properties.some(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('media') && p.options?.some((o) => o.value === 'upload'),
	);
}

/** The fake in its own process, so that its buffering of the upload is not in our RSS. */
async function startFakeProcess() {
	const child = spawn(process.execPath, [path.join(__dirname, '../test/fakeKavenegar.js'), '--api-key', API_KEY], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const line = await new Promise((resolve, reject) => {
		let out = '';
		const timer = setTimeout(() => reject(new Error('fake did not start')), 10_000);
		child.stdout.on('data', (chunk) => {
			out += chunk;
			if (out.includes('\n')) {
				clearTimeout(timer);
				resolve(out.split('\n')[0]);
			}
		});
		child.on('exit', () => reject(new Error('fake exited')));
	});
	return { url: JSON.parse(line).url, stop: () => child.kill('SIGTERM') };
}

/** 4. (child) Media → Upload of a 20 MB MP4: peak RSS growth over the file size. */
async function benchUpload() {
	if (!uploadOperationExists()) return [row('upload 20 MB MP4: peak RSS growth', 'not available yet (no Media → Upload)', '≤ 2× file', '—')];
	const fake = await startFakeProcess();
	const credentials = { apiKey: API_KEY, baseUrl: fake.url };
	const parameters = { resource: 'media', operation: 'upload', binaryPropertyName: 'data' };
	try {
		const small = 1_000_000;
		await runOrThrow('upload warm-up', { parameters, items: [binaryItem(mp4Base64(small), small)], credentials }, 1);
		// The input item, base64 in memory as n8n holds it, exists before the node runs.
		const items = [binaryItem(mp4Base64(MP4_BYTES), MP4_BYTES)];
		const measured = await peakDuring(() => runOrThrow('upload', { parameters, items, credentials }, 1));
		const ratio = measured.rssGrowth / MP4_BYTES;
		return [
			row('upload 20 MB MP4: time', ms(measured.ms)),
			row('upload: peak RSS growth (sampled + maxRSS)', mb(measured.rssGrowth)),
			row('upload: peak RSS growth / file size', `${ratio.toFixed(2)}×`, '≤ 2×', verdict(ratio <= 2)),
		];
	} finally {
		fake.stop();
		harness().shutdownEngine();
	}
}

/** 5. (child) Cold require of the built node and credential, with or without n8n-workflow loaded first. */
function benchRequire(preloaded) {
	if (preloaded) require('n8n-workflow');
	const start = process.hrtime.bigint();
	require(NODE_FILE);
	require(CREDENTIAL_FILE);
	return Number(process.hrtime.bigint() - start) / 1e6;
}

function runChild(only, nodeArgs = []) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [...nodeArgs, __filename, '--only', only], {
			stdio: ['ignore', 'pipe', 'inherit'],
			timeout: CHILD_TIMEOUT_MS,
		});
		let out = '';
		child.stdout.on('data', (chunk) => (out += chunk));
		child.on('error', reject);
		child.on('close', (code, signal) => {
			if (code !== 0) return reject(new Error(`child "${only}" ended with ${signal ?? `code ${code}`}`));
			resolve(JSON.parse(out.trim().split('\n').pop()));
		});
	});
}

async function benchColdRequire() {
	const figures = {};
	for (const variant of ['require-preloaded', 'require-bare']) {
		const samples = [];
		for (let i = 0; i < REQUIRE_SAMPLES; i++) samples.push(await runChild(variant));
		figures[variant] = median(samples);
	}
	const preloaded = figures['require-preloaded'];
	return [
		row(`cold require node + credential, n8n-workflow preloaded (median of ${REQUIRE_SAMPLES})`, ms(preloaded), '≤ 50 ms', verdict(preloaded <= 50)),
		row('cold require node + credential, n8n-workflow included', ms(figures['require-bare']), '(reported)'),
	];
}

/** Runs `bench(fake, credentials)` in this process against a fresh fake. */
async function withFake(bench) {
	const fake = await fakeModule().startFakeKavenegar({ apiKey: API_KEY, credit: Number.MAX_SAFE_INTEGER });
	try {
		return await bench(fake, harness().credentialsFor(fake));
	} finally {
		await fake.close();
	}
}

/** Runs one measure; a crash becomes a row, so that the other measures are still printed. */
async function measure(name, fn) {
	try {
		return { rows: await fn() };
	} catch (error) {
		const cause = error.cause ? ` (${error.cause.code ?? error.cause.message})` : '';
		return { rows: [row(name, `CRASHED: ${String(error.message).split('\n')[0]}${cause}`, '', 'crash')], crashed: true };
	}
}

function printTable(rows) {
	const header = row('measure', 'figure', 'target', 'verdict');
	const all = [header, ...rows];
	const width = (key) => Math.max(...all.map((r) => r[key].length));
	const widths = ['measure', 'figure', 'target'].map(width);
	const line = (r) => `${r.measure.padEnd(widths[0])}  ${r.figure.padEnd(widths[1])}  ${r.target.padEnd(widths[2])}  ${r.verdict}`.trimEnd();
	process.stdout.write(`${line(header)}\n${'-'.repeat(widths.reduce((a, b) => a + b + 2, 8))}\n`);
	for (const r of rows) process.stdout.write(`${line(r)}\n`);
}

async function main() {
	const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
	if (only) {
		const children = {
			inbox: benchInbox,
			upload: benchUpload,
			'require-preloaded': () => benchRequire(true),
			'require-bare': () => benchRequire(false),
			'items-ours': () => benchItemCost('ours'),
			'items-bare': () => benchItemCost('bare'),
			'items-padded': () => benchItemCost('padded'),
		};
		if (!children[only]) throw new Error(`unknown measure "${only}"`);
		process.stdout.write(`${JSON.stringify(await children[only]())}\n`);
		return;
	}
	const started = performance.now();
	process.stdout.write(`Kavenegar node benchmark: Node ${process.version}, ${os.cpus().length} CPUs, fake service on 127.0.0.1\n\n`);
	const measures = {
		'send items': () => withFake(benchSendItems),
		'big send': () => withFake(benchBigSend),
		network: () => withFake(benchNetwork),
		'item cost': benchItemCosts,
		inbox: () => runChild('inbox', ['--expose-gc']),
		upload: () => runChild('upload', ['--expose-gc']),
		'cold require': benchColdRequire,
	};
	// `--just network,item cost` runs some measures only.
	const just = process.argv.includes('--just') ? process.argv[process.argv.indexOf('--just') + 1].split(',') : Object.keys(measures);
	const results = [];
	for (const name of just) results.push(await measure(name, measures[name]));
	harness().shutdownEngine();
	printTable(results.flatMap((r) => r.rows));
	process.stdout.write(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s. Figures, not asserts: on a shared machine they are noisy.\n`);
	if (results.some((r) => r.crashed)) process.exitCode = 1;
}

main().catch((error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});
