const fs = require('node:fs');
const path = require('node:path');
const { SERVICE_ERROR_MEANINGS, SERVICE_ERROR_ADVICE, SERVICE_ERROR_FIELDS } = require('../../nodes/allNodes/serviceErrors');
const { propertiesAsWritten } = require('../../nodes/Kavenegar/resources');
const { operationFields } = require('../../nodes/Kavenegar/operationParts/operationFields');
const { MESSAGE_STATUS_NAMES, readableRow } = require('../../nodes/allNodes/readableRows');
const { RETRY_TABLE } = require('../../nodes/Kavenegar/sending/retries');

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
		const rows = tableRows('errors.md', '| Code | Meaning |');
		expect(rows).toEqual(
			Object.entries(SERVICE_ERROR_MEANINGS).map(([code, meaning]) => [
				code,
				meaning,
				SERVICE_ERROR_ADVICE[Number(code)] ?? '',
			]),
		);
	});

	test('docs/errors.md lists every code that points at a field, with the labels the node can name and what it says', () => {
		const fieldsOf = operationFields(propertiesAsWritten);
		const operations = propertiesAsWritten
			.filter((property) => property.name === 'operation')
			.flatMap((property) =>
				(property.options ?? []).map((option) => [String(property.displayOptions?.show?.resource?.[0]), String(/** @type {any} */ (option).value)]),
			);
		// The polling trigger's fields a code can point at (nodes/KavenegarTrigger).
		const triggerFields = [
			{ param: 'linenumber', label: 'Line Number' },
			{ param: 'sender', label: 'Sender Line' },
		];
		const rows = tableRows('errors.md', '| Code | Fields the title names |');
		expect(rows.map(([code, labels, problem, value]) => [code, labels.split(', ').sort(), problem, value])).toEqual(
			Object.entries(SERVICE_ERROR_FIELDS).map(([code, { params, problem, resources, withValue }]) => {
				const fields = [
					...operations.filter(([resource]) => !resources || resources.includes(resource)).flatMap(([resource, operation]) => fieldsOf(resource, operation)),
					...triggerFields,
				];
				return [code, [...new Set(fields.filter((field) => params.includes(field.param)).map((field) => field.label))].sort(), problem, withValue ? 'yes' : 'no'];
			}),
		);
	});

	test('docs/errors.md gives the retry table the node follows', () => {
		const rows = tableRows('errors.md', '| Answer | Repeat-safe |');
		const yesNo = (/** @type {boolean} */ value) => (value ? 'yes' : 'no');
		expect(rows).toEqual(
			Object.values(RETRY_TABLE).map((rule) => [
				rule.answer,
				...(/** @type {const} */ (['safe', 'onRefusal'])).map((repeat) => yesNo(rule.retriedFor.includes(repeat))),
				yesNo(rule.mayHaveActed),
			]),
		);
	});

	test('docs/operations.md names every message status as the node does', () => {
		const rows = tableRows('operations.md', '| `status` |');
		expect(rows.map(([status, name]) => [status, name.replace(/`/g, '')])).toEqual(
			Object.entries(MESSAGE_STATUS_NAMES),
		);
	});

	test('the UnixTime fields of the contract, the ISO copies the node adds and the list in docs/operations.md are the same', () => {
		// Every field of every row the contract describes, with its type.
		const fields = fs
			.readFileSync(path.join(DOCS, 'kavenegar-api.md'), 'utf8')
			.split('\n')
			.flatMap((line) => {
				const cells = line.split(' | ');
				return line.startsWith('| `') && cells.length === 3 ? [...cells[0].matchAll(/`(\w+)`/g)].map((match) => ({ name: match[1], type: cells[1] })) : [];
			});
		const unixTime = [...new Set(fields.filter((field) => field.type === 'UnixTime').map((field) => field.name))].sort();
		// The node's own answer: a row holding every one of those fields, through the code that adds the copies.
		const row = Object.fromEntries(fields.map((field) => [field.name, 1_700_000_000]));
		const readable = Object.keys(readableRow(row, 'UTC'));
		const copied = readable
			.filter((key) => key.endsWith('Iso'))
			.map((key) => key.slice(0, -'Iso'.length))
			.sort();
		// Each ISO copy has its Jalali copy beside it (docs/jalali-dates-and-send-cap.md lists both).
		expect(readable.filter((key) => key.endsWith('Jalali')).map((key) => key.slice(0, -'Jalali'.length)).sort()).toEqual(copied);
		const operations = fs.readFileSync(path.join(DOCS, 'operations.md'), 'utf8');
		const listed = [...operations.matchAll(/`(\w+)` →\s+`(\w+)Iso`/g)].map(([, field, copy]) => {
			expect(copy).toBe(field);
			return field;
		});
		expect(unixTime.length).toBeGreaterThan(0);
		expect(copied).toEqual(unixTime);
		expect(listed.sort()).toEqual(unixTime);
	});
});
