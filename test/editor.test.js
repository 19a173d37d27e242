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

/**
 * Whether n8n's nodes panel lists a node for what is typed. The editor (sublimeSearch of
 * @n8n/utils, in n8n 2.8.4 and 2.41.1) lowercases the search and lists a node whose name or one
 * codex alias holds each of its characters in that order, side by side or not. Nothing is folded:
 * a ZWNJ is not a space, Arabic ي and ك are not Persian ی and ک, أ is not ا; so the codex carries
 * each spelling that no other alias holds in order.
 * @param {string} typed
 * @param {string[]} texts the node's name and aliases
 */
function panelFinds(typed, texts) {
	const wanted = typed.toLowerCase();
	return texts.some((text) => {
		let matched = 0;
		for (const char of text.toLowerCase()) if (char === wanted[matched]) matched += 1;
		return matched === wanted.length;
	});
}

/** As typed on an Arabic keyboard, or on Windows' old Farsi one: ي and ك for ی and ک. @param {string} text */
const arabicKeyboard = (text) => text.replace(/\u06cc/g, '\u064a').replace(/\u06a9/g, '\u0643');
const ZWNJ = '\u200c';
const SMS = ['پیامک', 'پیام کوتاه', 'اس ام اس', `اس${ZWNJ}ام${ZWNJ}اس`];
/** Kavenegar's name: its two words joined by a ZWNJ as it writes it, by a space, by both, or by nothing. */
const NAME = [`کاوه${ZWNJ}نگار`, 'کاوه نگار', `کاوه${ZWNJ} نگار`, 'کاوهنگار'];
const CODES = ['کد تایید', 'کد تأیید', 'رمز یکبار مصرف', `رمز یک${ZWNJ}بار مصرف`, 'رمز یک بار مصرف', 'کد یکبار مصرف', `کد یک${ZWNJ}بارمصرف`, `یک${ZWNJ}بارمصرف`, 'رمز پویا', `تایید دو مرحله${ZWNJ}ای`, 'تایید دو مرحله ای', `تأیید دو مرحله${ZWNJ}ای`, 'احراز هویت'];
const RECEIVED = ['پیامک دریافتی', 'گزارش تحویل', 'وضعیت پیامک', 'وضعیت ارسال'];
/** The first words typed, also tried as an Arabic keyboard types them; the codex holds those spellings alone. */
const ON_ARABIC_KEYBOARDS = ['پیامک', 'کاوه نگار', `کاوه${ZWNJ}نگار`, 'کاوهنگار'];

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
	/** @type {string[]} */
	const kavenegarAliases = require('../nodes/Kavenegar/Kavenegar.node.json').alias;
	/** @type {string[]} */
	const pollingAliases = require('../nodes/KavenegarTrigger/KavenegarTrigger.node.json').alias;
	/** @type {string[]} */
	const webhookAliases = require('../nodes/KavenegarWebhookTrigger/KavenegarWebhookTrigger.node.json').alias;
	/*
	 * Per node: the words its codex holds as written, and what a Persian reader types to find it;
	 * true to what the node does, so the Webhook trigger has no word for codes and the polling
	 * trigger none for sending (issue 42).
	 */
	const persian = [
		{
			description: node,
			aliases: kavenegarAliases,
			held: ['پیامک', 'پیام کوتاه', 'اس ام اس', 'ارسال پیامک', 'پیامک انبوه', `کاوه${ZWNJ}نگار`, 'کاوه نگار', 'کد تایید', 'کد تأیید', `رمز یک${ZWNJ}بار مصرف`, `تایید دو مرحله${ZWNJ}ای`, 'پیامک دریافتی', 'صندوق دریافت پیامک'],
			typed: [...SMS, ...NAME, 'ارسال پیامک', 'پیامک انبوه', 'سامانه پیامک', 'سامانه پیامکی', 'پنل پیامک', ...CODES, 'تماس صوتی', 'تایید با پیامک', 'تأیید با پیامک', ...RECEIVED, 'صندوق پیامک', 'صندوق دریافت'],
			arabic: [...ON_ARABIC_KEYBOARDS, 'ارسال پیامک', 'کد تایید'],
		},
		{
			description: polling,
			aliases: pollingAliases,
			held: ['پیامک', 'پیام کوتاه', 'اس ام اس', `کاوه${ZWNJ}نگار`, 'کاوه نگار', 'پیامک دریافتی', 'صندوق دریافت پیامک'],
			typed: [...SMS, ...NAME, ...RECEIVED, 'صندوق پیامک', 'صندوق دریافت'],
			arabic: ON_ARABIC_KEYBOARDS,
		},
		{
			description: webhook,
			aliases: webhookAliases,
			held: ['پیامک', 'پیام کوتاه', 'اس ام اس', `کاوه${ZWNJ}نگار`, 'کاوه نگار', 'پیامک دریافتی'],
			typed: [...SMS, ...NAME, ...RECEIVED, 'وب هوک', `وب${ZWNJ}هوک`],
			arabic: ON_ARABIC_KEYBOARDS,
		},
	].map((entry) => ({ ...entry, name: entry.description.displayName }));

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
		const texts = [webhook.displayName, ...webhookAliases];
		expect([...CODES, ...CODES.map(arabicKeyboard), 'otp', 'one-time', 'verification', '2fa'].filter((typed) => panelFinds(typed, texts))).toEqual([]);
	});

	test.each(persian)('$name: the codex holds the Persian words for what the node does', ({ aliases, held }) => {
		expect(aliases).toEqual(expect.arrayContaining(held));
	});

	test.each(persian)('$name: the panel finds it by what a Persian reader types, on a Persian or an Arabic keyboard', ({ description, aliases, typed, arabic }) => {
		const texts = [description.displayName, ...aliases];
		expect([...typed, ...arabic.map(arabicKeyboard)].filter((text) => !panelFinds(text, texts))).toEqual([]);
	});

	test("the Kavenegar item is found by every word of the polling trigger listed in it, whose own codex n8n's panel does not search", () => {
		expect(pollingAliases.filter((alias) => !kavenegarAliases.includes(alias))).toEqual([]);
	});
});
