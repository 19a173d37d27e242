'use strict';
/**
 * One request in, one answer out: the path and key, the method, the parameters read only from where
 * the method puts them (form body for POST, query string otherwise), unknown names refused, and the
 * service's `{ return, entries }` envelope around whatever the operation's handler gives or throws.
 * Also the `/_fake/` control routes for scripts that run the fake as another process.
 */
const http = require('node:http');
const { jpeg } = require('../mediaSamples');
const { MESSAGES_FA, ServiceError, fail } = require('./service');
const { parseMultipart } = require('./mediaFile');
const { applyFault, takeFault } = require('./faults');

/** @typedef {import('../fakeKavenegar').FakeKavenegar} FakeKavenegar */

/** Files outside the API, for workflows that download a file before uploading it. */
/** @type {Record<string, { contentType: string, data: Buffer }>} */
const SAMPLE_FILES = { '/samples/logo.jpg': { contentType: 'image/jpeg', data: jpeg(2048) } };

/**
 * Listens on 127.0.0.1 only; every answer waits the fake's latency (a new connection's set-up on top).
 * @param {FakeKavenegar} fake
 * @param {number} port
 */
async function serve(fake, port) {
	const server = http.createServer((req, res) => {
		/** @type {Buffer[]} */
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		fake.inFlight++;
		fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
		// Counted on arrival, as a service that sheds load decides when a request comes in.
		const concurrent = fake.inFlight;
		res.on('close', () => fake.inFlight--);
		const latency = typeof fake.latencyMs === 'function' ? fake.latencyMs(req) : fake.latencyMs;
		const socket = /** @type {import('node:net').Socket & { answered?: boolean }} */ (req.socket);
		const delay = latency + (socket.answered ? 0 : fake.connectionLatencyMs);
		socket.answered = true;
		req.on('end', () => (delay > 0 ? fake.later(delay, () => answer(fake, req, res, chunks, concurrent)) : answer(fake, req, res, chunks, concurrent)));
	});
	// Only the client ends an idle connection. Node's server ends one after 5 seconds (6 in fact),
	// and a client that reuses it just then gets ECONNRESET or EPIPE: under load that happens, as
	// the fake shares the client's event loop, which runs the expired timer before it reads the
	// new request (test/fake/connections.test.js). The fault 'reset' cuts one on purpose.
	server.keepAliveTimeout = 0;
	fake.server = server;
	const sockets = new Set();
	fake.sockets = sockets;
	server.on('connection', (socket) => {
		fake.connections++;
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
	fake.url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
	return fake;
}

/**
 * @param {FakeKavenegar} fake
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {Buffer[]} chunks
 * @param {number} concurrent requests being answered when this one arrived, itself included
 */
function answer(fake, req, res, chunks, concurrent) {
	const pathname = new URL(req.url ?? '/', 'http://fake').pathname;
	if (pathname.startsWith('/_fake/')) return control(fake, req, res, pathname, Buffer.concat(chunks));
	const sample = req.method === 'GET' ? SAMPLE_FILES[pathname] : undefined;
	if (!sample) return handle(fake, req, res, Buffer.concat(chunks), concurrent);
	res.writeHead(200, { 'Content-Type': sample.contentType, 'Content-Length': sample.data.length });
	res.end(sample.data);
}

/**
 * @param {FakeKavenegar} fake
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {Buffer} rawBody
 * @param {number} concurrent
 */
function handle(fake, req, res, rawBody, concurrent) {
	const url = new URL(req.url ?? '/', 'http://fake');
	const match = /^\/v1\/([^/]*)\/(.+)\.json$/.exec(url.pathname);
	const contentType = String(req.headers['content-type'] ?? '').split(';')[0].trim();
	/** @type {import('./service').RequestRecord} */
	const record = {
		method: req.method,
		operation: match ? match[2] : url.pathname,
		apiKey: match ? decodeURIComponent(match[1]) : undefined,
		contentType,
		query: Object.fromEntries(url.searchParams),
		body: rawBody,
		form: contentType === 'application/x-www-form-urlencoded' ? Object.fromEntries(new URLSearchParams(rawBody.toString())) : undefined,
		parts: contentType === 'multipart/form-data' ? parseMultipart(rawBody, req.headers['content-type']) : undefined,
		concurrent,
	};
	fake.requests.push(record);
	// A service that sheds load: over `busyAbove` requests at once, it answers busy and acts on nothing.
	const fault = fake.busyAbove > 0 && concurrent > fake.busyAbove ? { kind: 'busy409' } : takeFault(fake, record.operation);
	// A slow answer is a processed request whose answer comes late.
	if (fault && !fault.after && fault.kind !== 'slow') {
		applyFault(fake, fault, res);
		return;
	}

	let status = 200;
	let body;
	try {
		if (!match) fail(404);
		if (record.apiKey !== fake.apiKey) fail(403);
		const operation = fake.operations[record.operation];
		if (!operation) fail(404);
		if (!operation.methods.includes(req.method ?? '')) fail(405);
		// An account without credit sends nothing (418); the last send may take it below zero.
		if (operation.sends && fake.credit <= 0) fail(418);
		const params = req.method === 'POST' ? record.form ?? {} : record.query;
		const unknown = Object.keys(params).filter((name) => !operation.params.includes(name));
		if (unknown.length) fail(400, `unknown parameter: ${unknown.join(', ')}`);
		const result = /** @type {object | undefined} */ (operation.handle(params, record));
		body = /** @type {any} */ ({ return: { status: 200, message: MESSAGES_FA[200] } });
		if (result && !Array.isArray(result) && 'metadata' in result && 'entries' in result) Object.assign(body, result);
		else if (result !== undefined) body.entries = result;
	} catch (error) {
		if (!(error instanceof ServiceError)) throw error;
		body = { return: { status: error.code, message: error.message }, entries: null };
		status = fake.errorMode === 'status' ? (error.code < 600 ? error.code : 400) : 200;
	}
	if (fault) {
		applyFault(fake, fault, res, status, body);
		return;
	}
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
}

/**
 * What a script that runs the fake as another process reads and seeds while it runs; outside
 * the API and not recorded in `requests`:
 *   GET  /_fake/outbox   every message the service took: { outbox: [{ messageid, receptor, message,
 *                        localid, date }], requests: { operation: count }, faultsLeft }
 *   POST /_fake/inbox    JSON [{ sender, receptor, message }]: received now; answers their rows
 * @param {FakeKavenegar} fake
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} pathname
 * @param {Buffer} rawBody
 */
function control(fake, req, res, pathname, rawBody) {
	const reply = (/** @type {number} */ status, /** @type {unknown} */ body) => {
		res.writeHead(status, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify(body));
	};
	if (req.method === 'GET' && pathname === '/_fake/outbox') {
		/** @type {Record<string, number>} */
		const requests = {};
		for (const record of fake.requests) requests[record.operation] = (requests[record.operation] ?? 0) + 1;
		const outbox = fake.outbox.map(({ messageid, receptor, message, localid, date }) => ({ messageid, receptor, message, localid, date }));
		return reply(200, { outbox, requests, faultsLeft: fake.faults.length });
	}
	if (req.method === 'POST' && pathname === '/_fake/inbox') {
		let messages;
		try {
			messages = JSON.parse(rawBody.toString('utf8'));
		} catch {
			return reply(400, { error: 'body must be JSON' });
		}
		if (!Array.isArray(messages) || !messages.every((/** @type {any} */ m) => m && typeof m.sender === 'string' && typeof m.receptor === 'string' && typeof m.message === 'string')) {
			return reply(400, { error: 'body must be [{ sender, receptor, message }]' });
		}
		const from = fake.inbox.length;
		fake.seedInbox(messages);
		return reply(200, fake.inbox.slice(from));
	}
	return reply(404, { error: `no control route ${req.method} ${pathname}` });
}

module.exports = { serve };
