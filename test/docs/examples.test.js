/**
 * The example workflows as an Iranian user meets them (issue 42): what they send to people is in
 * Persian, and each has a sticky note in Persian beside its English one. The e2e check
 * (scripts/e2e.js, in a real n8n) compares their items; this checks, without n8n, what it would
 * only find as a failed run: the 1,000 personal texts fit one SMS part each, as the default cap of a
 * run counts them.
 */
const fs = require('node:fs');
const path = require('node:path');
const { messageParts } = require('../../nodes/Kavenegar/operationParts/messageParts');

const EXAMPLES = path.resolve(__dirname, '../../examples');
const PERSIAN = /[\u0600-\u06ff]/;
/** The parameters whose text reaches a person: an SMS, a spoken message, a template's text, Send Different Messages' rows. */
const TEXTS = ['message', 'spokenMessage', 'textMessage', 'messagesJson'];
/** Examples another change is rewriting, with their English texts and note, and why they are left out. */
const LEFT_OUT = { 'approval-by-sms.json': 'its texts and note are rewritten with the approvals work' };

/** @typedef {{ name: string, type: string, parameters: Record<string, unknown> }} SavedNode */

/** @param {string} file @returns {{ name: string, nodes: SavedNode[] }} */
const workflow = (file) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'));

const files = fs
	.readdirSync(EXAMPLES)
	.filter((file) => file.endsWith('.json') && !file.endsWith('.expect.json') && !(file in LEFT_OUT))
	.sort();

const texts = files.flatMap((file) =>
	workflow(file)
		.nodes.filter((node) => node.type.startsWith('n8n-nodes-kavenegar.'))
		.flatMap((node) => TEXTS.filter((name) => typeof node.parameters[name] === 'string').map((name) => [`${file} → ${node.name} → ${name}`, String(node.parameters[name])])),
);

describe('the examples, for an Iranian user', () => {
	test('the examples send texts to check', () => {
		expect(texts.length).toBeGreaterThan(8);
	});

	// A model's own text ($fromAI) is the model's: the AI agent example's system message asks for Persian.
	test.each(texts.filter(([, text]) => !text.includes('$fromAI')))('%s is in Persian', (_where, text) => {
		expect(text).toMatch(PERSIAN);
	});

	// PostgreSQL keeps a workflow's name in 128 characters: a longer one fails the import there.
	test.each(files)('%s has a name PostgreSQL can keep', (file) => {
		expect(workflow(file).name.length).toBeLessThanOrEqual(128);
	});

	test.each(files)('%s has a sticky note in Persian', (file) => {
		const notes = workflow(file).nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote');
		expect(notes.some((note) => PERSIAN.test(String(note.parameters.content)))).toBe(true);
	});

	test('the 1,000 personal texts are one SMS part each: 1,000 messages, the default cap of a version 3 node', () => {
		const example = workflow('crm-personal-messages-to-1000-contacts.json');
		const contactsCode = String(example.nodes.find((node) => node.name === 'CRM contacts')?.parameters.jsCode);
		const send = /** @type {SavedNode} */ (example.nodes.find((node) => node.name === 'Send personal messages'));
		expect(send.parameters.additionalFields).toEqual({});
		// The Code node's JavaScript and the expression's, run as n8n runs them, on the same contacts.
		const contacts = /** @type {Array<{ json: unknown }>} */ (new Function(contactsCode)()).map((item) => item.json);
		const expression = String(send.parameters.messagesJson).replace(/^=\{\{([\s\S]*)\}\}$/, '$1');
		const rows = /** @type {Array<{ message: string }>} */ (new Function('$json', `return (${expression});`)({ contacts }));
		expect(rows).toHaveLength(1000);
		expect(rows.map((row) => messageParts(row.message).parts).reduce((sum, parts) => sum + parts, 0)).toBe(1000);
	});
});
