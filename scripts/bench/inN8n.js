"use strict";
/**
 * What the measures in a running n8n share (scripts/bench/webhook.js, staticData.js, peak.js): a work
 * folder with n8n's user folder and its logs, n8n installed (the e2e cache), and at the end every
 * process the measure started stopped and the folder removed, whatever happened.
 */
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { ensureBuilt, ensureN8n, installPackage } = require("../lib/n8nInstall");
const { killAll, stopChildrenOnExit } = require("../lib/processes");

/** @typedef {{ workDir: string, userFolder: string, logDir: string }} BenchFolders */

/**
 * @template T
 * @param {string} prefix names the work folder in the temporary folder
 * @param {{ withPackage: boolean }} options withPackage: the package built and installed as a community package
 * @param {(folders: BenchFolders) => Promise<T>} measure
 * @returns {Promise<T>}
 */
async function inN8nWorkFolder(prefix, { withPackage }, measure) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // n8n leads its own process group: a Ctrl-C of the bench must stop it too.
  stopChildrenOnExit(() =>
    fs.rmSync(workDir, { recursive: true, force: true }),
  );
  if (withPackage) await ensureBuilt();
  await ensureN8n();
  try {
    const userFolder = path.join(workDir, "user");
    const logDir = path.join(workDir, "logs");
    fs.mkdirSync(userFolder, { recursive: true });
    fs.mkdirSync(logDir, { recursive: true });
    if (withPackage) installPackage(userFolder);
    return await measure({ workDir, userFolder, logDir });
  } finally {
    killAll();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

module.exports = { inN8nWorkFolder };
