'use strict';
/*
 * A local npm registry for scripts/registryInstall.js: Verdaccio (installed once into the e2e cache,
 * as n8n is), the package published to it, and a TLS front on 127.0.0.1:443 that answers as
 * https://registry.npmjs.org with a certificate from a throwaway CA made here with openssl. n8n
 * refuses any registry but https://registry.npmjs.org unless licensed (getNpmRegistry() throws
 * FeatureNotLicensedError for COMMUNITY_NODES_CUSTOM_REGISTRY), so the check keeps n8n's default and
 * makes that name mean this front inside a network namespace of its own (scripts/lib/netns.js).
 *
 * The front logs every request (method, URL, status) for the check to read, and can be told to
 * refuse connections (a registry that is down) or to serve a broken tarball of a version (an update
 * that fails half way: the metadata read, the download failing its integrity check).
 */
const fs = require('node:fs');
const http = require('node:http');
const https = require('node:https');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { CACHE_BASE, npmCommand } = require('./n8nInstall');
const { describeFailure, failed, freePort, killTree, log, run, seconds, track } = require('./processes');

const VERDACCIO_VERSION = '6.8.0';
const VERDACCIO_DIR = path.join(CACHE_BASE, `verdaccio-${VERDACCIO_VERSION}`);
const REGISTRY_HOST = 'registry.npmjs.org';
const INSTALL_TIMEOUT_MS = 10 * 60 * 1000;
const START_TIMEOUT_MS = 60 * 1000;

function verdaccioBin() {
	return path.join(VERDACCIO_DIR, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
}

/** Verdaccio in the e2e cache, installed once without install scripts (about 15 s). */
async function ensureVerdaccio() {
	if (fs.existsSync(path.join(VERDACCIO_DIR, 'e2e-ready.json')) && fs.existsSync(verdaccioBin())) return;
	const started = Date.now();
	const staging = `${VERDACCIO_DIR}.partial-${process.pid}`;
	fs.rmSync(staging, { recursive: true, force: true });
	fs.mkdirSync(staging, { recursive: true });
	fs.writeFileSync(
		path.join(staging, 'package.json'),
		JSON.stringify(
			{
				name: 'n8n-nodes-kavenegar-e2e-verdaccio',
				private: true,
				description: 'the local registry scripts/registryInstall.js of n8n-nodes-kavenegar publishes to',
				dependencies: { verdaccio: VERDACCIO_VERSION },
				// Verdaccio 6.8.0's node-fetch range resolves to a 2.x the registry here does not serve.
				overrides: { 'node-fetch': '2.7.0' },
			},
			null,
			2,
		) + '\n',
	);
	const [npm, npmArgs] = npmCommand();
	const logFile = path.join(CACHE_BASE, `install-verdaccio-${VERDACCIO_VERSION}.log`);
	log(`Verdaccio ${VERDACCIO_VERSION}: installing into ${VERDACCIO_DIR} (first run only; log: ${logFile})`);
	const install = await run(npm, [...npmArgs, 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: staging,
		env: { ...process.env, npm_config_update_notifier: 'false' },
		timeoutMs: INSTALL_TIMEOUT_MS,
		logFile,
	});
	if (failed(install)) throw new Error(describeFailure('npm install verdaccio', install, logFile));
	fs.writeFileSync(path.join(staging, 'e2e-ready.json'), JSON.stringify({ verdaccio: VERDACCIO_VERSION, installedAt: new Date().toISOString() }) + '\n');
	fs.rmSync(VERDACCIO_DIR, { recursive: true, force: true });
	fs.renameSync(staging, VERDACCIO_DIR);
	log(`Verdaccio ${VERDACCIO_VERSION}: installed in ${seconds(started)}`);
}

/**
 * A CA made for this run alone and a certificate for registry.npmjs.org it signed, in dir.
 * @param {string} dir
 * @returns {Promise<{ caFile: string, keyFile: string, certFile: string }>}
 */
async function makeCertificates(dir) {
	fs.mkdirSync(dir, { recursive: true });
	const file = (/** @type {string} */ name) => path.join(dir, name);
	fs.writeFileSync(file('server.ext'), `subjectAltName=DNS:${REGISTRY_HOST}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n`);
	const steps = [
		['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '1', '-subj', '/CN=n8n-nodes-kavenegar throwaway test CA'],
		['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', `/CN=${REGISTRY_HOST}`],
		['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('server.pem'), '-days', '1', '-extfile', file('server.ext')],
	];
	for (const args of steps) {
		const result = await run('openssl', args, { cwd: dir, env: process.env, timeoutMs: 60_000 });
		if (failed(result)) throw new Error(describeFailure(`openssl ${args[0]}`, result));
	}
	// The CA's key is not needed once the one certificate is signed.
	fs.rmSync(file('ca.key'));
	return { caFile: file('ca.pem'), keyFile: file('server.key'), certFile: file('server.pem') };
}

/**
 * Verdaccio on a free loopback port with its storage in dir: no uplink (nothing it does not hold
 * is fetched from anywhere), anyone may read, a logged-in user may publish; tarball URLs written
 * as https://registry.npmjs.org/… (VERDACCIO_PUBLIC_URL), the name n8n asks by.
 * @param {string} dir
 * @param {string} logFile
 */
async function startVerdaccio(dir, logFile) {
	fs.mkdirSync(path.join(dir, 'storage'), { recursive: true });
	const port = await freePort();
	const config = path.join(dir, 'config.yaml');
	fs.writeFileSync(
		config,
		[
			`storage: ${path.join(dir, 'storage')}`,
			'auth:',
			'  htpasswd:',
			`    file: ${path.join(dir, 'htpasswd')}`,
			'    max_users: 1',
			'uplinks: {}',
			'packages:',
			"  '**':",
			'    access: $all',
			'    publish: $authenticated',
			'    unpublish: $authenticated',
			'web:',
			'  enable: false',
			'log: { type: stdout, format: json, level: http }',
			'',
		].join('\n'),
	);
	const file = fs.createWriteStream(logFile, { flags: 'a' });
	const child = track(
		spawn(process.execPath, [verdaccioBin(), '--config', config, '--listen', `127.0.0.1:${port}`], {
			cwd: dir,
			env: { ...process.env, VERDACCIO_PUBLIC_URL: `https://${REGISTRY_HOST}/` },
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		}),
	);
	child.stdout.pipe(file);
	child.stderr.pipe(file);
	const url = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + START_TIMEOUT_MS;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`Verdaccio exited with code ${child.exitCode} (log: ${logFile})`);
		try {
			const response = await fetch(`${url}/-/ping`, { signal: AbortSignal.timeout(2000) });
			if (response.ok) break;
		} catch {
			/* not listening yet */
		}
		if (Date.now() > deadline) {
			killTree(child, 'SIGKILL');
			throw new Error(`Verdaccio did not answer /-/ping within ${START_TIMEOUT_MS / 1000}s (log: ${logFile})`);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	// The one publishing user; Verdaccio answers with the token npm publishes with.
	const response = await fetch(`${url}/-/user/org.couchdb.user:kavenegar-check`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ name: 'kavenegar-check', password: 'not-a-secret-local-only' }),
	});
	const body = /** @type {{ token?: string }} */ (await response.json());
	if (!response.ok || !body.token) throw new Error(`Verdaccio did not create the publishing user: HTTP ${response.status} ${JSON.stringify(body)}`);
	return {
		url,
		port,
		pid: child.pid,
		token: body.token,
		logFile,
		stop: () => killTree(child, 'SIGTERM'),
	};
}

/**
 * Publishes the package folder `dir` (an unpacked tarball) to Verdaccio. Its lifecycle scripts are
 * not run: the tarball is what `npm pack` built.
 * @param {string} dir
 * @param {{ url: string, token: string }} registry
 * @param {string} logFile
 */
async function publishFolder(dir, { url, token }, logFile) {
	const [npm, npmArgs] = npmCommand();
	const host = url.replace(/^https?:/, '');
	const result = await run(npm, [...npmArgs, 'publish', '--ignore-scripts', `--registry=${url}/`, `--${host}/:_authToken=${token}`, '--access=public', '--loglevel=warn'], {
		cwd: dir,
		env: { ...process.env, npm_config_update_notifier: 'false' },
		timeoutMs: 2 * 60 * 1000,
		logFile,
	});
	if (failed(result)) throw new Error(describeFailure(`npm publish ${path.basename(dir)}`, result, logFile));
}

/**
 * @typedef {{ time: string, method: string, url: string, status: number, note?: string }} FrontRequest
 * @typedef {'up' | 'down'} FrontState
 */

/**
 * The TLS front: https://registry.npmjs.org on 127.0.0.1:443 (in the namespace), each request passed
 * to Verdaccio with its Host kept. `down()` closes the listening socket (connections refused, as a
 * registry that is down); `up()` listens again. `breakTarball(version)` answers that version's
 * tarball with other bytes (npm's integrity check fails after it read the metadata).
 * @param {{ keyFile: string, certFile: string }} tls
 * @param {string} upstream Verdaccio's URL
 */
async function startTlsFront({ keyFile, certFile }, upstream) {
	const target = new URL(upstream);
	/** @type {FrontRequest[]} */
	const requests = [];
	/** @type {Set<string>} */
	const brokenTarballs = new Set();
	/** @type {Set<import('node:stream').Duplex>} */
	const sockets = new Set();
	const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }, (req, res) => {
		// n8n's scanner asks for `https://registry.npmjs.org//<name>` (its base ends in a slash), which
		// npm's registry answers and Verdaccio does not: the front passes one slash on, as npm's would read it.
		const url = (req.url ?? '/').replace(/^\/{2,}/, '/');
		/** @type {FrontRequest} */
		const entry = { time: new Date().toISOString(), method: req.method ?? 'GET', url, status: 0 };
		requests.push(entry);
		const tarball = /\/-\/[^/]+-(\d+\.\d+\.\d+[^/]*)\.tgz$/.exec(url);
		if (tarball && brokenTarballs.has(tarball[1])) {
			entry.status = 200;
			entry.note = 'broken tarball';
			// gzip's magic and nothing else: npm reads a tarball whose integrity is not the metadata's.
			res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '4' });
			res.end(Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
			return;
		}
		const forward = http.request(
			{ host: target.hostname, port: target.port, method: req.method, path: url, headers: { ...req.headers, host: REGISTRY_HOST, 'x-forwarded-proto': 'https' } },
			(answer) => {
				entry.status = answer.statusCode ?? 0;
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		forward.on('error', (error) => {
			entry.status = 502;
			entry.note = error.message;
			if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
			res.end(`front: ${error.message}`);
		});
		req.pipe(forward);
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	const listen = () =>
		/** @type {Promise<void>} */ (
			new Promise((resolve, reject) => {
				server.once('error', reject);
				server.listen(443, '127.0.0.1', () => {
					server.off('error', reject);
					resolve();
				});
			})
		);
	await listen();
	/** @type {FrontState} */
	let state = 'up';
	return {
		requests,
		get state() {
			return state;
		},
		up: async () => {
			if (state === 'up') return;
			await listen();
			state = 'up';
		},
		down: async () => {
			if (state === 'down') return;
			for (const socket of sockets) socket.destroy();
			await new Promise((resolve) => server.close(resolve));
			state = 'down';
		},
		/** @param {string} version */
		breakTarball: (version) => brokenTarballs.add(version),
		/** @param {string} version */
		mendTarball: (version) => brokenTarballs.delete(version),
		close: async () => {
			for (const socket of sockets) socket.destroy();
			if (state === 'up') await new Promise((resolve) => server.close(resolve));
			state = 'down';
		},
	};
}

module.exports = { REGISTRY_HOST, VERDACCIO_VERSION, VERDACCIO_DIR, ensureVerdaccio, makeCertificates, startVerdaccio, publishFolder, startTlsFront };
