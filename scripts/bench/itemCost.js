'use strict';
/**
 * Measure "item cost": CPU and peak RSS per input item, our node against a bare declarative node,
 * each variant in a fresh child process (`--only items-<variant>`).
 */
const fs = require('node:fs');
const path = require('node:path');
const { API_KEY, NODE_FILE, bareNodeType, harness, mb, median, ms, peakDuring, row, runChild, runOrThrow, sampleVariants, startFakeProcess, variantRow } = require('./common');

const { LATEST_VERSION } = require(path.join(path.dirname(NODE_FILE), 'operationParts', 'nodeVersions'));

/**
 * 3. (children) 5,000 items × 1 recipient, CPU time and peak RSS growth of the whole process, our
 * node against a bare declarative node making the same request, each in a fresh process with
 * the fake in another one (so that neither's figures hold the fake's work).
 */
const CPU_ITEMS = 5000;
const ROUNDS = 3;
const VARIANTS = /** @type {const} */ (['ours', 'bare', 'padded', 'displayed', 'expression', 'unmerged', 'uncapped', 'httpRequest']);
/** @typedef {typeof VARIANTS[number]} Variant */
/** @typedef {{ cpuMs: number, rssGrowth: number, ms: number }} Sample one child's figures */
/** An install of the e2e scripts, finished: one still being copied in is named `….partial-<pid>`. */
const FINISHED_INSTALL = /^n8n-\d+\.\d+\.\d+-node-abi\d+$/;

/**
 * Our node with only the properties n8n displays for Send: n8n's routing walks every top-level
 * property for every item, displayed or not, so this is our node without what its size costs.
 * @param {Record<string, unknown>} parameters
 */
function displayedOnly(parameters) {
	const { NodeHelpers } = require('n8n-workflow');
	const { Kavenegar } = require(NODE_FILE);
	const nodeType = harness().asLoaded(new Kavenegar());
	const values = /** @type {import('n8n-workflow').INodeParameters} */ (parameters);
	const node = /** @type {import('n8n-workflow').INode} */ ({ typeVersion: LATEST_VERSION });
	const properties = nodeType.description.properties.filter((/** @type {import('n8n-workflow').INodeProperties} */ property) =>
		NodeHelpers.displayParameter(values, property, node, nodeType.description, values),
	);
	nodeType.description = { ...nodeType.description, properties };
	return nodeType;
}

/** Our node with its fields as the operation files write them, same-named ones not merged into one property. */
function unmerged() {
	const { Kavenegar } = require(NODE_FILE);
	const { propertiesAsWritten } = require(path.join(path.dirname(NODE_FILE), 'resources'));
	const nodeType = new Kavenegar();
	nodeType.description = { ...nodeType.description, properties: [...propertiesAsWritten] };
	return harness().asLoaded(nodeType);
}

/**
 * n8n's HTTP Request node, from an n8n the e2e scripts installed whose n8n-workflow is the one the
 * harness runs (n8n-nodes-base is not a dependency of ours): a node of n8n's own that makes the
 * same request, the yardstick for memory per item.
 * @returns {string | undefined}
 */
function httpRequestNodeFile() {
	const { CACHE_BASE } = require('../lib/n8nInstall');
	const ours = require('n8n-workflow/package.json').version;
	const installs = fs.existsSync(CACHE_BASE) ? fs.readdirSync(CACHE_BASE).filter((name) => FINISHED_INSTALL.test(name)) : [];
	for (const install of installs) {
		const modules = path.join(CACHE_BASE, install, 'node_modules');
		const workflow = path.join(modules, 'n8n-workflow', 'package.json');
		const file = path.join(modules, 'n8n-nodes-base', 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js');
		if (fs.existsSync(workflow) && fs.existsSync(file) && JSON.parse(fs.readFileSync(workflow, 'utf8')).version === ours) return file;
	}
	return undefined;
}

/**
 * The HTTP Request node posting the same form to the same URL, each item's fields from expressions.
 * @param {string} url
 */
function httpRequestOptions(url) {
	const file = httpRequestNodeFile();
	if (file === undefined) return undefined;
	const { HttpRequest } = require(file);
	const versioned = new HttpRequest();
	return {
		nodeType: versioned.nodeVersions[versioned.currentVersion],
		settings: { typeVersion: versioned.currentVersion },
		parameters: {
			method: 'POST',
			url: `${url}/v1/${API_KEY}/sms/send.json`,
			sendBody: true,
			contentType: 'form-urlencoded',
			specifyBody: 'keypair',
			bodyParameters: { parameters: [{ name: 'receptor', value: '={{ $json.phone }}' }, { name: 'message', value: '={{ $json.text }}' }] },
			options: {},
		},
	};
}

/**
 * One variant's figures, or why it cannot be measured here; said in words, since NaN crosses the
 * child's JSON as null, and null divides into Infinity where NaN was looked for.
 * @param {Variant} variant
 * @returns {Promise<Sample | { notMeasured: string }>}
 */
async function benchItemCost(variant) {
	const fake = await startFakeProcess();
	const credentials = { apiKey: API_KEY, baseUrl: fake.url };
	const items = Array.from({ length: CPU_ITEMS }, (_, i) => ({ json: { phone: `0912${String(1_000_000 + i)}`, text: `Order ${1000 + i} has shipped` } }));
	const expressions = { recipients: '={{ $json.phone }}', message: '={{ $json.text }}' };
	// Max Messages per Run above the run's 5,000 messages: every item is counted against the cap, none refused.
	const send = { resource: 'sms', operation: 'send', ...expressions, additionalFields: { maxMessagesPerRun: 10_000 } };
	const { Kavenegar } = require(NODE_FILE);
	// Our node as a node added now is: the latest version.
	const settings = { typeVersion: LATEST_VERSION };
	// Only the variant measured is built.
	const options = {
		ours: () => ({ parameters: send, settings }),
		bare: () => ({ parameters: expressions, nodeType: bareNodeType() }),
		padded: () => ({ parameters: expressions, nodeType: bareNodeType(new Kavenegar().description.properties.length) }),
		displayed: () => ({ parameters: send, nodeType: displayedOnly(send), settings }),
		// n8n evaluates a parameter once for every top-level property of its name, displayed or not.
		expression: () => ({ parameters: { ...send, additionalFields: { ...send.additionalFields, sender: '={{ "10004346" }}' } }, settings }),
		// The cap turned off (0): what counting every item's messages against it costs is ours / this.
		uncapped: () => ({ parameters: { ...send, additionalFields: { maxMessagesPerRun: 0 } }, settings }),
		unmerged: () => ({ parameters: send, nodeType: unmerged(), settings }),
		httpRequest: () => httpRequestOptions(fake.url),
	}[variant]();
	if (options === undefined) {
		fake.stop();
		return { notMeasured: `no n8n with n8n-workflow ${require('n8n-workflow/package.json').version} installed by the e2e scripts` };
	}
	try {
		const warmItems = items.slice(0, 50);
		await runOrThrow('warm-up', { ...options, items: warmItems, credentials }, warmItems.length);
		const cpuBefore = process.cpuUsage();
		const measured = await peakDuring(() => runOrThrow(variant, { ...options, items, credentials }, CPU_ITEMS));
		const cpu = process.cpuUsage(cpuBefore);
		return { cpuMs: (cpu.user + cpu.system) / 1000, rssGrowth: measured.rssGrowth, ms: measured.ms };
	} finally {
		fake.stop();
		harness().shutdownEngine();
	}
}

/**
 * Each variant in ROUNDS fresh processes; a variant that fails costs only the rows made of it, each
 * saying so with its error, and the bench's exit code (scripts/bench.js).
 */
async function benchItemCosts() {
	/** @type {Record<string, import('./common').Variant<Sample>>} */
	const variants = await sampleVariants(VARIANTS, ROUNDS, (variant) => runChild(`items-${variant}`, ['--expose-gc']));
	const cpu = (/** @type {Variant} */ variant) => median(variants[variant].samples.map((s) => s.cpuMs));
	const rss = (/** @type {Variant} */ variant) => median(variants[variant].samples.map((s) => s.rssGrowth));
	/**
	 * @param {string} measure
	 * @param {[Variant, Variant]} pair
	 * @param {'cpu' | 'rss'} kind
	 * @param {number} [atMost] the target, a ratio; none for a figure only reported
	 */
	const ratioRow = (measure, [a, b], kind, atMost) => {
		const { of, show } = { cpu: { of: cpu, show: ms }, rss: { of: rss, show: mb } }[kind];
		const ratio = () => of(a) / of(b);
		const figure = () => `${show(of(a))} / ${show(of(b))} = ${ratio().toFixed(2)}×`;
		return atMost === undefined
			? variantRow(measure, variants, [a, b], '(reported)', figure)
			: variantRow(measure, variants, [a, b], `≤ ${atMost}×`, figure, () => ratio() <= atMost);
	};
	const { properties, propertiesAsWritten } = require(path.join(path.dirname(NODE_FILE), 'resources'));
	return [
		ratioRow(`${CPU_ITEMS} items × 1 recipient: CPU, ours / bare node (median of ${ROUNDS} processes each)`, ['ours', 'bare'], 'cpu', 1.3),
		ratioRow(`${CPU_ITEMS} items: peak RSS growth, ours / bare node`, ['ours', 'bare'], 'rss', 1.3),
		ratioRow(`${CPU_ITEMS} items: peak RSS growth, ours / n8n's HTTP Request node`, ['ours', 'httpRequest'], 'rss', 1.3),
		ratioRow(`${CPU_ITEMS} items: CPU, ours / n8n's HTTP Request node`, ['ours', 'httpRequest'], 'cpu'),
		row('Top-level properties n8n walks per item (as the operation files write them)', `${properties.length} (${propertiesAsWritten.length})`, '(reported)'),
		ratioRow(`${CPU_ITEMS} items: CPU, ours with same-named fields not merged (as written) / bare node`, ['unmerged', 'bare'], 'cpu'),
		ratioRow(`${CPU_ITEMS} items: CPU, ours / bare node padded to our property count (our own cost per item)`, ['ours', 'padded'], 'cpu', 1.1),
		ratioRow(`${CPU_ITEMS} items: CPU, bare node padded to our property count / bare node`, ['padded', 'bare'], 'cpu'),
		ratioRow(`${CPU_ITEMS} items: CPU, ours given only the properties Send displays / bare node`, ['displayed', 'bare'], 'cpu'),
		ratioRow(`${CPU_ITEMS} items: CPU, ours (Max Messages per Run counting) / ours with the cap off`, ['ours', 'uncapped'], 'cpu'),
		ratioRow(`${CPU_ITEMS} items: CPU, ours with Additional Fields → Sender from an expression / ours`, ['expression', 'ours'], 'cpu'),
	];
}

module.exports = { VARIANTS, benchItemCost, benchItemCosts };
