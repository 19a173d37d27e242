'use strict';
/** How `npm run bench` reports a variant that fails or cannot be measured (scripts/bench/common.js, issue 44). */
const { FAILED, errorLine, lastErrorLine, sampleVariants, variantRow } = require('../../scripts/bench/common');

describe('a measure made of variants, each sampled in child processes', () => {
	test('a variant whose child fails is failed with its error and not run again; the others keep every round', async () => {
		/** @type {string[]} */
		const runs = [];
		const variants = await sampleVariants(['ours', 'bare', 'httpRequest'], 3, async (name) => {
			runs.push(name);
			if (name === 'bare' && runs.filter((run) => run === 'bare').length === 2) throw new Error('child "items-bare" ended with SIGTERM at its 180 s time-out\nmore');
			if (name === 'httpRequest') return { notMeasured: 'no n8n with n8n-workflow 2.41.0 installed by the e2e scripts' };
			return { cpuMs: runs.length };
		});
		expect(runs).toEqual(['ours', 'bare', 'httpRequest', 'ours', 'bare', 'ours']);
		expect(variants.ours).toEqual({ samples: [{ cpuMs: 1 }, { cpuMs: 4 }, { cpuMs: 6 }] });
		expect(variants.bare).toEqual({ samples: [{ cpuMs: 2 }], failed: 'child "items-bare" ended with SIGTERM at its 180 s time-out' });
		expect(variants.httpRequest).toEqual({ samples: [], notMeasured: 'no n8n with n8n-workflow 2.41.0 installed by the e2e scripts' });
	});

	/** @type {Record<string, import('../../scripts/bench/common').Variant<number>>} */
	const variants = {
		ours: { samples: [12, 10, 11] },
		bare: { samples: [10, 10, 10] },
		padded: { samples: [], failed: 'child "items-padded" ended with code 1: Error: fake did not start' },
		httpRequest: { samples: [], notMeasured: 'no n8n with n8n-workflow 2.41.0 installed by the e2e scripts' },
	};
	const ratio = (/** @type {string} */ a, /** @type {string} */ b) => variants[a].samples[1] / variants[b].samples[1];

	test('a row of measured variants carries its figure and verdict', () => {
		expect(variantRow('CPU, ours / bare', variants, ['ours', 'bare'], '≤ 1.3×', () => `${ratio('ours', 'bare').toFixed(2)}×`, () => ratio('ours', 'bare') <= 1.3)).toEqual({
			measure: 'CPU, ours / bare',
			figure: '1.00×',
			target: '≤ 1.3×',
			verdict: 'ok',
		});
		expect(variantRow('CPU, ours / bare', variants, ['ours', 'bare'], '≤ 0.9×', () => 'x', () => false).verdict).toBe('over');
		expect(variantRow('reported', variants, ['ours'], '(reported)', () => 'x').verdict).toBe('');
	});

	test('a row made of a failed variant says FAILED with the variant and its error, and its figure is not worked out', () => {
		const figure = jest.fn(() => 'x');
		expect(variantRow('CPU, ours / padded', variants, ['ours', 'padded'], '≤ 1.1×', figure, () => true)).toEqual({
			measure: 'CPU, ours / padded',
			figure: 'FAILED: padded: child "items-padded" ended with code 1: Error: fake did not start',
			target: '≤ 1.1×',
			verdict: FAILED,
		});
		expect(figure).not.toHaveBeenCalled();
	});

	test('a variant that cannot be measured here makes its rows say why, without failing them: no more null figures (issue 44)', () => {
		expect(variantRow('RSS, ours / HTTP Request', variants, ['ours', 'httpRequest'], '≤ 1.3×', () => 'x', () => true)).toEqual({
			measure: 'RSS, ours / HTTP Request',
			figure: 'not measured: no n8n with n8n-workflow 2.41.0 installed by the e2e scripts',
			target: '≤ 1.3×',
			verdict: '',
		});
	});

	test('a figure that cannot be worked out fails its own row only', () => {
		const broken = () => /** @type {number} */ (/** @type {unknown} */ (null)).toFixed(2);
		const row = variantRow('CPU, ours / bare', variants, ['ours', 'bare'], '(reported)', broken);
		expect(row.verdict).toBe(FAILED);
		expect(row.figure).toMatch(/^FAILED: Cannot read properties of null/);
	});
});

describe('what a failure is reported with', () => {
	test("an error's first line and its cause", () => {
		expect(errorLine(new Error('fetch failed\nat …', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }))).toBe('fetch failed (ECONNREFUSED)');
		expect(errorLine('a string')).toBe('a string');
	});

	test("a child's error output: the stack's first line, not its frames or Node's version line", () => {
		const output = 'Fake Kavenegar on http://127.0.0.1:1\nError: items-bare: 4999 items, expected 5000\n    at runOrThrow (common.js:1:1)\n\nNode.js v20.20.0\n';
		expect(lastErrorLine(output)).toBe('Error: items-bare: 4999 items, expected 5000');
		expect(lastErrorLine('')).toBeUndefined();
	});
});
