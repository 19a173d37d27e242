#!/usr/bin/env node
'use strict';
/*
 * npm run test:live: the checks that need a running n8n and nothing of their own in it, on one
 * `n8n start` (n8n 2.8.4; npm run test:live:newer for 2.41.1), one after another:
 *
 *   examples  the examples that start at a Webhook, called as in production (scripts/e2e.js)
 *   webhook   the Kavenegar Webhook Trigger: every form, refusals, a burst (scripts/webhook.js)
 *   agent     the node as an AI agent's tool, over MCP, and approvals by SMS (scripts/agent.js)
 *   otp       one-time codes: the request and check examples with n8n's Data table (scripts/otp.js)
 *   reply     approvals by replying to the SMS, with a restart of n8n while one waits (scripts/approvalReply.js)
 *   editor    every panel in the editor in headless Chromium (scripts/editorCheck.js)
 *
 * The last five still run alone with their own command (npm run test:webhook, test:agent,
 * test:otp, test:reply, test:editor) on an n8n of their own. Together they import their credentials and
 * workflows with one command each and share one start; each finishes (its database reads and secret
 * searches) once n8n is stopped.
 *
 *   node scripts/live.js [examples,webhook,agent,otp,reply,editor] [example-name ...]   (names: those examples only)
 *
 * Environment: as scripts/e2e.js (E2E_N8N_VERSION, E2E_CACHE_DIR, E2E_SKIP_BUILD) and the checks'
 * own settings (WEBHOOK_BURST, AGENT_MCP, EDITOR_CHROMIUM, …); their *_KEEP and the editor's flags
 * apply only when they run alone: LIVE_KEEP=1 keeps the work folder, and the editor's screenshots go
 * to $TMPDIR/n8n-nodes-kavenegar-editor-check-<version>.
 */
const { runLiveProof, runOnOneN8n } = require('./lib/liveProof');
const { liveExamplesCheck } = require('./e2e');
const { webhookCheck } = require('./webhook');
const { agentCheck } = require('./agent');
const { otpCheck } = require('./otp');
const { replyCheck } = require('./approvalReply');
const { editorCheck } = require('./editorCheck');

const [which, ...exampleNames] = process.argv.slice(2);
const CHECKS = { examples: liveExamplesCheck(exampleNames), webhook: webhookCheck, agent: agentCheck, otp: otpCheck, reply: replyCheck, editor: editorCheck() };
const names = which?.split(',') ?? Object.keys(CHECKS);
const unknown = names.filter((name) => !(name in CHECKS));
if (unknown.length > 0) throw new Error(`no check named ${unknown.join(', ')}: ${Object.keys(CHECKS).join(', ')}`);
const checks = names.map((name) => CHECKS[/** @type {keyof typeof CHECKS} */ (name)]);

runLiveProof('live checks', { prefix: 'kavenegar-live-', keep: process.env.LIVE_KEEP === '1', main: (folders) => runOnOneN8n(checks, folders) });
