'use strict';
/*
 * How a live proof in a real n8n (scripts/trigger.js, scripts/webhook.js) ends: every process it
 * started is stopped by PID, its work folder (n8n's logs and database) is removed when it passed and
 * kept when it failed or was asked to keep it, and its exit code says which.
 */
const fs = require('node:fs');
const path = require('node:path');
const { abandonInstall } = require('./n8nInstall');
const { killAll, log, stopChildrenOnExit } = require('./processes');

/**
 * @param {string} name what the closing line calls the proof
 * @param {{ main: () => Promise<string[]>, workDir: () => string | undefined, keep: boolean }} proof
 *   main returns the problems found; workDir gives the work folder once main made it
 */
function runLiveProof(name, { main, workDir, keep }) {
	/** @param {boolean} keepFolder */
	const cleanup = (keepFolder) => {
		killAll();
		abandonInstall();
		const folder = workDir();
		if (folder && !keepFolder) fs.rmSync(folder, { recursive: true, force: true });
		else if (folder) log(`kept ${folder} (n8n's logs in ${path.join(folder, 'logs')})`);
	};
	stopChildrenOnExit(() => cleanup(true));
	main()
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
