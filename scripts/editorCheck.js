#!/usr/bin/env node
'use strict';
/*
 * npm run test:editor: the node's panels, checked in a real n8n editor in headless Chromium.
 * n8n (scripts/lib/n8nInstall.js; 2.8.4, or 2.41.1 through scripts/e2eNewerN8n.js --run editor)
 * runs `n8n start` with the package installed as a community package; Playwright drives the editor.
 *
 * - panels: every panel scripts/lib/editorPanels.js derives from the node descriptions (every
 *   resource and operation of the Kavenegar node's newest version, every trigger event, the tool
 *   variant connected to an AI agent, a saved version 1 node) is opened, and fails when a field or
 *   notice the description displays for that choice is missing, a text is cut (label, hint, notice,
 *   an option's description in a list), a required field that is empty is not marked, or a
 *   credential cannot be picked: each credential the description displays has a select that
 *   offers every credential of that type by name and shows the one chosen by name.
 * - credentials: after every panel, the workflow is saved and each node holds a credential of each
 *   type it needs, with its ID and name.
 * - search: the nodes panel searched for what users type and for every alias of the codex files;
 *   what is found is recorded, and each search the codex promises (the term inside a node's name or
 *   alias) must list that node, as must the Persian searches users make (LISTED); a search for what a
 *   node does not do (NOT_LISTED) must not.
 * - actions: each item of the nodes panel opened: its header must describe the node it is named
 *   for, and every action and trigger event must be listed whole.
 * - errors: a send the fake Kavenegar refuses with its Persian message, run from the panel: the
 *   toast and the error's title and description must draw that message in order.
 * - review: an AI Agent's Tool + opens the tools n8n offers; its Human review list must hold Kavenegar
 *   (the HitlTool n8n makes of a node with Send and Wait for Response), whose panel then opens with
 *   the approval's fields.
 * - window: Send Window added to SMS → Send as a user adds it (Add Field → Send Window): From, Until
 *   and Days drawn in that order with the description's labels and hints, and the Days list in the
 *   node's order (the week from Saturday; an editor that sorted it would fail the check).
 * - timezone: the Settings tab of a new Kavenegar node, a saved version 1 node and both new triggers:
 *   one Time Zone field (the description holds two, split by @version), showing its version's
 *   default by name, its list loaded from the node's loadOptions method and searchable.
 * Texts, wherever drawn: a hint or notice longer than scripts/lib/editorTexts.js allows fails, and
 * so does right-to-left text beside English text outside a bidirectional isolate (the browser
 * would draw the quotes and brackets around it out of order; the DOM text is read, not pixels).
 * Each panel and search is saved as a PNG, listed with what was checked in checks.json beside them.
 *
 *   node scripts/editorCheck.js [--out DIR] [--only panels,search,actions,errors,window,timezone,review] [--panel TEXT,...]
 *
 * Needs Chromium from Debian (`apt-get install -y chromium`, /usr/bin/chromium; EDITOR_CHROMIUM
 * names another) and playwright-core (a devDependency, which downloads no browser). Environment as
 * scripts/e2e.js (E2E_N8N_VERSION, E2E_CACHE_DIR, E2E_SKIP_BUILD, E2E_ROOT); EDITOR_KEEP=1 keeps
 * the work folder (n8n's logs and database). docs/editor-check.md says more.
 */
/* global document, getComputedStyle -- the functions given to page.evaluate run in the editor's page */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createRequire } = require('node:module');
const { N8N_DIR, N8N_VERSION, PACKAGE_NAME, ROOT, readJson } = require('./lib/n8nInstall');
const { DEFAULT_OWNER } = require('./lib/n8nServer');
const { runLiveProof, runOnOneN8n } = require('./lib/liveProof');
const { log, readUntil, seconds } = require('./lib/processes');
const { collectionOptions, displayed, listOptions, newest, panelsOf } = require('./lib/editorPanels');
const { HINT_CHARS, NOTICE_CHARS, unisolatedRightToLeft } = require('./lib/editorTexts');
const { startFakeKavenegar } = require('../test/fakeKavenegar');

const CHROMIUM = process.env.EDITOR_CHROMIUM || '/usr/bin/chromium';
// Without the background-networking flags Chromium tries hosts off this machine at every start.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const VIEWPORT = { width: 1440, height: 900 };
const AGENT = '@n8n/n8n-nodes-langchain.agent';
/** Two credentials of each type: one is chosen for the node, the other must be pickable. */
const CREDENTIALS = [
	{ id: 'kvnCheckApi00001', name: 'Kavenegar main account', type: 'kavenegarApi', data: { apiKey: 'editor-check-key', baseUrl: 'http://127.0.0.1:9' } },
	{ id: 'kvnCheckApi00002', name: 'Kavenegar second account', type: 'kavenegarApi', data: { apiKey: 'editor-check-key-2', baseUrl: 'http://127.0.0.1:9' } },
	{ id: 'kvnCheckHook0001', name: 'Kavenegar callbacks secret', type: 'kavenegarWebhookApi', data: { secret: 'editor-check-secret-0001' } },
	{ id: 'kvnCheckHook0002', name: 'Kavenegar second secret', type: 'kavenegarWebhookApi', data: { secret: 'editor-check-secret-0002' } },
];
/** What users type in the nodes panel (issues 24 and 42), searched beside every alias of the codex files. */
const USER_SEARCHES = ['kavenegar', 'sms', 'webhook sms', 'sms webhook', 'incoming sms', 'پیامک', 'کاوه نگار'];
/**
 * Searches that must list these items whatever the codex files say (issue 42: "SMS" in Persian, and
 * Kavenegar's name with a space, which n8n does not take for the ZWNJ Kavenegar writes it with).
 */
const LISTED = /** @type {Record<string, string[]>} */ ({ 'پیامک': ['Kavenegar', 'Kavenegar Webhook'], 'کاوه نگار': ['Kavenegar', 'Kavenegar Webhook'] });
/** Searches for what a node does not do, and the items they must not list (issue 32: the Webhook trigger sends no codes). */
const NOT_LISTED = /** @type {Record<string, string[]>} */ ({ otp: ['Kavenegar Webhook'], 'کد تایید': ['Kavenegar Webhook'] });
/** The main account's key at the fake Kavenegar (the errors check); the second account's key is wrong. */
const FAKE_API_KEY = 'editor-check-key';
/** A send from a line the account does not have: the fake answers 412 with Kavenegar's Persian message. */
const REFUSED_SEND = { resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello', additionalFields: { sender: '30009999' } };
/** Typed into these fields wherever a panel shows them (checkTyping): a Jalali date as people in Iran write it. */
const TYPED = /** @type {Record<string, string>} */ ({ startDate: '۱۴۰۶/۰۱/۰۱ ۰۹:۰۰' });
/** A node saved as version 1, with values in version 1's own collections. */
const VERSION_ONE = {
	resource: 'sms',
	operation: 'send',
	recipients: '09121234567',
	message: 'Your order has shipped',
	additionalFields: { sender: '30004000' },
	options: { preventDuplicateSends: true },
	requestLimits: { maxRequestsInFlight: 10 },
};

/** @typedef {import('n8n-workflow').INodeTypeDescription & { codex?: { alias?: string[] } }} Description */
/** @typedef {import('n8n-workflow').INodeProperties} Property */
/** @typedef {import('./lib/editorPanels').Panel} Panel */
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {{ name: string, file: string, what: string, problems: string[], seen?: unknown }} Check */
/** @typedef {{ id: string, name: string, type: string }} Credential a credential saved in n8n */

/** @param {string} flag */
function argValue(flag) {
	const index = process.argv.indexOf(flag);
	return index === -1 ? undefined : process.argv[index + 1];
}

/** Text as the editor draws it: tags dropped, spaces collapsed. @param {unknown} text */
function plain(text) {
	return String(text ?? '')
		.replace(/<[^>]+>/g, '')
		.replace(/&nbsp;/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
}

/** A file name's part; letters of any script are kept, so a Persian search gets a name of its own. @param {string} text */
function slug(text) {
	return text
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, '-')
		.replace(/^-|-$/g, '')
		.slice(0, 80);
}

/**
 * The node types of this package as n8n's loader serves them to the editor, tool variants included.
 * @param {Page} page
 * @returns {Promise<{ nodes: Description[], credentials: { name: string, displayName: string }[] }>}
 */
async function servedTypes(page) {
	return page.evaluate(async (prefix) => {
		const [nodes, credentials] = await Promise.all(['/types/nodes.json', '/types/credentials.json'].map(async (url) => (await fetch(url)).json()));
		return {
			nodes: nodes.filter((/** @type {{ name: string }} */ node) => node.name.startsWith(`${prefix}.`) || node.name === '@n8n/n8n-nodes-langchain.agent'),
			credentials: credentials.map((/** @type {{ name: string, displayName: string }} */ type) => ({ name: type.name, displayName: type.displayName })),
		};
	}, PACKAGE_NAME);
}

/**
 * One workflow holding a node per panel, in a grid that fits the canvas; a tool is connected to an agent.
 * @param {Panel[]} panels
 * @param {Description | undefined} agent
 */
function workflowOf(panels, agent) {
	const columns = Math.ceil(Math.sqrt(panels.length * 1.6));
	/** @type {Record<string, unknown>[]} */
	const nodes = panels.map((panel, index) => ({
		id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
		name: panel.name,
		type: panel.type,
		typeVersion: panel.typeVersion,
		position: [(index % columns) * 260, Math.floor(index / columns) * 220],
		parameters: panel.parameters,
	}));
	/** @type {Record<string, unknown>} */
	const connections = {};
	const tools = panels.filter((panel) => panel.connectTo);
	if (tools.length > 0 && agent) {
		nodes.push({ id: '00000000-0000-4000-8000-a9e000000001', name: 'AI Agent', type: AGENT, typeVersion: newest(agent.version), position: [-400, -300], parameters: {} });
		for (const tool of tools) connections[tool.name] = { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] };
	}
	return { name: `Kavenegar panels ${new Date().toISOString()}`, nodes, connections, settings: { timezone: 'UTC' } };
}

// ------------------------------------------------------------------------------------------ page

/**
 * What a panel shows, read from the editor's DOM: the top-level parameter rows of the Parameters
 * tab (n8n's data-test-id "parameter-item"), their label, text, required mark and cut-off texts,
 * and the credential selects.
 * @param {Page} page
 */
function readPanel(page) {
	return page.evaluate(() => {
		const ndv = /** @type {HTMLElement} */ (document.querySelector('[data-test-id=ndv]'));
		/** A text element drawn cut: ellipsis, clamped or clipped by its box. @param {Element} element */
		const cut = (element) => {
			const style = getComputedStyle(element);
			const clips = (/** @type {string} */ overflow) => overflow !== 'visible';
			const wide = element.scrollWidth > element.clientWidth + 1 && (clips(style.overflowX) || style.textOverflow === 'ellipsis');
			const tall = element.scrollHeight > element.clientHeight + 1 && (clips(style.overflowY) || style.webkitLineClamp !== 'none');
			return element.clientWidth > 0 && (wide || tall);
		};
		/** @param {Element} root */
		const cutTexts = (root) =>
			Array.from(root.querySelectorAll('label, label *, [class*=hint], [class*=hint] *, [class*=notice], [class*=notice] *, .n8n-text'))
				// The Fixed / Expression switch beside a label is n8n's own, hidden until hovered.
				.filter((element) => !element.closest('input, textarea, .cm-editor, [contenteditable], [data-test-id=parameter-options-container]') && (element.textContent ?? '').trim() !== '' && cut(element))
				.map((element) => (element.textContent ?? '').trim().slice(0, 120));
		const rows = Array.from(ndv.querySelectorAll('[data-test-id=parameter-item]')).filter(
			(row) => !row.parentElement?.closest('[data-test-id=parameter-item]') && row.getBoundingClientRect().height > 0,
		);
		const items = rows.map((row) => {
			const copy = /** @type {HTMLElement} */ (row.cloneNode(true));
			copy.querySelector('.node-credentials')?.remove();
			const ownLabel = Array.from(row.querySelectorAll('[data-test-id=input-label] label, .multi-parameter label')).find((label) => !label.closest('.node-credentials'));
			const notice = row.querySelector('.notice, [class*=notice]');
			const title = ownLabel?.querySelector('[class*=title]') ?? ownLabel;
			return {
				label: (title?.textContent ?? '').replace(/\s+/g, ' ').trim(),
				notice: notice && !ownLabel ? (notice.textContent ?? '').replace(/\s+/g, ' ').trim() : undefined,
				text: (row.querySelector('.node-credentials') ? copy.textContent ?? '' : /** @type {HTMLElement} */ (row).innerText).replace(/\s+/g, ' ').trim(),
				issues: row.querySelector('[data-test-id=parameter-issues], .has-issues') !== null,
				asterisk: /\*\s*$/.test((title?.textContent ?? '').trim()),
				cut: cutTexts(copy.isConnected ? copy : row).filter((text) => !row.querySelector('.node-credentials') || !(row.querySelector('.node-credentials')?.textContent ?? '').includes(text)),
				hints: Array.from(row.querySelectorAll('[data-test-id=parameter-input-hint]')).map((hint) => (hint.textContent ?? '').replace(/\s+/g, ' ').trim()),
			};
		});
		const credentials = Array.from(ndv.querySelectorAll('[data-test-id=credentials-label]')).map((label) => ({
			label: (label.querySelector('label')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
			value: /** @type {HTMLInputElement | null} */ (label.querySelector('[data-test-id=node-credentials-select] input'))?.value ?? '',
		}));
		return { items, credentials, text: ndv.innerText };
	});
}

/**
 * The problems of texts as drawn: right-to-left runs outside an isolate beside English text.
 * @param {string} where
 * @param {string} text
 */
function outOfOrder(where, text) {
	return unisolatedRightToLeft(text).map((run) => `${where}: right-to-left text drawn out of order (no bidirectional isolate): "${run.slice(0, 60)}"`);
}

/**
 * The options of the dropdown open now, as drawn: text, description, and whether either is cut.
 * @param {Page} page
 */
function openOptions(page) {
	return page.evaluate(() => {
		const cut = (/** @type {Element} */ element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
		return Array.from(document.querySelectorAll('.el-select-dropdown__item, .el-dropdown-menu__item, [role=option]'))
			.filter((item) => item.getBoundingClientRect().width > 0 && item.getBoundingClientRect().height > 0)
			.map((item) => {
				const description = item.querySelector('[class*=description]');
				const name = item.querySelector('[class*=name], span') ?? item;
				return {
					text: (item.textContent ?? '').replace(/\s+/g, ' ').trim(),
					name: (name.textContent ?? '').replace(/\s+/g, ' ').trim(),
					cut: (description ? cut(description) : false) || cut(name),
				};
			});
	});
}

// ------------------------------------------------------------------------------------------ checks

/**
 * @param {object} context
 * @param {Page} context.page
 * @param {string} context.workflowUrl
 * @param {string} context.outDir
 * @param {Check[]} context.checks
 * @param {import('./lib/editorPanels').Workflow} context.workflow
 * @param {Map<string, Description>} context.types
 * @param {Map<string, string>} context.credentialTypeNames
 * @param {Credential[]} context.stored every credential in n8n, of this check or another on the same n8n
 */
function checker({ page, workflowUrl, outDir, checks, workflow, types, credentialTypeNames, stored }) {
	const ndv = page.locator('[data-test-id=ndv]');
	/** Option lists and Add lists already looked at, so that each distinct list is opened once. */
	const listsSeen = new Set();
	/** Credential types whose select was opened and used once. */
	const picked = new Set();

	async function openWorkflow() {
		await page.goto(workflowUrl);
		await page.waitForSelector('[data-test-id=canvas-node]');
		await page.waitForTimeout(500);
	}

	/** Escape closes the panel once no list holds the focus; failing that, the workflow is opened again. */
	async function closePanel() {
		await page.mouse.click(5, 5);
		for (let tries = 0; tries < 2 && (await ndv.isVisible()); tries++) {
			await page.keyboard.press('Escape');
			await page.waitForTimeout(300);
		}
		if (await ndv.isVisible()) await openWorkflow();
	}

	/** @param {string} name */
	async function openPanel(name) {
		await page.locator(`[data-test-id=canvas-node][data-node-name="${name.replace(/"/g, '\\"')}"]`).dblclick();
		await ndv.waitFor();
		await ndv.locator('[data-test-id=parameter-item]').first().waitFor();
		// n8n picks the newest credential of a type once the panel has mounted, later on a busy machine;
		// a select left empty is the check's to report.
		await page
			.waitForFunction(() => Array.from(document.querySelectorAll('[data-test-id=node-credentials-select] input')).every((input) => /** @type {HTMLInputElement} */ (input).value), null, { timeout: 30_000 })
			.catch(() => {});
	}

	/**
	 * Opens a dropdown and returns its options; a second click closes it (Escape would close the panel too).
	 * @param {import('playwright-core').Locator} trigger
	 */
	async function optionsOf(trigger) {
		await trigger.click();
		// Drawn later on a busy machine, then a moment for its opening transition (what is cut is measured).
		await page
			.locator('.el-select-dropdown__item, .el-dropdown-menu__item, [role=option]')
			.filter({ visible: true })
			.first()
			.waitFor({ timeout: 10_000 })
			.catch(() => undefined);
		await page.waitForTimeout(400);
		const options = await openOptions(page);
		await trigger.click();
		await page.waitForTimeout(200);
		return options;
	}

	/**
	 * @param {Panel} panel
	 * @param {Description} description
	 * @param {string[]} problems
	 */
	async function checkLists(panel, description, problems) {
		const shown = displayed(workflow, description, panel.typeVersion, panel.parameters);
		for (const property of shown.properties) {
			if (property.isNodeSetting) continue;
			const row = ndv.locator('[data-test-id=parameter-item]').filter({ has: page.locator(`[data-test-id=parameter-input-${property.name}]`) }).first();
			if (property.type === 'options' || property.type === 'multiOptions') {
				const { offered: expected, hidden } = listOptions(workflow, shown, property, description);
				const key = `${description.name}/${property.name}/${JSON.stringify(expected)}`;
				if (listsSeen.has(key) || (await row.count()) === 0) continue;
				listsSeen.add(key);
				const options = await optionsOf(row.locator(`[data-test-id=parameter-input-${property.name}] input`).first());
				for (const option of expected) {
					const drawn = options.find((candidate) => candidate.text.startsWith(plain(option.name)));
					if (!drawn) problems.push(`${property.displayName}: the list lacks "${option.name}"`);
					else if (drawn.cut) problems.push(`${property.displayName}: "${option.name}" is cut off in the list`);
					else if (option.description && !drawn.text.includes(plain(option.description))) problems.push(`${property.displayName} → ${option.name}: its description is not shown whole`);
				}
				for (const option of hidden) {
					if (options.some((candidate) => candidate.text.startsWith(plain(option.name)))) problems.push(`${property.displayName}: the list offers "${option.name}", which the node hides here`);
				}
			}
			if (property.type === 'collection') {
				// n8n's Add list leaves out the options the node already holds.
				const held = Object.keys(/** @type {Record<string, unknown>} */ (shown.values[property.name] ?? {}));
				const expected = collectionOptions(workflow, shown, property)
					.filter((option) => !held.includes(option.name))
					.map((option) => plain(option.displayName))
					.sort();
				const key = `${description.name}/${property.name}/${expected.join('|')}`;
				if (listsSeen.has(key)) continue;
				listsSeen.add(key);
				const collectionRow = ndv.locator('[data-test-id=parameter-item]').filter({ hasText: property.displayName }).filter({ has: page.locator('[data-test-id=collection-parameter-add]') }).first();
				if ((await collectionRow.count()) === 0) continue;
				const addButton = collectionRow.locator('[data-test-id=collection-parameter-add]').first();
				// With one option left n8n draws no list: its Add button adds that option at once.
				if (expected.length === 1) {
					if (!(await addButton.isEnabled())) problems.push(`${property.displayName}: the Add button cannot add "${expected[0]}"`);
					continue;
				}
				const offered = (await optionsOf(addButton)).filter((option) => option.text !== '');
				const names = offered.map((option) => option.name);
				for (const name of expected) if (!names.some((offeredName) => offeredName.startsWith(name))) problems.push(`${property.displayName}: the Add list lacks "${name}"`);
				for (const option of offered) if (option.cut) problems.push(`${property.displayName}: "${option.name}" is cut off in the Add list`);
			}
		}
	}

	/**
	 * @param {Panel} panel
	 * @param {Description} description
	 * @param {string[]} problems
	 */
	async function checkCredentials(panel, description, problems) {
		const shown = displayed(workflow, description, panel.typeVersion, panel.parameters);
		const drawn = (await readPanel(page)).credentials;
		const byName = new Map(stored.map((credential) => [credential.name, credential]));
		if (drawn.length !== shown.credentials.length) {
			problems.push(`credentials: ${shown.credentials.length} expected (${shown.credentials.map((credential) => credentialTypeNames.get(credential.name)).join(', ')}), the panel has ${drawn.length} select(s)`);
		}
		const selects = ndv.locator('[data-test-id=node-credentials-select]');
		for (const [index, credential] of shown.credentials.entries()) {
			const typeName = credentialTypeNames.get(credential.name) ?? credential.name;
			const own = CREDENTIALS.filter((candidate) => candidate.type === credential.name);
			if (shown.credentials.length > 1 && drawn[index] && !drawn[index].label.includes(typeName)) {
				problems.push(`credential ${typeName}: its select is labelled "${drawn[index].label}", not by the credential type's name`);
			}
			const value = drawn[index]?.value ?? '';
			const chosen = byName.get(value);
			if (!chosen) problems.push(`credential ${typeName}: the select shows "${value}", not the name of a credential of that type`);
			else if (chosen.type !== credential.name) problems.push(`credential ${typeName}: the select holds "${value}", a ${credentialTypeNames.get(chosen.type)} credential`);
			if (picked.has(`${description.name}@${panel.typeVersion}/${credential.name}`) || !drawn[index]) continue;
			picked.add(`${description.name}@${panel.typeVersion}/${credential.name}`);
			const select = selects.nth(index);
			await select.locator('input').first().click();
			await page.waitForTimeout(500);
			const offered = await page.evaluate(() =>
				Array.from(document.querySelectorAll('[data-test-id^=node-credentials-select-item-]'))
					.filter((item) => item.getAttribute('data-test-id') !== 'node-credentials-select-item-new' && item.getBoundingClientRect().height > 0)
					.map((item) => (item.textContent ?? '').replace(/\s+/g, ' ').trim()),
			);
			for (const candidate of own) {
				if (!offered.some((text) => text.startsWith(candidate.name))) problems.push(`credential ${typeName}: the select does not offer "${candidate.name}" (offers: ${offered.join('; ') || 'nothing'})`);
			}
			for (const text of offered) {
				const other = stored.find((candidate) => text.startsWith(candidate.name) && candidate.type !== credential.name);
				if (other) problems.push(`credential ${typeName}: the select offers "${other.name}", a ${credentialTypeNames.get(other.type)} credential`);
			}
			const other = own.find((candidate) => candidate.name !== value);
			const item = page.locator('[data-test-id^=node-credentials-select-item-]').filter({ hasText: other?.name ?? '\u0000', visible: true }).first();
			if (other && (await item.count()) > 0) {
				await item.click();
				await page.waitForTimeout(500);
				const after = (await readPanel(page)).credentials[index]?.value ?? '';
				if (after !== other.name) problems.push(`credential ${typeName}: after picking "${other.name}" the select shows "${after}"`);
			} else {
				await select.locator('input').first().click();
			}
		}
	}

	/**
	 * What a user types into these fields must still be there once the field loses the focus (n8n's
	 * date picker emptied itself of Jalali dates: docs/jalali-dates-and-send-cap.md).
	 * @param {ReturnType<typeof displayed>} shown
	 * @param {string[]} problems
	 */
	async function checkTyping(shown, problems) {
		for (const property of shown.properties) {
			const text = TYPED[property.name];
			if (text === undefined) continue;
			const input = ndv.locator(`[data-test-id=parameter-input-${property.name}]`).locator('input, textarea').first();
			if ((await input.count()) === 0) {
				problems.push(`${property.displayName}: no text input to type "${text}" into`);
				continue;
			}
			await input.fill(text);
			await page.keyboard.press('Tab');
			await page.waitForTimeout(400);
			const kept = await input.inputValue();
			if (kept !== text) problems.push(`${property.displayName}: "${text}" typed in, the field keeps "${kept}" once left`);
		}
	}

	/**
	 * Opens one panel and checks it against its description.
	 * @param {Panel} panel
	 */
	async function checkPanel(panel) {
		const description = types.get(panel.type);
		/** @type {string[]} */
		const problems = [];
		if (!description) throw new Error(`n8n serves no node type ${panel.type}`);
		const shown = displayed(workflow, description, panel.typeVersion, panel.parameters);
		await openPanel(panel.name);
		const drawn = await readPanel(page);
		const expected = shown.properties.filter((property) => !property.isNodeSetting);
		/** @type {Set<number>} */
		const matched = new Set();
		for (const property of expected) {
			const isNotice = property.type === 'notice';
			const text = plain(property.displayName);
			const index = drawn.items.findIndex((item, at) => !matched.has(at) && (isNotice ? item.notice !== undefined && (item.notice === text || text.startsWith(item.notice.replace(/…$/, '')) || item.notice.startsWith(text)) : item.label.replace(/\s*\*$/, '') === text));
			if (index === -1) {
				problems.push(`${isNotice ? 'notice' : 'field'} missing: ${isNotice ? `"${text.slice(0, 60)}…"` : `${property.displayName} (${property.name})`}`);
				continue;
			}
			matched.add(index);
			const item = drawn.items[index];
			if (isNotice && item.notice !== text) problems.push(`notice cut: "${text.slice(0, 60)}…" shows as "${(item.notice ?? '').slice(0, 80)}"`);
			if (property.hint && !item.text.includes(plain(property.hint))) problems.push(`${property.displayName}: its hint is not shown whole ("${plain(property.hint).slice(0, 60)}…")`);
			for (const hint of item.hints.filter((drawnHint) => drawnHint.length > HINT_CHARS)) problems.push(`${property.displayName}: a hint of ${hint.length} characters, over ${HINT_CHARS}: "${hint.slice(0, 60)}…"`);
			if (isNotice && (item.notice ?? '').length > NOTICE_CHARS) problems.push(`a notice of ${(item.notice ?? '').length} characters, over ${NOTICE_CHARS}: "${text.slice(0, 60)}…"`);
			const value = shown.values[property.name];
			const empty = value === '' || value === undefined || value === null || (Array.isArray(value) && value.length === 0);
			if (property.required && empty && !item.issues && !item.asterisk) problems.push(`${property.displayName}: required and empty, but not marked as required`);
			for (const text of item.cut) problems.push(`${property.displayName}: text cut off: "${text}"`);
		}
		drawn.items.forEach((item, at) => {
			if (!matched.has(at)) problems.push(`shown but not displayed by the description for this choice: "${(item.label || item.notice || item.text).slice(0, 60)}"`);
		});
		problems.push(...outOfOrder('the panel', drawn.text));
		const file = `panel-${slug(panel.name)}.png`;
		await page.screenshot({ path: path.join(outDir, file) });
		await checkCredentials(panel, description, problems);
		await checkLists(panel, description, problems);
		await checkTyping(shown, problems);
		checks.push({ name: panel.name, file, what: panel.what, problems, seen: { fields: drawn.items.map((item) => item.label || `notice: ${(item.notice ?? '').slice(0, 40)}…`) } });
		await closePanel();
	}

	/**
	 * Saves the workflow and checks that every node holds a credential of each type its panel needs.
	 * @param {Panel[]} panels
	 * @param {() => Promise<any>} readWorkflow
	 */
	async function checkSaved(panels, readWorkflow) {
		await page.keyboard.press('Control+s');
		// The save goes on in the background, slower on a busy machine: read until it shows or a minute passed.
		const problems = await readUntil(async () => unsaved(panels, await readWorkflow()), (missing) => missing.length === 0, { timeoutMs: 60_000 });
		checks.push({ name: 'saved credentials', file: '', what: 'the saved workflow: each node holds a credential (ID and name) of each type its panel needs', problems });
	}

	/**
	 * What the saved workflow lacks: a line for each credential a node's panel needs and it does not hold.
	 * @param {Panel[]} panels
	 * @param {any} saved
	 */
	function unsaved(panels, saved) {
		/** @type {string[]} */
		const problems = [];
		for (const panel of panels) {
			const description = types.get(panel.type);
			if (!description) continue;
			const node = saved.nodes.find((/** @type {{ name: string }} */ candidate) => candidate.name === panel.name);
			for (const credential of displayed(workflow, description, panel.typeVersion, panel.parameters).credentials) {
				const held = node?.credentials?.[credential.name];
				const known = stored.find((candidate) => candidate.id === held?.id && candidate.type === credential.name);
				if (!known || held.name !== known.name) problems.push(`${panel.name}: saved without a ${credentialTypeNames.get(credential.name)} credential (holds ${JSON.stringify(node?.credentials ?? {})})`);
			}
		}
		return problems;
	}

	return { openWorkflow, checkPanel, checkSaved };
}

/**
 * Opens the nodes panel of a new workflow, as its + button does; returns the panel's search box.
 * @param {Page} page
 * @param {string} baseUrl
 */
async function openNodesPanel(page, baseUrl) {
	await page.goto(`${baseUrl}/workflow/new`);
	const plus = page.locator('[data-test-id=node-creator-plus-button]').first();
	await plus.waitFor();
	await page.waitForTimeout(500);
	await plus.click();
	const search = page.locator('[data-test-id=node-creator-search-bar] input, [data-test-id=node-creator] input').first();
	await search.waitFor();
	return search;
}

/**
 * The nodes panel of a new workflow searched (its trigger view lists the app nodes and the trigger
 * nodes alike; the next-step view gave the same lists in n8n 2.8.4): what users type and every
 * alias of the codex files, each term's results recorded; a term inside a node's name or codex
 * alias must list that node, under the name the panel gives it, and a term of LISTED its items.
 * @param {Page} page
 * @param {string} baseUrl
 * @param {Description[]} nodes
 * @param {string} outDir
 * @param {Check[]} checks
 */
async function checkSearch(page, baseUrl, nodes, outDir, checks) {
	const ours = nodes.filter((node) => !/Tool$/.test(node.name));
	/**
	 * The item the nodes panel lists a node under: n8n drops " Trigger", and puts a trigger whose
	 * type is an action node's type + "Trigger" inside that node's item, among its actions, where
	 * the trigger's own aliases are not searched (so the action node's codex carries them).
	 * @param {Description} node
	 */
	const hostOf = (node) => ours.find((other) => `${other.name}Trigger` === node.name) ?? node;
	const listedAs = (/** @type {Description} */ node) => hostOf(node).displayName.replace(/ Trigger$/, '');
	/** @param {Description} node */
	const promises = (node) => [node.displayName, ...(node.codex?.alias ?? [])].map((text) => text.toLowerCase());
	const terms = [...new Set([...USER_SEARCHES, ...Object.keys(LISTED), ...Object.keys(NOT_LISTED), ...ours.flatMap((node) => node.codex?.alias ?? []).map((alias) => alias.toLowerCase())])];
	const search = await openNodesPanel(page, baseUrl);
	/** @type {Record<string, string[]>} */
	const found = {};
	/** @type {string[]} */
	const problems = [];
	for (const term of terms) {
		await search.fill('');
		await search.pressSequentially(term, { delay: 20 });
		// The list follows the last keystroke later on a busy machine: read until two reads agree.
		const read = () => page.$$eval('[data-test-id=node-creator] [data-test-id=node-creator-item-name]', (items) => items.map((item) => (item.textContent ?? '').trim()));
		const deadline = Date.now() + 10_000;
		let before;
		await page.waitForTimeout(300);
		let now = await read();
		do {
			before = now;
			await page.waitForTimeout(400);
			now = await read();
		} while (now.join('\n') !== before.join('\n') && Date.now() < deadline);
		found[term] = now;
		for (const node of ours) {
			if (promises(node).some((text) => text.includes(term)) && !found[term].includes(listedAs(node))) {
				problems.push(`"${term}" does not list ${listedAs(node)} (${node.displayName}), which its ${node.displayName.toLowerCase().includes(term) ? 'name' : 'codex alias'} promises; found: ${found[term].slice(0, 6).join(', ') || 'nothing'}`);
			}
		}
		for (const item of LISTED[term] ?? []) if (!found[term].includes(item)) problems.push(`"${term}" does not list ${item}, which users search for by it; found: ${found[term].slice(0, 6).join(', ') || 'nothing'}`);
		for (const item of NOT_LISTED[term] ?? []) if (found[term].includes(item)) problems.push(`"${term}" lists ${item}, which does not do that`);
		if (USER_SEARCHES.includes(term)) {
			const file = `search-${slug(term)}.png`;
			await page.screenshot({ path: path.join(outDir, file) });
			checks.push({ name: `search: ${term}`, file, what: `nodes panel of a new workflow searched for "${term}"`, problems: [], seen: found[term] });
		}
	}
	checks.push({ name: 'search: codex promises', file: '', what: `every alias of ${ours.map((node) => node.displayName).join(', ')}, what users type, what must be found (${Object.keys(LISTED).join(', ')}) and what must not (${Object.keys(NOT_LISTED).join(', ')})`, problems, seen: found });
	await page.keyboard.press('Escape');
}

/**
 * The actions an item of the nodes panel lists once clicked: n8n builds them from each operation's
 * `action` (which a model also reads as the tool's description) and from each trigger event (its
 * `action`, else "On " and its name), so every one must be listed and shown whole (not cut with an
 * ellipsis). The item's header must say what its node does: n8n gives an item that holds a trigger
 * the trigger's description, which once described the polling trigger over the node's 29 actions.
 * @param {Page} page
 * @param {string} baseUrl
 * @param {string} listedAs the item's name in the panel
 * @param {string[]} expected
 * @param {string} description the description of the node the item is named for
 * @param {string} outDir
 * @param {Check[]} checks
 */
async function checkActions(page, baseUrl, listedAs, expected, description, outDir, checks) {
	const search = await openNodesPanel(page, baseUrl);
	await search.pressSequentially(listedAs.toLowerCase(), { delay: 20 });
	await page.waitForTimeout(700);
	await page.locator('[data-test-id=node-creator] [data-test-id=node-creator-item-name]', { hasText: new RegExp(`^\\s*${listedAs}\\s*$`) }).first().click();
	await page.waitForTimeout(1000);
	// In a new workflow the item opens on its triggers, its actions folded under "Actions (n)".
	const folded = page.locator('[data-test-id=node-creator]').getByText(/^\s*Actions \(\d+\)\s*$/);
	if ((await folded.count()) > 0) {
		await folded.first().click();
		await page.waitForTimeout(700);
	}
	const shown = await page.$$eval('[data-test-id=node-creator] [data-test-id=node-creator-item-name]', (items) =>
		items.map((item) => ({ text: (item.textContent ?? '').trim(), cut: item.scrollWidth > item.clientWidth + 1 || item.scrollHeight > item.clientHeight + 1 })),
	);
	// The item's details above its lists: n8n 2.8.4 draws a community node's name and description
	// under a "Node details" bar, others in the bar (nodes-list-header) itself.
	const header = plain((await page.locator('[data-test-id=node-creator]').first().innerText()).split(/\n\s*(?:Triggers|Actions) \(\d+\)/)[0]);
	const file = `actions-${slug(listedAs)}.png`;
	await page.screenshot({ path: path.join(outDir, file), fullPage: true });
	/** @type {string[]} */
	const problems = [];
	if (!header.includes(plain(description))) problems.push(`the header describes another node: "${header.slice(0, 120)}", not "${description}"`);
	problems.push(...outOfOrder('the header', header));
	for (const action of expected) {
		const found = shown.find((item) => item.text.toLowerCase() === action.toLowerCase());
		if (!found) problems.push(`"${action}" is not listed`);
		else if (found.cut) problems.push(`"${action}" is cut`);
	}
	checks.push({ name: `actions: ${listedAs}`, file, what: `the header and the actions the nodes panel lists under ${listedAs}, each whole`, problems, seen: { header, actions: shown } });
	await page.keyboard.press('Escape');
}

/**
 * A send the fake Kavenegar refuses (412, its message in Persian), run from its panel as a user
 * runs it (Execute step): the toast, the error's title and its description must draw the Persian
 * message in order. The node is added to a workflow of its own.
 * @param {Page} page
 * @param {string} baseUrl
 * @param {import('./lib/n8nServer').RestClient} rest
 * @param {Description} kavenegar
 * @param {string} outDir
 * @param {Check[]} checks
 */
async function checkErrors(page, baseUrl, rest, kavenegar, outDir, checks) {
	const main = CREDENTIALS[0];
	const node = {
		id: '00000000-0000-4000-8000-e00000000412',
		name: 'Send from a line not the account’s',
		type: kavenegar.name,
		typeVersion: newest(kavenegar.version),
		position: [0, 0],
		parameters: REFUSED_SEND,
		credentials: { [main.type]: { id: main.id, name: main.name } },
	};
	const created = await rest.request('POST', '/workflows', { name: `Kavenegar errors ${new Date().toISOString()}`, nodes: [node], connections: {}, settings: { timezone: 'UTC' } });
	await page.goto(`${baseUrl}/workflow/${created.id}`);
	await page.locator(`[data-test-id=canvas-node][data-node-name="${node.name}"]`).dblclick();
	const ndv = page.locator('[data-test-id=ndv]');
	await ndv.waitFor();
	await ndv.locator('[data-test-id=node-execute-button]').first().click();
	await page.waitForSelector('[data-test-id=node-error-message]', { timeout: 60 * 1000 });
	await page.waitForTimeout(800);
	const drawn = {
		toast: await page.$$eval('.el-notification', (toasts) => toasts.map((toast) => /** @type {HTMLElement} */ (toast).innerText).join('\n')),
		title: await page.locator('[data-test-id=node-error-message]').first().innerText(),
		description: await page.locator('[data-test-id=node-error-description]').first().innerText().catch(() => ''),
	};
	const file = 'error-412.png';
	await page.screenshot({ path: path.join(outDir, file) });
	/** @type {string[]} */
	const problems = [
		...outOfOrder('the toast', drawn.toast),
		...outOfOrder("the error's title", drawn.title),
		...outOfOrder("the error's description", drawn.description),
	];
	// Without Kavenegar's Persian message on screen there would be nothing to judge.
	if (!/[\u0600-\u06EF]/.test(drawn.title)) problems.push(`the error's title holds no Persian message to check: "${drawn.title.slice(0, 120)}"`);
	if (!drawn.title.includes('Sender Line 30009999')) problems.push(`the error's title does not name the field and its value (Sender Line 30009999): "${drawn.title.slice(0, 120)}"`);
	checks.push({ name: 'errors: a refused sender line', file, what: "SMS → Send from line 30009999, which the fake's account lacks (412, Persian message), run with Execute step", problems, seen: drawn });
	await page.keyboard.press('Escape');
}

/**
 * A new node of `type` (its newest version) with these parameters, in a workflow of its own, opened.
 * @param {Page} page
 * @param {import('./lib/n8nServer').RestClient} rest
 * @param {string} baseUrl
 * @param {string} label what the workflow is for
 * @param {{ name: string, type: string, typeVersion: number, parameters: Record<string, unknown> }[]} nodes
 */
async function workflowWith(page, rest, baseUrl, label, nodes) {
	const created = await rest.request('POST', '/workflows', {
		name: `Kavenegar ${label} ${new Date().toISOString()}`,
		nodes: nodes.map((node, index) => ({ id: `00000000-0000-4000-8000-5e7000000${String(index + 1).padStart(3, '0')}`, position: [index * 260, 0], ...node })),
		connections: {},
		settings: { timezone: 'UTC' },
	});
	const url = `${baseUrl}/workflow/${created.id}`;
	await page.goto(url);
	await page.waitForSelector('[data-test-id=canvas-node]');
	await page.waitForTimeout(500);
	return url;
}

/**
 * Opens a node's panel on its canvas and waits for its fields.
 * @param {Page} page
 * @param {string} name
 */
async function openNode(page, name) {
	const ndv = page.locator('[data-test-id=ndv]');
	await page.locator(`[data-test-id=canvas-node][data-node-name="${name.replace(/"/g, '\\"')}"]`).dblclick();
	await ndv.waitFor();
	await ndv.locator('[data-test-id=parameter-item]').first().waitFor();
	return ndv;
}

/**
 * Send Window, added as a user adds it (Additional Fields → Add Field → Send Window) to SMS → Send of
 * the newest version: its fields drawn in the description's order with its labels and hints, and the
 * Days list in the node's order (the week from Saturday), which an editor that sorts options would break.
 * @param {Page} page
 * @param {import('./lib/n8nServer').RestClient} rest
 * @param {string} baseUrl
 * @param {typeof import('n8n-workflow')} workflow
 * @param {Description} kavenegar
 * @param {string} outDir
 * @param {Check[]} checks
 */
async function checkSendWindow(page, rest, baseUrl, workflow, kavenegar, outDir, checks) {
	const name = 'SMS → Send, with a Send Window';
	const typeVersion = newest(kavenegar.version);
	const parameters = { resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hello' };
	const where = `Kavenegar v${typeVersion}: SMS → Send`;
	const shown = displayed(workflow, kavenegar, typeVersion, parameters);
	const collection = shown.properties.find((property) => property.type === 'collection' && collectionOptions(workflow, shown, property).some((option) => option.name === 'sendWindow'));
	const field = collection && collectionOptions(workflow, shown, collection).find((option) => option.name === 'sendWindow');
	/** @type {Property[]} */
	const expected = /** @type {{ values?: Property[] }[]} */ (field?.options ?? [])[0]?.values ?? [];
	if (!collection || !field || expected.length === 0) throw new Error(`${where}: the description has no Send Window with fields in a collection`);
	await workflowWith(page, rest, baseUrl, 'Send Window', [{ name, type: kavenegar.name, typeVersion, parameters }]);
	const ndv = await openNode(page, name);
	const collectionRow = ndv.locator('[data-test-id=parameter-item]').filter({ hasText: collection.displayName }).filter({ has: page.locator('[data-test-id=collection-parameter-add]') }).first();
	await collectionRow.locator('[data-test-id=collection-parameter-add]').first().click();
	const option = page.locator('.el-select-dropdown__item, .el-dropdown-menu__item, [role=option]').filter({ hasText: new RegExp(`^\\s*${field.displayName}\\s*$`), visible: true }).first();
	await option.click();
	// The group's fields are drawn once the option is added; a slow machine draws them later.
	await ndv.locator(`[data-test-id=parameter-input-${expected[expected.length - 1].name}]`).first().waitFor({ timeout: 30_000 });
	await page.waitForTimeout(500);
	// Rows inside Send Window, in the order drawn: a row holding an input of one of its fields' names.
	const drawn = await page.evaluate((names) => {
		const ndvElement = /** @type {HTMLElement} */ (document.querySelector('[data-test-id=ndv]'));
		return Array.from(ndvElement.querySelectorAll('[data-test-id=parameter-item]'))
			.filter((row) => row.getBoundingClientRect().height > 0)
			.map((row) => {
				const own = names.find((fieldName) => row.querySelector(`[data-test-id=parameter-input-${fieldName}]`) && !Array.from(row.querySelectorAll('[data-test-id=parameter-item]')).some((inner) => inner !== row && inner.querySelector(`[data-test-id=parameter-input-${fieldName}]`)));
				if (!own) return undefined;
				// The title alone: the label element also holds the Fixed / Expression switch's text.
				const label = row.querySelector('[data-test-id=input-label] label [class*=title]') ?? row.querySelector('[data-test-id=input-label] label');
				return {
					name: own,
					label: (label?.textContent ?? '').replace(/\s+/g, ' ').trim(),
					hints: Array.from(row.querySelectorAll('[data-test-id=parameter-input-hint]')).map((hint) => (hint.textContent ?? '').replace(/\s+/g, ' ').trim()),
					text: /** @type {HTMLElement} */ (row).innerText.replace(/\s+/g, ' ').trim(),
				};
			})
			.filter((row) => row !== undefined);
	}, expected.map((property) => property.name));
	const file = 'send-window.png';
	await page.screenshot({ path: path.join(outDir, file) });
	/** @type {string[]} */
	const problems = [];
	const order = drawn.map((row) => row.name);
	if (order.join(',') !== expected.map((property) => property.name).join(',')) {
		problems.push(`Send Window's fields drawn as ${drawn.map((row) => row.label || row.name).join(', ') || 'nothing'}, not ${expected.map((property) => property.displayName).join(', ')}`);
	}
	for (const property of expected) {
		const row = drawn.find((candidate) => candidate.name === property.name);
		if (!row) continue;
		if (row.label.replace(/\s*\*$/, '') !== plain(property.displayName)) problems.push(`Send Window → ${property.displayName}: labelled "${row.label}"`);
		if (property.hint && !row.text.includes(plain(property.hint))) problems.push(`Send Window → ${property.displayName}: its hint is not shown whole ("${plain(property.hint).slice(0, 60)}…"; drawn: "${row.hints.join(' | ').slice(0, 80)}")`);
		// n8n 2.8.4 draws an inner field's hint without parameter-input-hint: the description's hint, found drawn, is measured.
		const hints = row.hints.length > 0 ? row.hints : property.hint && row.text.includes(plain(property.hint)) ? [plain(property.hint)] : [];
		for (const hint of hints.filter((text) => text.length > HINT_CHARS)) problems.push(`Send Window → ${property.displayName}: a hint of ${hint.length} characters, over ${HINT_CHARS}`);
	}
	// The Days list as it opens, against the description's order: sorted by the editor would be a failure.
	const days = expected.find((property) => property.type === 'multiOptions' || property.type === 'options');
	/** @type {string[]} */
	let listed = [];
	if (days) {
		const input = ndv.locator(`[data-test-id=parameter-input-${days.name}]`).locator('input').first();
		await input.click();
		await page.locator('.el-select-dropdown__item, [role=option]').filter({ visible: true }).first().waitFor({ timeout: 10_000 }).catch(() => undefined);
		await page.waitForTimeout(400);
		listed = (await openOptions(page)).map((entry) => entry.name).filter((text) => text !== '');
		await page.screenshot({ path: path.join(outDir, 'send-window-days-list.png') });
		await input.click();
		const want = /** @type {{ name: string }[]} */ (days.options ?? []).map((entry) => plain(entry.name));
		if (listed.join(',') !== want.join(',')) {
			const sorted = [...want].sort((a, b) => a.localeCompare(b));
			const how = listed.join(',') === sorted.join(',') ? 'sorted alphabetically by the editor' : 'in another order';
			problems.push(`Send Window → ${days.displayName}: the list is ${how}: ${listed.join(', ') || 'nothing'}; the node's order is ${want.join(', ')}`);
		}
	}
	log(`  send window, ${where}: ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)\n      ${problems.join('\n      ')}`}`);
	checks.push({ name: `send window: ${where}`, file, what: `${where}, Additional Fields → Add Field → Send Window: its fields in order with labels and hints, the ${days?.displayName ?? 'Days'} list in the node's order (send-window-days-list.png)`, problems, seen: { fields: drawn, days: listed } });
	await page.keyboard.press('Escape');
}

/** The Time Zone setting's label, the zones it must offer, what typing finds. */
const TIME_ZONE = { name: 'timeZone', label: 'Time Zone Name or ID', atLeast: 300, includes: 'Europe/Berlin', typed: 'Tehran', typedFinds: ['Asia/Tehran (Iran)'] };

/**
 * The Time Zone setting (isNodeSetting, two entries of one name split by @version) in the Settings
 * tab of each node: drawn once, showing the default of the node's version by the name its list gives
 * it, and its list loaded from the node's loadOptions method, long and searchable.
 * @param {Page} page
 * @param {import('./lib/n8nServer').RestClient} rest
 * @param {string} baseUrl
 * @param {typeof import('n8n-workflow')} workflow
 * @param {Map<string, Description>} types
 * @param {string} outDir
 * @param {Check[]} checks
 */
async function checkTimeZone(page, rest, baseUrl, workflow, types, outDir, checks) {
	const kavenegar = types.get(`${PACKAGE_NAME}.kavenegar`);
	const polling = types.get(`${PACKAGE_NAME}.kavenegarTrigger`);
	const webhook = types.get(`${PACKAGE_NAME}.kavenegarWebhookTrigger`);
	/** @type {{ name: string, description: Description | undefined, typeVersion: number, parameters: import('n8n-workflow').INodeParameters, shows: string }[]} */
	const cases = [
		{ name: 'Kavenegar, new', description: kavenegar, typeVersion: newest(kavenegar?.version ?? 1), parameters: {}, shows: 'Asia/Tehran (Iran)' },
		{ name: 'Kavenegar, saved as version 1', description: kavenegar, typeVersion: 1, parameters: VERSION_ONE, shows: "The Workflow's Time Zone" },
		{ name: 'Kavenegar Polling Trigger, new', description: polling, typeVersion: newest(polling?.version ?? 1), parameters: {}, shows: 'Asia/Tehran (Iran)' },
		{ name: 'Kavenegar Webhook Trigger, new', description: webhook, typeVersion: newest(webhook?.version ?? 1), parameters: {}, shows: 'Asia/Tehran (Iran)' },
	];
	const present = cases.filter((one) => one.description);
	for (const one of cases) if (!one.description) checks.push({ name: `time zone: ${one.name}`, file: '', what: 'the node type', problems: ['n8n serves no such node type'] });
	const workflowUrl = await workflowWith(page, rest, baseUrl, 'Time Zone', present.map((one) => ({ name: one.name, type: /** @type {Description} */ (one.description).name, typeVersion: one.typeVersion, parameters: one.parameters })));
	for (const [index, one] of present.entries()) {
		// Each node from the canvas anew: a list left open with text typed in keeps Escape from closing the panel.
		if (index > 0) {
			await page.goto(workflowUrl);
			await page.waitForSelector('[data-test-id=canvas-node]');
			await page.waitForTimeout(500);
		}
		const description = /** @type {Description} */ (one.description);
		/** @type {string[]} */
		const problems = [];
		// What the description holds: one entry per version range, and one of them shown for this version.
		const entries = description.properties.filter((property) => property.name === TIME_ZONE.name && property.isNodeSetting);
		const shown = displayed(workflow, description, one.typeVersion, one.parameters).properties.filter((property) => property.name === TIME_ZONE.name);
		if (shown.length !== 1) problems.push(`the description displays ${shown.length} Time Zone entries for version ${one.typeVersion} (of ${entries.length})`);
		const ndv = await openNode(page, one.name);
		await ndv.getByText('Settings', { exact: true }).first().click();
		const inputs = ndv.locator(`[data-test-id=parameter-input-${TIME_ZONE.name}]`).filter({ visible: true });
		await inputs.first().waitFor({ timeout: 30_000 }).catch(() => undefined);
		// The list is fetched when the tab opens; its value is shown by name once it has arrived (n8n
		// 2.41 shows "Loading options..." in the field until then, 2.8 nothing).
		await page
			.waitForFunction(
				(selector) => Array.from(document.querySelectorAll(selector)).some((input) => !['', 'Loading options...'].includes(/** @type {HTMLInputElement} */ (input).value)),
				`[data-test-id=ndv] [data-test-id=parameter-input-${TIME_ZONE.name}] input`,
				{ timeout: 30_000 },
			)
			.catch(() => undefined);
		// A label's title, as readPanel reads it: the label element also holds the help icon's and the switch's texts.
		const labels = await ndv.locator('[data-test-id=input-label]').filter({ visible: true }).evaluateAll((elements, label) =>
			elements.filter((element) => {
				const title = element.querySelector('label [class*=title]') ?? element.querySelector('label');
				return (title?.textContent ?? '').replace(/\s+/g, ' ').trim().replace(/\s*\*$/, '') === label;
			}).length,
		TIME_ZONE.label);
		const count = await inputs.count();
		if (count !== 1 || labels !== 1) problems.push(`${count} Time Zone input(s) and ${labels} row(s) labelled "${TIME_ZONE.label}" drawn, not one`);
		const slugName = slug(one.name);
		const file = `time-zone-${slugName}.png`;
		/** @type {{ value: string, listed: number, typed: string[], sample: string[] }} */
		const seen = { value: '', listed: 0, typed: [], sample: [] };
		if (count > 0) {
			const input = inputs.first().locator('input').first();
			seen.value = await input.inputValue();
			if (seen.value !== one.shows) problems.push(`Time Zone shows "${seen.value}", not "${one.shows}"`);
			await page.screenshot({ path: path.join(outDir, file) });
			await input.click();
			await page.locator('.el-select-dropdown__item, [role=option]').filter({ visible: true }).first().waitFor({ timeout: 30_000 }).catch(() => undefined);
			await page.waitForTimeout(600);
			const options = (await openOptions(page)).map((entry) => entry.name).filter((text) => text !== '');
			seen.listed = options.length;
			seen.sample = options.slice(0, 5);
			if (options.length <= TIME_ZONE.atLeast) problems.push(`the Time Zone list holds ${options.length} entries, not more than ${TIME_ZONE.atLeast}`);
			if (!options.includes(TIME_ZONE.includes)) problems.push(`the Time Zone list lacks ${TIME_ZONE.includes}`);
			await page.screenshot({ path: path.join(outDir, `time-zone-list-${slugName}.png`) });
			await page.keyboard.type(TIME_ZONE.typed, { delay: 30 });
			await page.waitForTimeout(800);
			seen.typed = (await openOptions(page)).map((entry) => entry.name).filter((text) => text !== '');
			if (seen.typed.join('|') !== TIME_ZONE.typedFinds.join('|')) problems.push(`typing "${TIME_ZONE.typed}" in the Time Zone list leaves ${seen.typed.join(', ') || 'nothing'}, not ${TIME_ZONE.typedFinds.join(', ')}`);
			await page.screenshot({ path: path.join(outDir, `time-zone-typed-${slugName}.png`) });
		} else {
			await page.screenshot({ path: path.join(outDir, file) });
		}
		checks.push({ name: `time zone: ${one.name}`, file, what: `${description.displayName} v${one.typeVersion}, Settings tab: one "${TIME_ZONE.label}" showing "${one.shows}", its list loaded (over ${TIME_ZONE.atLeast}, ${TIME_ZONE.includes}) and "${TIME_ZONE.typed}" typed in finding ${TIME_ZONE.typedFinds.join(', ')}`, problems, seen });
		log(`  time zone, ${one.name}: ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)\n      ${problems.join('\n      ')}`}`);
	}
	await page.keyboard.press('Escape');
}

/**
 * The Human review list an AI Agent's Tool + opens: n8n builds it from every node with a Send and
 * Wait for Response operation, Kavenegar's included, and adds the one picked as a review node.
 * @param {Page} page
 * @param {import('./lib/n8nServer').RestClient} rest
 * @param {string} baseUrl
 * @param {Description} agent
 * @param {string} outDir
 * @param {Check[]} checks
 */
async function checkHumanReview(page, rest, baseUrl, agent, outDir, checks) {
	const created = await rest.request('POST', '/workflows', {
		name: `Kavenegar Human review ${new Date().toISOString()}`,
		nodes: [{ id: '00000000-0000-4000-8000-a9e000000002', name: 'AI Agent', type: AGENT, typeVersion: newest(agent.version), position: [0, 0], parameters: {} }],
		connections: {},
		settings: { timezone: 'UTC' },
	});
	const creator = page.locator('[data-test-id=node-creator]');
	const review = creator.getByText('Human review', { exact: true }).first();
	// n8n opens its AI root first and then, without awaiting, the tools list; when that second step
	// fails on a busy machine the panel stays at "Other AI Nodes", and a person would click + again.
	// Each try waits longer, for a machine slower still.
	for (let attempt = 1; ; attempt += 1) {
		await page.goto(`${baseUrl}/workflow/${created.id}`);
		await page.locator('[data-test-id=canvas-node-input-handle][data-connection-type=ai_tool] [data-test-id=canvas-handle-plus]').first().click();
		const shown = await review.waitFor({ timeout: 40_000 * attempt }).then(
			() => true,
			() => false,
		);
		if (shown) break;
		if (attempt === 3) throw new Error(`the Tool + opened ${await creator.innerText({ timeout: 1000 }).then((text) => `"${plain(text).slice(0, 80)}"`, () => 'nothing')}, without Human review, 3 times`);
		log(`  the Tool + opened no tools list (try ${attempt}); opening the workflow again`);
	}
	await review.click();
	// The list is drawn later on a busy machine; one without Kavenegar is the check's to report.
	await creator
		.locator('[data-test-id=node-creator-item-name]', { hasText: /^\s*Kavenegar\s*$/ })
		.first()
		.waitFor({ timeout: 30_000 })
		.catch(() => undefined);
	const listed = await page.$$eval('[data-test-id=node-creator] [data-test-id=node-creator-item-name]', (items) => items.map((item) => (item.textContent ?? '').trim()));
	const file = 'human-review.png';
	await page.screenshot({ path: path.join(outDir, file) });
	/** @type {string[]} */
	const problems = [];
	if (!listed.includes('Kavenegar')) problems.push(`Human review lists ${listed.join(', ') || 'nothing'}, not Kavenegar`);
	else {
		await creator.locator('[data-test-id=node-creator-item-name]', { hasText: /^\s*Kavenegar\s*$/ }).first().click();
		// A community node opens on its details first ("Installed", "Add to workflow").
		const add = creator.getByText('Add to workflow', { exact: true });
		await add.waitFor({ timeout: 10_000 }).then(() => add.click(), () => undefined);
		await page.locator('[data-test-id=ndv]').waitFor({ timeout: 30_000 });
		await page.waitForTimeout(700);
		const labels = (await readPanel(page)).items.map((item) => item.label.replace(/\s*\*$/, ''));
		for (const label of ['Recipients', 'Message', 'Approval Options']) if (!labels.includes(label)) problems.push(`the Kavenegar review panel shows ${labels.join(', ')}, without ${label}`);
		await page.screenshot({ path: path.join(outDir, 'human-review-panel.png') });
		await page.keyboard.press('Escape');
	}
	checks.push({ name: 'review: Kavenegar under Human review', file, what: "an AI Agent's Tool +, Human review: Kavenegar listed, its panel with the approval's fields", problems, seen: listed });
}

// ------------------------------------------------------------------------------------------ main

/**
 * The check on a shared n8n (scripts/lib/liveProof.js): its fake Kavenegar, its credentials, and the
 * browser's run; finish returns a problem for each check failed and each step broken.
 * @param {{ outDir?: string, only?: string[], panelFilter?: string }} [options]
 * @returns {import('./lib/liveProof').SharedCheck}
 */
function editorCheck({ outDir = path.join(os.tmpdir(), `n8n-nodes-kavenegar-editor-check-${N8N_VERSION}`), only, panelFilter } = {}) {
	return {
		name: 'editor',
		async prepare() {
			if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set EDITOR_CHROMIUM)`);
			fs.rmSync(outDir, { recursive: true, force: true });
			fs.mkdirSync(outDir, { recursive: true });
			// The API credentials call the fake: the main account's key is its key, the second's is wrong.
			const fake = await startFakeKavenegar({ apiKey: FAKE_API_KEY });
			/** @type {string[]} */
			const problems = [];
			return {
				credentials: CREDENTIALS.map((credential) => (credential.type === 'kavenegarApi' ? { ...credential, data: { ...credential.data, baseUrl: fake.url } } : credential)),
				problems,
				run: async (running) => {
					problems.push(...(await checkEditor(running, { outDir, only, panelFilter })));
				},
				finish: async () => {
					await fake.close();
					return problems;
				},
			};
		},
	};
}

/**
 * Every check in the browser against the running n8n; returns what failed and what broke.
 * @param {import('./lib/liveProof').Running} running
 * @param {{ outDir: string, only?: string[], panelFilter?: string }} options
 */
async function checkEditor({ api: rest, base: baseUrl }, { outDir, only, panelFilter }) {
	const started = Date.now();
	const { chromium } = require('playwright-core');
	// The n8n-workflow of the n8n under test decides what is displayed, as in its editor.
	const workflow = createRequire(path.join(N8N_DIR, 'node_modules', 'n8n', 'package.json'))('n8n-workflow');
	/** @type {Check[]} */
	const checks = [];
	const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
	try {
		const page = await browser.newPage({ viewport: VIEWPORT });
		// Generous: CI machines are shared, and n8n's editor loads slowly under load.
		page.setDefaultTimeout(120 * 1000);
		try {
			return await checkPages({ page, rest, baseUrl, workflow, checks, outDir, only, panelFilter, started });
		} catch (error) {
			await page.screenshot({ path: path.join(outDir, 'failed.png') }).catch(() => undefined);
			throw error;
		}
	} finally {
		await browser.close();
	}
}

/**
 * @param {{ page: Page, rest: import('./lib/n8nServer').RestClient, baseUrl: string, workflow: typeof import('n8n-workflow'), checks: Check[], outDir: string, only?: string[], panelFilter?: string, started: number }} options
 */
async function checkPages({ page, rest, baseUrl, workflow, checks, outDir, only, panelFilter, started }) {
	log(`n8n ${N8N_VERSION} on ${baseUrl}, package from ${ROOT}; screenshots into ${outDir}`);
	await page.goto(`${baseUrl}/signin`);
	await page.fill('input[name=emailOrLdapLoginId]', DEFAULT_OWNER.email);
	await page.fill('input[name=password]', DEFAULT_OWNER.password);
	await page.click('[data-test-id=form-submit-button]');
	await page.waitForURL((url) => !url.pathname.includes('signin'));

	const served = await servedTypes(page);
	const types = new Map(served.nodes.map((node) => [node.name, node]));
	const credentialTypeNames = new Map(served.credentials.map((type) => [type.name, type.displayName]));
	// Other checks on the same n8n keep credentials of these types too; a select may show any of them.
	/** @type {Credential[]} */
	const stored = (await rest.request('GET', '/credentials')).map((/** @type {Credential} */ { id, name, type }) => ({ id, name, type }));
	const pkg = readJson(path.join(ROOT, 'package.json'));
	// The panels come from the built descriptions; a tool variant is the one n8n makes of a usableAsTool node.
	/** @type {Description[]} */
	const built = (pkg.n8n?.nodes ?? []).flatMap((/** @type {string} */ file) =>
		Object.values(require(path.join(ROOT, file))).map((NodeClass) => ({ ...new NodeClass().description, name: `${PACKAGE_NAME}.${new NodeClass().description.name}` })),
	);
	const withTools = built.flatMap((description) => (description.usableAsTool ? [description, { ...description, name: `${description.name}Tool`, displayName: `${description.displayName} Tool` }] : [description]));
	const main = built.find((description) => Array.isArray(description.version) && description.version.includes(1) && newest(description.version) > 1);
	let panels = panelsOf(workflow, withTools, { versionOne: main ? { type: main.name, parameters: VERSION_ONE } : undefined, agentType: AGENT });
	if (panelFilter) panels = panels.filter((panel) => panelFilter.split(',').some((text) => panel.name.toLowerCase().includes(text.toLowerCase())));
	const created = await rest.request('POST', '/workflows', workflowOf(panels, types.get(AGENT)));
	const workflowUrl = `${baseUrl}/workflow/${created.id}`;
	log(`${panels.length} panels in workflow ${created.id}`);

	const check = checker({ page, workflowUrl, outDir, checks, workflow, types, credentialTypeNames, stored });
	/** @type {string[]} */
	const broken = [];
	if (!only || only.includes('panels')) {
		for (const [index, panel] of panels.entries()) {
			try {
				if (index === 0) await check.openWorkflow();
				await check.checkPanel(panel);
				const { problems } = checks[checks.length - 1];
				log(`  ${panel.name}: ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)\n      ${problems.join('\n      ')}`}`);
			} catch (error) {
				broken.push(`${panel.name}: ${String(error.message).split('\n')[0]}`);
				await page.screenshot({ path: path.join(outDir, `failed-${slug(panel.name)}.png`) }).catch(() => undefined);
				await check.openWorkflow();
			}
		}
		await check.checkSaved(panels, () => rest.workflow(created.id));
	}
	if (!only || only.includes('search')) {
		try {
			await checkSearch(page, baseUrl, [...types.values()].filter((node) => node.name.startsWith(`${PACKAGE_NAME}.`)), outDir, checks);
		} catch (error) {
			broken.push(`search: ${String(error.message).split('\n')[0]}`);
			await page.screenshot({ path: path.join(outDir, 'failed-search.png') }).catch(() => undefined);
		}
	}
	if (!only || only.includes('actions')) {
		/** @param {Description | undefined} description */
		const operationActions = (description) =>
			(description?.properties ?? [])
				.filter((property) => property.name === 'operation')
				.flatMap((property) => /** @type {{ action?: string }[]} */ (property.options ?? []).map((option) => option.action))
				.filter((action) => typeof action === 'string');
		/** @param {Description | undefined} description */
		const eventActions = (description) =>
			(description?.properties ?? [])
				.filter((property) => property.name === 'event')
				.flatMap((property) => /** @type {{ name: string, action?: string }[]} */ (property.options ?? []).map((option) => option.action ?? `On ${option.name.toLowerCase()}`));
		const ours = [...types.values()].filter((node) => node.name.startsWith(`${PACKAGE_NAME}.`) && !/Tool$/.test(node.name));
		// A trigger named for an action node is listed inside that node's item (see checkSearch).
		const items = ours
			.filter((node) => !ours.some((other) => `${other.name}Trigger` === node.name))
			.map((node) => ({
				listedAs: node.displayName.replace(/ Trigger$/, ''),
				expected: [...new Set([...operationActions(node), ...eventActions(node), ...eventActions(types.get(`${node.name}Trigger`))])],
				description: node.description,
			}));
		for (const item of items) {
			try {
				await checkActions(page, baseUrl, item.listedAs, /** @type {string[]} */ (item.expected), item.description, outDir, checks);
			} catch (error) {
				broken.push(`actions of ${item.listedAs}: ${String(error.message).split('\n')[0]}`);
				await page.screenshot({ path: path.join(outDir, `failed-actions-${slug(item.listedAs)}.png`) }).catch(() => undefined);
			}
		}
	}
	const kavenegar = types.get(`${PACKAGE_NAME}.kavenegar`);
	if ((!only || only.includes('errors')) && kavenegar) {
		try {
			await checkErrors(page, baseUrl, rest, kavenegar, outDir, checks);
		} catch (error) {
			broken.push(`errors: ${String(error.message).split('\n')[0]}`);
			await page.screenshot({ path: path.join(outDir, 'failed-errors.png') }).catch(() => undefined);
		}
	}
	if ((!only || only.includes('window')) && kavenegar) {
		try {
			await checkSendWindow(page, rest, baseUrl, workflow, kavenegar, outDir, checks);
		} catch (error) {
			broken.push(`send window: ${String(error.message).split('\n')[0]}`);
			await page.screenshot({ path: path.join(outDir, 'failed-send-window.png') }).catch(() => undefined);
		}
	}
	if (!only || only.includes('timezone')) {
		try {
			await checkTimeZone(page, rest, baseUrl, workflow, types, outDir, checks);
		} catch (error) {
			broken.push(`time zone: ${String(error.message).split('\n')[0]}`);
			await page.screenshot({ path: path.join(outDir, 'failed-time-zone.png') }).catch(() => undefined);
		}
	}
	if (!only || only.includes('review')) {
		try {
			await checkHumanReview(page, rest, baseUrl, /** @type {Description} */ (types.get(AGENT)), outDir, checks);
		} catch (error) {
			broken.push(`Human review: ${String(error.message).split('\n')[0]}`);
			await page.screenshot({ path: path.join(outDir, 'failed-human-review.png') }).catch(() => undefined);
		}
	}
	fs.writeFileSync(path.join(outDir, 'checks.json'), JSON.stringify({ n8nVersion: N8N_VERSION, package: ROOT, viewport: VIEWPORT, checks }, null, 2) + '\n');
	const failing = checks.filter((one) => one.problems.length > 0);
	const problems = failing.reduce((sum, one) => sum + one.problems.length, 0);
	log(`n8n ${N8N_VERSION}: ${checks.length - failing.length} of ${checks.length} checks passed, ${problems} problem(s), ${broken.length} step(s) broken; checks.json and ${checks.filter((one) => one.file).length} screenshots in ${outDir} (${seconds(started)})`);
	return [...failing.map((one) => `${one.name}: ${one.problems.join('; ')}`), ...broken.map((line) => `broken: ${line}`)];
}

module.exports = { editorCheck };

if (require.main === module) {
	const only = argValue('--only')?.split(',');
	const outDir = argValue('--out');
	runLiveProof('editor check', {
		prefix: 'kavenegar-editor-',
		keep: process.env.EDITOR_KEEP === '1',
		main: (folders) => runOnOneN8n([editorCheck({ outDir: outDir && path.resolve(outDir), only, panelFilter: argValue('--panel') })], folders),
	});
}
