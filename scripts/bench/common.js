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
/** The verdict of a row whose figure could not be had: a measure that crashed or a variant that failed. */
const FAILED = 'failed';

/**
 * What a row has room for of an error: its message's first line, and its cause's code or message.
 * @param {unknown} error
 */
function errorLine(error) {
	if (!(error instanceof Error)) return String(error);
	const cause = /** @type {{ code?: string, message?: string } | undefined} */ (error.cause);
	return `${String(error.message).split('\n')[0]}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
}

/**
 * @template S
 * @typedef {{ samples: S[], failed?: string, notMeasured?: string }} Variant one variant of a measure:
 *   its samples; `failed`, the error that ended it; `notMeasured`, why it cannot be measured here
 */

/**
 * Samples each variant `rounds` times, the variants in turn within a round. A variant whose run
 * throws is failed from then on (its error kept, its later rounds skipped) while the others go on;
 * one whose run answers `{ notMeasured }` is not run again.
 * @template S
 * @param {readonly string[]} names
 * @param {number} rounds
 * @param {(name: string) => Promise<S | { notMeasured: string }>} run
 * @returns {Promise<Record<string, Variant<S>>>}
 */
async function sampleVariants(names, rounds, run) {
	/** @type {Record<string, Variant<S>>} */
	const variants = Object.fromEntries(names.map((name) => [name, { samples: [] }]));
	for (let round = 0; round < rounds; round++) {
		for (const name of names) {
			const variant = variants[name];
			if (variant.failed !== undefined || variant.notMeasured !== undefined) continue;
			try {
				const sample = await run(name);
				if (sample !== null && typeof sample === 'object' && 'notMeasured' in sample) variant.notMeasured = sample.notMeasured;
				else variant.samples.push(sample);
			} catch (error) {
				variant.failed = errorLine(error);
			}
		}
	}
	return variants;
}

/**
 * A row made of some variants' samples: the figure once every variant it needs has its samples;
 * else the row of the first that failed, with its error and the verdict "failed", or of the first
 * not measured, with why. A figure that cannot be worked out fails its row alone.
 * @param {string} measure
 * @param {Record<string, Variant<unknown>>} variants
 * @param {string[]} needs the variants the figure is made of
 * @param {string} target
 * @param {() => string} figure
 * @param {() => boolean} [ok] whether the figure meets its target, for a row that has one
 * @returns {Row}
 */
function variantRow(measure, variants, needs, target, figure, ok) {
	const failed = needs.find((name) => variants[name].failed !== undefined);
	if (failed !== undefined) return row(measure, `FAILED: ${failed}: ${variants[failed].failed}`, target, FAILED);
	const missing = needs.find((name) => variants[name].notMeasured !== undefined);
	if (missing !== undefined) return row(measure, `not measured: ${variants[missing].notMeasured}`, target);
	try {
		return row(measure, figure(), target, ok ? verdict(ok()) : '');
	} catch (error) {
		return row(measure, `FAILED: ${errorLine(error)}`, target, FAILED);
	}
}

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
 * The line a child's error output ends on that says what went wrong: a stack's first line, not its
 * indented frames.
 * @param {string} output
 */
function lastErrorLine(output) {
	return output
		.split('\n')
		.filter((line) => line.trim() !== '' && !/^\s/.test(line) && !/^Node\.js v/.test(line))
		.pop();
}

/**
 * Runs one measure in a child process of the benchmark (`node scripts/bench.js --only <name>`) and
 * resolves with what it printed last, as JSON; rejects with why the child failed.
 * @param {string} only
 * @param {string[]} [nodeArgs]
 * @returns {Promise<any>}
 */
function runChild(only, nodeArgs = []) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [...nodeArgs, ENTRY, '--only', only], {
			stdio: ['ignore', 'pipe', 'pipe'],
			timeout: CHILD_TIMEOUT_MS,
		});
		let out = '';
		let errors = '';
		child.stdout.on('data', (chunk) => (out += chunk));
		// Shown as it comes, and kept: the child's own error is what its failure is reported with.
		child.stderr.on('data', (chunk) => {
			process.stderr.write(chunk);
			errors += chunk;
		});
		child.on('error', reject);
		child.on('close', (code, signal) => {
			if (code !== 0) {
				const ended = signal ? `${signal}${child.killed ? ` at its ${CHILD_TIMEOUT_MS / 1000} s time-out` : ''}` : `code ${code}`;
				const said = lastErrorLine(errors);
				return reject(new Error(`child "${only}" ended with ${ended}${said ? `: ${said}` : ''}`));
			}
			const last = out.trim().split('\n').pop() ?? '';
			try {
				resolve(JSON.parse(last));
			} catch {
				reject(new Error(`child "${only}" printed no figures: ${JSON.stringify(last.slice(0, 80))}`));
			}
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
	FAILED,
	errorLine,
	sampleVariants,
	variantRow,
	lastErrorLine,
	harness,
	fakeModule,
	timed,
	bareNodeType,
	runOrThrow,
	peakDuring,
	startFakeProcess,
	runChild,
};
