'use strict';
/**
 * Measure "item cost": CPU and peak RSS per input item, our node against a bare declarative node,
 * each variant in a fresh child process (`--only items-<variant>`).
 */
const { API_KEY, NODE_FILE, bareNodeType, harness, mb, median, ms, peakDuring, row, runChild, runOrThrow, startFakeProcess, verdict } = require('./common');

/**
 * 3. (children) 5,000 items × 1 recipient, CPU time and peak RSS growth of the whole process, our
 * node against a bare declarative node making the same request, each in a fresh process with
 * the fake in another one (so that neither's figures hold the fake's work).
 */
const CPU_ITEMS = 5000;
/** @param {'ours' | 'bare' | 'padded'} variant */
async function benchItemCost(variant) {
	const fake = await startFakeProcess();
	const credentials = { apiKey: API_KEY, baseUrl: fake.url };
	const items = Array.from({ length: CPU_ITEMS }, (_, i) => ({ json: { phone: `0912${String(1_000_000 + i)}`, text: `Order ${1000 + i} has shipped` } }));
	const expressions = { recipients: '={{ $json.phone }}', message: '={{ $json.text }}' };
	const { Kavenegar } = require(NODE_FILE);
	const options = {
		ours: { parameters: { resource: 'sms', operation: 'send', ...expressions } },
		bare: { parameters: expressions, nodeType: bareNodeType() },
		padded: { parameters: expressions, nodeType: bareNodeType(new Kavenegar().description.properties.length) },
	}[variant];
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

async function benchItemCosts() {
	/** @type {Record<'ours' | 'bare' | 'padded', { cpuMs: number, rssGrowth: number }[]>} */
	const samples = { ours: [], bare: [], padded: [] };
	for (let round = 0; round < 3; round++) {
		for (const variant of /** @type {(keyof typeof samples)[]} */ (Object.keys(samples))) samples[variant].push(await runChild(`items-${variant}`, ['--expose-gc']));
	}
	const cpu = (/** @type {keyof typeof samples} */ variant) => median(samples[variant].map((s) => s.cpuMs));
	const rss = (/** @type {keyof typeof samples} */ variant) => median(samples[variant].map((s) => s.rssGrowth));
	const cpuRatio = cpu('ours') / cpu('bare');
	const rssRatio = rss('ours') / rss('bare');
	return [
		row(`${CPU_ITEMS} items × 1 recipient: CPU, ours / bare node (median of 3 processes each)`, `${ms(cpu('ours'))} / ${ms(cpu('bare'))} = ${cpuRatio.toFixed(2)}×`, '≤ 1.3×', verdict(cpuRatio <= 1.3)),
		row(`${CPU_ITEMS} items: peak RSS growth, ours / bare node`, `${mb(rss('ours'))} / ${mb(rss('bare'))} = ${rssRatio.toFixed(2)}×`, '≤ 1.3×', verdict(rssRatio <= 1.3)),
		row(`${CPU_ITEMS} items: CPU, bare node padded to our property count / bare node`, `${ms(cpu('padded'))} / ${ms(cpu('bare'))} = ${(cpu('padded') / cpu('bare')).toFixed(2)}×`, '(reported)'),
	];
}

module.exports = { benchItemCost, benchItemCosts };
