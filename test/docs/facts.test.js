const fs = require('node:fs');
const path = require('node:path');
const { SERVICE_ERROR_MEANINGS, SERVICE_ERROR_ADVICE } = require('../../nodes/shared/serviceErrors');
const { MESSAGE_STATUS_NAMES } = require('../../nodes/shared/readableRows');

const DOCS = path.resolve(__dirname, '../../docs');

/**
 * The rows of the first Markdown table whose header row starts with `header`, as cells.
 * @param {string} file
 * @param {string} header
 */
function tableRows(file, header) {
	const lines = fs.readFileSync(path.join(DOCS, file), 'utf8').split('\n');
	const start = lines.findIndex((line) => line.startsWith(header));
	expect(start).toBeGreaterThanOrEqual(0);
	const rows = [];
	for (const line of lines.slice(start + 2)) {
		if (!line.startsWith('|')) break;
		rows.push(line.slice(1, -1).split(' | ').map((cell) => cell.trim()));
	}
	return rows;
}

/** The docs' tables copy the node's own wording: these keep them from drifting apart. */
describe('what docs/ says matches what the node does', () => {
	test('docs/errors.md lists every service code with the title and advice the node gives', () => {
		const rows = tableRows('errors.md', '| Code |');
		expect(rows).toEqual(
			Object.entries(SERVICE_ERROR_MEANINGS).map(([code, meaning]) => [
				code,
				meaning,
				SERVICE_ERROR_ADVICE[Number(code)] ?? '',
			]),
		);
	});

	test('docs/operations.md names every message status as the node does', () => {
		const rows = tableRows('operations.md', '| `status` |');
		expect(rows.map(([status, name]) => [status, name.replace(/`/g, '')])).toEqual(
			Object.entries(MESSAGE_STATUS_NAMES),
		);
	});
});
