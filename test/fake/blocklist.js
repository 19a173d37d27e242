'use strict';
/** Blocked numbers per line: `line/blocked/add`, `exists`, `remove` (service-api.md 4.14 to 4.16). */
const { fail } = require('./service');
const { list, phone } = require('./params');

/** @typedef {import('../fakeKavenegar').FakeKavenegar} FakeKavenegar */

/**
 * The line and numbers of a blocklist request, checked against the operation's ceiling.
 * @param {FakeKavenegar} fake
 * @param {import('./service').Params} p
 * @param {number} max
 * @param {number} tooManyCode
 */
function blocklistRequest(fake, p, max, tooManyCode) {
	if (!p.linenumber || !p.receptor) fail(400);
	if (!fake.lines.has(p.linenumber)) fail(412);
	const receptors = list(p.receptor).map(phone);
	if (receptors.length > max) fail(tooManyCode);
	return receptors;
}

/**
 * @param {FakeKavenegar} fake
 * @returns {import('./service').Operations}
 */
function operations(fake) {
	return {
		'line/blocked/add': {
			methods: ['POST'],
			params: ['linenumber', 'receptor'],
			handle: (p) =>
				blocklistRequest(fake, p, 200, 414).map((receptor) => {
					const status = fake.isBlocked(p.linenumber, receptor) ? 'AlreadyExists' : 'Active';
					if (status === 'Active') fake.blockNumber(p.linenumber, receptor);
					return { linenumber: p.linenumber, receptor, status };
				}),
		},
		'line/blocked/exists': {
			methods: ['GET'],
			params: ['linenumber', 'receptor'],
			handle: (p) =>
				blocklistRequest(fake, p, 200, 414).map((receptor) => ({
					linenumber: p.linenumber,
					receptor,
					status: fake.isBlocked(p.linenumber, receptor) ? 'Active' : 'NotExists',
				})),
		},
		'line/blocked/remove': {
			methods: ['DELETE'],
			params: ['linenumber', 'receptor'],
			handle: (p) => {
				const receptors = blocklistRequest(fake, p, 50, 412);
				const kept = receptors.filter((r) => ['operator', 'system'].includes(fake.blocked.get(`${p.linenumber} ${r}`) ?? ''));
				const removed = receptors.filter((r) => fake.blocked.get(`${p.linenumber} ${r}`) === 'api');
				for (const receptor of removed) fake.blocked.delete(`${p.linenumber} ${receptor}`);
				const message = `${removed.length} of ${receptors.length} removed` + (kept.length ? `; blocked by an operator or the system, not removed: ${kept.join(',')}` : '');
				return { message };
			},
		},
	};
}

module.exports = { operations };
