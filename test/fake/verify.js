'use strict';
/** One-time codes through an approved template: `verify/lookup` (docs/kavenegar-api.md). */
const { EITHER, MESSAGES_FA, fail } = require('./service');
const { list, phone } = require('./params');
const { checkTag } = require('./sms');

/**
 * @param {import('../fakeKavenegar').FakeKavenegar} fake
 * @returns {import('./service').Operations}
 */
function operations(fake) {
	return {
		'verify/lookup': {
			sends: true,
			methods: EITHER,
			params: ['receptor', 'template', 'token', 'token2', 'token3', 'token10', 'token20', 'type', 'tag'],
			handle: (p) => {
				if (!p.receptor || !p.template || !p.token) fail(400);
				const receptors = list(p.receptor).map(phone);
				if (receptors.length !== 1) fail(411, `${MESSAGES_FA[411]} (one receptor only)`);
				const type = p.type ?? 'sms';
				if (type !== 'sms' && type !== 'call') fail(400, 'type must be sms or call');
				for (const name of ['token', 'token2', 'token3']) {
					if (p[name] !== undefined && /[\s_]/.test(p[name])) fail(431);
				}
				for (const name of ['token10', 'token20']) {
					if (p[name] !== undefined && /[\r\n_]/.test(p[name])) fail(431);
				}
				if (type === 'call' && !/^\d+$/.test(p.token)) fail(428);
				checkTag(fake, p.tag);
				const template = fake.templateNamed(p.template);
				if (!template || template.approvalstatus !== 'Approved') fail(424);
				const text = (type === 'call' ? template.callmessage : template.smsmessage).replace(
					/%token(10|20|2|3)?/g,
					(_, n) => p[`token${n ?? ''}`] ?? '',
				);
				const sender = template.primarylinenumber || undefined;
				return [fake.recordSend({ receptor: receptors[0], message: text, sender, tag: p.tag })];
			},
		},
	};
}

module.exports = { operations };
