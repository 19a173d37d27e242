const fs = require('node:fs');
const path = require('node:path');
const { useTempRepositories } = require('../tempRepository');
const { checkDocs, slugOf, README_MAX_BYTES } = require('../../scripts/checkDocs');

const ROOT = path.resolve(__dirname, '../..');
/** A small repository on disk, as checkDocs reads one. */
const repository = useTempRepositories('check-docs-');

describe('the documentation of this repository', () => {
	test('every relative link and anchor resolves, and the README is within its size', () => {
		expect(checkDocs(ROOT)).toEqual([]);
	});

	test('the README keeps the headings other pages and the nodes link to', () => {
		const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
		const headings = [...readme.matchAll(/^##+ (.+)$/gm)].map((match) => match[1]);
		expect(headings).toEqual(
			expect.arrayContaining([
				'Install',
				'Credentials',
				'Operations',
				'Triggers',
				'Kavenegar Trigger (polling)',
				'Kavenegar Webhook Trigger',
				'Troubleshooting',
				'Compatibility',
				'License',
			]),
		);
		expect(readme.startsWith('# n8n-nodes-kavenegar\n')).toBe(true);
		expect(readme).toContain('npm ci && npm run demo');
		expect(readme).toContain('npm test ');
	});
});

describe('checkDocs', () => {
	test('finds a link to a missing file, a missing anchor, and a package-page anchor the README lacks', () => {
		const root = repository({
			'package.json': JSON.stringify({ homepage: 'https://example.test/package/x' }),
			'README.md': '# x\n\n## Install\n\nSee [the limits](docs/limits.md#busy-answers) and [gone](docs/gone.md).\n',
			'docs/limits.md': '# Limits\n\n## Busy answers\n\nBack to [install](../README.md#install), [nowhere](../README.md#nowhere).\n',
			'nodes/X/X.node.json': '{ "url": "https://example.test/package/x#credentials" }',
			'credentials/X.credentials.ts': "documentationUrl = 'https://example.test/package/x#install';",
		});
		expect(checkDocs(root)).toEqual([
			'README.md: the link to docs/gone.md names no file (docs/gone.md)',
			'docs/limits.md: the link to ../README.md#nowhere names no heading of README.md',
			'nodes/X/X.node.json: the link to the package page\'s #credentials names no heading of README.md',
		]);
	});

	test('reads no link inside code, follows no other site, and numbers repeated headings as GitHub does', () => {
		const root = repository({
			'package.json': '{}',
			'README.md': [
				'# x',
				'## Notes',
				'## Notes',
				'Inline `[a](missing.md)` and a [site](https://example.test/missing#x).',
				'```md',
				'[b](missing-too.md)',
				'```',
				'[second notes](#notes-1) [third](#notes-2)',
			].join('\n\n'),
		});
		expect(checkDocs(root)).toEqual(['README.md: the link to #notes-2 names no heading of README.md']);
	});

	test('a README over the size limit is a finding', () => {
		const root = repository({ 'package.json': '{}', 'README.md': `# x\n\n${'a'.repeat(README_MAX_BYTES)}\n` });
		expect(checkDocs(root)).toEqual([
			`README.md: ${README_MAX_BYTES + 6} bytes, more than ${README_MAX_BYTES}: move detail to docs/`,
		]);
	});

	test.each([
		['Kavenegar Trigger (polling)', 'kavenegar-trigger-polling'],
		['"Error code: none" under Error details', 'error-code-none-under-error-details'],
		["npm version and dependencies' install scripts", 'npm-version-and-dependencies-install-scripts'],
		['`npm run test:queue`: n8n queue mode', 'npm-run-testqueue-n8n-queue-mode'],
		['Checking a newer n8n (2.40.5)', 'checking-a-newer-n8n-2405'],
		['Long lists, many items', 'long-lists-many-items'],
	])('the anchor of "%s" is %s', (heading, anchor) => {
		expect(slugOf(heading)).toBe(anchor);
	});
});
