/**
 * The node has a webhook (Send and Wait for Response), so n8n's loader adds no Request Options to it,
 * and it declares n8n's own: they must stay what n8n-core adds to every other declarative node.
 */
const { n8nRequestOptions } = require('../../nodes/Kavenegar/operationParts/n8nRequestOptions');
const { requireFromEngine } = require('../harness');

test("n8n's Request Options, declared by the node, are n8n-core's own", () => {
	const { commonDeclarativeNodeOptionParameters } = requireFromEngine('n8n-core/dist/nodes-loader/constants');
	expect(n8nRequestOptions).toEqual(commonDeclarativeNodeOptionParameters.options);
});
