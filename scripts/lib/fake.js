'use strict';
/* The bundled fake Kavenegar (test/fakeKavenegar.js) as a child process of a script. */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./n8nInstall');
const { killTree, track } = require('./processes');

const FAKE_START_TIMEOUT_MS = 15 * 1000;

/**
 * @param {number} port
 * @param {string[]} extraArgs
 * @param {string} logFile
 * @returns {Promise<{ url: string, apiKey: string, stop: () => Promise<void> }>}
 */
async function startFake(port, extraArgs, logFile) {
	const script = path.join(ROOT, 'test', 'fakeKavenegar.js');
	const child = track(
		spawn(process.execPath, [script, '--port', String(port), ...extraArgs], {
			cwd: ROOT,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		}),
	);
	const file = fs.createWriteStream(logFile, { flags: 'a' });
	child.stderr.on('data', (chunk) => file.write(chunk));
	let buffered = '';
	/** @type {{ url: string, apiKey: string }} */
	const info = await new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`the fake did not print its address within ${FAKE_START_TIMEOUT_MS / 1000}s`)), FAKE_START_TIMEOUT_MS);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`the fake exited with code ${code} before printing its address (log: ${logFile})`));
		});
		child.stdout.on('data', (chunk) => {
			file.write(chunk);
			buffered += chunk;
			const newline = buffered.indexOf('\n');
			if (newline < 0) return;
			clearTimeout(timer);
			try {
				resolve(JSON.parse(buffered.slice(0, newline)));
			} catch {
				reject(new Error(`the fake printed no JSON: ${buffered.slice(0, newline)}`));
			}
		});
	}).catch((error) => {
		killTree(child, 'SIGKILL');
		throw error;
	});
	child.removeAllListeners('exit');
	track(child);
	return {
		...info,
		stop: () =>
			/** @type {Promise<void>} */ (
				new Promise((resolve) => {
				if (child.exitCode !== null || child.signalCode !== null) return resolve();
				const timer = setTimeout(() => killTree(child, 'SIGKILL'), 5000);
				child.once('exit', () => {
					clearTimeout(timer);
					file.end();
					resolve();
				});
				killTree(child, 'SIGTERM');
			})
			),
	};
}

// ---------------------------------------------------------------- n8n commands

module.exports = { startFake };
