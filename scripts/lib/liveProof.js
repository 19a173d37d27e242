'use strict';
/*
 * A live proof in a real n8n (scripts/trigger.js, scripts/webhook.js), from start to end: the package
 * built and n8n installed (cached), a work folder with n8n's user folder (the package installed as a
 * community package) and its logs; at the end every process it started stopped by PID, the work
 * folder removed when the proof passed and kept when it failed or was asked to keep it, and the exit
 * code saying which.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { abandonInstall, ensureBuilt, ensureN8n, installPackage } = require('./n8nInstall');
const { killAll, log, stopChildrenOnExit } = require('./processes');

/** @typedef {{ workDir: string, userFolder: string, logDir: string, startedAt: number }} ProofFolders */

/**
 * @param {string} name what the closing line calls the proof
 * @param {{ prefix: string, keep: boolean, main: (folders: ProofFolders) => Promise<string[]> }} proof
 *   prefix names the work folder in the temporary folder; main returns the problems it found
 */
function runLiveProof(name, { prefix, keep, main }) {
	/** @type {string | undefined} */
	let workDir;
	/** @param {boolean} keepFolder */
	const cleanup = (keepFolder) => {
		killAll();
		abandonInstall();
		if (workDir && !keepFolder) fs.rmSync(workDir, { recursive: true, force: true });
		else if (workDir) log(`kept ${workDir} (n8n's logs in ${path.join(workDir, 'logs')})`);
	};
	/** @returns {Promise<ProofFolders>} */
	const setUp = async () => {
		const startedAt = Date.now();
		await ensureBuilt();
		await ensureN8n();
		workDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
		const userFolder = path.join(workDir, 'user');
		const logDir = path.join(workDir, 'logs');
		fs.mkdirSync(userFolder, { recursive: true });
		fs.mkdirSync(logDir, { recursive: true });
		log(`package: ${installPackage(userFolder)}`);
		return { workDir, userFolder, logDir, startedAt };
	};
	stopChildrenOnExit(() => cleanup(true));
	setUp()
		.then(main)
		.then((problems) => {
			for (const problem of problems) log(`FAIL ${problem}`);
			console.log(problems.length === 0 ? `${name}: passed` : `${name}: ${problems.length} problem(s)`);
			cleanup(keep || problems.length > 0);
			process.exit(problems.length === 0 ? 0 : 1);
		})
		.catch((/** @type {Error} */ error) => {
			log(`error: ${error.stack ?? error.message}`);
			cleanup(true);
			process.exit(1);
		});
}

module.exports = { runLiveProof };
