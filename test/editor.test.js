'use strict';
/** What the n8n editor shows of the node: texts that fit where they are shown, and advice where it is seen. */
const { NodeHelpers } = require('n8n-workflow');
const { Kavenegar } = require('../nodes/Kavenegar/Kavenegar.node');

const { properties } = new Kavenegar().description;
const operations = properties.filter((property) => property.name === 'operation');

// The Operation picker shows two lines of about 45 characters each.
const PICKER_LINES = 90;

/** @type {[string, import('n8n-workflow').INodePropertyOptions][]} */
const pickerTexts = operations.flatMap((field) =>
	/** @type {import('n8n-workflow').INodePropertyOptions[]} */ (field.options).map(
		(option) => /** @type {[string, import('n8n-workflow').INodePropertyOptions]} */ ([String(field.displayOptions?.show?.resource?.[0]), option]),
	),
);
test.each(pickerTexts)(
	'the picker text of %s → %o fits two lines',
	(_resource, option) => {
		expect(option.description?.length).toBeLessThanOrEqual(PICKER_LINES);
	},
);

test.each(['getOutbox', 'getLatestOutbox', 'getMessages'])('%s shows the IP-access advice as a notice above its fields', (operation) => {
	const notices = properties.filter(
		(property) =>
			property.type === 'notice' &&
			NodeHelpers.displayParameter({ resource: 'sms', operation }, property, { typeVersion: 1 }, null),
	);
	expect(notices.map((notice) => notice.displayName)).toEqual([expect.stringContaining('needs IP access')]);
});

test('the Send Message field points to the operations for other kinds of sends', () => {
	const message = properties.find((property) => property.name === 'message' && property.displayOptions?.show?.operation?.includes('send'));
	expect(message?.hint).toContain('Verify → Send Code');
});

/*
 * What the editor shows whole, measured with scripts/editorScreenshots.js (docs/editor-check.md) in n8n 2.8.4 (shots.json):
 * a field's help icon opens a tooltip 400 px wide of about 55 to 60 characters a line, drawn over
 * the fields above it, so the help stays within three lines; the rest is in the README and docs/.
 * An option's description in a list shows two lines of about 45 to 50 (as the Operation picker's);
 * n8n 2.40.5 cut a longer one off. Hints and notices are drawn whole and are not limited here.
 */
const TOOLTIP_CHARS = 180;
const LIST_OPTION_CHARS = 90;

const { KavenegarTrigger } = require('../nodes/KavenegarTrigger/KavenegarTrigger.node');
const { KavenegarWebhookTrigger } = require('../nodes/KavenegarWebhookTrigger/KavenegarWebhookTrigger.node');
const { KavenegarApi } = require('../credentials/KavenegarApi.credentials');
const { KavenegarWebhookApi } = require('../credentials/KavenegarWebhookApi.credentials');

/** @typedef {import('n8n-workflow').INodeProperties} Property */
/** @typedef {[kind: string, where: string, text: string, limit: number]} ShownText */

/** Text as the editor draws it: a description may hold HTML. @param {string} text */
const visible = (text) => text.replace(/<[^>]+>/g, '');

/**
 * Every text of these properties the editor shows, with where it is and how long it may be.
 * @param {Property[]} fields
 * @param {string} where
 * @returns {ShownText[]}
 */
function shownTexts(fields, where) {
	return fields.flatMap((field) => {
		const here = `${where} → ${field.displayName}`;
		/** @type {ShownText[]} */
		const texts = [];
		if (field.description) texts.push(['tooltip', here, visible(field.description), TOOLTIP_CHARS]);
		for (const option of field.options ?? []) {
			if ('values' in option) texts.push(...shownTexts(option.values, `${here} → ${option.displayName}`));
			else if ('type' in option) texts.push(...shownTexts([/** @type {Property} */ (option)], here));
			else if ('description' in option && option.description && field.name !== 'operation') {
				texts.push(['list option', `${here} → ${option.name}`, visible(option.description), LIST_OPTION_CHARS]);
			}
		}
		return texts;
	});
}

const allTexts = [
	...shownTexts(properties, 'Kavenegar'),
	...shownTexts(new KavenegarTrigger().description.properties, 'Kavenegar Trigger'),
	...shownTexts(new KavenegarWebhookTrigger().description.properties, 'Kavenegar Webhook Trigger'),
	...shownTexts(new KavenegarApi().properties, 'Kavenegar API credential'),
	...shownTexts(new KavenegarWebhookApi().properties, 'Kavenegar Webhook API credential'),
];

test.each(allTexts)('the %s of %s is shown whole', (_kind, _where, text, limit) => {
	expect(text.length).toBeLessThanOrEqual(limit);
});

test('both kinds of text are checked', () => {
	expect(new Set(allTexts.map(([kind]) => kind))).toEqual(new Set(['tooltip', 'list option']));
});

test('the Recipients hint names the options on by default and is true whether they are on or off', () => {
	const hints = properties.filter((property) => property.name === 'recipients').map((property) => property.hint);
	expect(hints).toEqual([expect.stringMatching(/^Unless Normalize Phone Numbers or Prevent Duplicate Sends is turned off: /)]);
	// No text points "below" into a list the user has not opened.
	expect(properties.filter((property) => /below/.test(`${property.hint ?? ''}${property.type === 'notice' ? property.displayName : ''}`))).toEqual([]);
});

/*
 * n8n 2.8's getNodeParameters (the editor and every run) resolves display conditions among a
 * node's top-level parameters only; one on a collection's option never resolves and stops the
 * node with "Could not resolve parameter dependencies. Max iterations reached!".
 */
test.each([
	['Kavenegar', properties],
	['Kavenegar Trigger', new KavenegarTrigger().description.properties],
	['Kavenegar Webhook Trigger', new KavenegarWebhookTrigger().description.properties],
])('%s: every display condition names a top-level parameter or a special one', (_node, nodeProperties) => {
	const names = new Set(nodeProperties.map((property) => property.name));
	const conditions = nodeProperties.flatMap((property) =>
		Object.values(property.displayOptions ?? {}).flatMap((rule) => Object.keys(rule ?? {}).map((name) => [property.name, name])),
	);
	expect(conditions.filter(([, name]) => !name.startsWith('@') && !names.has(name))).toEqual([]);
});

test('Message Status Changed shows its IP-access notice in the trigger panel', () => {
	const notices = new KavenegarTrigger().description.properties.filter(
		(property) => property.type === 'notice' && NodeHelpers.displayParameter({ event: 'messageStatusChanged' }, property, { typeVersion: 1 }, null),
	);
	expect(notices.map((notice) => notice.displayName)).toEqual([expect.stringContaining('needs IP access')]);
});

test('Display Type fills in nothing when added', () => {
	const displayType = properties.find((property) => property.name === 'additionalFields' && property.displayOptions?.show?.operation?.includes('send'));
	const field = /** @type {Property[]} */ (displayType?.options ?? []).find((option) => option.name === 'type');
	expect(field?.default).toBe('');
});
