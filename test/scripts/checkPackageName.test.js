const http = require('node:http');
const { nameProblem, repositoryOf } = require('../../scripts/checkPackageName');

const OURS = { name: 'n8n-nodes-kavenegar', repository: { type: 'git', url: 'git+https://github.com/our-org/n8n-nodes-kavenegar.git' } };

/**
 * A registry on loopback that knows at most one package document.
 * @param {number} status
 * @param {object} [document]
 */
async function registry(status, document) {
	/** @type {string[]} */
	const asked = [];
	const server = http.createServer((req, res) => {
		asked.push(String(req.url));
		res.writeHead(status, { 'content-type': 'application/json' });
		res.end(JSON.stringify(document ?? { error: 'Not found' }));
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	return { url: `http://127.0.0.1:${address.port}/`, asked, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** @param {unknown} repository @param {string[]} maintainers */
const published = (repository, maintainers) => ({
	name: OURS.name,
	'dist-tags': { latest: '0.3.0' },
	versions: { '0.3.0': { repository, maintainers: maintainers.map((name) => ({ name })) } },
});

describe('the release publishes only a package name that is ours', () => {
	test('a name the registry does not have is free: this release claims it', async () => {
		const npm = await registry(404);
		try {
			expect(await nameProblem(OURS, npm.url)).toBeUndefined();
			expect(npm.asked).toEqual(['/n8n-nodes-kavenegar']);
		} finally {
			await npm.close();
		}
	});

	test('a name already published from our repository is ours, however npm wrote the URL', async () => {
		const npm = await registry(200, published('https://github.com/Our-Org/n8n-nodes-kavenegar', ['us']));
		try {
			expect(await nameProblem(OURS, npm.url)).toBeUndefined();
		} finally {
			await npm.close();
		}
	});

	test("another publisher's package of that name refuses the publish, naming them and what to do", async () => {
		const npm = await registry(200, published({ type: 'git', url: 'https://github.com/someone/n8n-nodes-kavenegar.git' }, ['someone']));
		try {
			const problem = await nameProblem(OURS, npm.url);
			expect(problem).toContain('already has n8n-nodes-kavenegar, published by someone from https://github.com/someone/n8n-nodes-kavenegar');
			expect(problem).toContain('not from https://github.com/our-org/n8n-nodes-kavenegar');
			expect(problem).toContain('@<your-npm-user-or-org>/n8n-nodes-kavenegar');
			expect(problem).toContain('CHANGELOG.md');
		} finally {
			await npm.close();
		}
	});

	test('a package of that name while ours names no repository is not taken for ours', async () => {
		const npm = await registry(200, published(undefined, ['someone']));
		try {
			expect(await nameProblem({ name: OURS.name }, npm.url)).toContain('from no named repository');
		} finally {
			await npm.close();
		}
	});

	test('a registry that fails or cannot be reached refuses: not publishing without knowing', async () => {
		const failing = await registry(503);
		try {
			expect(await nameProblem(OURS, failing.url)).toContain('answered HTTP 503');
		} finally {
			await failing.close();
		}
		const gone = await registry(404);
		await gone.close();
		expect(await nameProblem(OURS, gone.url)).toContain('could not ask');
	});

	test('a scoped name is asked for as npm spells it', async () => {
		const npm = await registry(404);
		try {
			await nameProblem({ name: '@our-org/n8n-nodes-kavenegar' }, npm.url);
			expect(npm.asked).toEqual(['/@our-org%2fn8n-nodes-kavenegar']);
		} finally {
			await npm.close();
		}
	});

	test.each([
		['git+https://github.com/o/r.git', 'https://github.com/o/r'],
		['github:o/r', 'https://github.com/o/r'],
		['git@github.com:o/r.git', 'https://github.com/o/r'],
		['git://github.com/O/R', 'https://github.com/o/r'],
		[undefined, ''],
	])('repository %s reads as %s', (given, read) => {
		expect(repositoryOf(given)).toBe(read);
	});
});
