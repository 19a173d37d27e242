import type { IExecuteSingleFunctions, IHttpRequestOptions, INodePropertyOptions } from 'n8n-workflow';
import { nodeOwnError } from '../../allNodes/requestErrors';

/*
 * The operations that are code (the node's customOperations: Send and Wait for Response, Check
 * Code, Apply Opt-Out Reply) run only on n8n's classic execution engine. n8n 2.41's Engine 2.0, opt-in per workflow,
 * calls a node's `execute` and nothing else (@n8n/node-engine-compatibility, v1-step-executor.js),
 * which for a declarative node is n8n's routing: it knows no customOperations and would send the
 * operation's empty request to Kavenegar, API key and all. The routing given here is what runs
 * there instead, and it stops the item before any request. The classic engine runs a
 * customOperation in place of routing (n8n-core, workflow-execute.js, getCustomOperation), so
 * there it never runs. n8n 2.41's editor has no control for the engine (docs/engine-2.md): the
 * message names the setting itself, and says it all, as Engine 2.0 drops an error's description.
 */

/** The operation's option with that routing; every operation Kavenegar.node.ts lists in customOperations has it (test/engine2.test.js). */
export function classicEngineOnly(operation: INodePropertyOptions): INodePropertyOptions {
	return {
		...operation,
		routing: {
			send: {
				preSend: [
					async function (this: IExecuteSingleFunctions): Promise<IHttpRequestOptions> {
						throw nodeOwnError(
							this.getNode(),
							`${operation.name} needs n8n's classic execution engine, not Engine 2.0: set "engineType" to "v1" in this workflow's settings (in its JSON: n8n 2.41 has no switch for it in Workflow Settings) and run again`,
							{ itemIndex: this.getItemIndex() },
						);
					},
				],
			},
		},
	};
}
