'use strict';
/** Verification templates: `verify/addtemplate`, `gettemplate`, `clonetemplate`, `deletetemplate` (docs/kavenegar-api.md). */
const { EITHER, fail } = require('./service');
const { TEMPLATE_NAME, oneOf } = require('./params');

/** @typedef {import('../fakeKavenegar').FakeKavenegar} FakeKavenegar */

/**
 * @param {FakeKavenegar} fake
 * @param {string | undefined} id
 */
function templateById(fake, id) {
	if (id === undefined || !/^\d+$/.test(id)) fail(400, 'id must be a numeric template id');
	return fake.templates.get(Number(id)) ?? fail(424);
}

/**
 * @param {FakeKavenegar} fake
 * @param {string | undefined} name
 */
function newTemplateName(fake, name) {
	if (!name) fail(400);
	if (!TEMPLATE_NAME.test(name)) fail(400, 'template name: English, no spaces, no _');
	if (fake.templateNamed(name)) fail(400, `template ${name} already exists`);
	return name;
}

/**
 * @param {FakeKavenegar} fake
 * @returns {import('./service').Operations}
 */
function operations(fake) {
	return {
		'verify/addtemplate': {
			methods: EITHER,
			params: [
				'name',
				'sourceType',
				'sendMethod',
				'fallBackMethod',
				'textMessage',
				'voiceMessage',
				'primaryLineNumber',
				'secondaryLineNumber',
				'switchTTL',
				'sourceName',
				'sourceUrl',
			],
			handle: (p) => {
				const name = newTemplateName(fake, p.name);
				if (p.sourceType === undefined || p.sendMethod === undefined) fail(400);
				const sourcetype = oneOf(p.sourceType, [0, 1], 'sourceType');
				const sendmethod = oneOf(p.sendMethod, [1, 2], 'sendMethod');
				const fallbackmethod = p.fallBackMethod === undefined ? 3 : oneOf(p.fallBackMethod, [0, 1, 2, 3], 'fallBackMethod');
				if ([sendmethod, fallbackmethod].includes(1) && !p.textMessage) fail(400, 'textMessage is required for text message');
				if ([sendmethod, fallbackmethod].includes(2) && !p.voiceMessage) fail(400, 'voiceMessage is required for call');
				if ([p.textMessage, p.voiceMessage].some((text) => text && !text.includes('%token'))) fail(432);
				const switchttl = p.switchTTL === undefined ? null : oneOf(p.switchTTL, [1, 2, 3, 4, 5], 'switchTTL');
				const template = {
					id: fake.nextTemplateId++,
					name,
					smsmessage: p.textMessage ?? '',
					callmessage: p.voiceMessage ?? '',
					primarylinenumber: p.primaryLineNumber ?? '',
					secondarylinenumber: p.secondaryLineNumber ?? '',
					sendpriority: sendmethod === 2 ? 'Call' : 'SMS',
					switchttl,
					approvalstatus: 'PendingReview',
					sourcetype,
					fallbackmethod,
					sourceurl: p.sourceUrl ?? '',
					sourcename: p.sourceName ?? '',
				};
				fake.templates.set(template.id, template);
				return {
					templateid: template.id,
					name,
					sourcetype,
					sendmethod,
					fallbackmethod,
					primarylinenumber: template.primarylinenumber,
					secondarylinenumber: template.secondarylinenumber,
					switchttl,
					sourceurl: template.sourceurl,
					sourcename: template.sourcename,
					textmessage: template.smsmessage,
					voicemessage: template.callmessage,
				};
			},
		},
		'verify/gettemplate': {
			methods: ['GET'],
			params: ['id'],
			handle: (p) => {
				const t = templateById(fake, p.id);
				return {
					id: t.id,
					name: t.name,
					smsmessage: t.smsmessage,
					callmessage: t.callmessage,
					primarylinenumber: t.primarylinenumber,
					secondarylinenumber: t.secondarylinenumber,
					sendpriority: t.sendpriority,
					switchttl: t.switchttl,
					approvalstatus: t.approvalstatus,
				};
			},
		},
		'verify/clonetemplate': {
			methods: EITHER,
			params: ['newTemplateName', 'sourceTemplateId', 'sourceTemplateName'],
			handle: (p) => {
				const name = newTemplateName(fake, p.newTemplateName);
				// The contract: when both are sent, the id wins.
				const source =
					p.sourceTemplateId !== undefined
						? templateById(fake, p.sourceTemplateId)
						: p.sourceTemplateName !== undefined
							? fake.templateNamed(p.sourceTemplateName) ?? fail(424)
							: fail(400);
				const clone = { ...source, id: fake.nextTemplateId++, name, approvalstatus: 'PendingReview' };
				fake.templates.set(clone.id, clone);
				return { id: clone.id, name };
			},
		},
		'verify/deletetemplate': {
			methods: EITHER,
			params: ['id'],
			handle: (p) => {
				fake.templates.delete(templateById(fake, p.id).id);
			},
		},
	};
}

module.exports = { operations };
