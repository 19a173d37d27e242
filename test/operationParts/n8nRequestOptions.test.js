/**
 * The node has a webhook (Send and Wait for Response), so n8n's loader adds no Request Options to it,
 * and it declares n8n's own: they must stay what n8n-core adds to every other declarative node.
 */
const { n8nRequestOptions } = require('../../nodes/Kavenegar/operationParts/n8nRequestOptions');
const { requireFromEngine } = require('../harness');

/**
 * What n8n's routing and saved workflows read of options: names, types, defaults and nesting, not
 * the texts (three of n8n's own break the verified-node rules a community node is held to).
 * @param {unknown} value
 * @returns {unknown}
 */
const withoutTexts = (value) =>
	Array.isArray(value)
		? value.map(withoutTexts)
		: value && typeof value === 'object'
			? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'description' && key !== 'displayName').map(([key, inner]) => [key, withoutTexts(inner)]))
			: value;

test("n8n's Request Options, declared by the node, are n8n-core's own", () => {
	const { commonDeclarativeNodeOptionParameters } = requireFromEngine('n8n-core/dist/nodes-loader/constants');
	expect(withoutTexts(n8nRequestOptions)).toEqual(withoutTexts(commonDeclarativeNodeOptionParameters.options));
	expect(n8nRequestOptions.map((option) => option.displayName)).toEqual(commonDeclarativeNodeOptionParameters.options.map((/** @type {{ displayName: string }} */ option) => option.displayName));
});
