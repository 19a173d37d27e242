/**
 * docs/kavenegar-api.md is the contract; the fake is the same contract made executable, and the node
 * is written to it. These keep the three from drifting apart: every endpoint of the page is one of the
 * fake's, with the same methods and parameter names, and every endpoint the node names is on the page.
 */
const fs = require('node:fs');
const path = require('node:path');
const { FakeKavenegar } = require('../fakeKavenegar');
const { Kavenegar } = require('../../nodes/Kavenegar/Kavenegar.node');

const ROOT = path.resolve(__dirname, '../..');
const PAGE = fs.readFileSync(path.join(ROOT, 'docs/kavenegar-api.md'), 'utf8');

/**
 * The page's endpoints: each `#### \`group/operation\`` heading, the methods of its "Methods:" line
 * and the first column of its parameter table.
 * @returns {Map<string, { methods: string[], params: string[] }>}
 */
function documentedEndpoints() {
	/** @type {Map<string, { methods: string[], params: string[] }>} */
	const endpoints = new Map();
	/** @type {{ methods: string[], params: string[] } | undefined} */
	let current;
	for (const line of PAGE.split('\n')) {
		if (line.startsWith('#')) {
			const heading = /^#### `([a-z/]+)`$/.exec(line);
			current = heading ? { methods: [], params: [] } : undefined;
			if (heading && current) endpoints.set(heading[1], current);
		} else if (current && line.startsWith('Methods: ')) {
			current.methods = [...line.split('. ')[0].matchAll(/`([A-Z]+)`/g)].map((match) => match[1]);
		} else if (current) {
			const param = /^\| `([A-Za-z0-9]+)` \|/.exec(line);
			if (param) current.params.push(param[1]);
		}
	}
	return endpoints;
}

/**
 * Every file under `dir` whose name ends in `.ts`.
 * @param {string} dir
 * @returns {string[]}
 */
function sources(dir) {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sources(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

/** Endpoint names quoted in source text: `'sms/select'`, `'/sms/send.json'`, `` `${base}/${operation}.json` `` aside. */
const ENDPOINT_LITERAL = /['"`]\/?((?:sms|verify|line|media|account|call)\/[a-z/]+?)(?:\.json)?['"`]/g;

const endpoints = documentedEndpoints();
const fake = new FakeKavenegar();

describe('docs/kavenegar-api.md and the fake are one contract', () => {
	test('the page lists exactly the fake\'s endpoints', () => {
		expect(endpoints.size).toBeGreaterThan(20);
		expect([...endpoints.keys()].sort()).toEqual(Object.keys(fake.operations).sort());
	});

	test.each(Object.keys(fake.operations).sort())('%s: the same methods and parameter names', (name) => {
		const operation = fake.operations[name];
		expect(endpoints.get(name)).toEqual({ methods: [...operation.methods].sort(), params: operation.params });
	});
});

describe('the node calls only what docs/kavenegar-api.md lists', () => {
	test('each operation of the node, in every version, uses a documented endpoint and one of its methods', () => {
		const { properties } = new Kavenegar().description;
		const requests = properties
			.filter((property) => property.name === 'operation' && property.type === 'options')
			.flatMap((property) => property.options ?? [])
			.map((option) => /** @type {any} */ (option).routing?.request)
			.filter(Boolean);
		expect(requests.length).toBeGreaterThan(20);
		for (const { method, url } of requests) {
			const name = /^\/(.+)\.json$/.exec(url)?.[1] ?? url;
			expect({ name, documented: endpoints.get(name)?.methods.includes(method) ?? false }).toEqual({ name, documented: true });
		}
	});

	test('every endpoint named in nodes/ and credentials/ is documented; the triggers\' (always POST) take POST', () => {
		const named = [...sources(path.join(ROOT, 'nodes')), ...sources(path.join(ROOT, 'credentials'))].flatMap((file) =>
			[...fs.readFileSync(file, 'utf8').matchAll(ENDPOINT_LITERAL)].map((match) => ({ file: path.relative(ROOT, file), name: match[1] })),
		);
		expect(named.length).toBeGreaterThan(20);
		for (const { file, name } of named) {
			const methods = endpoints.get(name)?.methods;
			expect({ file, name, documented: methods !== undefined }).toEqual({ file, name, documented: true });
			if (file.includes('Trigger')) expect({ file, name, takesPost: methods?.includes('POST') }).toEqual({ file, name, takesPost: true });
		}
	});
});
