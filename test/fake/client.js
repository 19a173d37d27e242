'use strict';
/** Plain HTTP calls to the fake, for the fake's own contract tests. */
const { request } = require('undici');

/**
 * `call(operation, { method, form, json, query, key })` → `{ http, body }`. undici's request, not
 * fetch: fetch turns an HTTP 407 into a proxy-authentication failure.
 * @returns {(operation: string, request?: { method?: string, form?: object, json?: unknown, query?: object, key?: string }) => Promise<{ http: number, body: any }>}
 */
function callerFor(fake) {
	return async (operation, { method = 'POST', form, json, query, key = fake.apiKey } = {}) => {
		const url = new URL(`${fake.url}/v1/${encodeURIComponent(key)}/${operation}.json`);
		for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
		const init = { method };
		if (form) {
			init.body = new URLSearchParams(form).toString();
			init.headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
		}
		if (json) {
			init.body = JSON.stringify(json);
			init.headers = { 'Content-Type': 'application/json' };
		}
		const response = await request(url, init);
		return { http: response.statusCode, body: /** @type {any} */ (await response.body.json()) };
	};
}

module.exports = { callerFor };
