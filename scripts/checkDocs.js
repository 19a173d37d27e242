#!/usr/bin/env node
'use strict';
/*
 * Checks the documentation as a reader meets it:
 *
 *   node scripts/checkDocs.js        (npm run check:docs; test/scripts/checkDocs.test.js runs it too)
 *
 * - Every relative link in README.md, CONTRIBUTING.md, CHANGELOG.md and docs/**.md names a file or
 *   folder that exists, and an anchor (#…) names a heading of the file it points to, as GitHub and
 *   npm make anchors from headings. Links to other sites are not followed: the check runs offline.
 * - Every link the nodes and credentials give to the package's page (package.json's homepage plus
 *   #anchor, as n8n's "Docs" links do) names a heading of README.md, which that page renders.
 * - README.md stays at most README_MAX_BYTES: it is for n8n users; the detail lives in docs/.
 * Prints each finding and exits non-zero if there is one.
 */

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const README_MAX_BYTES = 15 * 1024;
const TOP_LEVEL_DOCS = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'];

/**
 * @param {string} dir
 * @param {(name: string) => boolean} test
 * @returns {string[]}
 */
function filesUnder(dir, test) {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return filesUnder(full, test);
		return test(entry.name) ? [full] : [];
	});
}

/**
 * Fenced code blocks and inline code show links and headings as text, so neither counts there.
 * @param {string} markdown
 */
function withoutCode(markdown) {
	return markdown
		.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
		.replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
}

/**
 * The anchor GitHub (and npm, the same way) gives a heading: its text as rendered, lower-cased,
 * without punctuation, spaces made hyphens.
 * @param {string} heading
 */
function slugOf(heading) {
	return heading
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/[`*]/g, '')
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

/**
 * Anchors of one Markdown file; a repeated heading gets -1, -2, … as on GitHub.
 * @param {string} markdown
 * @returns {Set<string>}
 */
function anchorsOf(markdown) {
	const anchors = new Set();
	/** @type {Map<string, number>} */
	const seen = new Map();
	const unfenced = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
	for (const match of unfenced.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
		const slug = slugOf(match[1]);
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return anchors;
}

/**
 * @param {string} root
 * @returns {string[]} the findings, one sentence each
 */
function checkDocs(root) {
	/** @type {string[]} */
	const findings = [];
	/** @type {Map<string, Set<string>>} */
	const anchorCache = new Map();
	/** @param {string} file */
	const anchorsIn = (file) => {
		let anchors = anchorCache.get(file);
		if (!anchors) {
			anchors = anchorsOf(fs.readFileSync(file, 'utf8'));
			anchorCache.set(file, anchors);
		}
		return anchors;
	};

	const docs = [
		...TOP_LEVEL_DOCS.map((name) => path.join(root, name)).filter((file) => fs.existsSync(file)),
		...filesUnder(path.join(root, 'docs'), (name) => name.endsWith('.md')),
	];
	for (const file of docs) {
		const where = path.relative(root, file);
		const text = withoutCode(fs.readFileSync(file, 'utf8'));
		for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
			const target = match[1];
			if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
			const [pathPart, anchor] = target.split('#', 2);
			const targetFile = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURI(pathPart));
			if (!fs.existsSync(targetFile)) {
				findings.push(`${where}: the link to ${target} names no file (${path.relative(root, targetFile)})`);
				continue;
			}
			if (anchor === undefined) continue;
			if (!targetFile.endsWith('.md')) {
				findings.push(`${where}: the link to ${target} gives an anchor to a file that is not Markdown`);
			} else if (!anchorsIn(targetFile).has(anchor)) {
				findings.push(`${where}: the link to ${target} names no heading of ${path.relative(root, targetFile)}`);
			}
		}
	}

	const readme = path.join(root, 'README.md');
	const homepage = String(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).homepage ?? '');
	if (homepage !== '' && fs.existsSync(readme)) {
		const sources = ['nodes', 'credentials'].flatMap((dir) =>
			filesUnder(path.join(root, dir), (name) => /\.(ts|json)$/.test(name)),
		);
		for (const file of sources) {
			const text = fs.readFileSync(file, 'utf8');
			let at = text.indexOf(`${homepage}#`);
			while (at !== -1) {
				const anchor = /^[^\s'"`)]*/.exec(text.slice(at + homepage.length + 1))?.[0] ?? '';
				// npm's own anchor for the top of the README, not a heading.
				if (anchor !== 'readme' && !anchorsIn(readme).has(anchor)) {
					findings.push(`${path.relative(root, file)}: the link to the package page's #${anchor} names no heading of README.md`);
				}
				at = text.indexOf(`${homepage}#`, at + 1);
			}
		}
	}

	if (fs.existsSync(readme)) {
		const bytes = fs.statSync(readme).size;
		if (bytes > README_MAX_BYTES) {
			findings.push(`README.md: ${bytes} bytes, more than ${README_MAX_BYTES}: move detail to docs/`);
		}
	}
	return findings;
}

module.exports = { checkDocs, slugOf, anchorsOf, README_MAX_BYTES };

if (require.main === module) {
	const findings = checkDocs(ROOT);
	for (const finding of findings) console.error(finding);
	console.log(findings.length === 0 ? 'docs: every link resolves, README within its size' : `docs: ${findings.length} finding(s)`);
	process.exitCode = findings.length === 0 ? 0 : 1;
}
