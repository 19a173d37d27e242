'use strict';
/* The two workflows of the queue-mode run, as n8n imports them. */

const TRIGGER_WORKFLOW_ID = 'queueInboxTrigger1';
const TRIGGER_LINE = '30004000';

/**
 * Webhook → Kavenegar Send: one call is one item whose `recipients` (50 numbers) get the text
 * "Call N". Retry On Fail on. With `callerLocalIds` the node sends the Local IDs the caller gives
 * (`localIds`, one per recipient); without, Prevent Duplicate Sends (on by default) derives them.
 * The webhook answers when the send is done, with every row, so the caller sees what was sent.
 * @param {{ id: string, path: string, credential: { id: string, name: string }, callerLocalIds: boolean, timeoutMs: number, maxTries: number, waitBetweenTriesMs: number, retryOnFail?: boolean }} options
 */
function sendWorkflow({ id, path, credential, callerLocalIds, timeoutMs, maxTries, waitBetweenTriesMs, retryOnFail = true }) {
	return {
		id,
		name: `Queue mode: webhook send (${callerLocalIds ? "caller's Local IDs" : 'Prevent Duplicate Sends'})`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${id}-webhook`,
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: `${id}-hook`,
				parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
			},
			{
				id: `${id}-send`,
				name: 'Kavenegar Send',
				type: 'n8n-nodes-kavenegar.kavenegar',
				typeVersion: 1,
				position: [220, 0],
				retryOnFail,
				maxTries,
				waitBetweenTries: waitBetweenTriesMs,
				credentials: { kavenegarApi: credential },
				parameters: {
					resource: 'sms',
					operation: 'send',
					recipients: '={{ $json.body.recipients.join(",") }}',
					message: '={{ "Call " + $json.body.call }}',
					additionalFields: callerLocalIds ? { localIds: '={{ $json.body.localIds.join(",") }}' } : {},
					requestOptions: { timeout: timeoutMs },
				},
			},
		],
		connections: { Webhook: { main: [[{ node: 'Kavenegar Send', type: 'main', index: 0 }]] } },
	};
}

/**
 * Kavenegar Trigger (new incoming message on TRIGGER_LINE, polled every 5 seconds) → No Operation.
 * @param {{ id: string, name: string }} credential
 */
function triggerWorkflow(credential) {
	const seconds = Array.from({ length: 12 }, (_, index) => index * 5).join(',');
	return {
		id: TRIGGER_WORKFLOW_ID,
		name: 'Queue mode: incoming messages',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'c7a2c1e3-4d2f-4c8f-8a2b-000000000001',
				name: 'New message',
				type: 'n8n-nodes-kavenegar.kavenegarTrigger',
				typeVersion: 1,
				position: [0, 0],
				credentials: { kavenegarApi: credential },
				// n8n refuses a `*` in the seconds field of a poll; a list of seconds is accepted.
				parameters: { pollTimes: { item: [{ mode: 'custom', cronExpression: `${seconds} * * * * *` }] }, event: 'newIncomingMessage', lineNumber: TRIGGER_LINE, filters: {} },
			},
			{
				id: 'c7a2c1e3-4d2f-4c8f-8a2b-000000000002',
				name: 'Received',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { 'New message': { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
	};
}

module.exports = { TRIGGER_WORKFLOW_ID, TRIGGER_LINE, sendWorkflow, triggerWorkflow };
