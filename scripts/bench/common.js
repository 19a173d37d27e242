'use strict';
/**
 * What the benchmark's measures share (scripts/bench.js runs them): constants, the figure
 * formatting, the harness and fake loaded on demand, timing and peak memory, a bare declarative
 * node to compare with, the fake as another process, and the children that run one measure each.
 */
const path = require('node:path');
const { spawn } = require('node:child_process');
const { performance } = require('node:perf_hooks');

const API_KEY = 'bench-api-key';
const BIG_SEND_RECIPIENTS = 1000;
const INBOX_MESSAGES = 10_000;
const CHILD_TIMEOUT_MS = 180_000;
const SAMPLE_EVERY_MS = 5;
const MB = 1024 * 1024;

const DIST = path.join(__dirname, '..', '..', 'dist');
const NODE_FILE = path.join(DIST, 'nodes/Kavenegar/Kavenegar.node.js');
const CREDENTIAL_FILE = path.join(DIST, 'credentials/KavenegarApi.credentials.js');
const ENTRY = path.join(__dirname, '..', 'bench.js');

/** @typedef {{ measure: string, figure: string, target: string, verdict: string }} Row */
/** @typedef {import('../../test/harness').Credentials} Credentials */

const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
const mb = (/** @type {number} */ bytes) => `${(bytes / MB).toFixed(1)} MB`;
/** @returns {Row} */
const row = (/** @type {string} */ measure, /** @type {string} */ figure, target = '', verdict = '') => ({ measure, figure, target, verdict });
const verdict = (/** @type {boolean} */ ok) => (ok ? 'ok' : 'over');

// Loaded only where needed, so that the cold-require children start from an empty module cache.
const harness = () => require('../../test/harness');
const fakeModule = () => require('../../test/fakeKavenegar');

/**
 * @template T
 * @param {() => Promise<T>} fn
 */
async function timed(fn) {
	const start = performance.now();
	const result = await fn();
	return { result, ms: performance.now() - start };
}

/**
 * The least a declarative node needs to make the same request on the same engine: the key in
 * `requestDefaults.baseURL`, the same two parameters and a form POST to sms/send.json. No
 * validation, no envelope check, no output shaping: what is left is the engine's own cost.
 * With `padTo`, hidden inert properties bring it to that many top-level properties: n8n's routing
 * walks every top-level property for every item, so a node with many operations pays for its size
 * before any code of its own runs.
 * @returns {import('n8n-workflow').INodeType}
 */
function bareNodeType(padTo = 0) {
	/** @type {import('n8n-workflow').INodeType} */
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
	const { properties } = nodeType.description;
	for (let i = properties.length; i < padTo; i++) {
		properties.push({ displayName: `Unused ${i}`, name: `unused${i}`, type: 'string', default: '', displayOptions: { show: { unused: [true] } } });
	}
	// What n8n's loader does to every node (the "Request Options" of declarative nodes), as for ours.
	return harness().asLoaded(nodeType);
}

/**
 * @param {string} what
 * @param {Parameters<ReturnType<typeof harness>['runNode']>[0]} options
 * @param {number} expectedItems
 */
async function runOrThrow(what, options, expectedItems) {
	const { items, error } = await harness().runNode(options);
	if (error) throw new Error(`${what}: ${error.message}`);
	if (items.length !== expectedItems) throw new Error(`${what}: ${items.length} items, expected ${expectedItems}`);
}

/**
 * Peak memory while `fn` runs: process.memoryUsage() sampled every few ms, plus getrusage's
 * maxRSS, which catches a peak between two samples whenever it is the process's highest yet.
 * @param {() => Promise<unknown>} fn
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

/** The fake in its own process, so that its buffering of the upload is not in our RSS. */
async function startFakeProcess() {
	const child = spawn(process.execPath, [path.join(__dirname, '../../test/fakeKavenegar.js'), '--api-key', API_KEY], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	/** @type {string} */
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
	/** @type {string} */
	const url = JSON.parse(line).url;
	return { url, stop: () => child.kill('SIGTERM') };
}

/**
 * Runs one measure in a child process of the benchmark (`node scripts/bench.js --only <name>`) and
 * resolves with what it printed last, as JSON.
 * @param {string} only
 * @param {string[]} [nodeArgs]
 * @returns {Promise<any>}
 */
function runChild(only, nodeArgs = []) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [...nodeArgs, ENTRY, '--only', only], {
			stdio: ['ignore', 'pipe', 'inherit'],
			timeout: CHILD_TIMEOUT_MS,
		});
		let out = '';
		child.stdout.on('data', (chunk) => (out += chunk));
		child.on('error', reject);
		child.on('close', (code, signal) => {
			if (code !== 0) return reject(new Error(`child "${only}" ended with ${signal ?? `code ${code}`}`));
			resolve(JSON.parse(/** @type {string} */ (out.trim().split('\n').pop())));
		});
	});
}

module.exports = {
	API_KEY,
	BIG_SEND_RECIPIENTS,
	INBOX_MESSAGES,
	NODE_FILE,
	CREDENTIAL_FILE,
	median,
	ms,
	mb,
	row,
	verdict,
	harness,
	fakeModule,
	timed,
	bareNodeType,
	runOrThrow,
	peakDuring,
	startFakeProcess,
	runChild,
};
