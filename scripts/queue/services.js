'use strict';
/*
 * Redis and PostgreSQL for the queue-mode run: Debian's redis-server and postgresql packages
 * (installed with apt-get when missing), started as this script's own processes on loopback ports
 * chosen free, with their data in a temporary folder; not the system services.
 */
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { describeFailure, failed, freePort, killTree, log, run, seconds, track } = require('../lib/processes');

const APT_TIMEOUT_MS = 10 * 60 * 1000;
const START_TIMEOUT_MS = 60 * 1000;

function postgresBinDir() {
	const base = '/usr/lib/postgresql';
	if (!fs.existsSync(base)) return undefined;
	const versions = fs
		.readdirSync(base)
		.filter((name) => fs.existsSync(path.join(base, name, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length > 0 ? path.join(base, versions[0], 'bin') : undefined;
}

/** @param {string} command */
function onPath(command) {
	try {
		execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
}

/**
 * Installs what is missing of redis-server, redis-cli and PostgreSQL's server binaries; with
 * `redis: false`, of PostgreSQL's only (a check that needs no Redis installs none).
 * @param {string} logDir
 * @param {{ redis?: boolean }} [options]
 */
async function ensurePackages(logDir, { redis = true } = {}) {
	const missing = [];
	if (redis && (!onPath('redis-server') || !onPath('redis-cli'))) missing.push('redis-server');
	if (!postgresBinDir()) missing.push('postgresql');
	if (missing.length === 0) return;
	if (process.getuid?.() !== 0) throw new Error(`${missing.join(' and ')} missing; install them (apt-get install ${missing.join(' ')}) or run as root`);
	const started = Date.now();
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const logFile = path.join(logDir, 'apt-get.log');
	log(`installing ${missing.join(' and ')} with apt-get (log: ${logFile})`);
	const update = await run('apt-get', ['update', '-qq'], { cwd: logDir, env, timeoutMs: APT_TIMEOUT_MS, logFile: `${logFile}.update` });
	if (failed(update)) throw new Error(describeFailure('apt-get update', update, `${logFile}.update`));
	const install = await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { cwd: logDir, env, timeoutMs: APT_TIMEOUT_MS, logFile });
	if (failed(install)) throw new Error(describeFailure('apt-get install', install, logFile));
	log(`installed ${missing.join(' and ')} in ${seconds(started)}`);
}

/**
 * A long-running service process: output to logFile, tracked, stopped by its PID's group.
 * @param {string} command
 * @param {string[]} args
 * @param {{ logFile: string, uid?: number, gid?: number, cwd?: string }} options
 */
function startProcess(command, args, { logFile, uid, gid, cwd }) {
	const file = fs.createWriteStream(logFile, { flags: 'a' });
	const child = track(spawn(command, args, { cwd, uid, gid, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }));
	child.stdout.pipe(file);
	child.stderr.pipe(file);
	/** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
	const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
	return {
		pid: child.pid,
		exited,
		running: () => child.exitCode === null && child.signalCode === null,
		async stop(graceMs = 10 * 1000) {
			if (child.exitCode !== null || child.signalCode !== null) return exited;
			const timer = setTimeout(() => killTree(child, 'SIGKILL'), graceMs);
			killTree(child, 'SIGTERM');
			const result = await exited;
			clearTimeout(timer);
			return result;
		},
	};
}

/**
 * @param {string} what
 * @param {() => Promise<boolean>} check
 * @param {{ running: () => boolean }} proc
 */
async function waitUntil(what, check, proc, timeoutMs = START_TIMEOUT_MS) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (!proc.running()) throw new Error(`${what} exited before it was ready`);
		if (await check()) return;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error(`${what} was not ready within ${timeoutMs / 1000}s`);
}

// ---------------------------------------------------------------- Redis

/**
 * @param {string} workDir
 * @param {string} logDir
 */
async function startRedis(workDir, logDir) {
	const port = await freePort();
	const dir = path.join(workDir, 'redis');
	fs.mkdirSync(dir, { recursive: true });
	const proc = startProcess(
		'redis-server',
		['--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'yes', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
		{ logFile: path.join(logDir, 'redis.log'), cwd: dir },
	);
	const cli = (/** @type {string[]} */ args, /** @type {{ timeoutMs?: number, logFile?: string }} */ options = {}) => run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { cwd: dir, env: process.env, timeoutMs: 60 * 1000, ...options });
	await waitUntil('redis-server', async () => (await cli(['ping'])).stdout.trim() === 'PONG', proc);
	return {
		...proc,
		port,
		cli,
		/** Records every command Redis receives from now on (redis-cli monitor) into file, until stopped. */
		/** @param {string} file */
		monitor(file) {
			return startProcess('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'monitor'], { logFile: file, cwd: dir });
		},
		/** Every key and its value, as text: `--scan`, then the value read the way its type needs. */
		async dump() {
			const keys = (await cli(['--scan'])).stdout.split('\n').filter(Boolean);
			const out = [];
			for (const key of keys) {
				const type = (await cli(['type', key])).stdout.trim();
				/** @type {Record<string, string[]>} */
				const readers = {
					string: ['get', key],
					hash: ['hgetall', key],
					list: ['lrange', key, '0', '-1'],
					set: ['smembers', key],
					zset: ['zrange', key, '0', '-1', 'withscores'],
					stream: ['xrange', key, '-', '+'],
				};
				const read = readers[type];
				const value = read ? (await cli(['--no-raw', ...read])).stdout : `(${type})`;
				out.push(`${key} (${type})\n${value}`);
			}
			return { keys: keys.length, text: out.join('\n') };
		},
	};
}

// ---------------------------------------------------------------- PostgreSQL

/**
 * @param {string} workDir
 * @param {string} logDir
 */
async function startPostgres(workDir, logDir) {
	const bin = postgresBinDir();
	if (!bin) throw new Error('PostgreSQL server binaries not found in /usr/lib/postgresql/*/bin');
	// The server refuses to run as root: as root, it runs as Debian's postgres user.
	/** @type {{ uid: number, gid: number } | { uid?: undefined, gid?: undefined }} */
	let owner = {};
	if (process.getuid?.() === 0) {
		const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
		const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
		owner = { uid, gid };
	}
	const dir = path.join(workDir, 'postgres');
	const data = path.join(dir, 'data');
	fs.mkdirSync(dir, { recursive: true });
	// The postgres user has to reach its folder inside the temporary one.
	fs.chmodSync(workDir, 0o755);
	if (owner.uid !== undefined) fs.chownSync(dir, owner.uid, owner.gid);
	const user = 'n8n';
	const database = 'n8n';
	const initLog = path.join(logDir, 'postgres-initdb.log');
	const initdb = await new Promise((resolve) => {
		const child = track(spawn(path.join(bin, 'initdb'), ['-D', data, '-U', user, '--auth=trust', '-E', 'UTF8', '--no-instructions'], { ...owner, cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }));
		const file = fs.createWriteStream(initLog);
		child.stdout.pipe(file);
		child.stderr.pipe(file);
		child.on('exit', (code) => resolve(code));
	});
	if (initdb !== 0) throw new Error(`initdb exited with ${initdb} (log: ${initLog})`);
	const port = await freePort();
	const proc = startProcess(
		path.join(bin, 'postgres'),
		[
			'-D', data, '-h', '127.0.0.1', '-p', String(port), '-k', dir,
			// A throw-away database: durability off for speed.
			'-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
			// Every statement with its parameters goes to the log, which is searched for the API key.
			'-c', 'log_statement=all', '-c', 'log_destination=stderr', '-c', 'logging_collector=off',
		],
		{ logFile: path.join(logDir, 'postgres.log'), ...owner, cwd: dir },
	);
	const tool = (/** @type {string} */ name, /** @type {string[]} */ args, /** @type {{ timeoutMs?: number, logFile?: string }} */ options = {}) =>
		run(path.join(bin, name), ['-h', '127.0.0.1', '-p', String(port), '-U', user, ...args], { cwd: dir, env: process.env, timeoutMs: 120 * 1000, ...options });
	await waitUntil('postgres', async () => !failed(await tool('pg_isready', [])), proc);
	const created = await tool('createdb', [database]);
	if (failed(created)) throw new Error(describeFailure('createdb', created));
	return {
		...proc,
		port,
		user,
		database,
		/** n8n's settings for this database. */
		n8nEnv: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_USER: user,
			DB_POSTGRESDB_PASSWORD: 'loopback-trust',
			DB_POSTGRESDB_DATABASE: database,
		},
		psql: (/** @type {string} */ sql) => tool('psql', ['-d', database, '-At', '-F', '\t', '-c', sql]),
		/**
		 * Every row of every table of a database (n8n's unless named), as pg_dump writes them.
		 * @param {string} file
		 * @param {string} [name] another database of this server, such as one made with psql's `create database`
		 */
		async dump(file, name = database) {
			const result = await tool('pg_dump', ['-d', name, '--data-only', '--inserts', '-f', file]);
			if (failed(result)) throw new Error(describeFailure('pg_dump', result));
			return fs.readFileSync(file, 'utf8');
		},
	};
}

module.exports = { ensurePackages, startRedis, startPostgres };
