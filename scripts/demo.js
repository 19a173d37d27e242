'use strict';
/**
 * `npm run demo`: the node's main job, end to end, with no account. It starts the bundled fake
 * Kavenegar service on 127.0.0.1, runs the built node (dist/) inside n8n-core's execution engine
 * the way a workflow would (a CRM list becomes SMS sends, then the inbox is read with Return All),
 * and prints the items each step outputs.
 */
const os = require('node:os');
const path = require('node:path');

// n8n-core keeps instance settings in N8N_USER_FOLDER and logs node errors to stdout: keep both out of the way.
process.env.N8N_USER_FOLDER ??= path.join(os.tmpdir(), 'n8n-nodes-kavenegar-demo');
process.env.N8N_LOG_LEVEL ??= 'silent';

const { startFakeKavenegar } = require('../test/fakeKavenegar');
const { runNode, credentialsFor, shutdownEngine } = require('../test/harness');
// The built package, as the harness runs it outside jest.
const { LATEST_VERSION } = require(path.join(__dirname, '..', 'dist', 'nodes', 'Kavenegar', 'operationParts', 'nodeVersions'));

/** The node as one added from n8n's nodes panel now is. */
const NEW_NODE = { typeVersion: LATEST_VERSION };

const contacts = [
	{ name: 'Sara', phone: '+98 912 123 4567', orderId: 1043 },
	{ name: 'Reza', phone: '۰۹۳۵۱۲۳۴۵۶۷', orderId: 1044 },
];

/**
 * @param {string} title
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {import('../test/harness').Credentials} credentials
 * @param {{ items?: import('n8n-workflow').INodeExecutionData[], expectError?: boolean }} [options]
 */
async function step(title, parameters, credentials, { items, expectError = false } = {}) {
	const { items: output, error } = await runNode({ parameters, credentials, items, settings: NEW_NODE });
	process.stdout.write(`\n## ${title}\n`);
	if (error) {
		process.stdout.write(`error: ${error.message}\n${error.description ?? ''}\n`);
		if (!expectError) process.exitCode = 1;
		return [];
	}
	if (expectError) process.exitCode = 1;
	for (const item of output) process.stdout.write(`${JSON.stringify(item.json)}\n`);
	return output;
}

async function main() {
	const fake = await startFakeKavenegar({ apiKey: 'demo-api-key' });
	const credentials = credentialsFor(fake);
	try {
		process.stdout.write(`Fake Kavenegar service on ${fake.url}\n`);
		await step(
			'SMS → Send: one message per CRM contact',
			{
				resource: 'sms',
				operation: 'send',
				recipients: '={{ $json.phone }}',
				message: '={{ "سلام " + $json.name + "، سفارش " + $json.orderId + " ارسال شد." }}',
			},
			credentials,
			{ items: contacts.map((json) => ({ json })) },
		);
		fake.seedInbox(
			Array.from({ length: 250 }, (_, i) => ({
				sender: `0912${String(1000000 + i)}`,
				receptor: '30004000',
				message: i % 2 ? 'لغو' : 'YES',
			})),
		);
		const inbox = await runNode({
			parameters: { resource: 'sms', operation: 'getInbox', lineNumber: '30004000', returnAll: true },
			credentials,
			settings: NEW_NODE,
		});
		process.stdout.write(`\n## SMS → Get Inbox with Return All\n${inbox.items.length} messages over ${fake.requests.filter((r) => r.operation === 'sms/inboxpaged').length} pages; first: ${JSON.stringify(inbox.items[0]?.json)}\n`);
		await step('SMS → Count Inbox (last 24 hours)', { resource: 'sms', operation: 'countInbox', startDate: Math.floor(Date.now() / 1000) - 86_000 }, credentials);
		await step(
			'SMS → Send with a bad number: rejected before sending',
			{ resource: 'sms', operation: 'send', recipients: '0912-abc', message: 'x' },
			credentials,
			{ expectError: true },
		);
	} finally {
		await fake.close();
		shutdownEngine();
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});
