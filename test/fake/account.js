'use strict';
/** The account: `account/info` and `account/config` (docs/kavenegar-api.md). */
const { DAY, EITHER, fail, nowSeconds } = require('./service');
const { integer } = require('./params');

/** The values each on/off-like setting takes, as the service's REST page names them. */
/** @type {Record<string, string[]>} */
const CHOICES = {
	apilogs: ['justfaults', 'enabled', 'disabled'],
	dailyreport: ['enabled', 'disabled'],
	debugmode: ['enabled', 'disabled'],
	resendfailed: ['enabled', 'disabled'],
};

/**
 * @param {import('../fakeKavenegar').FakeKavenegar} fake
 * @returns {import('./service').Operations}
 */
function operations(fake) {
	/** @type {Record<string, string>} */
	const settings = { apilogs: 'justfaults', dailyreport: 'enabled', debugmode: 'disabled', resendfailed: 'disabled', mincreditalarm: '50000' };
	return {
		'account/info': {
			methods: EITHER,
			params: [],
			handle: () => ({ remaincredit: fake.credit, expiredate: nowSeconds() + 365 * DAY, type: 'master' }),
		},
		'account/config': {
			methods: EITHER,
			params: [...Object.keys(CHOICES), 'defaultsender', 'mincreditalarm'],
			// With no parameter it only reads; every value comes back as text, as the service's docs show it.
			handle: (p) => {
				for (const [name, allowed] of Object.entries(CHOICES)) {
					if (p[name] !== undefined && !allowed.includes(p[name])) fail(400, `${name} must be one of ${allowed.join(', ')}`);
				}
				if (p.defaultsender !== undefined && !fake.lines.has(p.defaultsender)) fail(412);
				if (p.mincreditalarm !== undefined) integer(p.mincreditalarm, 'mincreditalarm');
				for (const name of [...Object.keys(CHOICES), 'mincreditalarm']) {
					if (p[name] !== undefined) settings[name] = String(p[name]);
				}
				if (p.defaultsender !== undefined) fake.defaultSender = p.defaultsender;
				return { ...settings, defaultsender: fake.defaultSender };
			},
		},
	};
}

module.exports = { operations };
