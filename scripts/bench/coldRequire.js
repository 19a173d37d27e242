'use strict';
/** Measure "cold require": loading the built node and credential in fresh child processes. */
const { CREDENTIAL_FILE, NODE_FILE, median, ms, runChild, sampleVariants, variantRow } = require('./common');

const REQUIRE_SAMPLES = 5;

/**
 * 5. (child) Cold require of the built node and credential, with or without n8n-workflow loaded first.
 * @param {boolean} preloaded
 */
function benchRequire(preloaded) {
	if (preloaded) require('n8n-workflow');
	const start = process.hrtime.bigint();
	require(NODE_FILE);
	require(CREDENTIAL_FILE);
	return Number(process.hrtime.bigint() - start) / 1e6;
}

async function benchColdRequire() {
	/** @type {Record<string, import('./common').Variant<number>>} */
	const variants = await sampleVariants(['require-preloaded', 'require-bare'], REQUIRE_SAMPLES, (variant) => runChild(variant));
	const figure = (/** @type {string} */ variant) => median(variants[variant].samples);
	return [
		variantRow(`cold require node + credential, n8n-workflow preloaded (median of ${REQUIRE_SAMPLES})`, variants, ['require-preloaded'], '≤ 50 ms', () => ms(figure('require-preloaded')), () => figure('require-preloaded') <= 50),
		variantRow('cold require node + credential, n8n-workflow included', variants, ['require-bare'], '(reported)', () => ms(figure('require-bare'))),
	];
}

module.exports = { benchRequire, benchColdRequire };
