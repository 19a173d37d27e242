'use strict';
/** The ways networks and a busy service fail, injected by tests (injectFault, busyStorm) and by `--fault`. */
const { MESSAGES_FA } = require('./service');

/** @typedef {import('../fakeKavenegar').FakeKavenegar} FakeKavenegar */
/** @typedef {import('./service').Fault} Fault */

/**
 * The fault the next request of `operation` meets, if any; a storm's busy answers come first.
 * @param {FakeKavenegar} fake
 * @param {string} operation
 * @returns {Fault | undefined}
 */
function takeFault(fake, operation) {
	const storm = fake.storm;
	if (storm && storm.remaining > 0 && (storm.operation === undefined || storm.operation === operation)) {
		storm.seen++;
		if (storm.seen % storm.every !== 0) {
			storm.remaining--;
			return { kind: storm.kinds[storm.remaining % storm.kinds.length], after: storm.after };
		}
	}
	const index = fake.faults.findIndex((f) => f.operation === undefined || f.operation === operation);
	if (index < 0) return undefined;
	const fault = fake.faults[index];
	if (fault.skip !== undefined && fault.skip > 0) {
		fault.skip--;
		return undefined;
	}
	fault.times = (fault.times ?? 1) - 1;
	if (fault.times <= 0) fake.faults.splice(index, 1);
	return fault;
}

/**
 * Network failures; with `after: true` the request was processed before the answer failed.
 * @param {FakeKavenegar} fake
 * @param {Fault} fault
 * @param {import('node:http').ServerResponse} res
 * @param {number} [status]
 * @param {unknown} [body]
 */
function applyFault(fake, fault, res, status = 200, body = {}) {
	switch (fault.kind) {
		case 'reset':
			return res.socket?.destroy();
		case 'html502':
			res.writeHead(502, { 'Content-Type': 'text/html' });
			return res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
		// A proxy in front of the service refused the request; the service never saw it.
		case 'proxy403':
			res.writeHead(403, { 'Content-Type': 'text/html' });
			return res.end('<html><body><h1>403 Forbidden</h1></body></html>');
		case 'text500':
			res.writeHead(500, { 'Content-Type': 'text/plain' });
			return res.end('Internal Server Error');
		case 'truncated':
			res.writeHead(200, { 'Content-Type': 'application/json' });
			return res.end(JSON.stringify(body).slice(0, 25));
		case 'busy409':
		case 'busy451': {
			const code = fault.kind === 'busy409' ? 409 : 451;
			res.writeHead(fake.errorMode === 'status' ? code : 200, { 'Content-Type': 'application/json' });
			return res.end(JSON.stringify({ return: { status: code, message: MESSAGES_FA[code] ?? 'Too many calls' }, entries: null }));
		}
		// The service refuses the request with return code `code` and does nothing (a test account's
		// 501, a lack of credit's 418…), in HTTP 200 or a matching status as the fake's errorMode says.
		case 'refuse': {
			const code = fault.code ?? 400;
			res.writeHead(fake.errorMode === 'status' ? (code < 600 ? code : 400) : 200, { 'Content-Type': 'application/json' });
			return res.end(JSON.stringify({ return: { status: code, message: MESSAGES_FA[code] ?? `error ${code}` }, entries: null }));
		}
		// The service's 429 is not "too many requests": the caller's IP is restricted (docs/kavenegar-api.md).
		case 'ipRestricted429':
			res.writeHead(fake.errorMode === 'status' ? 429 : 200, { 'Content-Type': 'application/json' });
			return res.end(JSON.stringify({ return: { status: 429, message: 'IP address is restricted' }, entries: null }));
		case 'slow':
			return fake.later(fault.delayMs ?? 2000, () => {
				if (res.destroyed) return;
				res.writeHead(status, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify(body));
			});
		default:
			throw new Error(`unknown fault ${fault.kind}`);
	}
}

const FAULT_KINDS = ['reset', 'html502', 'text500', 'truncated', 'busy409', 'slow', 'refuse', 'proxy403'];

/**
 * A fault from its command-line form (see fake/cli.js).
 * @param {string} value
 * @returns {Fault}
 */
function faultFromArg(value) {
	const [kind, ...pairs] = value.split(',');
	if (!FAULT_KINDS.includes(kind)) throw new Error(`--fault ${value}: KIND is one of ${FAULT_KINDS.join(', ')}`);
	/** @type {Fault} */
	const fault = { kind };
	for (const pair of pairs) {
		const [, key, setting] = /^(operation|skip|times|after|delayMs|code)=(.+)$/.exec(pair) ?? [];
		if (!key) throw new Error(`--fault ${value}: "${pair}" is not operation=…, skip=N, times=N, after=0|1, delayMs=N or code=N`);
		if (key === 'operation') fault.operation = setting;
		else if (!/^\d+$/.test(setting)) throw new Error(`--fault ${value}: ${key} must be a whole number`);
		else if (key === 'after') fault.after = setting === '1';
		else fault[/** @type {'skip' | 'times' | 'delayMs' | 'code'} */ (key)] = Number(setting);
	}
	return fault;
}

module.exports = { takeFault, applyFault, faultFromArg };
