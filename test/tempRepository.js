'use strict';
/** Small repositories on disk for the checks that read one (scripts/checkDocs.js), removed after the file's tests. */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/**
 * @param {string} prefix the temporary folders' name start
 * @returns {(files: Record<string, string>) => string} writes the files (path → content), returns the root
 */
function useTempRepositories(prefix) {
	/** @type {string[]} */
	const made = [];
	afterAll(() => made.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));
	return (files) => {
		const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
		made.push(root);
		for (const [name, content] of Object.entries(files)) {
			fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
			fs.writeFileSync(path.join(root, name), content);
		}
		return root;
	};
}

module.exports = { useTempRepositories };
