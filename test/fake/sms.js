'use strict';
/** Sending text messages: `sms/send` and `sms/sendarray` (docs/kavenegar-api.md). */
const { EITHER, fail } = require('./service');
const { byte01, guid, integer, integerArray, jsonArray, list, long, longArray, phone, unixTime } = require('./params');

/** @typedef {import('../fakeKavenegar').FakeKavenegar} FakeKavenegar */
/** @typedef {import('./service').Params} Params */

/** One message to a comma list of numbers (sms/send, call/maketts): at most 200, local IDs beside them. */
/** @param {Params} p */
function recipientList(p) {
	if (!p.receptor) fail(400);
	if (!p.message) fail(413);
	const receptors = list(p.receptor).map(phone);
	if (receptors.length > 200) fail(414);
	const localids = p.localid === undefined ? undefined : list(p.localid).map((id) => long(id, 'localid'));
	if (localids && localids.length !== receptors.length) fail(400, 'localid count must equal receptor count');
	return { receptors, localids };
}

/**
 * @param {FakeKavenegar} fake
 * @param {string | undefined} tag
 */
function checkTag(fake, tag) {
	if (tag === undefined) return;
	if (!/^[A-Za-z0-9_-]{1,200}$/.test(tag) || !fake.definedTags.has(tag)) fail(400, `tag "${tag}" is not defined`);
}

/**
 * @param {FakeKavenegar} fake
 * @returns {import('./service').Operations}
 */
function operations(fake) {
	return {
		'sms/send': {
			sends: true,
			methods: EITHER,
			params: ['receptor', 'message', 'sender', 'date', 'type', 'localid', 'hide', 'tag', 'policy', 'mediaid'],
			handle: (p) => {
				const { receptors, localids } = recipientList(p);
				if (!fake.linksAllowed && /https?:\/\/|www\./i.test(p.message ?? '')) fail(420);
				if (p.sender !== undefined && !fake.lines.has(p.sender)) fail(412);
				if (p.tag !== undefined && p.tag.length > 200) fail(400, 'tag too long');
				checkTag(fake, p.tag);
				if (p.hide !== undefined) byte01(p.hide, 'hide');
				if (p.type !== undefined) integer(p.type, 'type');
				if (p.mediaid !== undefined) guid(p.mediaid, 'mediaid');
				const date = unixTime(p.date);
				return receptors.map((receptor, i) =>
					fake.recordSend({ receptor, message: p.message, sender: p.sender, date, localid: localids?.[i], tag: p.tag }),
				);
			},
		},
		'sms/sendarray': {
			sends: true,
			methods: ['POST'],
			params: ['receptor', 'sender', 'message', 'date', 'type', 'localmessageids', 'hide', 'tag', 'policy', 'mediaid'],
			handle: (p) => {
				if (!p.receptor || !p.sender || !p.message) fail(400);
				const receptors = jsonArray(p.receptor, 'receptor').map(String).map(phone);
				const senders = jsonArray(p.sender, 'sender').map(String);
				const messages = jsonArray(p.message, 'message').map(String);
				const types = p.type === undefined ? undefined : integerArray(p.type, 'type');
				const localids = p.localmessageids === undefined ? undefined : longArray(p.localmessageids, 'localmessageids');
				const lengths = [receptors, senders, messages, types, localids].flatMap((a) => (a ? [a.length] : []));
				if (new Set(lengths).size !== 1) fail(419);
				if (receptors.length > 200) fail(414);
				if (messages.some((m) => m === '')) fail(413);
				if (p.hide !== undefined) byte01(p.hide, 'hide');
				if (p.mediaid !== undefined) guid(p.mediaid, 'mediaid');
				checkTag(fake, p.tag);
				const date = unixTime(p.date);
				return receptors.map((receptor, i) =>
					fake.recordSend({ receptor, message: messages[i], sender: senders[i], date, localid: localids?.[i], tag: p.tag }),
				);
			},
		},
	};
}

module.exports = { operations, recipientList, checkTag };
