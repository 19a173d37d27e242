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
 * n8n 2.40.5 cut a longer one off. Hints and notices are drawn whole: their bar is below.
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
	...shownTexts(new KavenegarTrigger().description.properties, 'Kavenegar Polling Trigger'),
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

test('the Recipients hint says what the user would otherwise not expect, and names no switch out of sight', () => {
	const hints = properties.filter((property) => property.name === 'recipients').map((property) => property.hint);
	expect(hints).toEqual(['The same item run again today is not sent twice; to change it, see Additional Fields']);
	// No text points "below" into a list the user has not opened.
	expect(properties.filter((property) => /below/.test(`${property.hint ?? ''}${property.type === 'notice' ? property.displayName : ''}`))).toEqual([]);
});

/*
 * Hints and notices are drawn whole, so they are held to the bar of n8n's own nodes instead
 * (CONTRIBUTING.md, "Hints, notices and errors"): short, in the user's words, the detail in docs/.
 */
const { HINT_CHARS, NOTICE_CHARS, unisolatedRightToLeft } = require('../scripts/lib/editorTexts');

/** @type {[string, Property[]][]} */
const nodesProperties = [
	['Kavenegar', properties],
	['Kavenegar Polling Trigger', new KavenegarTrigger().description.properties],
	['Kavenegar Webhook Trigger', new KavenegarWebhookTrigger().description.properties],
];
/** @type {[string, string, number][]} */
const drawnWhole = nodesProperties.flatMap(([node, fields]) =>
	fields.flatMap((field) => {
		/** @type {[string, string, number][]} */
		const texts = [];
		if (field.hint) texts.push([`${node} → ${field.displayName} (hint)`, field.hint, HINT_CHARS]);
		if (field.type === 'notice') texts.push([`${node} → notice ${field.name}`, field.displayName, NOTICE_CHARS]);
		return texts;
	}),
);

test.each(drawnWhole)('%s keeps to its length and holds no HTML-like <…> (n8n would drop it as a tag)', (_where, text, limit) => {
	expect(text.length).toBeLessThanOrEqual(limit);
	expect(text).not.toMatch(/<[^>]*>/);
});

test("developer words stay in docs/, and n8n 2.x's Publish is said, not Activate", () => {
	const texts = drawnWhole.map(([, text]) => text);
	// n8n 2.x publishes a workflow; the field suffixes and node versions are docs/' business.
	expect(texts.filter((text) => /\bactivat|…Iso|…Jalali|node version|localid/i.test(text))).toEqual([]);
	const descriptions = nodesProperties.flatMap(([, fields]) => fields.flatMap((field) => [field.description ?? '', ...(field.options ?? []).map((option) => String(/** @type {{ description?: string }} */ (option).description ?? ''))]));
	expect(descriptions.filter((text) => /\bactivat|node version \d/i.test(text))).toEqual([]);
});

test('every line field to send from shows an example line', () => {
	const senderLines = properties.flatMap((property) => [property, .../** @type {Property[]} */ (property.options ?? []).filter((option) => 'name' in option && 'type' in option)]).filter((field) => field.name === 'sender');
	expect(senderLines.length).toBeGreaterThan(0);
	expect(senderLines.filter((field) => !field.placeholder)).toEqual([]);
});

test('the editor check finds right-to-left text drawn out of order, and only that', () => {
	expect(unisolatedRightToLeft('Sender Line: invalid sender line (Kavenegar error 412: "ارسال کننده نامعتبر است")')).toEqual(['ارسال کننده نامعتبر است']);
	expect(unisolatedRightToLeft('Sender Line: invalid sender line (Kavenegar error 412: "\u2068ارسال کننده نامعتبر است\u2069")')).toEqual([]);
	expect(unisolatedRightToLeft('ارسال کننده نامعتبر است')).toEqual([]);
	expect(unisolatedRightToLeft('Start Date: ۱۴۰۶/۰۱/۰۱ 09:00')).toEqual([]);
});

/*
 * n8n 2.8's getNodeParameters (the editor and every run) resolves display conditions among a
 * node's top-level parameters only; one on a collection's option never resolves and stops the
 * node with "Could not resolve parameter dependencies. Max iterations reached!".
 */
test.each([
	['Kavenegar', properties],
	['Kavenegar Polling Trigger', new KavenegarTrigger().description.properties],
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

/*
 * The nodes panel (n8n-editor-ui's useActionsGenerator): the polling trigger is listed inside the
 * Kavenegar item, which takes the trigger's description as its header; the events of both triggers
 * are listed as actions side by side.
 */
describe('the nodes panel', () => {
	const node = new Kavenegar().description;
	const polling = new KavenegarTrigger().description;
	const webhook = new KavenegarWebhookTrigger().description;
	/** @param {import('n8n-workflow').INodeTypeDescription} description */
	const eventActions = (description) =>
		/** @type {{ name: string, action?: string }[]} */ (description.properties.find((property) => property.name === 'event')?.options ?? []).map(
			(option) => option.action ?? `On ${option.name.toLowerCase()}`,
		);

	test('the Kavenegar item reads as the node: the trigger listed in it carries the same description', () => {
		expect(polling.description).toBe(node.description);
	});

	test('the polling trigger is added to the canvas under the name the panel gives it', () => {
		expect(polling.defaults.name).toBe(polling.displayName);
		expect(webhook.defaults.name).toBe(webhook.displayName);
	});

	test("no two trigger events read alike: each says whether it is checked on a schedule or instant", () => {
		const actions = [...eventActions(polling), ...eventActions(webhook)];
		const words = (/** @type {string} */ action) => action.toLowerCase().replace(/\(.*\)/, '').replace(/\bnew\b/, '').replace(/\s+/g, ' ').trim();
		const alike = actions.filter((action, index) => actions.some((other, at) => at !== index && words(other) === words(action)));
		expect(alike.every((action) => /\((scheduled check|instant webhook)\)$/.test(action))).toBe(true);
		expect(eventActions(polling).every((action) => action.endsWith('(scheduled check)'))).toBe(true);
		expect(eventActions(webhook).every((action) => action.endsWith('(instant webhook)'))).toBe(true);
	});

	test('searching for one-time codes does not list the Webhook trigger, which sends none', () => {
		const codex = require('../nodes/KavenegarWebhookTrigger/KavenegarWebhookTrigger.node.json');
		expect(codex.alias.filter((/** @type {string} */ alias) => /otp|one-time|verification|2fa/i.test(alias))).toEqual([]);
	});
});
