'use strict';
/**
 * `npm run bench`: speed and memory figures of the built node (dist/), printed, never asserted.
 * Everything runs against the fake Kavenegar service on 127.0.0.1 inside n8n-core's execution
 * engine (test/harness.js). Measures that need a clean process baseline (memory, cold require)
 * run in child processes of this same script: `node scripts/bench.js --only <measure>`.
 *
 * `--just network,item cost` runs only the named measures. `--just webhook` runs the one measure left
 * out by default: callbacks into a running n8n (scripts/bench/webhook.js), which needs the e2e
 * scripts' n8n installed (minutes on a fresh machine); `--just "static data"` likewise: whether a count
 * kept in a workflow's static data holds when executions overlap (scripts/bench/staticData.js); `--just
 * peak` too: what each kind of step costs when 100 requests reach n8n at once (scripts/bench/peak.js).
 *
 * Each measure is a module of scripts/bench/ (what they share: scripts/bench/common.js); this file
 * runs them, dispatches the children and prints the table.
 *
 * Exit code 0 even when a figure is over its target. A measure that crashes prints CRASHED and its
 * error; a variant of one that fails (a child process that dies or times out) makes the rows made of
 * it say FAILED and its error. The other measures and rows are still run and printed, and the exit
 * code is then 1, set once everything is printed.
 */
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

// n8n-core keeps instance settings in N8N_USER_FOLDER and logs node errors to stdout: keep both out of the way.
process.env.N8N_USER_FOLDER ??= path.join(os.tmpdir(), 'n8n-nodes-kavenegar-bench');
process.env.N8N_LOG_LEVEL ??= 'silent';

const { API_KEY, FAILED, errorLine, fakeModule, harness, row, runChild } = require('./bench/common');
const { benchSendItems } = require('./bench/sendItems');
const { benchBigSend } = require('./bench/bigSend');
const { benchBusyService } = require('./bench/busyService');
const { benchNetwork } = require('./bench/network');
const { VARIANTS, benchItemCost, benchItemCosts } = require('./bench/itemCost');
const { benchInbox } = require('./bench/inbox');
const { benchUpload } = require('./bench/upload');
const { benchRequire, benchColdRequire } = require('./bench/coldRequire');
const { benchWebhook } = require('./bench/webhook');
const { benchStaticData } = require('./bench/staticData');
const { benchPeak } = require('./bench/peak');

/** @typedef {import('./bench/common').Row} Row */

/**
 * Runs `bench(fake, credentials)` in this process against a fresh fake.
 * @param {(fake: import('../test/fakeKavenegar').FakeKavenegar, credentials: import('./bench/common').Credentials) => Promise<Row[]>} bench
 */
async function withFake(bench) {
	const fake = await fakeModule().startFakeKavenegar({ apiKey: API_KEY, credit: Number.MAX_SAFE_INTEGER });
	try {
		return await bench(fake, harness().credentialsFor(fake));
	} finally {
		await fake.close();
	}
}

/**
 * Runs one measure; a crash becomes a row, so that the other measures are still printed.
 * @param {string} name
 * @param {() => Promise<Row[]>} fn
 * @returns {Promise<Row[]>}
 */
async function measure(name, fn) {
	try {
		return await fn();
	} catch (error) {
		return [row(name, `CRASHED: ${errorLine(error)}`, '', FAILED)];
	}
}

/** @param {Row[]} rows */
function printTable(rows) {
	const header = row('measure', 'figure', 'target', 'verdict');
	const all = [header, ...rows];
	const width = (/** @type {keyof Row} */ key) => Math.max(...all.map((r) => r[key].length));
	/** @type {(keyof Row)[]} */
	const columns = ['measure', 'figure', 'target'];
	const widths = columns.map(width);
	const line = (/** @type {Row} */ r) => `${r.measure.padEnd(widths[0])}  ${r.figure.padEnd(widths[1])}  ${r.target.padEnd(widths[2])}  ${r.verdict}`.trimEnd();
	process.stdout.write(`${line(header)}\n${'-'.repeat(widths.reduce((a, b) => a + b + 2, 8))}\n`);
	for (const r of rows) process.stdout.write(`${line(r)}\n`);
}

async function main() {
	const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
	if (only) {
		/** @type {Record<string, () => unknown>} */
		const children = {
			inbox: benchInbox,
			upload: benchUpload,
			'require-preloaded': () => benchRequire(true),
			'require-bare': () => benchRequire(false),
			...Object.fromEntries(VARIANTS.map((variant) => [`items-${variant}`, () => benchItemCost(variant)])),
		};
		if (!children[only]) throw new Error(`unknown measure "${only}"`);
		process.stdout.write(`${JSON.stringify(await children[only]())}\n`);
		return;
	}
	const started = performance.now();
	process.stdout.write(`Kavenegar node benchmark: Node ${process.version}, ${os.cpus().length} CPUs, fake service on 127.0.0.1\n\n`);
	/** @type {Record<string, () => Promise<Row[]>>} */
	const measures = {
		'send items': () => withFake(benchSendItems(500)),
		'send 5000 items': () => withFake(benchSendItems(5000)),
		'busy service': () => withFake(benchBusyService),
		'big send': () => withFake(benchBigSend),
		network: () => withFake(benchNetwork),
		'item cost': benchItemCosts,
		inbox: () => runChild('inbox', ['--expose-gc']),
		upload: () => runChild('upload', ['--expose-gc']),
		'cold require': benchColdRequire,
		webhook: benchWebhook,
		'static data': benchStaticData,
		peak: benchPeak,
	};
	const onRequestOnly = ['webhook', 'static data', 'peak'];
	// `--just network,item cost` runs some measures only.
	const just = process.argv.includes('--just') ? process.argv[process.argv.indexOf('--just') + 1].split(',') : Object.keys(measures).filter((name) => !onRequestOnly.includes(name));
	const unknown = just.filter((name) => !measures[name]);
	if (unknown.length) throw new Error(`unknown measure(s) ${unknown.join(', ')}: ${Object.keys(measures).join(', ')}`);
	/** @type {Row[]} */
	const rows = [];
	for (const name of just) rows.push(...(await measure(name, measures[name])));
	harness().shutdownEngine();
	printTable(rows);
	process.stdout.write(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s. Figures, not asserts: on a shared machine they are noisy.\n`);
	const failed = rows.filter((r) => r.verdict === FAILED);
	if (failed.length > 0) {
		process.stdout.write(`${failed.length} row(s) ${FAILED}: a measure crashed or a variant's process failed (its error is in the row); exit code 1.\n`);
		process.exitCode = 1;
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});
