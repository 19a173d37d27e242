#!/usr/bin/env node
'use strict';
/*
 * Packs the package as `npm publish` would and checks the tarball before anyone can ship it:
 *
 *   node scripts/checkPackage.js        (npm run check:package; CI and the release workflow run it)
 *
 * 1. `npm pack` with lifecycle scripts on (also when the environment turns them off), so that prepack
 *    builds dist/ afresh from the sources (n8n-node build empties dist/ first); every file of dist/
 *    must be newer than the start of the pack, or prepack did not run.
 * 2. The tarball's file list must be exactly what the sources give: one .js per .ts under nodes/ and
 *    credentials/, the nodes' codex .json files, the icons, package.json, README.md, README.fa.md (npm
 *    ships every README*), LICENSE and CHANGELOG.md. Nothing else (no source maps, no tsconfig.tsbuildinfo, no leftovers of deleted
 *    sources), nothing missing.
 * 3. Every file package.json's n8n section names, and every icon a built node or credential refers
 *    to, is in the tarball.
 * 4. n8n's verified-node scanner (@n8n/scan-community-package) lints the unpacked tarball and the
 *    sources with its own rules, as it does for a published version. Its other checks need the
 *    registry (npm provenance, the attested source): this runs offline and leaves those to the
 *    published package.
 * Prints what it checked and exits non-zero on any finding. The tarball is written to a temporary
 * folder and removed, unless PACK_DESTINATION names a folder to keep it in.
 */

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { failed, describeFailure, run } = require('./lib/processes');

const ROOT = path.resolve(__dirname, '..');
const ALWAYS_SHIPPED = ['package.json', 'README.md', 'README.fa.md', 'LICENSE', 'CHANGELOG.md'];
const PACK_TIMEOUT_MS = 5 * 60_000;

/**
 * @param {string} dir
 * @param {(name: string) => boolean} test
 */
function filesUnder(dir, test) {
	/** @type {string[]} */
	const found = [];
	const walk = (/** @type {string} */ current) => {
		for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
			const full = path.join(current, entry.name);
			if (entry.isDirectory()) walk(full);
			else if (test(entry.name)) found.push(path.relative(ROOT, full).split(path.sep).join('/'));
		}
	};
	walk(path.join(ROOT, dir));
	return found;
}

/**
 * Files under dir written before the given time (a build that did not run leaves them all).
 * @param {string} dir
 * @param {number} timeMs
 */
function olderThan(dir, timeMs) {
	return filesUnder(dir, () => true).filter((file) => fs.statSync(path.join(ROOT, file)).mtimeMs < timeMs);
}

/** What a clean build of the sources ships, as paths inside the package. */
function expectedFiles() {
	const sources = ['nodes', 'credentials'].flatMap((dir) => filesUnder(dir, (name) => name.endsWith('.ts')));
	const codex = filesUnder('nodes', (name) => name.endsWith('.json'));
	const icons = filesUnder('icons', (name) => /\.(svg|png)$/.test(name));
	return new Set([
		...ALWAYS_SHIPPED,
		...sources.map((file) => `dist/${file.replace(/\.ts$/, '.js')}`),
		...codex.map((file) => `dist/${file}`),
		...icons.map((file) => `dist/${file}`),
	]);
}

/**
 * @param {string} destination
 * @returns {Promise<{ tarball: string, files: string[], size: number }>}
 */
async function pack(destination) {
	/** @type {[string, string[]]} */
	const npm = process.env.npm_execpath
		? [process.execPath, [process.env.npm_execpath]]
		: [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
	const result = await run(
		npm[0],
		[...npm[1], 'pack', '--json', '--ignore-scripts=false', '--pack-destination', destination],
		{ cwd: ROOT, env: process.env, timeoutMs: PACK_TIMEOUT_MS },
	);
	if (failed(result)) throw new Error(describeFailure('npm pack', result));
	// prepack's build writes to the same stdout before npm's JSON.
	const json = result.stdout.slice(result.stdout.lastIndexOf('[\n  {'));
	const [info] = JSON.parse(json);
	return { tarball: path.join(destination, info.filename), files: info.files.map((/** @type {{ path: string }} */ file) => file.path), size: info.size };
}

/**
 * @param {string} tarball
 * @param {string} into
 */
async function unpack(tarball, into) {
	fs.mkdirSync(into, { recursive: true });
	const result = await run('tar', ['-xzf', tarball, '-C', into, '--strip-components=1'], { timeoutMs: 60_000 });
	if (failed(result)) throw new Error(describeFailure('tar', result));
}

/**
 * The icons a built node or credential names (`file:…` relative to its own file).
 * @param {string} packageDir
 * @param {string[]} files
 */
function iconReferences(packageDir, files) {
	/** @type {{ from: string, icon: string }[]} */
	const references = [];
	for (const file of files.filter((name) => /\.(node|credentials)\.js$/.test(name))) {
		const text = fs.readFileSync(path.join(packageDir, file), 'utf8');
		for (const [, icon] of text.matchAll(/['"]file:([^'"]+)['"]/g)) {
			references.push({ from: file, icon: path.posix.normalize(path.posix.join(path.posix.dirname(file), icon)) });
		}
	}
	return references;
}

/** @param {string} packageDir */
async function scan(packageDir) {
	const scannerFile = require.resolve('@n8n/scan-community-package/scanner/scanner.mjs');
	const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(pathToFileURL(scannerFile).href);
	// The same two legs the scanner runs on a published version: compiled files and package.json of
	// the tarball, and the TypeScript sources the package was built from.
	const shipped = await analyzePackage(packageDir, ['**/*.js', 'package.json']);
	const sources = await analyzePackage(ROOT, SOURCE_FILE_PATTERNS);
	return [
		{ leg: 'tarball', ...shipped },
		{ leg: 'sources', ...sources },
	];
}

async function main() {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kavenegar-pack-'));
	const destination = process.env.PACK_DESTINATION ? path.resolve(process.env.PACK_DESTINATION) : work;
	fs.mkdirSync(destination, { recursive: true });
	const problems = [];
	try {
		const started = Date.now();
		const { tarball, files, size } = await pack(destination);
		console.log(`packed ${path.basename(tarball)}: ${files.length} files, ${(size / 1024).toFixed(1)} kB (build and pack ${((Date.now() - started) / 1000).toFixed(1)} s)`);
		// Whole seconds: some file systems keep modification times no finer than that.
		const stale = fs.existsSync(path.join(ROOT, 'dist')) ? olderThan('dist', Math.floor(started / 1000) * 1000) : [];
		if (stale.length > 0) problems.push(`prepack did not build dist/ afresh: ${stale.length} files older than the pack, such as ${stale[0]}`);

		const expected = expectedFiles();
		const shipped = new Set(files);
		for (const file of [...shipped].filter((name) => !expected.has(name)).sort()) problems.push(`unexpected in the package: ${file}`);
		for (const file of [...expected].filter((name) => !shipped.has(name)).sort()) problems.push(`missing from the package: ${file}`);

		const packageDir = path.join(work, 'package');
		await unpack(tarball, packageDir);
		const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
		const declared = [...(manifest.n8n?.nodes ?? []), ...(manifest.n8n?.credentials ?? [])];
		if (declared.length === 0) problems.push('package.json declares no n8n nodes or credentials');
		for (const file of declared) if (!shipped.has(file)) problems.push(`package.json's n8n section names ${file}, which is not in the package`);
		const icons = iconReferences(packageDir, files);
		if (icons.length === 0) problems.push('no built node or credential names an icon');
		for (const { from, icon } of icons) if (!shipped.has(icon)) problems.push(`${from} shows ${icon}, which is not in the package`);
		console.log(`file list: ${expected.size} expected, ${shipped.size} shipped; ${declared.length} n8n entries and ${icons.length} icon references resolved`);

		const started2 = Date.now();
		for (const result of await scan(packageDir)) {
			if (result.passed) console.log(`scanner (${result.leg}): passed`);
			else problems.push(`scanner (${result.leg}): ${result.message}${result.details ? `\n${result.details}` : ''}`);
		}
		console.log(`scanner: ${((Date.now() - started2) / 1000).toFixed(1)} s`);
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
	if (problems.length > 0) {
		for (const problem of problems) console.error(`✗ ${problem}`);
		process.exitCode = 1;
		return;
	}
	console.log('package check passed');
}

main().catch((error) => {
	console.error(error.stack ?? error.message);
	process.exitCode = 1;
});
