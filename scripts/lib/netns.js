'use strict';
/*
 * A script run again inside a Linux network namespace of its own, for a check whose n8n must take a
 * public name (registry.npmjs.org) for a server on loopback without the machine's /etc/hosts being
 * touched: `ip netns exec` bind-mounts /etc/netns/<name>/hosts over /etc/hosts for the processes it
 * starts, and the namespace has no interface but its own `lo`, so every other name fails at once
 * (the resolver's address is unreachable) instead of reaching the network. Needs root (`ip netns add`).
 *
 *   if (!insideNetns()) return runInNetns({ hosts: ['registry.npmjs.org'], env: { … } });
 *
 * The namespace and /etc/netns/<name> are removed when the child ends, when it fails, and on a signal.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { killTree, log, track } = require('./processes');

const MARKER = 'KAVENEGAR_NETNS';

/** True in the copy of the script that runs inside the namespace. */
function insideNetns() {
	return Boolean(process.env[MARKER]);
}

/**
 * @param {string[]} args
 * @returns {{ status: number | null, output: string }}
 */
function ip(args) {
	const result = spawnSync('ip', args, { encoding: 'utf8', timeout: 30_000 });
	return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? result.error.message : ''}`.trim() };
}

/**
 * SIGTERM to the check inside, SIGKILL to its process group if it has not ended 15 s later.
 * @param {import('node:child_process').ChildProcess | undefined} child
 */
async function stopChild(child) {
	if (!child || child.exitCode !== null || child.signalCode !== null) return;
	const ended = new Promise((resolve) => child.once('exit', resolve));
	try {
		process.kill(/** @type {number} */ (child.pid), 'SIGTERM');
	} catch {
		/* already gone */
	}
	const timer = setTimeout(() => killTree(child, 'SIGKILL'), 15_000);
	await ended;
	clearTimeout(timer);
}

/**
 * Creates the namespace (lo up, `hosts` resolving to 127.0.0.1 in it), runs this script in it with
 * the same node, arguments and environment plus `env`, removes both, and resolves the child's exit code.
 * @param {{ hosts: string[], env?: Record<string, string>, timeoutMs: number }} options
 * @returns {Promise<number>}
 */
async function runInNetns({ hosts, env = {}, timeoutMs }) {
	if (typeof process.getuid === 'function' && process.getuid() !== 0) throw new Error('the check needs root: it creates a network namespace (ip netns add)');
	const name = `kvn-registry-${process.pid}`;
	const etcDir = path.join('/etc/netns', name);
	let removed = false;
	const remove = () => {
		if (removed) return;
		removed = true;
		const del = ip(['netns', 'del', name]);
		if (del.status !== 0 && !/No such file|not found|Invalid/.test(del.output)) log(`ip netns del ${name}: ${del.output}`);
		fs.rmSync(etcDir, { recursive: true, force: true });
		// /etc/netns itself only when this check made it and nothing else is in it.
		try {
			fs.rmdirSync('/etc/netns');
		} catch {
			/* not empty or not there */
		}
	};
	/** @type {import('node:child_process').ChildProcess | undefined} */
	let child;
	// On a signal the check inside is asked to stop first (SIGTERM: it stops n8n, Verdaccio and the
	// rest it started, each in a process group of its own that killing its group would miss), then
	// the namespace goes.
	for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
		// In place of the script's own (stopChildrenOnExit's SIGKILL would leave the check's children).
		process.removeAllListeners(signal);
		process.on(signal, () => {
			log(`${signal}: stopping the check in ${name}`);
			void stopChild(child).then(() => {
				remove();
				process.exit(1);
			});
		});
	}
	process.on('exit', remove);
	try {
		const add = ip(['netns', 'add', name]);
		if (add.status !== 0) throw new Error(`ip netns add ${name}: ${add.output}`);
		fs.mkdirSync(etcDir, { recursive: true });
		fs.writeFileSync(path.join(etcDir, 'hosts'), ['127.0.0.1 localhost', '::1 localhost', ...hosts.map((host) => `127.0.0.1 ${host}`)].join('\n') + '\n');
		const up = ip(['netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up']);
		if (up.status !== 0) throw new Error(`bringing lo up in ${name}: ${up.output}`);
		log(`network namespace ${name}: only loopback; ${hosts.join(', ')} is 127.0.0.1 there`);
		// `ip netns exec` execs the command: the child's PID is the check's own node.
		child = track(
			spawn('ip', ['netns', 'exec', name, process.execPath, ...process.argv.slice(1)], {
				cwd: process.cwd(),
				env: { ...process.env, ...env, [MARKER]: name },
				detached: true,
				stdio: ['ignore', 'inherit', 'inherit'],
			}),
		);
		const running = child;
		/** @type {Promise<number | null>} */
		const exited = new Promise((resolve) => {
			running.on('exit', (code) => resolve(code));
			running.on('error', (error) => {
				log(`ip netns exec: ${error.message}`);
				resolve(-1);
			});
		});
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			log(`the check did not end within ${timeoutMs / 60000} minutes: stopping it`);
			void stopChild(running);
		}, timeoutMs);
		const code = await exited;
		clearTimeout(timer);
		return code === 0 && !timedOut ? 0 : 1;
	} finally {
		remove();
	}
}

module.exports = { insideNetns, runInNetns };
