#!/usr/bin/env node
'use strict';
/*
 * Before a publish (package.json's prepublishOnly, and the release workflow's first step): the
 * package name must be ours on the registry. The name is part of every node type id a saved workflow
 * stores (`<name>.kavenegar`), and n8n's Install takes a name alone: a name another publisher holds
 * would fail our release, and a user who types it would install someone else's node.
 *
 * Ours means: the registry has no package of that name yet (this release claims it), or the package
 * it has was published from the repository package.json names. Anything else, a registry that cannot
 * be asked included, refuses the publish and says what to do (CONTRIBUTING.md#the-package-name).
 *
 *   node scripts/checkPackageName.js            the registry npm is set to (npm_config_registry in a
 *                                               lifecycle script, otherwise registry.npmjs.org)
 */
const fs = require('node:fs');
const path = require('node:path');

const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

/** A repository URL as npm writes it in its many forms (`git+https://…git`, `github:o/r`), for comparison. */
function repositoryOf(/** @type {unknown} */ repository) {
	const url = typeof repository === 'string' ? repository : String(/** @type {{ url?: unknown }} */ (repository ?? {}).url ?? '');
	return url
		.trim()
		.replace(/^github:/, 'https://github.com/')
		.replace(/^git\+/, '')
		.replace(/^git:\/\//, 'https://')
		.replace(/^git@github\.com:/, 'https://github.com/')
		.replace(/\.git$/, '')
		.replace(/\/+$/, '')
		.toLowerCase();
}

/**
 * Why publishing `pkg` to `registry` would not be ours to do, or undefined when it is.
 * @param {{ name: string, repository?: unknown }} pkg
 * @param {string} registry
 * @returns {Promise<string | undefined>}
 */
async function nameProblem(pkg, registry) {
	const url = `${registry.replace(/\/*$/, '/')}${pkg.name.replace('/', '%2f')}`;
	/** @type {Response} */
	let response;
	try {
		response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
	} catch (error) {
		return `could not ask ${registry} whether the name ${pkg.name} is free (${error instanceof Error ? error.message : String(error)}): not publishing without knowing`;
	}
	if (response.status === 404) return undefined;
	if (!response.ok) return `${registry} answered HTTP ${response.status} when asked for ${pkg.name}: not publishing without knowing whose the name is`;
	/** @type {{ 'dist-tags'?: Record<string, string>, versions?: Record<string, { repository?: unknown, maintainers?: { name: string }[] }>, maintainers?: { name: string }[] }} */
	const document = await response.json();
	const latest = document.versions?.[document['dist-tags']?.latest ?? ''];
	const theirs = repositoryOf(latest?.repository);
	const ours = repositoryOf(pkg.repository);
	if (ours !== '' && theirs === ours) return undefined;
	const publishers = (latest?.maintainers ?? document.maintainers ?? []).map((maintainer) => maintainer.name).join(', ') || 'someone';
	return [
		`${registry} already has ${pkg.name}, published by ${publishers} from ${theirs || 'no named repository'}${ours ? `, not from ${ours}` : ''}.`,
		`It is not this package: publishing would fail, and users who install ${pkg.name} would get that one.`,
		'Choose a name that is ours before the first release, once: a scoped name such as @<your-npm-user-or-org>/n8n-nodes-kavenegar is only ever yours.',
		'Change it in package.json, in every node type id the examples, tests and scripts name (<name>.kavenegar), and in both READMEs, and say so in CHANGELOG.md (CONTRIBUTING.md#the-package-name).',
	].join('\n');
}

async function main() {
	const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
	const registry = process.env.npm_config_registry || DEFAULT_REGISTRY;
	const problem = await nameProblem(pkg, registry);
	if (problem) {
		console.error(`Not publishing: ${problem}`);
		process.exitCode = 1;
		return;
	}
	console.log(`${pkg.name} is ours to publish on ${registry}`);
}

module.exports = { nameProblem, repositoryOf };

if (require.main === module) main();
