'use strict';
/**
 * `node test/fakeKavenegar.js [--port N] [--api-key KEY] [seeding…]`: the fake serving another
 * process; prints {"url","apiKey"} on stdout and serves until SIGTERM or SIGINT.
 */
const { nowSeconds } = require('./service');
const { TEMPLATE_NAME } = require('./params');
const { faultFromArg } = require('./faults');

/** @typedef {import('../fakeKavenegar').FakeKavenegar} FakeKavenegar */

/**
 * Seeding from the command line, for a fake that serves another process (scripts/e2e.js passes an
 * example's `fakeArgs`). Both options can be repeated.
 *
 *   --approved-template NAME[=TEXT]   an approved verification template; TEXT (the SMS and voice text)
 *                                     defaults to 'Your verification code: %token'
 *   --seed-inbox LINE:COUNT           COUNT unread messages received on LINE, one a second, the last
 *                                     one now: message i (1…COUNT) is 'Message i of COUNT', from
 *                                     0912 followed by i in 7 digits
 *   --fault KIND[,key=value…]         a fault as injectFault takes it, e.g.
 *                                     'reset,operation=sms/send,skip=40,times=2,after=1': the 41st and
 *                                     42nd sends are processed and their connections reset; keys
 *                                     operation, skip, times, after (1: processed first), delayMs
 * @param {FakeKavenegar} fake
 * @param {string[]} argv
 */
function seedFromArgs(fake, argv) {
	const values = (/** @type {string} */ name) => argv.flatMap((value, index) => (argv[index - 1] === name ? [value] : []));
	for (const value of values('--approved-template')) {
		const [, name, text = 'Your verification code: %token'] = /^([^=]+)(?:=(.*))?$/s.exec(value) ?? [];
		if (!name || !TEMPLATE_NAME.test(name)) throw new Error(`--approved-template ${value}: NAME is English letters and digits`);
		fake.addApprovedTemplate(name, text);
	}
	for (const value of values('--fault')) fake.injectFault(faultFromArg(value));
	for (const value of values('--seed-inbox')) {
		const [, line, count] = /^(\d+):(\d+)$/.exec(value) ?? [];
		if (!line || Number(count) < 1) throw new Error(`--seed-inbox ${value}: expected LINE:COUNT, e.g. 10004346:250`);
		const now = nowSeconds();
		fake.seedInbox(
			Array.from({ length: Number(count) }, (_, index) => ({
				sender: `0912${String(index + 1).padStart(7, '0')}`,
				receptor: line,
				message: `Message ${index + 1} of ${count}`,
				date: now - (Number(count) - 1 - index),
			})),
		);
	}
}

/**
 * The account's state and messages for a person trying the node in the n8n editor (`npm run fake`):
 *   --error-mode status|200           service errors with a matching HTTP status (default), or inside HTTP 200
 *   --no-ip-access                    the outbox operations answer 407, as without IP access
 *   --no-credit                       no credit: every send answers 418
 *   --no-links                        a text with a link answers 420, as on accounts not allowed links
 *   --seed-message LINE:SENDER:TEXT   one unread message TEXT from SENDER, received on LINE now (repeatable)
 *   --busy-above N                    over N requests at once, answers busy (409) and acts on nothing
 *   --latency-ms N                    every answer waits N ms, as over a network (requests then overlap)
 * @param {FakeKavenegar} fake
 * @param {string[]} argv
 */
function accountFromArgs(fake, argv) {
	const errorMode = argv.includes('--error-mode') ? argv[argv.lastIndexOf('--error-mode') + 1] : 'status';
	if (errorMode !== 'status' && errorMode !== '200') throw new Error(`--error-mode ${errorMode}: expected status or 200`);
	fake.errorMode = errorMode;
	if (argv.includes('--no-ip-access')) fake.ipAccess = false;
	if (argv.includes('--no-credit')) fake.credit = 0;
	if (argv.includes('--no-links')) fake.linksAllowed = false;
	for (const [flag, setting] of /** @type {const} */ ([['--busy-above', 'busyAbove'], ['--latency-ms', 'latencyMs']])) {
		if (!argv.includes(flag)) continue;
		const value = argv[argv.lastIndexOf(flag) + 1];
		if (!/^\d+$/.test(value ?? '')) throw new Error(`${flag} ${value ?? ''}: expected a whole number`);
		fake[setting] = Number(value);
	}
	for (const [index, value] of argv.entries()) {
		if (argv[index - 1] !== '--seed-message') continue;
		const [, line, sender, message] = /^(\d+):(\+?\d+):(.+)$/s.exec(value) ?? [];
		if (!line) throw new Error(`--seed-message ${value}: expected LINE:SENDER:TEXT, e.g. 10004346:09121234567:STOP`);
		fake.seedInbox([{ sender, receptor: line, message }]);
	}
}

/** @param {typeof import('../fakeKavenegar').FakeKavenegar} FakeKavenegar */
function main(FakeKavenegar) {
	const arg = (/** @type {string} */ name) => {
		// The last one wins, so that `npm run fake -- --port N` overrides the script's port.
		const index = process.argv.lastIndexOf(name);
		return index > 0 ? process.argv[index + 1] : undefined;
	};
	const fake = new FakeKavenegar({ apiKey: arg('--api-key') });
	try {
		accountFromArgs(fake, process.argv.slice(2));
		seedFromArgs(fake, process.argv.slice(2));
	} catch (error) {
		process.stderr.write(`${/** @type {Error} */ (error).message}\n`);
		process.exit(2);
	}
	fake.start(Number(arg('--port') ?? 0)).then(() => {
		process.stdout.write(JSON.stringify({ url: fake.url, apiKey: fake.apiKey }) + '\n');
		// For a person: what to put in n8n's Kavenegar API credential. On stderr, so that stdout stays one JSON line.
		process.stderr.write(
			`Fake Kavenegar on ${fake.url} (errors ${fake.errorMode === '200' ? 'inside HTTP 200' : 'with a matching HTTP status'}${fake.ipAccess ? '' : ', no IP access'}${fake.credit <= 0 ? ', no credit' : ''}${fake.busyAbove > 0 ? `, busy above ${fake.busyAbove} at once` : ''}${fake.faults.length ? `, ${fake.faults.length} fault(s) queued` : ''}).\n` +
				`In n8n, a Kavenegar API credential with API Key ${fake.apiKey} and Base URL ${fake.url} talks to it. Ctrl+C stops it.\n`,
		);
		const stop = () => fake.close().then(() => process.exit(0));
		process.on('SIGTERM', stop);
		process.on('SIGINT', stop);
	});
}

module.exports = { main };
