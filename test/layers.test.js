/**
 * The node's layers: a field (shared/fields/) describes a value and the rules that check it; how a
 * request is sent (sending/) belongs to the operations and the engine. Nothing a field file
 * imports, directly or through other files, is sending code.
 */
const fs = require('node:fs');
const path = require('node:path');

const NODE = path.join(__dirname, '..', 'nodes', 'Kavenegar');

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

const fieldFiles = fs.readdirSync(path.join(NODE, 'shared', 'fields')).map((name) => path.join(NODE, 'shared', 'fields', name));

test.each(fieldFiles.map((file) => [path.relative(NODE, file), file]))('%s imports no sending code', (_, file) => {
	const sending = [...importsOf(file)].filter((imported) => imported.startsWith(path.join(NODE, 'sending') + path.sep));
	expect(sending.map((imported) => path.relative(NODE, imported))).toEqual([]);
});

test('the walk over imports follows them: an operation that sends in chunks reaches the engine', () => {
	const imported = [...importsOf(path.join(NODE, 'resources', 'sms', 'send.ts'))];
	expect(imported).toContain(path.join(NODE, 'sending', 'sendRequest.ts'));
});
