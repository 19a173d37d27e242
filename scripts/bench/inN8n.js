'use strict';
/**
 * What the measures in a running n8n share (scripts/bench/webhook.js, staticData.js, peak.js): a work
 * folder as the live checks make it (n8n installed, its user folder and logs, the package installed
 * when asked), and at the end every process the measure started stopped and the folder removed,
 * whatever happened.
 */
const fs = require('node:fs');
const { installPackage } = require('../lib/n8nInstall');
const { makeWorkFolder } = require('../lib/liveProof');
const { killAll, stopChildrenOnExit } = require('../lib/processes');

/**
 * @template T
 * @param {string} prefix names the work folder in the temporary folder
 * @param {{ withPackage: boolean }} options withPackage: the package built and installed as a community package
 * @param {(folders: import('../lib/liveProof').ProofFolders) => Promise<T>} measure
 * @returns {Promise<T>}
 */
async function inN8nWorkFolder(prefix, { withPackage }, measure) {
	const folders = await makeWorkFolder(prefix, { build: withPackage });
	// n8n leads its own process group: a Ctrl-C of the bench must stop it too.
	stopChildrenOnExit(() => fs.rmSync(folders.workDir, { recursive: true, force: true }));
	try {
		if (withPackage) installPackage(folders.userFolder);
		return await measure(folders);
	} finally {
		killAll();
		fs.rmSync(folders.workDir, { recursive: true, force: true });
	}
}

module.exports = { inN8nWorkFolder };
