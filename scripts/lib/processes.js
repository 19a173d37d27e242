'use strict';
/*
 * Child processes for the project's scripts (e2e, and the scripts that start n8n servers): each child
 * leads its own process group, is tracked, and is killed with everything it started when the script
 * ends, so that no script leaves a process behind.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const TAG = path.basename(process.argv[1] ?? 'script', '.js');
const children = new Set();

/** @param {string} message */
function log(message) {
	process.stdout.write(`[${TAG}] ${message}\n`);
}

/**
 * Reads again, `intervalMs` apart, until `done` holds for what was read or `timeoutMs` passed;
 * resolves the last read. For a check that judges what it finds in the end, however long the
 * machine took to get there, rather than failing on the wait.
 * @template T
 * @param {() => Promise<T> | T} read
 * @param {(value: T) => boolean} done
 * @param {{ timeoutMs: number, intervalMs?: number }} wait
 * @returns {Promise<T>}
 */
async function readUntil(read, done, { timeoutMs, intervalMs = 1000 }) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (done(value) || Date.now() >= deadline) return value;
		await new Promise((resolve) => setTimeout(resolve, intervalMs));
	}
}

/** @param {number} startMs */
function seconds(startMs) {
	return `${((Date.now() - startMs) / 1000).toFixed(1)}s`;
}

/**
 * Kills a child and everything it started (each child leads its own process group).
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function killTree(child, signal) {
	if (child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-(/** @type {number} */ (child.pid)), signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* already gone */
		}
	}
}

function killAll() {
	for (const child of children) killTree(child, 'SIGKILL');
	children.clear();
}

/**
 * @template {import('node:child_process').ChildProcess} T
 * @param {T} child
 * @returns {T}
 */
function track(child) {
	children.add(child);
	child.on('exit', () => children.delete(child));
	return child;
}

/**
 * Runs a command to its end, bounded by timeoutMs. Output is kept in memory and, when logFile is
 * given, also written there. Resolves { code, signal, stdout, stderr, timedOut }.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string | undefined>, timeoutMs?: number, logFile?: string, echo?: boolean }} options
 */
function run(command, args, { cwd, env, timeoutMs, logFile, echo = false }) {
	return new Promise((resolve) => {
		const child = track(
			spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }),
		);
		/** @type {Buffer[]} */
		const out = [];
		/** @type {Buffer[]} */
		const err = [];
		const file = logFile ? fs.createWriteStream(logFile) : null;
		if (file) file.write(`$ ${command} ${args.join(' ')}\n  (cwd ${cwd})\n`);
		const collect = (/** @type {Buffer[]} */ sink, /** @type {NodeJS.WriteStream} */ stream) => (/** @type {Buffer} */ chunk) => {
			sink.push(chunk);
			if (file) file.write(chunk);
			if (echo) stream.write(chunk);
		};
		child.stdout.on('data', collect(out, process.stdout));
		child.stderr.on('data', collect(err, process.stderr));
		let timedOut = false;
		/** @type {NodeJS.Timeout | undefined} */
		let killTimer;
		const timer = setTimeout(() => {
			timedOut = true;
			killTree(child, 'SIGTERM');
			killTimer = setTimeout(() => killTree(child, 'SIGKILL'), 5000);
		}, timeoutMs);
		/** @type {(code: number | null, signal: NodeJS.Signals | null, spawnError?: Error) => void} */
		const finish = (code, signal, spawnError) => {
			clearTimeout(timer);
			clearTimeout(killTimer);
			// Leftovers of the group (n8n's task runner) must not outlive the command.
			try {
				process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
			} catch {
				/* group already gone */
			}
			const result = {
				code,
				signal,
				timedOut,
				stdout: Buffer.concat(out).toString('utf8'),
				stderr: Buffer.concat(err).toString('utf8') + (spawnError ? `\n${spawnError.message}` : ''),
			};
			if (file) file.end(`\n[exit code ${code} signal ${signal}${timedOut ? ' TIMED OUT' : ''}]\n`);
			resolve(result);
		};
		child.on('error', (error) => finish(-1, null, error));
		child.on('close', (code, signal) => finish(code, signal));
	});
}

/** @typedef {{ code: number | null, signal: NodeJS.Signals | null, timedOut: boolean, stdout: string, stderr: string }} RunResult */

/**
 * run(), and once more if the command died of a signal nobody sent it: n8n on Node 24 can segfault
 * as it shuts down (n8n-io/n8n#26865, #31437). Only for commands that end the same when run twice
 * (n8n's imports of records with IDs, publishing).
 * @param {string} what the command as the log names it: "n8n import:workflow"
 * @param {string} command
 * @param {string[]} args
 * @param {Parameters<typeof run>[2]} options
 * @returns {Promise<RunResult>}
 */
async function runRepeatable(what, command, args, options) {
	const result = /** @type {RunResult} */ (await run(command, args, options));
	if (!result.signal || result.timedOut) return result;
	log(`${what} died of ${result.signal}; running it again`);
	return /** @type {RunResult} */ (await run(command, args, options));
}

/** @param {RunResult} result */
function failed(result) {
	return result.timedOut || result.code !== 0;
}

/**
 * @param {string} what
 * @param {RunResult} result
 * @param {string} [logFile]
 */
function describeFailure(what, result, logFile) {
	const reason = result.timedOut
		? `timed out`
		: `exited with code ${result.code}${result.signal ? ` (signal ${result.signal})` : ''}`;
	return `${what} ${reason}${logFile ? ` (log: ${logFile})` : ''}\n${outputTail(result.stdout + '\n' + result.stderr)}`;
}

/** The last lines of a command's output, with n8n's JSON log lines shortened to "level: message". */
/** @param {string} text */
function outputTail(text, count = 20) {
	const lines = [];
	for (const line of text.split('\n')) {
		if (!line.trim()) continue;
		let shown = line;
		if (line.startsWith('{')) {
			try {
				const entry = JSON.parse(line);
				if (typeof entry.message === 'string') {
					if (entry.message.startsWith('{')) continue; // run data: too long to show
					shown = `${entry.level}: ${entry.message.split('\n')[0]}`;
				}
			} catch {
				/* not a log line */
			}
		}
		lines.push(shown.length > 300 ? `${shown.slice(0, 300)}…` : shown);
	}
	return lines.slice(-count).join('\n');
}

/** @returns {Promise<number>} */
function freePort() {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
			server.close(() => resolve(port));
		});
	});
}

// ---------------------------------------------------------------- n8n install (cached)

/**
 * Every child is killed when the script exits, however it exits; on a signal, `onSignal` (the
 * script's own clean-up) runs first and the script ends with code 1.
 */
/** @param {() => void} onSignal */
function stopChildrenOnExit(onSignal) {
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
		process.on(signal, () => {
			log(`${signal}: stopping`);
			onSignal();
			process.exit(1);
		});
	}
	process.on('exit', killAll);
}

module.exports = { stopChildrenOnExit, log, readUntil, seconds, killTree, killAll, track, run, runRepeatable, failed, describeFailure, outputTail, freePort };
