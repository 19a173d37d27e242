'use strict';
/** Measure "cold require": loading the built node and credential in fresh child processes. */
const { CREDENTIAL_FILE, NODE_FILE, median, ms, row, runChild, verdict } = require('./common');

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
	/** @type {Record<string, number>} */
	const figures = {};
	for (const variant of ['require-preloaded', 'require-bare']) {
		const samples = [];
		for (let i = 0; i < REQUIRE_SAMPLES; i++) samples.push(await runChild(variant));
		figures[variant] = median(samples);
	}
	const preloaded = figures['require-preloaded'];
	return [
		row(`cold require node + credential, n8n-workflow preloaded (median of ${REQUIRE_SAMPLES})`, ms(preloaded), '≤ 50 ms', verdict(preloaded <= 50)),
		row('cold require node + credential, n8n-workflow included', ms(figures['require-bare']), '(reported)'),
	];
}

module.exports = { benchRequire, benchColdRequire };
