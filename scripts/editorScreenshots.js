#!/usr/bin/env node
'use strict';
/*
 * npm run editor:screenshots: the node as a user sees it in a real n8n editor, in headless Chromium.
 * n8n 2.8.4 (scripts/lib/n8nInstall.js) runs `n8n start` with the package installed as a community
 * package, a fake Kavenegar runs in this process, one workflow holds a node per panel to look at,
 * and Playwright drives the editor: the nodes panel searched for what users type, every panel, help
 * text and error of issue 20, each saved as a PNG. Beside them, shots.json lists every screenshot
 * with what was measured on it (a tooltip's text, width and lines as the editor drew them).
 *
 *   node scripts/editorScreenshots.js [--out DIR] [--only NAME,...]
 *
 * Needs Chromium from Debian (`apt-get install -y chromium`, /usr/bin/chromium; EDITOR_CHROMIUM
 * names another) and playwright-core (a devDependency, which downloads no browser). Environment: as
 * scripts/e2e.js (E2E_N8N_VERSION, E2E_CACHE_DIR, E2E_SKIP_BUILD, E2E_ROOT: the package folder,
 * so that an older commit exported elsewhere can be photographed with these steps), EDITOR_KEEP=1
 * keeps the work folder (n8n's logs and database). docs/editor-check.md says more.
 */
/* global document, getComputedStyle -- the functions given to page.evaluate run in the editor's page */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { abandonInstall, ensureBuilt, ensureN8n, installPackage, N8N_VERSION, ROOT } = require('./lib/n8nInstall');
const { importCredentials, importWorkflows, startN8n, DEFAULT_OWNER } = require('./lib/n8nServer');
const { killAll, log, seconds, stopChildrenOnExit } = require('./lib/processes');
const { startFakeKavenegar } = require('../test/fakeKavenegar');

const CHROMIUM = process.env.EDITOR_CHROMIUM || '/usr/bin/chromium';
// Without the background-networking flags Chromium tries hosts off this machine at every start.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const VIEWPORT = { width: 1440, height: 900 };
const API_KEY = 'editor-shots-key';
const WORKFLOW_ID = 'kvnEditorShots001';
const CREDENTIAL = { id: 'kvnEditorCred0001', name: 'Kavenegar' };
const WRONG_KEY_CREDENTIAL = { id: 'kvnEditorCred0002', name: 'Kavenegar (wrong key)' };
const KAVENEGAR = 'n8n-nodes-kavenegar.kavenegar';
const TRIGGER = 'n8n-nodes-kavenegar.kavenegarTrigger';

/** @param {string} flag */
function argValue(flag) {
	const index = process.argv.indexOf(flag);
	return index === -1 ? undefined : process.argv[index + 1];
}

/**
 * A zone-less date-time `hours` from now, as typed or as older saves hold it (read in the workflow's zone, UTC here).
 * @param {number} hours
 */
function zoneLessDate(hours) {
	return new Date(Date.now() + hours * 3600 * 1000).toISOString().slice(0, 19);
}

/**
 * One node per panel to look at, in a grid; each name is how a shot finds its node. Kavenegar nodes
 * are version 2, as a node added now is, unless `typeVersion` says otherwise.
 * @returns {{ name: string, type: string, parameters: Record<string, unknown>, typeVersion?: number, wrongKey?: boolean }[]}
 */
function shotNodes() {
	const send = { resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Your order has shipped' };
	return [
		{ name: 'Send SMS', type: KAVENEGAR, parameters: { ...send, additionalFields: { preventDuplicateSends: true, normalisePhoneNumbers: true }, requestOptions: { maxRequestsInFlight: 25, busyRetries: 3 } } },
		{
			name: 'Send SMS, version 1',
			type: KAVENEGAR,
			typeVersion: 1,
			parameters: { ...send, additionalFields: { sender: '30004000' }, options: { preventDuplicateSends: true }, requestLimits: { maxRequestsInFlight: 10 } },
		},
		{ name: 'Send SMS, Display Type', type: KAVENEGAR, parameters: send },
		{ name: 'Send SMS, bad recipient', type: KAVENEGAR, parameters: { ...send, recipients: '09121234567, call me' } },
		{ name: 'Send SMS, wrong key', type: KAVENEGAR, parameters: send, wrongKey: true },
		{ name: 'Outbox, future start', type: KAVENEGAR, parameters: { resource: 'sms', operation: 'getOutbox', startDate: zoneLessDate(2) } },
		{ name: 'Template, voice first', type: KAVENEGAR, parameters: { resource: 'verifyTemplate', operation: 'create', name: 'loginCode', sendMethod: 2, fallbackMethod: 1 } },
		{ name: 'Template, no fallback', type: KAVENEGAR, parameters: { resource: 'verifyTemplate', operation: 'create', name: 'loginCode', sendMethod: 1, fallbackMethod: 3 } },
		{ name: 'Media upload', type: KAVENEGAR, parameters: { resource: 'media', operation: 'upload' } },
		{ name: 'Status changed', type: TRIGGER, parameters: { event: 'messageStatusChanged' } },
		{ name: 'Incoming message', type: TRIGGER, parameters: { event: 'newIncomingMessage', lineNumber: '30004000' } },
	];
}

function workflow() {
	const nodes = shotNodes().map((node, index) => ({
		id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
		name: node.name,
		type: node.type,
		typeVersion: node.typeVersion ?? (node.type === KAVENEGAR ? 2 : 1),
		position: [(index % 4) * 320, Math.floor(index / 4) * 260],
		parameters: node.parameters,
		credentials: { kavenegarApi: node.wrongKey ? WRONG_KEY_CREDENTIAL : CREDENTIAL },
	}));
	return { id: WORKFLOW_ID, name: 'Kavenegar in the editor', active: false, settings: { timezone: 'UTC' }, connections: {}, nodes };
}

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {{ name: string, file: string, what: string, measured?: Record<string, unknown> }} Shot */

/**
 * What a shot needs from the editor.
 * @param {Page} page
 * @param {string} baseUrl
 * @param {string} outDir
 * @param {Shot[]} shots
 */
function editor(page, baseUrl, outDir, shots) {
	const ndv = page.locator('[data-test-id=ndv]');
	const api = {
		page,
		async openWorkflow() {
			await page.goto(`${baseUrl}/workflow/${WORKFLOW_ID}`);
			await page.waitForSelector('[data-test-id=canvas-node]');
		},
		/** @param {string} name */
		async openNode(name) {
			await api.openWorkflow();
			await page.dblclick(`[data-test-id=canvas-node][data-node-name="${name}"]`);
			await ndv.waitFor();
			await page.waitForTimeout(500);
		},
		/**
		 * The innermost parameter row holding the input of this parameter name: a collection's row
		 * holds its options' rows too.
		 * @param {string} name
		 */
		parameter(name) {
			return ndv.locator('[data-test-id=parameter-item]').filter({ has: page.locator(`[data-test-id=parameter-input-${name}]`) }).last();
		},
		/**
		 * Hovers the help icon of a parameter and returns the tooltip as drawn: text, width, lines.
		 * @param {string} name
		 */
		async tooltip(name) {
			// A tooltip still open from the last hover would be measured instead.
			await page.mouse.move(0, 0);
			await page.waitForTimeout(300);
			const row = api.parameter(name);
			await row.scrollIntoViewIfNeeded();
			await row.locator('label').first().hover();
			await row.locator('[data-icon=circle-help]').first().hover();
			await page.waitForTimeout(800);
			return page.evaluate(() => {
				const boxes = Array.from(document.querySelectorAll('[data-reka-popper-content-wrapper], .el-popper'))
					.map((element) => ({ element, box: element.getBoundingClientRect() }))
					.filter(({ element, box }) => box.width > 20 && box.height > 10 && (element.textContent ?? '').trim() !== '');
				const last = boxes[boxes.length - 1];
				if (!last) return undefined;
				const inner = /** @type {HTMLElement} */ (last.element.querySelector('div, span') ?? last.element);
				const lineHeight = parseFloat(getComputedStyle(inner).lineHeight) || 18;
				const padding = parseFloat(getComputedStyle(inner).paddingTop) + parseFloat(getComputedStyle(inner).paddingBottom) || 0;
				return {
					text: (last.element.textContent ?? '').trim(),
					widthPx: Math.round(last.box.width),
					lines: Math.round((last.box.height - padding) / lineHeight),
				};
			});
		},
		/** The open node's Settings tab, where n8n shows Request Options. */
		async settingsTab() {
			await ndv.getByText('Settings', { exact: true }).first().click();
			await page.waitForTimeout(800);
		},
		/**
		 * Opens the Add list of the nth collection shown and returns the options it offers.
		 * @param {number} index
		 */
		async openAddList(index) {
			await ndv.locator('[data-test-id=collection-parameter-add] >> visible=true').nth(index).click();
			await page.waitForTimeout(600);
			return page.evaluate(() =>
				Array.from(document.querySelectorAll('.el-select-dropdown__item, [role=option]'))
					.filter((item) => item.getBoundingClientRect().width > 0)
					.map((item) => (item.textContent ?? '').trim()),
			);
		},
		/** Runs the open node (Execute step) and waits for its output or its error. */
		async execute() {
			await ndv.locator('[data-test-id=node-execute-button]').first().click();
			await page.waitForSelector('[data-test-id=node-error-message], [data-test-id=ndv-data-container] table, [data-test-id=run-data-schema-item]', { timeout: 60 * 1000 });
			await page.waitForTimeout(600);
		},
		async expandErrorDetails() {
			for (const summary of await ndv.locator('.node-error-view__details-summary, details > summary').all()) await summary.click();
			await page.waitForTimeout(300);
		},
		/**
		 * @param {string} name
		 * @param {string} what
		 * @param {Record<string, unknown>} [measured]
		 */
		async shot(name, what, measured) {
			const file = `${name}.png`;
			await page.screenshot({ path: path.join(outDir, file) });
			shots.push({ name, file, what, ...(measured ? { measured } : {}) });
			log(`  ${file}: ${what}`);
		},
	};
	return api;
}

/** @typedef {ReturnType<typeof editor>} Editor */

/** @type {Record<string, (ed: Editor) => Promise<void>>} */
const SHOTS = {
	async search(ed) {
		for (const term of ['SMS', 'OTP', 'verification code', 'text message']) {
			await ed.openWorkflow();
			await ed.page.click('[data-test-id=node-creator-plus-button]');
			await ed.page.keyboard.type(term);
			await ed.page.waitForTimeout(1200);
			const names = await ed.page.$$eval('[data-test-id=node-creator-item-name]', (items) => items.map((item) => (item.textContent ?? '').trim()));
			await ed.shot(`search-${term.replace(/\s+/g, '-').toLowerCase()}`, `nodes panel searched for "${term}"`, {
				kavenegarListed: names.some((name) => /Kavenegar/.test(name)),
				position: names.findIndex((name) => /Kavenegar/.test(name)) + 1,
			});
		}
	},
	async send(ed) {
		await ed.openNode('Send SMS');
		await ed.shot('send-panel', 'SMS → Send (version 2): one collection, Additional Fields, with the behavior options as set (the defaults)');
		for (const [parameter, label] of [
			['preventDuplicateSends', 'Prevent Duplicate Sends'],
			['normalisePhoneNumbers', 'Normalize Phone Numbers'],
		]) {
			const tip = await ed.tooltip(parameter);
			await ed.shot(`send-tooltip-${parameter}`, `tooltip of ${label}`, tip);
		}
		await ed.settingsTab();
		await ed.shot('send-settings', "SMS → Send (version 2), Settings tab: Max Requests in Flight and Retries on Busy Answers in n8n's Request Options");
		for (const [parameter, label] of [
			['maxRequestsInFlight', 'Max Requests in Flight'],
			['busyRetries', 'Retries on Busy Answers'],
		]) {
			const tip = await ed.tooltip(parameter);
			await ed.shot(`send-tooltip-${parameter}`, `tooltip of ${label}`, tip);
		}
	},
	async sendVersion1(ed) {
		await ed.openNode('Send SMS, version 1');
		await ed.shot('send-v1-panel', 'SMS → Send saved as version 1: Additional Fields, Sending Behavior and Concurrency and Retries with their saved values');
		await ed.settingsTab();
		const offered = await ed.openAddList(0);
		await ed.shot('send-v1-settings', "SMS → Send saved as version 1, Settings tab: n8n's Request Options without the node's limits", { offered });
		await ed.page.keyboard.press('Escape');
	},
	async sendOptionsClosed(ed) {
		await ed.openNode('Send SMS, Display Type');
		await ed.shot('send-defaults-closed', 'SMS → Send as first added: what is on by default before Add Field is opened');
		const offered = await ed.openAddList(0);
		await ed.shot('send-add-field-list', "SMS → Send (version 2): the one Add Field list, the send's fields and behavior together", { offered });
		await ed.page.locator('.el-select-dropdown__item, [role=option]').filter({ hasText: 'Display Type' }).first().click();
		await ed.page.waitForTimeout(500);
		const tip = await ed.tooltip('type');
		await ed.shot('send-display-type', 'Additional Fields → Display Type just added: its value and its help', tip);
	},
	async sendOutput(ed) {
		await ed.openNode('Send SMS, Display Type');
		await ed.execute();
		await ed.page.locator('[data-test-id=output-panel] [data-test-id=radio-button-json]').first().click();
		await ed.page.waitForTimeout(500);
		await ed.shot('send-output', 'SMS → Send output rows (JSON): the service fields and the ones the node adds');
	},
	async inputError(ed) {
		await ed.openNode('Send SMS, bad recipient');
		await ed.execute();
		await ed.shot('error-input-toast', 'an input error right after Execute step (toast and panel)');
		await ed.expandErrorDetails();
		await ed.shot('error-input-details', 'an input error with Error details opened');
	},
	async serviceError(ed) {
		await ed.openNode('Send SMS, wrong key');
		await ed.execute();
		await ed.shot('error-403-toast', 'a 403 (wrong API key) right after Execute step (toast and panel)');
		await ed.expandErrorDetails();
		await ed.shot('error-403-details', 'a 403 with Error details opened');
	},
	async outboxFutureStart(ed) {
		await ed.openNode('Outbox, future start');
		await ed.shot('outbox-panel', 'SMS → Get Outbox by Date: the IP-access notice');
		await ed.execute();
		await ed.shot('error-outbox-future-start', 'Get Outbox by Date with a Start Date in the future and no End Date');
	},
	async template(ed) {
		await ed.openNode('Template, voice first');
		await ed.shot('template-voice-first', 'Verification Template → Create, Voice Call first, Text Message fallback');
		await ed.parameter('fallbackMethod').locator('input').first().click();
		await ed.page.waitForTimeout(500);
		await ed.shot('template-fallback-list', 'the Fallback Method list opened');
		await ed.page.keyboard.press('Escape');
		await ed.openNode('Template, no fallback');
		await ed.page.locator('[data-test-id=ndv] [data-test-id=collection-parameter-add]').first().click();
		await ed.page.waitForTimeout(500);
		await ed.shot('template-no-fallback-fields', 'Fallback Disabled: the Add Field list');
	},
	async media(ed) {
		await ed.openNode('Media upload');
		await ed.shot('media-upload', 'Media → Upload: the limits under the field');
	},
	async trigger(ed) {
		await ed.openNode('Status changed');
		await ed.shot('trigger-status-changed', 'Kavenegar Trigger → Message Status Changed panel');
		const tip = await ed.tooltip('statuses');
		await ed.shot('trigger-tooltip-statuses', 'tooltip of Report Statuses', tip);
		await ed.parameter('statuses').locator('input').first().click();
		await ed.page.waitForTimeout(500);
		const options = await ed.page.evaluate(() =>
			Array.from(document.querySelectorAll('.el-select-dropdown__item'))
				.filter((item) => item.getBoundingClientRect().width > 0)
				.map((item) => {
					const description = item.querySelector('[class*=description]');
					return {
						text: (item.textContent ?? '').trim(),
						cutOff: description ? description.scrollHeight > description.clientHeight + 1 || description.scrollWidth > description.clientWidth + 1 : false,
						widthPx: Math.round(item.getBoundingClientRect().width),
					};
				}),
		);
		await ed.shot('trigger-statuses-list', 'the Report Statuses list opened (option descriptions)', { options });
		await ed.openNode('Incoming message');
		const lineTip = await ed.tooltip('lineNumber');
		await ed.shot('trigger-tooltip-line-number', 'tooltip of the trigger\'s Line Number', lineTip);
	},
};

async function main() {
	const started = Date.now();
	stopChildrenOnExit(abandonInstall);
	const outDir = path.resolve(argValue('--out') ?? path.join(os.tmpdir(), 'n8n-nodes-kavenegar-editor-shots'));
	const only = argValue('--only')?.split(',');
	if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set EDITOR_CHROMIUM)`);
	const { chromium } = require('playwright-core');
	await ensureN8n();
	await ensureBuilt();
	fs.mkdirSync(outDir, { recursive: true });
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kavenegar-editor-'));
	const userFolder = path.join(work, 'user');
	fs.mkdirSync(userFolder);
	log(`package: ${installPackage(userFolder)}`);
	const fake = await startFakeKavenegar({ apiKey: API_KEY });
	/** @type {Awaited<ReturnType<typeof startN8n>> | undefined} */
	let n8n;
	/** @type {import('playwright-core').Browser | undefined} */
	let browser;
	/** @type {Shot[]} */
	const shots = [];
	let passed = false;
	try {
		const options = { userFolder, logDir: work };
		await importCredentials(
			[
				{ ...CREDENTIAL, type: 'kavenegarApi', data: { apiKey: API_KEY, baseUrl: fake.url } },
				{ ...WRONG_KEY_CREDENTIAL, type: 'kavenegarApi', data: { apiKey: 'not-the-key', baseUrl: fake.url } },
			],
			options,
		);
		await importWorkflows([workflow()], options);
		n8n = await startN8n({ role: 'main', userFolder, logDir: work });
		await n8n.rest().setupOwner();
		log(`n8n ${N8N_VERSION} on ${n8n.url}, package from ${ROOT}; screenshots into ${outDir}`);

		browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
		const page = await browser.newPage({ viewport: VIEWPORT });
		page.setDefaultTimeout(30 * 1000);
		await page.goto(`${n8n.url}/signin`);
		await page.fill('input[name=emailOrLdapLoginId]', DEFAULT_OWNER.email);
		await page.fill('input[name=password]', DEFAULT_OWNER.password);
		await page.click('[data-test-id=form-submit-button]');
		await page.waitForURL((url) => !url.pathname.includes('signin'));
		const ed = editor(page, /** @type {string} */ (n8n.url), outDir, shots);
		/** @type {string[]} */
		const failures = [];
		for (const [name, take] of Object.entries(SHOTS)) {
			if (only && !only.includes(name)) continue;
			try {
				await take(ed);
			} catch (error) {
				failures.push(`${name}: ${error.message.split('\n')[0]}`);
				await page.screenshot({ path: path.join(outDir, `failed-${name}.png`) }).catch(() => undefined);
			}
		}
		fs.writeFileSync(path.join(outDir, 'shots.json'), JSON.stringify({ n8nVersion: N8N_VERSION, package: ROOT, viewport: VIEWPORT, shots }, null, 2) + '\n');
		if (failures.length > 0) throw new Error(`${failures.length} shot(s) failed (failed-*.png in ${outDir}):\n  ${failures.join('\n  ')}`);
		passed = true;
		log(`${shots.length} screenshots and shots.json in ${outDir} (${seconds(started)})`);
	} finally {
		await browser?.close();
		await n8n?.stop();
		await fake.close();
		killAll();
		if (passed && process.env.EDITOR_KEEP !== '1') fs.rmSync(work, { recursive: true, force: true });
		else log(`work folder kept: ${work}`);
	}
}

main().catch((error) => {
	log(`FAILED: ${error.message}`);
	process.exitCode = 1;
});
