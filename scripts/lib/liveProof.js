'use strict';
/*
 * A live proof in a real n8n (scripts/trigger.js, scripts/webhook.js, scripts/agent.js,
 * scripts/editorCheck.js, scripts/live.js), from start to end: the package built and n8n installed
 * (cached), a work folder with n8n's user folder (the package installed as a community package) and
 * its logs; at the end every process it started stopped by PID, the work folder removed when the
 * proof passed and kept when it failed or was asked to keep it, and the exit code saying which.
 *
 * Checks that need a running n8n and nothing of their own in it (no setting) share one:
 * runOnOneN8n prepares each (its fakes, credentials and workflows), imports them all with one
 * command each, starts one `n8n start`, runs the checks in turn, stops it and then lets each finish
 * (what it reads from n8n's database and files once n8n is down). Each n8n start saved is 7 to 10 s
 * on a quiet machine, minutes on a busy one.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { abandonInstall, ensureBuilt, ensureN8n, installPackage } = require('./n8nInstall');
const { importCredentials, importWorkflows, startN8n } = require('./n8nServer');
const { killAll, log, seconds, stopChildrenOnExit } = require('./processes');

/** @typedef {{ workDir: string, userFolder: string, logDir: string, startedAt: number }} ProofFolders */
/**
 * The shared n8n as a check sees it. restart stops it and starts it again on the same user folder
 * (a check of what survives a restart); the checks after it run on the new one.
 * @typedef {{ n8n: import('./n8nServer').N8nServer, api: import('./n8nServer').RestClient, base: string, restart: () => Promise<Running> }} Running
 */
/**
 * One check on a shared n8n, as its prepare left it: what to import before n8n starts, the workflows
 * to publish before it runs, what to do while n8n runs, and what to read once it is stopped; the
 * problems found so far, and finish returns them all.
 * @typedef {{ credentials?: object[], workflows?: object[], publish?: string[], problems: string[], run: (running: Running) => Promise<void>, finish: () => Promise<string[]> }} Stage
 */
/** @typedef {{ name: string, prepare: (folders: ProofFolders) => Promise<Stage> }} SharedCheck */

/**
 * The package built (when `build`) and n8n installed, both cached; then a new work folder in the
 * temporary folder, named by prefix, with n8n's user folder and its logs. The package is not
 * installed in it: each caller does, so that a failed install leaves a folder it knows of.
 * @param {string} prefix
 * @param {{ build: boolean }} options
 * @returns {Promise<ProofFolders>}
 */
async function makeWorkFolder(prefix, { build }) {
	const startedAt = Date.now();
	if (build) await ensureBuilt();
	await ensureN8n();
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	const userFolder = path.join(workDir, 'user');
	const logDir = path.join(workDir, 'logs');
	fs.mkdirSync(userFolder, { recursive: true });
	fs.mkdirSync(logDir, { recursive: true });
	return { workDir, userFolder, logDir, startedAt };
}

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
		const folders = await makeWorkFolder(prefix, { build: true });
		workDir = folders.workDir;
		log(`package: ${installPackage(folders.userFolder)}`);
		return folders;
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

/**
 * The checks on one `n8n start` (see the top of this file). A check whose publishing or run throws is
 * reported with the problems it had found so far, and the next one runs; its finish is left out, as
 * what it would read is incomplete. What fails before n8n runs (a prepare, an import, the start) ends
 * them all.
 * @param {SharedCheck[]} checks
 * @param {ProofFolders} folders
 */
async function runOnOneN8n(checks, folders) {
	const { userFolder, logDir, workDir } = folders;
	/** @type {{ check: SharedCheck, stage: Stage }[]} */
	const prepared = [];
	for (const check of checks) prepared.push({ check, stage: await check.prepare(folders) });
	const cli = { userFolder, logDir, workDir };
	const credentials = prepared.flatMap(({ stage }) => stage.credentials ?? []);
	const workflows = prepared.flatMap(({ stage }) => stage.workflows ?? []);
	if (credentials.length > 0) await importCredentials(/** @type {any} */ (credentials), cli);
	if (workflows.length > 0) await importWorkflows(workflows, cli);
	const started = Date.now();
	let starts = 1;
	let n8n = await startN8n({ role: 'main', userFolder, logDir });
	let api = n8n.rest();
	/** @type {string[]} */
	const problems = [];
	/** @type {{ check: SharedCheck, stage: Stage }[]} */
	const ran = [];
	/** @returns {Running} */
	const running = () => ({ n8n, api, base: /** @type {string} */ (n8n.url), restart });
	const restart = async () => {
		await n8n.stop();
		n8n = await startN8n({ role: 'main', name: `main-${++starts}`, userFolder, logDir });
		api = n8n.rest();
		await api.login();
		return running();
	};
	try {
		await api.setupOwner();
		log(`one n8n for ${checks.map((check) => check.name).join(', ')}: started, ${workflows.length} workflows imported (${seconds(started)})`);
		for (const { check, stage } of prepared) {
			try {
				// Through the running main, not `n8n publish:workflow`: each CLI command starts n8n anew.
				for (const id of stage.publish ?? []) await api.activate(id);
				await stage.run(running());
				ran.push({ check, stage });
			} catch (error) {
				problems.push(`${check.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, ...stage.problems.map((problem) => `${check.name}: ${problem}`));
			}
		}
	} finally {
		await n8n.stop();
	}
	for (const { check, stage } of ran) {
		try {
			problems.push(...(await stage.finish()));
		} catch (error) {
			problems.push(`${check.name}, once n8n was stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
		}
	}
	return problems;
}

module.exports = { makeWorkFolder, runLiveProof, runOnOneN8n };
