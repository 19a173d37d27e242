'use strict';
/*
 * The real n8n the end-to-end scripts run the package in: installed once into a cache folder (its
 * sqlite3 binding built from source, no prebuilt download), the package built and put where n8n
 * loads community packages, and the environment that keeps n8n on loopback.
 *
 * Environment: E2E_N8N_VERSION (default 2.8.4), E2E_CACHE_DIR (default
 * ${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-kavenegar-e2e), E2E_LINK=1 (symlink the package instead of a
 * copy), E2E_SKIP_BUILD=1, E2E_ROOT (the package folder, default: the parent of scripts/).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { describeFailure, failed, log, run, seconds } = require('./processes');

const ROOT = path.resolve(process.env.E2E_ROOT || path.join(__dirname, '..', '..'));
const PACKAGE_NAME = 'n8n-nodes-kavenegar';
const N8N_VERSION = process.env.E2E_N8N_VERSION || '2.8.4';
const CACHE_BASE =
	process.env.E2E_CACHE_DIR ||
	path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'n8n-nodes-kavenegar-e2e');
const N8N_DIR = path.join(CACHE_BASE, `n8n-${N8N_VERSION}-node-abi${process.versions.modules}`);
const READY_MARKER = path.join(N8N_DIR, 'e2e-ready.json');
const INSTALL_TIMEOUT_MS = 30 * 60 * 1000;
const BUILD_TIMEOUT_MS = 5 * 60 * 1000;

/** @type {string | undefined} */
let stagingDir;

/** @returns {[string, string[]]} */
function npmCommand() {
	// Prefer the npm that belongs to this node; fall back to the one on PATH.
	const bundled = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
	return fs.existsSync(bundled) ? [process.execPath, [bundled]] : ['npm', []];
}

/**
 * Folder with include/node/node_version.h of this node's ABI for node-gyp, so that it never downloads
 * headers. npm's `nodedir` may name the system node's headers while a newer node runs this script
 * (n8n 2.40 needs Node 24): a binding built against them would not load.
 */
function nodeHeadersDir() {
	const candidates = [process.env.npm_config_nodedir, path.resolve(path.dirname(process.execPath), '..')];
	return candidates.find((dir) => {
		if (!dir) return false;
		try {
			const header = fs.readFileSync(path.join(dir, 'include', 'node', 'node_version.h'), 'utf8');
			return header.match(/^#define NODE_MODULE_VERSION (\d+)$/m)?.[1] === process.versions.modules;
		} catch {
			return false;
		}
	});
}

function n8nBin() {
	return path.join(N8N_DIR, 'node_modules', 'n8n', 'bin', 'n8n');
}

function installIsReady() {
	try {
		const marker = JSON.parse(fs.readFileSync(READY_MARKER, 'utf8'));
		const version = JSON.parse(fs.readFileSync(path.join(N8N_DIR, 'node_modules', 'n8n', 'package.json'), 'utf8')).version;
		return marker.n8nVersion === N8N_VERSION && version === N8N_VERSION && fs.existsSync(n8nBin());
	} catch {
		return false;
	}
}

async function ensureN8n() {
	if (installIsReady()) {
		log(`n8n ${N8N_VERSION}: cached in ${N8N_DIR}`);
		return;
	}
	const started = Date.now();
	fs.mkdirSync(CACHE_BASE, { recursive: true });
	const staging = `${N8N_DIR}.partial-${process.pid}`;
	stagingDir = staging;
	fs.rmSync(staging, { recursive: true, force: true });
	fs.mkdirSync(staging, { recursive: true });
	const manifest = {
		name: 'n8n-nodes-kavenegar-e2e-n8n',
		private: true,
		description: 'n8n used by scripts/e2e.js of n8n-nodes-kavenegar',
		dependencies: { n8n: N8N_VERSION },
		// The default xlsx of n8n points outside the npm registry.
		overrides: { xlsx: '0.18.5' },
	};
	fs.writeFileSync(path.join(staging, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
	const [npm, npmArgs] = npmCommand();
	/** @type {NodeJS.ProcessEnv} */
	const env = { ...process.env, npm_config_update_notifier: 'false' };
	delete env.npm_config_ignore_scripts;
	const logFile = path.join(CACHE_BASE, `install-${N8N_VERSION}.log`);
	log(`n8n ${N8N_VERSION}: installing into ${N8N_DIR} (first run only: about 5 minutes; log: ${logFile})`);
	const installWith = (/** @type {string} */ freshness) =>
		run(npm, [...npmArgs, 'install', '--ignore-scripts', '--no-audit', '--no-fund', freshness, '--loglevel=error'], {
			cwd: staging,
			env,
			timeoutMs: INSTALL_TIMEOUT_MS,
			logFile,
		});
	let install = await installWith('--prefer-offline');
	// A newer n8n asks for versions published after npm's cache last read a package's metadata: with
	// --prefer-offline npm trusts that stale copy and finds no such version (ETARGET).
	if (failed(install) && /notarget|ETARGET/.test(install.stdout + install.stderr)) {
		log(`n8n ${N8N_VERSION}: npm's cached package metadata is older than n8n's dependencies; installing again with --prefer-online`);
		install = await installWith('--prefer-online');
	}
	if (failed(install)) throw new Error(describeFailure('npm install n8n', install, logFile));

	// sqlite3 is the one native module n8n needs that has no prebuilt binary in the registry package.
	// Build it from source against local headers: its install script would first try to download a
	// prebuilt binary from GitHub, and node-gyp downloads headers unless it is given --nodedir.
	const headers = nodeHeadersDir();
	if (!headers) log('warning: no node headers (include/node) next to this node; node-gyp may try to download them');
	const nodeGyp = path.join(path.dirname(npmArgs[0] ?? ''), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
	const rebuildLog = path.join(CACHE_BASE, `rebuild-sqlite3-${N8N_VERSION}.log`);
	log(`n8n ${N8N_VERSION}: building sqlite3 from source (about 1.5 minutes; log: ${rebuildLog})`);
	const rebuild = npmArgs.length > 0 && fs.existsSync(nodeGyp)
		? await run(process.execPath, [nodeGyp, 'rebuild', '--jobs=max', ...(headers ? [`--nodedir=${headers}`] : [])], {
				cwd: path.join(staging, 'node_modules', 'sqlite3'),
				env,
				timeoutMs: INSTALL_TIMEOUT_MS,
				logFile: rebuildLog,
			})
		: await run(
				npm,
				[...npmArgs, 'rebuild', 'sqlite3', '--ignore-scripts=false', '--build-from-source', '--foreground-scripts', ...(headers ? [`--nodedir=${headers}`] : [])],
				{ cwd: staging, env: { ...env, JOBS: 'max' }, timeoutMs: INSTALL_TIMEOUT_MS, logFile: rebuildLog },
			);
	if (failed(rebuild)) throw new Error(describeFailure('building sqlite3', rebuild, rebuildLog));
	const check = await run(process.execPath, ['-e', "require('sqlite3'); require('n8n/package.json')"], {
		cwd: staging,
		env,
		timeoutMs: 60 * 1000,
	});
	if (failed(check)) throw new Error(describeFailure('loading sqlite3', check));

	fs.writeFileSync(
		path.join(staging, 'e2e-ready.json'),
		JSON.stringify({ n8nVersion: N8N_VERSION, node: process.version, installedAt: new Date().toISOString() }, null, 2) + '\n',
	);
	fs.rmSync(N8N_DIR, { recursive: true, force: true });
	try {
		fs.renameSync(staging, N8N_DIR);
	} catch (error) {
		// Another run finished first: use its install.
		fs.rmSync(staging, { recursive: true, force: true });
		if (!installIsReady()) throw error;
	}
	stagingDir = undefined;
	log(`n8n ${N8N_VERSION}: installed in ${seconds(started)}`);
}

// ---------------------------------------------------------------- our package

/** @param {string} file */
function readJson(file) {
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * @param {string} dir
 * @returns {number}
 */
function newestMtime(dir) {
	let newest = 0;
	if (!fs.existsSync(dir)) return newest;
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
		else newest = Math.max(newest, fs.statSync(full).mtimeMs);
	}
	return newest;
}

async function ensureBuilt() {
	const pkg = readJson(path.join(ROOT, 'package.json'));
	const outputs = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])].map((file) => path.join(ROOT, file));
	if (outputs.length === 0) throw new Error('package.json has no n8n.nodes / n8n.credentials');
	const missing = outputs.filter((file) => !fs.existsSync(file));
	let reason;
	if (missing.length > 0) reason = `missing ${path.relative(ROOT, missing[0])}`;
	else {
		// tsc is incremental: it rewrites only what changed, so compare with the newest file in dist/.
		const newestOutput = newestMtime(path.join(ROOT, 'dist'));
		const newestSource = Math.max(...['nodes', 'credentials', 'icons'].map((dir) => newestMtime(path.join(ROOT, dir))));
		if (newestSource > newestOutput) reason = 'sources are newer than dist/';
	}
	if (!reason) return;
	if (process.env.E2E_SKIP_BUILD === '1') {
		if (missing.length > 0) throw new Error(`dist/ is incomplete (${reason}) and E2E_SKIP_BUILD=1`);
		log(`warning: ${reason}; not building (E2E_SKIP_BUILD=1)`);
		return;
	}
	log(`building the package (${reason}): npm run build`);
	const [npm, npmArgs] = npmCommand();
	const build = await run(npm, [...npmArgs, 'run', 'build'], { cwd: ROOT, env: process.env, timeoutMs: BUILD_TIMEOUT_MS });
	if (failed(build)) throw new Error(describeFailure('npm run build', build));
	const stillMissing = outputs.filter((file) => !fs.existsSync(file));
	if (stillMissing.length > 0) throw new Error(`npm run build did not produce ${stillMissing.join(', ')}`);
}

/**
 * Puts the package where n8n looks for community packages.
 * @param {string} userFolder
 */
function installPackage(userFolder) {
	const modules = path.join(userFolder, '.n8n', 'nodes', 'node_modules');
	const target = path.join(modules, PACKAGE_NAME);
	fs.mkdirSync(modules, { recursive: true });
	// n8n keeps a package.json in the nodes folder of its own.
	fs.writeFileSync(
		path.join(userFolder, '.n8n', 'nodes', 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2) + '\n',
	);
	if (process.env.E2E_LINK === '1') {
		fs.symlinkSync(ROOT, target, 'dir');
		return `symlink ${target} -> ${ROOT}`;
	}
	// What n8n's installer leaves: the published files and a package.json without dev/peer dependencies.
	const { devDependencies, peerDependencies, optionalDependencies, scripts, ...pkg } = readJson(path.join(ROOT, 'package.json'));
	fs.mkdirSync(target);
	fs.writeFileSync(path.join(target, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
	for (const entry of pkg.files ?? ['dist']) {
		const from = path.join(ROOT, entry);
		if (fs.existsSync(from)) fs.cpSync(from, path.join(target, entry), { recursive: true });
	}
	return `copy of the published files in ${target}`;
}

// ---------------------------------------------------------------- fake service

/** Removes a half-done install left by a script that is stopping. */
function abandonInstall() {
	if (stagingDir) fs.rmSync(stagingDir, { recursive: true, force: true });
}

/**
 * @param {string} userFolder
 * @param {number} brokerPort
 * @returns {NodeJS.ProcessEnv}
 */
function n8nEnv(userFolder, brokerPort) {
	const env = { ...process.env };
	for (const name of Object.keys(env)) {
		if (/^(N8N_|DB_|EXECUTIONS_|NODE_OPTIONS$|NODE_PATH$|npm_)/i.test(name) || /_proxy$/i.test(name)) delete env[name];
	}
	return {
		...env,
		NO_PROXY: '127.0.0.1,localhost',
		no_proxy: '127.0.0.1,localhost',
		TZ: 'UTC',
		GENERIC_TIMEZONE: 'UTC',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'n8n-nodes-kavenegar-e2e-not-a-secret',
		N8N_LOG_FORMAT: 'json',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		DB_TYPE: 'sqlite',
		// Nothing may leave this machine.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_SENTRY_DSN: '',
		N8N_FRONTEND_SENTRY_DSN: '',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_PYTHON_ENABLED: 'false',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
	};
}

module.exports = {
	CACHE_BASE,
	ROOT,
	PACKAGE_NAME,
	N8N_VERSION,
	N8N_DIR,
	npmCommand,
	n8nBin,
	ensureN8n,
	ensureBuilt,
	installPackage,
	abandonInstall,
	n8nEnv,
	readJson,
};
