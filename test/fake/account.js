'use strict';
/** The account: `account/info` (beyond-spec.md). */
const { DAY, EITHER, nowSeconds } = require('./service');

/**
 * @param {import('../fakeKavenegar').FakeKavenegar} fake
 * @returns {import('./service').Operations}
 */
function operations(fake) {
	return {
		'account/info': {
			methods: EITHER,
			params: [],
			handle: () => ({ remaincredit: fake.credit, expiredate: nowSeconds() + 365 * DAY, type: 'master' }),
		},
	};
}

module.exports = { operations };
