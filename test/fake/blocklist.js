'use strict';
/**
 * Blocked numbers per line: `line/blocked/add`, `exists`, `remove` and `list` (docs/kavenegar-api.md).
 */
const { DAY, EITHER, fail, nowSeconds } = require('./service');
const { countingNumber, list, oneOf, phone, unixTime } = require('./params');

/** Who placed a block, as `line/blocked/list` codes it: web service, panel, recipient opt-out, operator, unknown. */
/** @type {Record<string, number>} */
const BLOCK_REASON = { api: 0, panel: 1, optout: 2, operator: 3, system: 10 };

/** Blocks the API may lift: those placed through it or from the panel. */
const REMOVABLE = ['api', 'panel'];

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
				const by = (/** @type {string} */ receptor) => fake.blocked.get(`${p.linenumber} ${receptor}`);
				const kept = receptors.filter((r) => by(r) !== undefined && !REMOVABLE.includes(by(r) ?? ''));
				const removed = receptors.filter((r) => REMOVABLE.includes(by(r) ?? ''));
				for (const receptor of removed) fake.blocked.delete(`${p.linenumber} ${receptor}`);
				const message = `${removed.length} of ${receptors.length} removed` + (kept.length ? `; blocked by an operator or the system, not removed: ${kept.join(',')}` : '');
				return { message };
			},
		},
		'line/blocked/list': {
			methods: EITHER,
			params: ['linenumber', 'blockreason', 'startdate', 'pagenumber'],
			handle: (p) => {
				if (!p.linenumber) fail(400);
				if (!fake.lines.has(p.linenumber)) fail(412);
				const reason = p.blockreason === undefined ? undefined : oneOf(p.blockreason, Object.values(BLOCK_REASON), 'blockreason');
				const now = nowSeconds();
				// An empty start is the start of today.
				const since = unixTime(p.startdate) ?? now - (now % DAY);
				const page = p.pagenumber === undefined ? 1 : countingNumber(p.pagenumber, 'pagenumber');
				const rows = [...fake.blocked]
					.filter(([key]) => key.startsWith(`${p.linenumber} `))
					.map(([key, by]) => ({ number: key.split(' ')[1], blockreason: BLOCK_REASON[by], date: fake.blockedAt.get(key) ?? now }))
					.filter((row) => row.date >= since && (reason === undefined || row.blockreason === reason));
				const size = fake.blocklistPageSize;
				// The service's docs show the paging figures as text.
				return {
					entries: rows.slice((page - 1) * size, page * size),
					metadata: { totalcount: String(rows.length), currentpage: String(page), totalpages: String(Math.ceil(rows.length / size)), pagesize: String(size) },
				};
			},
		},
	};
}

module.exports = { operations };
