/**
 * The node's layers: a field (operationParts/fields/) describes a value and the rules that check it; how a
 * request is sent (sending/) belongs to the operations and the engine. Nothing a field file
 * imports, directly or through other files, is sending code. And no file in nodes/ is longer than
 * one can read at once.
 */
const fs = require('node:fs');
const path = require('node:path');

const NODES = path.join(__dirname, '..', 'nodes');
const NODE = path.join(NODES, 'Kavenegar');
const MAX_LINES = 250;

/**
 * The node's own files a file imports, directly or through others.
 * @param {string} file
 * @param {Set<string>} [seen]
 */
function importsOf(file, seen = new Set()) {
	const source = fs.readFileSync(file, 'utf8');
	for (const [, specifier] of source.matchAll(/from '(\.[^']+)'/g)) {
		const target = `${path.resolve(path.dirname(file), specifier)}.ts`;
		if (seen.has(target)) continue;
		seen.add(target);
		importsOf(target, seen);
	}
	return seen;
}

const fieldFiles = fs.readdirSync(path.join(NODE, 'operationParts', 'fields')).map((name) => path.join(NODE, 'operationParts', 'fields', name));

test.each(fieldFiles.map((file) => [path.relative(NODE, file), file]))('%s imports no sending code', (_, file) => {
	const sending = [...importsOf(file)].filter((imported) => imported.startsWith(path.join(NODE, 'sending') + path.sep));
	expect(sending.map((imported) => path.relative(NODE, imported))).toEqual([]);
});

test('the walk over imports follows them: an operation that sends in chunks reaches the engine', () => {
	const imported = [...importsOf(path.join(NODE, 'resources', 'sms', 'send.ts'))];
	expect(imported).toContain(path.join(NODE, 'sending', 'sendRequest.ts'));
});

test(`no file in nodes/ is over ${MAX_LINES} lines`, () => {
	const files = /** @type {string[]} */ (fs.readdirSync(NODES, { recursive: true, encoding: 'utf8' })).filter((name) => name.endsWith('.ts'));
	const long = files.filter((name) => fs.readFileSync(path.join(NODES, name), 'utf8').split('\n').length - 1 > MAX_LINES);
	expect(files.length).toBeGreaterThan(50);
	expect(long).toEqual([]);
});
