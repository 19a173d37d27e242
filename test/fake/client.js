'use strict';
/** Plain HTTP calls to the fake, for the fake's own contract tests. */
const { spawn } = require('node:child_process');
const path = require('node:path');
const { request } = require('undici');
const { startFakeKavenegar } = require('../fakeKavenegar');

/**
 * @typedef {(operation: string, request?: { method?: string, form?: Record<string, string | undefined>, json?: unknown, query?: Record<string, string>, key?: string }) => Promise<{ http: number, body: Answer }>} Caller
 * @typedef {{ return: { status: number, message: string }, entries: any[] & Record<string, any>, [field: string]: any }} Answer
 *   the fake's JSON answer; `entries` is a list of rows or, for some operations, one object
 * @typedef {{ url: string, apiKey: string, child: import('node:child_process').ChildProcess, stderr: () => string }} FakeProcess
 */

/**
 * `call(operation, { method, form, json, query, key })` → `{ http, body }`: `body` is whatever JSON
 * the fake answered. undici's request, not fetch: fetch turns an HTTP 407 into a
 * proxy-authentication failure.
 * @param {{ url?: string, apiKey: string }} fake
 * @returns {Caller}
 */
function callerFor(fake) {
	return async (operation, { method = 'POST', form, json, query, key = fake.apiKey } = {}) => {
		const url = new URL(`${fake.url}/v1/${encodeURIComponent(key)}/${operation}.json`);
		for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
		/** @type {{ method: string, body?: string, headers?: Record<string, string> }} */
		const init = { method };
		if (form) {
			init.body = new URLSearchParams(/** @type {Record<string, string>} */ (form)).toString();
			init.headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
		}
		if (json) {
			init.body = JSON.stringify(json);
			init.headers = { 'Content-Type': 'application/json' };
		}
		const response = await request(url, /** @type {any} */ (init));
		return { http: response.statusCode, body: /** @type {any} */ (await response.body.json()) };
	};
}

/**
 * One fake in this process for a test file, and a caller bound to it (API key `key`): both are
 * there from the file's beforeAll on; the fake closes after the file.
 * @returns {{ fake: import('../fakeKavenegar').FakeKavenegar, call: Caller }}
 */
function useFakeOverHttp() {
	const context = { fake: /** @type {any} */ (undefined), call: /** @type {any} */ (undefined) };
	beforeAll(async () => {
		context.fake = await startFakeKavenegar({ apiKey: 'key' });
		context.call = callerFor(context.fake);
	});
	afterAll(() => context.fake.close());
	return context;
}

const SCRIPT = path.join(__dirname, '..', 'fakeKavenegar.js');

/**
 * The fake as its own process, as the scripts run it: resolves { url, apiKey, child, stderr() } once
 * it prints its address; rejects with the exit code and stderr when it refuses its arguments.
 * @param {string} apiKey
 * @param {string[]} args
 * @returns {Promise<FakeProcess>}
 */
function startFakeProcess(apiKey, args) {
	const child = spawn(process.execPath, [SCRIPT, '--api-key', apiKey, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
	return new Promise((resolve, reject) => {
		let out = '';
		let err = '';
		child.stderr.on('data', (chunk) => (err += chunk));
		child.stdout.on('data', (chunk) => {
			out += chunk;
			if (out.includes('\n')) resolve({ ...JSON.parse(out.split('\n')[0]), child, stderr: () => err });
		});
		child.on('exit', (code) => reject(Object.assign(new Error(`exited with ${code}: ${err}`), { code, stderr: err })));
	});
}

/**
 * Stops a fake started by startFakeProcess and waits for its exit.
 * @param {FakeProcess} fake
 */
function stopFakeProcess(fake) {
	return new Promise((resolve) => {
		if (fake.child.exitCode !== null) return resolve(undefined);
		fake.child.once('exit', resolve);
		fake.child.kill('SIGTERM');
	});
}

module.exports = { callerFor, startFakeProcess, stopFakeProcess, useFakeOverHttp };
