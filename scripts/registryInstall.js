#!/usr/bin/env node
'use strict';
/*
 * npm run test:install (n8n 2.8.4), test:install:newer (2.41.1): the package installed as n8n users
 * install it, from n8n's Settings → Community Nodes, through a registry, then updated and removed.
 * The package is packed (`npm pack`, prepack builds it) and published to a local Verdaccio; a later
 * version (the same files, the version rewritten in a copy) is published during the check. n8n's own
 * endpoints are called, as the editor's Install, Update and Uninstall buttons call them:
 *
 *   POST   /rest/community-packages {name[, version]}   install
 *   GET    /rest/community-packages                      the list (updateAvailable from `npm outdated`)
 *   PATCH  /rest/community-packages {name}               update to the newest
 *   DELETE /rest/community-packages?name=…               uninstall
 *   GET    /types/nodes.json                             the node types the editor's panel lists
 *
 * n8n refuses a registry other than https://registry.npmjs.org unless licensed, so the check keeps
 * n8n's default and runs, whole, inside a network namespace of its own (scripts/lib/netns.js: root
 * only) where registry.npmjs.org is 127.0.0.1 and a TLS front there (a certificate from a CA made for
 * the run, trusted by n8n's Node through NODE_EXTRA_CA_CERTS and by the npm n8n runs through
 * npm_config_cafile) passes requests to Verdaccio (scripts/lib/registry.js). Nothing else resolves in
 * the namespace: n8n's question to api.n8n.io (is the package banned?) fails at once, which n8n
 * takes as "not banned".
 *
 * Parts, each timed: faults before any install (a version that does not exist, the registry down);
 * install of the first version, its nodes in the panel; a saved Webhook → Kavenegar SMS Send
 * workflow published and called, against the fake Kavenegar in this process; the later version
 * published and offered as an update; an update with the registry down, one whose tarball fails half
 * way (the metadata read, the download broken), each answered with n8n's own message and the
 * installed version still sending; the update, with the workflow called all through it; uninstall,
 * the workflow still opening; n8n's scanner (@n8n/scan-community-package) against the same registry.
 * Then n8n is stopped, every SMS is counted (none twice, none lost) and the API key is searched for
 * in n8n's, npm's and Verdaccio's logs and every URL the registry was asked for.
 *
 * Environment: as scripts/e2e.js (E2E_N8N_VERSION, E2E_CACHE_DIR), INSTALL_KEEP=1 keeps the work folder.
 */
const crypto = require('node:crypto');
const dns = require('node:dns/promises');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { N8N_VERSION, PACKAGE_NAME, ROOT, ensureN8n, npmCommand, readJson } = require('./lib/n8nInstall');
const { startN8n } = require('./lib/n8nServer');
const { insideNetns, runInNetns } = require('./lib/netns');
const { describeFailure, failed, killAll, log, run, seconds, stopChildrenOnExit } = require('./lib/processes');
const { REGISTRY_HOST, VERDACCIO_VERSION, ensureVerdaccio, makeCertificates, publishFolder, startTlsFront, startVerdaccio } = require('./lib/registry');
const { webhookRegistered } = require('./e2e');
const { startFakeKavenegar } = require('../test/fakeKavenegar');

const KEEP = process.env.INSTALL_KEEP === '1';
const CHECK_TIMEOUT_MS = 30 * 60 * 1000;
const API_KEY = `live-install-${crypto.randomBytes(12).toString('hex')}`;
const WEBHOOK_PATH = 'kavenegar-install-check';
const NODE_TYPES = ['n8n-nodes-kavenegar.kavenegar', 'n8n-nodes-kavenegar.kavenegarTrigger', 'n8n-nodes-kavenegar.kavenegarWebhookTrigger'];
const MISSING_VERSION = '0.0.9';

/** @typedef {{ status: number, body: any }} Answer */

// ---------------------------------------------------------------- outside the namespace

/** Packs the package as npm publish would (prepack builds dist/ afresh); resolves the tarball's path. */
async function pack(/** @type {string} */ destination) {
	const [npm, npmArgs] = npmCommand();
	const result = await run(npm, [...npmArgs, 'pack', '--json', '--ignore-scripts=false', '--pack-destination', destination], { cwd: ROOT, env: process.env, timeoutMs: 5 * 60_000 });
	if (failed(result)) throw new Error(describeFailure('npm pack', result));
	// prepack's build writes to the same stdout before npm's JSON.
	const [info] = JSON.parse(result.stdout.slice(result.stdout.lastIndexOf('[\n  {')));
	return path.join(destination, info.filename);
}

/** Prepares what needs the machine's network or none (n8n, Verdaccio, the tarball, the CA), then runs the check in its namespace. */
async function outside() {
	const began = Date.now();
	stopChildrenOnExit(() => {});
	/** @type {Record<string, string>} */
	const times = {};
	let at = Date.now();
	await ensureN8n();
	await ensureVerdaccio();
	times.tools = seconds(at);
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kavenegar-install-'));
	let passed = false;
	try {
		at = Date.now();
		const tarball = await pack(workDir);
		times.pack = seconds(at);
		at = Date.now();
		const tls = await makeCertificates(path.join(workDir, 'tls'));
		times.ca = seconds(at);
		const code = await runInNetns({
			hosts: [REGISTRY_HOST],
			timeoutMs: CHECK_TIMEOUT_MS,
			env: {
				INSTALL_WORK_DIR: workDir,
				INSTALL_TARBALL: tarball,
				INSTALL_TLS: JSON.stringify(tls),
				INSTALL_TIMES: JSON.stringify(times),
				// This script's own requests (the scanner's too) trust the run's CA, as n8n's do.
				NODE_EXTRA_CA_CERTS: tls.caFile,
			},
		});
		passed = code === 0;
		log(`network namespace removed; whole run ${seconds(began)}`);
	} finally {
		if (passed && !KEEP) fs.rmSync(workDir, { recursive: true, force: true });
		else log(`kept ${workDir} (n8n's, npm's and Verdaccio's logs in ${path.join(workDir, 'logs')})`);
	}
	process.exit(passed ? 0 : 1);
}

// ---------------------------------------------------------------- inside the namespace

/**
 * The package folder of a tarball, ready to publish as `version`. npm publishes with provenance
 * (publishConfig) only from CI's OIDC identity: the copy publishes without it, and the scanner's
 * provenance check says so below.
 * @param {string} tarball
 * @param {string} dir
 * @param {string} version
 */
async function packageFolder(tarball, dir, version) {
	fs.mkdirSync(dir, { recursive: true });
	const unpack = await run('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1'], { timeoutMs: 60_000 });
	if (failed(unpack)) throw new Error(describeFailure('tar', unpack));
	const manifest = readJson(path.join(dir, 'package.json'));
	manifest.version = version;
	delete manifest.publishConfig;
	fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
	return dir;
}

/** @param {string} version */
function nextPatch(version) {
	const [major, minor, patch] = version.split(/[.-]/).map(Number);
	return `${major}.${minor}.${patch + 1}`;
}

/**
 * n8n's answer to a REST call, failure included: { status, body } (body: its `data`, or its error).
 * @param {import('./lib/n8nServer').RestClient} api
 * @param {string} method
 * @param {string} route
 * @param {unknown} [body]
 * @returns {Promise<Answer>}
 */
async function answer(api, method, route, body) {
	try {
		return { status: 200, body: await api.request(method, route, body) };
	} catch (error) {
		const failure = /** @type {{ status?: number, body?: unknown }} */ (error);
		if (typeof failure.status !== 'number') throw error;
		return { status: failure.status, body: failure.body };
	}
}

/** @param {Answer} reply */
const messageOf = (reply) => (typeof reply.body === 'object' && reply.body !== null && 'message' in reply.body ? String(reply.body.message) : JSON.stringify(reply.body)).replace(/\s+/g, ' ').slice(0, 240);

/** The saved workflow: Webhook → Kavenegar SMS Send, the recipient and text from the call's body. */
function workflowBody(/** @type {{ id: string, name: string }} */ credential) {
	return {
		name: 'Kavenegar installed from the registry',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				parameters: { httpMethod: 'POST', path: WEBHOOK_PATH, responseMode: 'lastNode', options: {} },
				id: crypto.randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: crypto.randomUUID(),
			},
			{
				parameters: { resource: 'sms', operation: 'send', recipients: '={{ $json.body.to }}', message: '={{ $json.body.text }}', additionalFields: {} },
				id: crypto.randomUUID(),
				name: 'Kavenegar',
				type: 'n8n-nodes-kavenegar.kavenegar',
				typeVersion: 2,
				position: [220, 0],
				credentials: { kavenegarApi: credential },
			},
		],
		connections: { Webhook: { main: [[{ node: 'Kavenegar', type: 'main', index: 0 }]] } },
	};
}

async function inside() {
	const began = Date.now();
	const workDir = /** @type {string} */ (process.env.INSTALL_WORK_DIR);
	const tls = JSON.parse(/** @type {string} */ (process.env.INSTALL_TLS));
	/** @type {Record<string, string>} */
	const outsideTimes = JSON.parse(process.env.INSTALL_TIMES ?? '{}');
	const logDir = path.join(workDir, 'logs');
	const userFolder = path.join(workDir, 'user');
	fs.mkdirSync(logDir, { recursive: true });
	fs.mkdirSync(userFolder, { recursive: true });
	/** @type {string[]} */
	const problems = [];
	/** @type {string[]} */
	const lines = [];
	stopChildrenOnExit(() => {});

	const resolved = await dns.lookup(REGISTRY_HOST);
	if (resolved.address !== '127.0.0.1') throw new Error(`${REGISTRY_HOST} is ${resolved.address} in the namespace, not 127.0.0.1`);

	// The registry: Verdaccio, the TLS front, the first version published.
	let at = Date.now();
	const verdaccio = await startVerdaccio(path.join(workDir, 'verdaccio'), path.join(logDir, 'verdaccio.log'));
	const front = await startTlsFront(tls, verdaccio.url);
	const first = readJson(path.join(ROOT, 'package.json')).version;
	const later = nextPatch(first);
	const tarball = /** @type {string} */ (process.env.INSTALL_TARBALL);
	await publishFolder(await packageFolder(tarball, path.join(workDir, `package-${first}`), first), verdaccio, path.join(logDir, `publish-${first}.log`));
	const metadata = await fetch(`https://${REGISTRY_HOST}/${PACKAGE_NAME}`, { signal: AbortSignal.timeout(10_000) });
	const packument = /** @type {any} */ (await metadata.json());
	if (!metadata.ok || packument['dist-tags']?.latest !== first) throw new Error(`https://${REGISTRY_HOST}/${PACKAGE_NAME} in the namespace answered HTTP ${metadata.status} latest ${packument['dist-tags']?.latest}, not ${first}`);
	lines.push(`  registry            Verdaccio ${VERDACCIO_VERSION} behind https://${REGISTRY_HOST} (throwaway CA), ${PACKAGE_NAME}@${first} published (${seconds(at)})`);

	const fake = await startFakeKavenegar({ apiKey: API_KEY });
	// What n8n hands the npm it runs: the run's CA, a cache and a user config of its own (nothing of
	// the machine's npm cache, which may hold the real registry's answers for this name), and no
	// retries, so that a registry that is down is told in seconds, not after npm's 70 s of backoff.
	const npmEnv = {
		NODE_EXTRA_CA_CERTS: tls.caFile,
		npm_config_cafile: tls.caFile,
		npm_config_cache: path.join(workDir, 'npm-cache'),
		npm_config_userconfig: path.join(workDir, 'npmrc'),
		npm_config_update_notifier: 'false',
		npm_config_fetch_retries: '0',
		npm_config_logs_dir: path.join(logDir, 'npm'),
	};
	fs.writeFileSync(npmEnv.npm_config_userconfig, '');
	at = Date.now();
	const n8n = await startN8n({ role: 'main', userFolder, logDir, env: npmEnv });
	const api = n8n.rest();
	await api.setupOwner();
	const base = /** @type {string} */ (n8n.url);
	lines.push(`  n8n start           n8n ${N8N_VERSION}, no community package (${seconds(at)})`);

	/** @type {{ text: string, status: number, during: string }[]} */
	const calls = [];
	let callNumber = 0;
	/** Calls the saved workflow once with a text of its own; resolves the HTTP status. */
	const callWorkflow = async (/** @type {string} */ during) => {
		const text = `install check ${++callNumber} (${during})`;
		let status = 0;
		try {
			const response = await fetch(`${base}/webhook/${WEBHOOK_PATH}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ to: '09121234567', text }),
				signal: AbortSignal.timeout(60_000),
			});
			await response.text();
			status = response.status;
		} catch {
			status = -1;
		}
		calls.push({ text, status, during });
		return status;
	};
	const sentTexts = () => fake.requests.filter((request) => request.operation === 'sms/send').map((request) => request.form?.message ?? request.query.message);
	/** The workflow sends now, once: called, answered 200, its text at the fake once. */
	const stillSends = async (/** @type {string} */ during) => {
		const status = await callWorkflow(during);
		const text = calls[calls.length - 1].text;
		const count = sentTexts().filter((sent) => sent === text).length;
		if (status !== 200 || count !== 1) problems.push(`${during}: the workflow answered HTTP ${status} and its SMS reached the fake ${count} times`);
		return status === 200 && count === 1;
	};
	const installed = async () => /** @type {any[]} */ ((await answer(api, 'GET', '/community-packages')).body);
	const installedVersion = async () => (await installed()).find((entry) => entry.packageName === PACKAGE_NAME)?.installedVersion;
	const panelTypes = async () => {
		const response = await fetch(`${base}/types/nodes.json`, { headers: { 'browser-id': 'n8n-nodes-kavenegar-scripts', cookie: /** @type {string} */ (await authCookie()) } });
		const types = /** @type {{ name: string }[]} */ (await response.json());
		return new Set(types.map((type) => type.name).filter((name) => name.startsWith(`${PACKAGE_NAME}.`)));
	};
	/** n8n's auth cookie, from a login of our own (the REST client keeps its own to itself). */
	let cookie = '';
	const authCookie = async () => {
		if (cookie) return cookie;
		const response = await fetch(`${base}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': 'n8n-nodes-kavenegar-scripts' },
			body: JSON.stringify({ emailOrLdapLoginId: api.owner.email, password: api.owner.password }),
		});
		cookie = (response.headers.getSetCookie?.() ?? []).map((value) => value.split(';')[0]).find((value) => value.startsWith('n8n-auth=')) ?? '';
		return cookie;
	};
	const packageDir = path.join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	const versionOnDisk = () => {
		try {
			return readJson(path.join(packageDir, 'package.json')).version;
		} catch {
			return 'none';
		}
	};

	try {
		// Faults before any install: n8n's messages, nothing installed.
		at = Date.now();
		const missing = await answer(api, 'POST', '/community-packages', { name: PACKAGE_NAME, version: MISSING_VERSION });
		await front.down();
		const down = await answer(api, 'POST', '/community-packages', { name: PACKAGE_NAME });
		await front.up();
		if (missing.status < 400) problems.push(`install of ${MISSING_VERSION}, a version the registry does not have: HTTP ${missing.status}`);
		if (down.status < 400) problems.push(`install with the registry down: HTTP ${down.status}`);
		if ((await installed()).length !== 0 || versionOnDisk() !== 'none') problems.push('a failed install left a package behind');
		lines.push(`  faults, no install  ${PACKAGE_NAME}@${MISSING_VERSION}: HTTP ${missing.status} "${messageOf(missing)}"`);
		lines.push(`                      registry down: HTTP ${down.status} "${messageOf(down)}"; nothing installed (${seconds(at)})`);

		// Install, as Settings → Community Nodes → Install with the name typed.
		at = Date.now();
		const install = await answer(api, 'POST', '/community-packages', { name: PACKAGE_NAME });
		if (install.status !== 200) throw new Error(`install: HTTP ${install.status} ${messageOf(install)}`);
		const nodeNames = (install.body.installedNodes ?? []).map((/** @type {{ type: string }} */ node) => node.type).sort();
		if (install.body.installedVersion !== first) problems.push(`install: installedVersion ${install.body.installedVersion}, not ${first}`);
		if (JSON.stringify(nodeNames) !== JSON.stringify([...NODE_TYPES].sort())) problems.push(`install: n8n lists the nodes ${nodeNames.join(', ')}`);
		const panel = await panelTypes();
		const absent = NODE_TYPES.filter((type) => !panel.has(type));
		if (absent.length > 0) problems.push(`after install, /types/nodes.json lacks ${absent.join(', ')}`);
		lines.push(`  install             ${first}: ${nodeNames.length} nodes installed; the panel's node types hold them (${panel.size} with the tools n8n makes of them) (${seconds(at)})`);

		// The saved workflow, published and called.
		at = Date.now();
		const credential = await api.request('POST', '/credentials', { name: 'Kavenegar (install check fake)', type: 'kavenegarApi', data: { apiKey: API_KEY, baseUrl: fake.url } });
		const workflow = await api.request('POST', '/workflows', workflowBody({ id: credential.id, name: credential.name }));
		await api.activate(workflow.id);
		// n8n 2.41 registers a published workflow's webhook a moment after answering.
		await webhookRegistered(`${base}/webhook/${WEBHOOK_PATH}`);
		let sending = 0;
		for (let index = 0; index < 3; index++) if (await stillSends(`on ${first}`)) sending++;
		lines.push(`  workflow            Webhook → Kavenegar SMS Send saved, published, called ${sending} of 3 times with one SMS each (${seconds(at)})`);

		// The later version published: n8n offers it.
		at = Date.now();
		await publishFolder(await packageFolder(tarball, path.join(workDir, `package-${later}`), later), verdaccio, path.join(logDir, `publish-${later}.log`));
		const offered = (await installed()).find((entry) => entry.packageName === PACKAGE_NAME)?.updateAvailable;
		if (offered !== later) problems.push(`after ${later} was published, n8n offered updateAvailable ${offered}`);
		lines.push(`  update offered      ${later} published; n8n's list offers ${offered} (${seconds(at)})`);

		// Update with the registry down, and one failing half way: n8n's messages; the installed version still sends.
		at = Date.now();
		await front.down();
		const downUpdate = await answer(api, 'PATCH', '/community-packages', { name: PACKAGE_NAME });
		await front.up();
		const afterDown = await installedVersion();
		if (downUpdate.status < 400) problems.push(`update with the registry down: HTTP ${downUpdate.status}`);
		if (afterDown !== first) problems.push(`after an update with the registry down n8n lists ${afterDown}, not ${first}`);
		await stillSends('after an update with the registry down');
		lines.push(`  update, down        HTTP ${downUpdate.status} "${messageOf(downUpdate)}"; ${afterDown} listed, on disk ${versionOnDisk()}, still sending (${seconds(at)})`);
		at = Date.now();
		front.breakTarball(later);
		const servedBefore = front.requests.length;
		const halfWay = await answer(api, 'PATCH', '/community-packages', { name: PACKAGE_NAME });
		front.mendTarball(later);
		const halfWayRequests = front.requests.slice(servedBefore);
		if (!halfWayRequests.some((request) => request.note === 'broken tarball')) problems.push(`the update failing half way never asked for ${later}'s tarball: ${halfWayRequests.map((request) => `${request.method} ${request.url} ${request.status}`).join(', ')}`);
		const afterHalf = await installedVersion();
		const diskAfterHalf = versionOnDisk();
		if (halfWay.status < 400) problems.push(`update whose tarball is broken: HTTP ${halfWay.status}`);
		if (afterHalf !== first) problems.push(`after an update failing half way n8n lists ${afterHalf}, not ${first}`);
		await stillSends('after an update failing half way');
		// n8n 2.8.4 deletes the installed files before it downloads (2.41 keeps a backup and puts it back):
		// the version then runs from memory, and is missing once n8n restarts. n8n's doing, said, not failed.
		const diskNote = diskAfterHalf === first ? `on disk ${first}` : `on disk ${diskAfterHalf}: n8n removed ${first}'s files first, it runs from memory until n8n restarts`;
		lines.push(`  update, half way    ${later}'s metadata read, its tarball broken: HTTP ${halfWay.status} "${messageOf(halfWay)}"; ${afterHalf} listed, ${diskNote}, still sending (${seconds(at)})`);

		// The update, the workflow called all through it.
		at = Date.now();
		let updating = true;
		const during = (async () => {
			while (updating) {
				await callWorkflow('during the update');
				await new Promise((resolve) => setTimeout(resolve, 200));
			}
		})();
		const update = await answer(api, 'PATCH', '/community-packages', { name: PACKAGE_NAME });
		updating = false;
		await during;
		if (update.status !== 200 || update.body.installedVersion !== later) problems.push(`update: HTTP ${update.status} ${update.status === 200 ? `installedVersion ${update.body.installedVersion}` : messageOf(update)}, not ${later}`);
		const duringCalls = calls.filter((call) => call.during === 'during the update');
		/** @type {Record<string, number>} */
		const duringStatuses = {};
		for (const call of duringCalls) duringStatuses[call.status] = (duringStatuses[call.status] ?? 0) + 1;
		await stillSends(`on ${later}`);
		const panelAfter = await panelTypes();
		const absentAfter = NODE_TYPES.filter((type) => !panelAfter.has(type));
		if (absentAfter.length > 0) problems.push(`after the update /types/nodes.json lacks ${absentAfter.join(', ')}`);
		lines.push(`  update              ${first} → ${update.body?.installedVersion} (HTTP ${update.status}); ${duringCalls.length} calls during it answered ${JSON.stringify(duringStatuses)}; sending on ${versionOnDisk()} (${seconds(at)})`);

		// Uninstall: the nodes leave the panel, the saved workflow still opens.
		at = Date.now();
		const uninstall = await answer(api, 'DELETE', `/community-packages?name=${encodeURIComponent(PACKAGE_NAME)}`);
		if (uninstall.status !== 200) problems.push(`uninstall: HTTP ${uninstall.status} ${messageOf(uninstall)}`);
		const opened = await answer(api, 'GET', `/workflows/${encodeURIComponent(workflow.id)}`);
		const kavenegarNode = opened.body?.nodes?.find((/** @type {{ type: string }} */ node) => node.type === 'n8n-nodes-kavenegar.kavenegar');
		if (opened.status !== 200 || !kavenegarNode) problems.push(`after uninstall the workflow answered HTTP ${opened.status} ${opened.status === 200 ? 'without its Kavenegar node' : messageOf(opened)}`);
		const panelGone = await panelTypes();
		if (panelGone.size > 0) problems.push(`after uninstall the panel's node types still hold ${[...panelGone].join(', ')}`);
		const listed = await installed();
		if (listed.length !== 0 || versionOnDisk() !== 'none') problems.push(`after uninstall n8n lists ${listed.length} packages and ${versionOnDisk()} is on disk`);
		const afterUninstall = await callWorkflow('after uninstall');
		lines.push(`  uninstall           HTTP ${uninstall.status}; the workflow opens (HTTP ${opened.status}, its Kavenegar node kept), no Kavenegar node types; its webhook then answers HTTP ${afterUninstall} (${seconds(at)})`);
	} finally {
		await n8n.stop();
	}

	// n8n's scanner against the same registry (its registry is https://registry.npmjs.org, fixed).
	at = Date.now();
	const scannerDir = path.join(ROOT, 'node_modules', '@n8n', 'scan-community-package', 'scanner');
	// The scanner makes its temporary folder when it loads and leaves it: inside the work folder, it goes with it.
	const scannerTmp = path.join(workDir, 'scanner-tmp');
	fs.mkdirSync(scannerTmp, { recursive: true });
	const scan = await run(process.execPath, [path.join(scannerDir, 'cli.mjs'), `${PACKAGE_NAME}@${later}`], { cwd: workDir, env: { ...process.env, ...npmEnv, TMPDIR: scannerTmp }, timeoutMs: 5 * 60_000, logFile: path.join(logDir, 'scanner.log') });
	const output = /** @type {string} */ (scan.stdout).split('\n');
	const verdict = (output.find((line) => /has (passed|failed)/.test(line)) ?? '').trim();
	const reason = (output.find((line) => line.startsWith('Reason:')) ?? '').trim();
	// The registry leg: the scanner read this version's metadata from the local registry. Its provenance
	// leg needs npm's attestation, which only a publish from CI to npmjs.com has.
	const readRegistry = front.requests.some((request) => request.url.startsWith(`/${PACKAGE_NAME}`) && request.status === 200 && request.time >= new Date(at).toISOString());
	if (!readRegistry) problems.push('the scanner did not read the package from the local registry');
	if (!/passed/.test(verdict) && !/not published with npm provenance/.test(reason)) problems.push(`scanner: ${verdict} ${reason}`);
	// Its lint legs on the version the registry serves: the same rules the published package meets.
	process.env.TMPDIR = scannerTmp;
	const scanner = await import(require('node:url').pathToFileURL(path.join(scannerDir, 'scanner.mjs')).href);
	const lint = await scanner.analyzePackage(path.join(workDir, `package-${later}`), ['**/*.js', 'package.json']);
	if (!lint.passed) problems.push(`scanner's rules on ${later}: ${lint.message}`);
	lines.push(`  scanner             ${verdict || `exit ${scan.code}`} ${reason}; its rules on ${later}'s files: ${lint.passed ? 'passed' : 'failed'} (${seconds(at)})`);

	// Every SMS once, none lost; the key in no URL but Kavenegar's, in no log.
	const sent = sentTexts();
	const answered = calls.filter((call) => call.status === 200);
	const twice = sent.filter((text, index) => sent.indexOf(text) !== index);
	const lost = answered.filter((call) => !sent.includes(call.text));
	const unasked = sent.filter((text) => !calls.some((call) => call.text === text));
	if (twice.length > 0) problems.push(`sent twice: ${twice.join('; ')}`);
	if (lost.length > 0) problems.push(`answered 200 with no SMS: ${lost.map((call) => call.text).join('; ')}`);
	if (unasked.length > 0) problems.push(`an SMS nobody asked for: ${unasked.join('; ')}`);
	// Every request the registry got, for whoever reads a failed run's logs (and the search below).
	fs.writeFileSync(path.join(logDir, 'registry-requests.log'), front.requests.map((request) => JSON.stringify(request)).join('\n') + '\n');
	const keyInUrls = front.requests.filter((request) => request.url.includes(API_KEY) || request.url.includes(encodeURIComponent(API_KEY)));
	if (keyInUrls.length > 0) problems.push(`the API key in a URL asked of the registry: ${keyInUrls[0].url}`);
	const logs = filesUnder(logDir).concat(filesUnder(path.join(workDir, 'npm-cache', '_logs')));
	const keyInLogs = logs.filter((file) => fs.readFileSync(file, 'utf8').includes(API_KEY));
	if (keyInLogs.length > 0) problems.push(`the API key in ${keyInLogs.map((file) => path.relative(workDir, file)).join(', ')}`);
	lines.push(`  count, secrecy      ${calls.length} calls, ${answered.length} answered 200, ${sent.length} SMS, none twice, none lost; the key in none of ${front.requests.length} registry URLs nor ${logs.length} log files`);

	await front.close();
	verdaccio.stop();
	await fake.close();
	console.log('');
	console.log(`Installed from n8n's Community Nodes in n8n ${N8N_VERSION} (a local registry as ${REGISTRY_HOST}, in a network namespace):`);
	console.log(`  prepared            n8n and Verdaccio cached ${outsideTimes.tools ?? '?'}, npm pack ${outsideTimes.pack ?? '?'}, throwaway CA ${outsideTimes.ca ?? '?'}`);
	for (const line of lines) console.log(line);
	console.log(`  in the namespace    ${seconds(began)}`);
	return problems;
}

/** @param {string} dir */
function filesUnder(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

if (insideNetns()) {
	inside()
		.then((problems) => {
			for (const problem of problems) log(`FAIL ${problem}`);
			console.log(problems.length === 0 ? 'install from the registry: passed' : `install from the registry: ${problems.length} problem(s)`);
			killAll();
			process.exit(problems.length === 0 ? 0 : 1);
		})
		.catch((/** @type {Error} */ error) => {
			log(`error: ${error.stack ?? error.message}`);
			killAll();
			process.exit(1);
		});
} else {
	outside().catch((/** @type {Error} */ error) => {
		log(`error: ${error.stack ?? error.message}`);
		killAll();
		process.exit(1);
	});
}
