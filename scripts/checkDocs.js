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
 * - The two READMEs, README.md and the Persian guide README.fa.md: every example they name
 *   (examples/NAME, in a link or in text, or a bare NAME.json that is no file at the root) exists;
 *   every operation of the Kavenegar node, by the Resource and Operation names the editor shows, is
 *   in a row of an operations table in each (| Resource | Operation, Operation… |), read from the
 *   node's TypeScript source; an LRI, RLI or FSI (U+2066–U+2068, which keep an English name in order
 *   in a Persian sentence) is closed by a PDI (U+2069) on its line; the guide's text sits in a
 *   <div dir="rtl"> that lets Markdown through.
 * - What a reader copies carries no invisible direction mark (LRM, RLM, ALM, an embedding, an
 *   override or an isolate), which a copy keeps and a form, a shell or a JSON parser then refuses or
 *   reads as another value: none inside code (a fenced block, `…` or <code>), and no isolate around
 *   code or around what looks like a value (two digits in a row, a leading +, / { } % = ? ~ $ @, a
 *   file name). A value goes in code, which the guide keeps left to right with <code dir="ltr"> or a
 *   fenced block in <div dir="ltr"> (npm run docs:render fails on a code span drawn out of order).
 * Prints each finding and exits non-zero if there is one.
 */

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const README_MAX_BYTES = 15 * 1024;
const READMES = ['README.md', 'README.fa.md'];
const TOP_LEVEL_DOCS = [...READMES, 'CONTRIBUTING.md', 'CHANGELOG.md'];

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
 * The node's operations as the editor lists them: the Resource's name and the Operation's, in order.
 * @param {ReadonlyArray<{ name: string, displayOptions?: { show?: Record<string, unknown> }, options?: ReadonlyArray<unknown> }>} properties the node description's
 * @returns {Array<[string, string]>}
 */
function operationsOf(properties) {
	/** @param {unknown} option */
	const nameAndValue = (option) => /** @type {{ name: string, value: unknown }} */ (option);
	const resources = new Map(
		properties.filter((property) => property.name === 'resource').flatMap((property) => (property.options ?? []).map(nameAndValue).map((option) => [option.value, option.name])),
	);
	/** @type {Map<string, [string, string]>} */
	const operations = new Map();
	for (const property of properties.filter((candidate) => candidate.name === 'operation')) {
		const shown = property.displayOptions?.show?.resource;
		for (const value of Array.isArray(shown) ? shown : []) {
			for (const option of (property.options ?? []).map(nameAndValue)) {
				const resource = String(resources.get(value) ?? value);
				operations.set(`${resource}\t${option.name}`, [resource, option.name]);
			}
		}
	}
	return [...operations.values()];
}

/**
 * Operations of the Kavenegar node in `root`, from its TypeScript source, compiled by TypeScript as it
 * is loaded (nothing is built). Jest compiles the source itself, so its tests pass the operations in.
 * @param {string} root
 */
function nodeOperations(root) {
	const ts = require('typescript');
	const extensions = /** @type {Record<string, unknown>} */ (require.extensions);
	const before = extensions['.ts'];
	extensions['.ts'] = (/** @type {{ _compile(code: string, file: string): void }} */ module, /** @type {string} */ file) => {
		const compilerOptions = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true };
		module._compile(ts.transpileModule(fs.readFileSync(file, 'utf8'), { fileName: file, compilerOptions }).outputText, file);
	};
	try {
		const { Kavenegar } = require(path.join(root, 'nodes/Kavenegar/Kavenegar.node.ts'));
		return operationsOf(new Kavenegar().description.properties);
	} finally {
		if (before === undefined) delete extensions['.ts'];
		else extensions['.ts'] = before;
	}
}

/**
 * The rows of every table in a Markdown file as [first cell, names in the second], markup and
 * bidirectional isolates left out: `| SMS | Send, Cancel | … |` → ['SMS', ['Send', 'Cancel']].
 * @param {string} markdown
 * @returns {Array<[string, string[]]>}
 */
function tableRowsOf(markdown) {
	const plain = (/** @type {string} */ cell) => cell.replace(/[\u2066-\u2069]|<[^>]*>|[*`]/g, '').trim();
	return markdown
		.split('\n')
		.filter((line) => line.startsWith('|'))
		.map((line) => line.split('|').slice(1, -1))
		.filter((cells) => cells.length >= 2)
		.map(([first, second]) => [plain(first), plain(second).split(',').map((name) => name.trim())]);
}

/** Unicode's invisible direction marks: LRM, RLM, ALM, the embeddings and overrides, the isolates and PDI. */
const DIRECTION_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
/** What a reader would copy rather than read: a number, a date, a path, JSON, an expression, a file name. */
const LOOKS_LIKE_A_VALUE = /\d\d|^\+|[/{}%=?~$@]|\.(json|tgz|md)\b/;
const FENCED = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;

/**
 * The places where a copy of a README would carry an invisible direction mark: a mark inside code,
 * or an isolate around what looks like a value (see the head of this file).
 * @param {string} name
 * @param {string} markdown
 * @returns {string[]}
 */
function marksInValues(name, markdown) {
	/** @type {Array<[number, string]>} line and finding */
	const found = [];
	const lineAt = (/** @type {number} */ at) => markdown.slice(0, at).split('\n').length;
	const shown = (/** @type {string} */ text) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
	// Fenced blocks, then `…` spans and <code> elements in what is left; each is blanked once looked at,
	// so that an isolate is judged only outside code.
	let outside = markdown;
	for (const pattern of [FENCED, /`[^`\n]+`/g, /<code\b[^>]*>[\s\S]*?<\/code>/g]) {
		outside = outside.replace(pattern, (code, ...rest) => {
			const at = /** @type {number} */ (rest.find((value) => typeof value === 'number'));
			const mark = DIRECTION_MARKS.exec(code);
			if (mark) {
				const point = `U+${(mark[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
				const line = lineAt(at + mark.index);
				found.push([line, `${name}:${line}: an invisible direction mark (${point}) inside code, ${shown(code.replace(new RegExp(DIRECTION_MARKS, 'g'), ''))}: a copy carries it`]);
			}
			return code.replace(/[^\n]/g, ' ');
		});
	}
	for (const isolate of outside.matchAll(/[\u2066-\u2068]([^\u2069\n]*)\u2069/g)) {
		const inside = markdown.slice((isolate.index ?? 0) + 1, (isolate.index ?? 0) + 1 + isolate[1].length);
		const plain = inside.replace(/<[^>]*>|[`*]/g, '').trim();
		if (/`|<code\b/.test(inside) || LOOKS_LIKE_A_VALUE.test(plain)) {
			const line = lineAt(isolate.index ?? 0);
			found.push([line, `${name}:${line}: ${shown(plain)} sits between invisible isolate marks, which a copy carries: put a value in code (<code dir="ltr">…</code> or a fenced block), with no mark`]);
		}
	}
	return found.sort(([a], [b]) => a - b).map(([, finding]) => finding);
}

/**
 * What README.md and README.fa.md must keep true (see the head of this file).
 * @param {string} root
 * @param {Array<[string, string]>} [operations] the node's, as operationsOf gives them; without them, not checked
 * @returns {string[]}
 */
function checkReadmes(root, operations) {
	/** @type {string[]} */
	const findings = [];
	for (const name of READMES) {
		const file = path.join(root, name);
		if (!fs.existsSync(file)) continue;
		const markdown = fs.readFileSync(file, 'utf8');
		for (const example of new Set([...markdown.matchAll(/\bexamples\/([\w.-]*\w)/g)].map((match) => match[1]))) {
			if (!fs.existsSync(path.join(root, 'examples', example))) findings.push(`${name}: names examples/${example}, which does not exist`);
		}
		// A workflow named without its folder, as the guide's link texts and steps name them.
		for (const file of new Set([...markdown.matchAll(/(?<![\w/.-])([\w-]+\.json)\b/g)].map((match) => match[1]))) {
			if (!fs.existsSync(path.join(root, 'examples', file)) && !fs.existsSync(path.join(root, file))) {
				findings.push(`${name}: names ${file}, which is no example (examples/${file} does not exist)`);
			}
		}
		findings.push(...marksInValues(name, markdown));
		markdown.split('\n').forEach((line, at) => {
			let open = 0;
			for (const character of line.replace(/[^\u2066-\u2069]/g, '')) {
				open += character === '\u2069' ? -1 : 1;
				if (open < 0) break;
			}
			if (open !== 0) findings.push(`${name}:${at + 1}: an isolate (LRI, RLI or FSI … PDI) is not closed on its line`);
		});
		if (operations) {
			const rows = tableRowsOf(markdown);
			for (const [resource, operation] of operations) {
				if (!rows.some(([first, names]) => first === resource && names.includes(operation))) {
					findings.push(`${name}: the node's ${resource} → ${operation} is in no row of an operations table (| ${resource} | ${operation} | … |)`);
				}
			}
		}
	}
	const guide = path.join(root, 'README.fa.md');
	if (fs.existsSync(guide) && !/^<div dir="rtl"[^>]*>\n\n[\s\S]*\n\n<\/div>\s*$/m.test(fs.readFileSync(guide, 'utf8'))) {
		findings.push('README.fa.md: its text must sit in <div dir="rtl"> … </div>, each on a line of its own with a blank line after and before, so that it reads right to left and Markdown inside is still read');
	}
	return findings;
}

/**
 * @param {string} root
 * @param {{ operations?: Array<[string, string]> }} [options] the node's operations, to check the READMEs list them
 * @returns {string[]} the findings, one sentence each
 */
function checkDocs(root, { operations } = {}) {
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
	findings.push(...checkReadmes(root, operations));
	return findings;
}

module.exports = { checkDocs, slugOf, anchorsOf, operationsOf, tableRowsOf, README_MAX_BYTES };

if (require.main === module) {
	const findings = checkDocs(ROOT, { operations: nodeOperations(ROOT) });
	for (const finding of findings) console.error(finding);
	console.log(findings.length === 0 ? 'docs: every link resolves, README within its size' : `docs: ${findings.length} finding(s)`);
	process.exitCode = findings.length === 0 ? 0 : 1;
}
