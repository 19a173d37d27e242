'use strict';
/*
 * The Kavenegar Webhook Trigger in queue mode (part of npm run test:queue). One workflow holds both
 * events. An `n8n webhook` process is started beside main and the two workers (its own user folder,
 * the package installed as a community package); the callbacks go half to main and half to the
 * webhook process, both forms of every event mixed, QUEUE_WEBHOOK_CALLS of them CONCURRENCY at a time.
 * Each must be answered 200 at once and run on a worker (the worker's log names the execution), and
 * n8n's PostgreSQL database must hold exactly one successful execution per callback with its item:
 * none lost, none run twice. Neither secret may appear in any file queue.js searches for the API key.
 */
const path = require('node:path');
const fs = require('node:fs');
const { installPackage } = require('../lib/n8nInstall');
const { startN8n } = require('../lib/n8nServer');
const { log, readUntil } = require('../lib/processes');
const hooks = require('../lib/webhookTrigger');

const WORKFLOW_ID = 'queueWebhookTrig01';
const CALLS = Number(process.env.QUEUE_WEBHOOK_CALLS || 300);
const CONCURRENCY = 20;
const LINE = '30004000';
const SETTLE_TIMEOUT_MS = 120 * 1000;

/** @typedef {import('../lib/n8nServer').N8nServer} N8nServer */
/** @typedef {import('../lib/n8nServer').RestClient} RestClient */

/** The workflow to import and publish before n8n starts, and the part that runs once the cluster is up. */
function webhookTriggerPart() {
	const [incoming, delivery] = hooks.hooksFor(['incomingMessage', 'deliveryReport']);
	const workflow = hooks.webhookWorkflow({ id: WORKFLOW_ID, name: 'Queue mode: Kavenegar callbacks', hooks: [incoming, delivery] });
	const secrets = [
		{ label: 'the Incoming Message secret', value: incoming.secret },
		{ label: 'the Delivery Report secret', value: delivery.secret },
	];

	/**
	 * @param {{ main: N8nServer, api: RestClient, workers: () => N8nServer[], psql: (sql: string) => Promise<{ stdout: string }>, workDir: string, logDir: string, env: Record<string, string>, problems: string[] }} cluster
	 */
	async function run({ main, api, workers, psql, workDir, logDir, env, problems }) {
		const userFolder = path.join(workDir, 'webhook');
		fs.mkdirSync(userFolder);
		installPackage(userFolder);
		const webhookServer = await startN8n({ role: 'webhook', userFolder, logDir, env });
		try {
			const targets = [/** @type {string} */ (main.url), /** @type {string} */ (webhookServer.url)];
			for (const base of targets) for (const hook of [incoming, delivery]) await hooks.hookServed(base, hook);
			log(`webhook trigger: main ${main.url} and webhook process ${webhookServer.url} (pid ${webhookServer.pid}) serve both events`);
			/** @type {{ hook: import('../lib/webhookTrigger').Hook, messageid: number, expect: (item: Record<string, any>) => string | undefined }[]} */
			const accepted = [];
			const started = Date.now();
			const answers = await hooks.inParallel(CALLS, CONCURRENCY, async (index) => {
				const base = targets[index % 2];
				const form = hooks.FORMS[Math.floor(index / 2) % hooks.FORMS.length];
				const messageid = 900_000 + index;
				const isReport = index % 4 >= 2;
				const hook = isReport ? delivery : incoming;
				const text = `پاسخ ${messageid}: YES + 100%`;
				/** @type {Record<string, string | number>} */
				const fields = isReport ? { messageid, status: 10 } : { messageid, from: '09351234567', to: LINE, message: text };
				const answer = await hooks.callHook(hooks.hookUrl(base, hook), form, fields);
				if (answer.status !== 200) problems.push(`webhook trigger: call ${index} to ${base === main.url ? 'main' : 'the webhook process'} (${form}) answered ${answer.status ?? answer.error} ${JSON.stringify(answer.body).slice(0, 120)}`);
				const expect = isReport
					? (/** @type {Record<string, any>} */ item) => (item.status === 10 && item.final === true ? undefined : `status ${item.status}, final ${item.final}`)
					: (/** @type {Record<string, any>} */ item) => (item.message === text ? undefined : `message ${JSON.stringify(item.message)}`);
				accepted.push({ hook, messageid, expect });
				return answer;
			});
			const loadSeconds = (Date.now() - started) / 1000;
			const deadline = Date.now() + SETTLE_TIMEOUT_MS;
			for (;;) {
				const listed = await api.executions({ workflowId: WORKFLOW_ID });
				const open = listed.filter((execution) => ['new', 'running', 'waiting'].includes(execution.status));
				if (listed.length >= CALLS && open.length === 0) break;
				if (Date.now() > deadline) {
					problems.push(`webhook trigger: after ${SETTLE_TIMEOUT_MS / 1000}s n8n lists ${listed.length} executions (${open.length} open) for ${CALLS} callbacks`);
					break;
				}
				await new Promise((resolve) => setTimeout(resolve, 1000));
			}
			await new Promise((resolve) => setTimeout(resolve, 3000));
			const executions = await hooks.executionsInPostgres(psql, WORKFLOW_ID);
			const counted = hooks.countExecutions(executions, [incoming, delivery], accepted, [], problems);
			// A worker logs an execution's end after it stored it, later on a busy machine: its logs are read
			// again for up to half a minute.
			const executionsPerWorker = () => {
				/** @type {Record<string, number>} */
				const counts = {};
				for (const execution of executions) {
					const worker = workers().find((server) => server.lines.some((line) => line.entry?.message?.startsWith(`Worker finished execution ${execution.id} `)));
					counts[worker?.name ?? 'no worker'] = (counts[worker?.name ?? 'no worker'] ?? 0) + 1;
				}
				return counts;
			};
			const ranOn = await readUntil(executionsPerWorker, (counts) => !counts['no worker'], { timeoutMs: 30_000 });
			if (ranOn['no worker']) problems.push(`webhook trigger: ${ranOn['no worker']} execution(s) that no worker's log says it finished`);
			const times = answers.map((answer) => answer.ms);
			return {
				calls: CALLS,
				...counted,
				ranOn,
				p50ms: hooks.percentile(times, 50),
				p95ms: hooks.percentile(times, 95),
				maxMs: Math.max(...times),
				loadSeconds,
			};
		} finally {
			await webhookServer.stop();
		}
	}

	/**
	 * Where the secrets appear in these files (n8n's logs at debug level, Redis's commands and keys,
	 * PostgreSQL's log and dump: the credentials are stored encrypted).
	 * @param {string[]} files
	 */
	function secretsIn(files) {
		return hooks.filesHolding(files, secrets);
	}

	/** @param {NonNullable<Awaited<ReturnType<typeof run>>>} f */
	function describe(f) {
		return `${f.calls} callbacks (half to main, half to the webhook process, ${CONCURRENCY} at a time, in ${f.loadSeconds.toFixed(1)} s): ${f.executions} executions (${Object.entries(f.ranOn).map(([name, count]) => `${name} ${count}`).join(', ')}), ${f.lost} lost, ${f.twice} twice; answers p50 ${f.p50ms.toFixed(0)} ms, p95 ${f.p95ms.toFixed(0)} ms, max ${f.maxMs.toFixed(0)} ms`;
	}

	return { workflow, credentials: hooks.hookCredentials([incoming, delivery]), run, secretsIn, describe };
}

module.exports = { webhookTriggerPart };
