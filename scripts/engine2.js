#!/usr/bin/env node
'use strict';
/*
 * The node through the adapter that n8n 2.41.1's Engine 2.0 runs every node with, in this process:
 * no n8n server, no PostgreSQL. Engine 2.0 (n8n's engine-v2 module) hands each step of a workflow
 * to @n8n/node-engine-compatibility's V1StepExecutor (n8n, modules/engine-v2/engine-v2.runtime.js),
 * which builds an n8n-core ExecuteContext and calls the node type's `execute`: for this declarative
 * node, the one n8n's node-type registry adds (n8n, node-types.js), which runs n8n-core's
 * RoutingNode. This script gives V1StepExecutor what Engine 2.0 gives it (the step, its input
 * items, the workflow's graph with the trigger's output, credentials) and keeps what Engine 2.0
 * keeps: the outputs as JSON (a jsonb column), or of an error its name and message only (@n8n/engine,
 * execution/step-ready-handler.js, toStepError). Every operation of the newest node version runs
 * against the fake, in stop and continue mode.
 *
 *   npm run test:engine2    Node 24 and n8n 2.41.1 from the e2e cache (installed on first use, as
 *                           npm run test:e2e:newer does), through scripts/e2eNewerN8n.js
 *
 * What it does not cover, and a live check on Engine 2.0 must (docs/engine-2.md): n8n's dispatcher
 * and workflow converter, the engine's database and queue, the editor's view of a run.
 */
const os = require('node:os');
const path = require('node:path');

// n8n-core keeps instance settings in N8N_USER_FOLDER and logs node errors: keep both out of the way.
process.env.N8N_USER_FOLDER ??= path.join(os.tmpdir(), 'n8n-nodes-kavenegar-engine2');
process.env.N8N_LOG_LEVEL ??= 'silent';

const { ensureN8n, N8N_DIR, N8N_VERSION, ROOT } = require('./lib/n8nInstall');
const { log } = require('./lib/processes');
const { startFakeKavenegar } = require('../test/fakeKavenegar');
const { additionalDataFor, assertKeyNotLeaked, credentialsFor, NODE_TYPE } = require('../test/harness');
const { BAD, REQUESTS_PER_ITEM, operationsOf, parametersFor, prepareFake, sampleItems, withBadValue } = require('../test/operationSamples');

/** A module as n8n 2.41.1 loads it: from its install, not from this package's development copies. */
const fromN8n = (/** @type {string} */ name) => require(require.resolve(name, { paths: [path.join(N8N_DIR, 'node_modules')] }));

const API_KEY = 'engine2-key/with+chars';
/** What the classic-engine-only operations answer (operationParts/classicEngineOnly.ts). */
const CLASSIC_ONLY = / needs n8n's classic execution engine, not Engine 2\.0: set "engineType" to "v1" in this workflow's settings/;

/** @type {{ name: string, problems: string[] }[]} */
const results = [];

/**
 * @param {string} name
 * @param {() => Promise<string[]>} check resolves with its problems, none when it passed
 */
async function check(name, check) {
	let problems;
	try {
		problems = await check();
	} catch (error) {
		problems = [`threw: ${error instanceof Error ? error.stack : String(error)}`];
	}
	results.push({ name, problems });
	process.stdout.write(problems.length === 0 ? `ok   ${name}\n` : `FAIL ${name}\n${problems.map((problem) => `     ${problem}\n`).join('')}`);
}

async function main() {
	await ensureN8n();
	const { V1StepExecutor } = fromN8n('@n8n/node-engine-compatibility');
	const { DirectoryLoader, RoutingNode } = fromN8n('n8n-core');
	const { Expression } = fromN8n('n8n-workflow');
	const { v7: uuidv7 } = fromN8n('uuid');
	const { shouldAssignExecuteMethod } = fromN8n('n8n/dist/utils.js');
	const { Kavenegar } = require(path.join(ROOT, 'dist', 'nodes', 'Kavenegar', 'Kavenegar.node'));
	const { LATEST_VERSION } = require(path.join(ROOT, 'dist', 'nodes', 'Kavenegar', 'operationParts', 'nodeVersions'));

	// V1StepExecutor refuses n8n's legacy expression engine; n8n 2.41's default is `vm` (N8N_EXPRESSION_ENGINE).
	await Expression.initExpressionEngine({ engine: 'vm', poolSize: 1, maxCodeCacheSize: 1024, bridgeTimeout: 5000, bridgeMemoryLimit: 128 });

	// What n8n's loader and node-type registry do to the node (n8n, node-types.js, getByNameAndVersion).
	const kavenegar = new Kavenegar();
	DirectoryLoader.prototype['applySpecialNodeParameters'](kavenegar);
	if (!shouldAssignExecuteMethod(kavenegar)) throw new Error('n8n would not give this node an execute: it is not declarative any more');
	kavenegar.execute = async function () {
		const data = await new RoutingNode(this, kavenegar).runNode();
		return data ?? [];
	};
	const nodeTypes = {
		getByNameAndVersion: (/** @type {string} */ type) => (type === NODE_TYPE ? kavenegar : undefined),
		getByName: (/** @type {string} */ type) => (type === NODE_TYPE ? kavenegar : undefined),
		getKnownTypes: () => ({}),
	};

	const fake = await startFakeKavenegar({ apiKey: API_KEY });
	prepareFake(fake);
	const credentials = credentialsFor(fake);

	/**
	 * One step of the Kavenegar node after a manual trigger, as Engine 2.0 runs it; resolves with what
	 * the engine keeps: the outputs through JSON, or the error's name and message.
	 * @param {import('n8n-workflow').INodeParameters} parameters
	 * @param {import('n8n-workflow').INodeExecutionData[]} items
	 * @param {boolean} continueOnFail
	 * @returns {Promise<{ outputs?: any[][], error?: { name: string, message: string } }>}
	 */
	async function runStep(parameters, items, continueOnFail) {
		fake.requests.length = 0;
		const executionId = uuidv7();
		const stored = JSON.parse(JSON.stringify([items]));
		const trigger = { id: 'trigger', name: 'Manual Trigger', type: 'trigger', config: { nodeType: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} } };
		const node = {
			id: 'kavenegar',
			name: 'Kavenegar',
			type: 'v1-node',
			config: { nodeType: NODE_TYPE, typeVersion: LATEST_VERSION, parameters, continueOnFail, credentials: { kavenegarApi: { id: '1', name: 'Kavenegar account' } } },
		};
		const graph = { nodes: [trigger, node], edges: [{ from: 'trigger', to: 'kavenegar', outputIndex: 0, inputIndex: 0 }] };
		const executor = new V1StepExecutor({
			nodeTypes,
			// Engine 2.0's additional data carries no lifecycle hooks (n8n, workflow-execute-additional-data.js, getBase).
			additionalDataFactory: async () => additionalDataFor(credentials, /** @type {any} */ (undefined), executionId),
			loadStepData: async () => ({ graph, outputsByNode: { trigger: { 0: stored } } }),
		});
		const context = { executionId, stepId: uuidv7(), workflowId: 'engine2-check', mode: 'manual', iteration: 0, callerContext: { hostMode: 'manual', userId: 'user', projectId: 'project' } };
		try {
			const { outputs } = await executor.execute({ node, inputs: stored, context });
			assertKeyNotLeaked({ items: outputs, error: undefined }, API_KEY);
			return { outputs: JSON.parse(JSON.stringify(outputs)) };
		} catch (error) {
			assertKeyNotLeaked({ items: undefined, error }, API_KEY);
			const failure = /** @type {Error} */ (error);
			return { error: { name: failure.name, message: failure.message } };
		}
	}

	/** @param {{ outputs?: any[][] }} result */
	const itemsOf = (result) => /** @type {any[]} */ (result.outputs?.[0] ?? []);
	const withBadSecond = () => sampleItems(fake).map((item, index) => ({ ...item, json: { ...item.json, bad: index === 1 } }));

	const { properties } = kavenegar.description;
	/** @type {Record<string, Record<string, unknown>>} */
	const customOperations = kavenegar.customOperations;
	for (const { resource, operation } of operationsOf(properties)) {
		const name = `${resource} → ${operation}`;
		if (customOperations[resource]?.[operation]) {
			const parameters = operation === 'checkCode'
				? { resource, operation, recipient: '09121234567', codeEntered: '12345', codeHash: 'x', expiresAt: 'x' }
				: { resource, operation, approvers: '09121234567', message: 'Refund?' };
			await check(`${name}, stop mode: stops before any request, saying it needs the classic engine`, async () => {
				const result = await runStep(parameters, sampleItems(fake), false);
				return [
					...(CLASSIC_ONLY.test(result.error?.message ?? '') ? [] : [`error: ${JSON.stringify(result.error)}`]),
					...(fake.requests.length === 0 ? [] : [`${fake.requests.length} requests reached Kavenegar`]),
				];
			});
			await check(`${name}, continue mode: every item is an error item with json.error`, async () => {
				const result = await runStep(parameters, sampleItems(fake), true);
				const items = itemsOf(result);
				return [
					...(items.length === 2 && items.every((item) => CLASSIC_ONLY.test(item.json?.error)) ? [] : [`outputs: ${JSON.stringify(result.outputs ?? result.error)}`]),
					...(fake.requests.length === 0 ? [] : [`${fake.requests.length} requests reached Kavenegar`]),
				];
			});
			continue;
		}
		const { parameters, shown } = parametersFor(properties, { resource, operation, typeVersion: LATEST_VERSION });
		const perItem = REQUESTS_PER_ITEM[`${resource} → ${operation}`] ?? 1;
		await check(`${name}, stop mode: two items, ${perItem === 1 ? 'one request' : `${perItem} requests`} each, no error`, async () => {
			const result = await runStep(parameters, sampleItems(fake), false);
			return [
				...(result.error ? [`error: ${result.error.message}`] : []),
				...(fake.requests.length === 2 * perItem ? [] : [`${fake.requests.length} requests, not ${2 * perItem}`]),
				...(itemsOf(result).some((item) => item.json?.error) ? ['an output item carries an error'] : []),
			];
		});
		const checked = shown.find((parameter) => parameter in BAD);
		if (!checked) continue;
		await check(`${name}, stop mode, item 2 fails the node's check (${checked}): nothing sent, and the message says so`, async () => {
			const result = await runStep(withBadValue(parameters, checked), withBadSecond(), false);
			return [
				...(result.error?.message.includes('Nothing was sent to Kavenegar for any item') ? [] : [`error: ${JSON.stringify(result.error)}`]),
				...(fake.requests.length === 0 ? [] : [`${fake.requests.length} requests reached Kavenegar`]),
			];
		});
		await check(`${name}, continue mode, item 2 fails the node's check (${checked}): item 1 sent, item 2 an error item with json.error`, async () => {
			const result = await runStep(withBadValue(parameters, checked), withBadSecond(), true);
			const failed = itemsOf(result).filter((item) => item.error);
			return [
				...(result.error ? [`error: ${result.error.message}`] : []),
				...(failed.length === 1 && /Nothing was sent to Kavenegar for this item\.$/.test(failed[0].json?.error) ? [] : [`error items: ${JSON.stringify(failed.map((item) => item.json))}`]),
				...(fake.requests.length === perItem ? [] : [`${fake.requests.length} requests, not ${perItem}`]),
			];
		});
	}

	const refused = { resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Hi', additionalFields: { sender: '999999' } };
	const meaning = 'Kavenegar error 412 means: invalid sender line.';
	await check("a service error, stop mode: the message carries the code's meaning", async () => {
		const result = await runStep(refused, [{ json: {} }], false);
		return result.error?.message.startsWith('Sender Line 999999: invalid sender line') && result.error.message.includes(meaning) ? [] : [`error: ${JSON.stringify(result.error)}`];
	});
	await check("a service error, continue mode: json.error carries the code's meaning", async () => {
		const result = await runStep(refused, [{ json: {} }], true);
		const [item] = itemsOf(result);
		return typeof item?.json?.error === 'string' && item.json.error.includes(meaning) ? [] : [`outputs: ${JSON.stringify(result.outputs ?? result.error)}`];
	});

	await fake.close();
	await Expression.disposeExpressionEngine();
	const failedChecks = results.filter((result) => result.problems.length > 0);
	process.stdout.write(`${results.length - failedChecks.length} passed, ${failedChecks.length} failed (the node through n8n ${N8N_VERSION}'s Engine 2.0 adapter)\n`);
	return failedChecks.length === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error) => {
		log(error instanceof Error ? (error.stack ?? error.message) : String(error));
		process.exit(1);
	},
);
