'use strict';
/**
 * Invisible marks never make a value wrong (nodes/allNodes/invisibleMarks.ts): every value the node
 * reads as a number, a date, a time, a phone number, a code, an ID or a line number, pasted with
 * direction marks, isolates or zero-width characters around and inside it (as from a Persian page,
 * which wraps an English value in LRI … PDI), goes through n8n's engine as the same value typed
 * clean: the same request on the wire, the same items out.
 */
const { withoutInvisibleMarks } = require('../../nodes/allNodes/invisibleMarks');
const { codeHash } = require('../../nodes/Kavenegar/resources/verify/oneTimeCodes');
const { useFake, nowSeconds, jalaliOf, DAY } = require('../helpers');

const ctx = useFake();

const LRI = '\u2066';
const PDI = '\u2069';
const LRM = '\u200e';
const RLM = '\u200f';
const ZWSP = '\u200b';
const ZWNJ = '\u200c';
const BOM = '\ufeff';
/** A value as pasted from a Persian page: isolated left to right. */
const pasted = (/** @type {string} */ value) => `${LRI}${value}${PDI}`;
/** @param {string} value */
const persian = (value) => value.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));

const MEDIA_ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const NOWRUZ_1406_0900_TEHRAN = Date.UTC(2027, 2, 21, 5, 30) / 1000;
const TEHRAN = { timezone: 'Asia/Tehran' };

/** @param {import('../fake/service').RequestRecord} request */
const onWire = (request) => ({ method: request.method, operation: request.operation, params: { ...request.query, ...request.form } });

test('every mark of the list goes, and nothing else: digits, letters, spaces and a Persian word without its marks stay', () => {
	const marks = ['\u200e', '\u200f', '\u061c', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];
	expect(withoutInvisibleMarks(marks.map((mark, i) => `${mark}${i}`).join(''))).toBe(marks.map((_, i) => i).join(''));
	expect(withoutInvisibleMarks(' 0912 ۱۲۳ abc - سلام ')).toBe(' 0912 ۱۲۳ abc - سلام ');
});

/**
 * What goes from SMS → Send: one message, and the value under test.
 * @param {import('n8n-workflow').INodeParameters} [extra]
 * @param {import('n8n-workflow').INodeParameters} [additionalFields]
 */
const send = (extra = {}, additionalFields = {}) => ({ resource: 'sms', operation: 'send', recipients: '09121234567', message: 'Marks test', ...extra, additionalFields });
/**
 * @param {string} operation
 * @param {import('n8n-workflow').INodeParameters} [extra]
 */
const sms = (operation, extra = {}) => ({ resource: 'sms', operation, ...extra });
/**
 * @param {string} operation
 * @param {import('n8n-workflow').INodeParameters} [extra]
 */
const blocklist = (operation, extra = {}) => ({ resource: 'blocklist', operation, lineNumber: '30004000', phoneNumbers: '09125550001', ...extra });
const HOUR_AGO = String(nowSeconds() - 3600);
const HOUR_AGO_AND_A_MINUTE = String(nowSeconds() - 3540);

/**
 * Each row: the field, the parameters for a value, the value typed clean, the value pasted with
 * marks, the parameters expected on the wire, and run options. The clean run comes first; the
 * pasted one must make the same request and give the same items (a repeated send is answered by
 * Kavenegar's duplicate guard with the first send's rows: Prevent Duplicate Sends derives the same
 * local IDs from the same values).
 * @type {[string, (value: string) => import('n8n-workflow').INodeParameters, string, string, Record<string, string>, import('../helpers').RunOptions?][]}
 */
const sameAsClean = [
	['SMS → Send: Recipients', (v) => send({ recipients: v }), '09121234567, 09351234567', `${pasted(persian('09121234567'))}, ${RLM}0935${ZWSP}1234567${LRM}`, { receptor: '09121234567,09351234567' }],
	['SMS → Send: Send At, Jalali, in an isolate', (v) => send({}, { date: v }), '1406/01/01 09:00', pasted('1406/01/01 09:00'), { date: String(NOWRUZ_1406_0900_TEHRAN) }, TEHRAN],
	['SMS → Send: Send At, marks inside', (v) => send({ message: 'Marks inside' }, { date: v }), '1406/01/01 09:00', `${BOM}1406/${ZWSP}01/01${ZWNJ} 09:00${RLM}`, { date: String(NOWRUZ_1406_0900_TEHRAN) }, TEHRAN],
	['SMS → Send: Local IDs', (v) => send({ message: 'Local IDs' }, { localIds: v }), '7001', pasted('70\u200d01'), { localid: '7001' }],
	['SMS → Send: Sender Line', (v) => send({ message: 'Sender' }, { sender: v }), '30004000', `${RLM}3000${ZWSP}4000${LRM}`, { sender: '30004000' }],
	['SMS → Send: Display Type', (v) => send({ message: 'Type' }, { type: v }), '1', pasted('1'), { type: '1' }],
	['SMS → Send: Media ID', (v) => send({ message: 'Media' }, { mediaId: v }), MEDIA_ID, pasted(MEDIA_ID), { mediaid: MEDIA_ID }],
	['Voice Call → Send Voice Message: Recipients and Send At', (v) => ({ resource: 'voiceCall', operation: 'send', callRecipients: v, spokenMessage: 'Marks', additionalFields: { date: v.includes(LRI) ? pasted('1406/01/01 09:00') : '1406/01/01 09:00' } }), '02112345678', pasted(persian('02112345678')), { receptor: '02112345678', date: String(NOWRUZ_1406_0900_TEHRAN) }, TEHRAN],
	[
		'SMS → Send Different Messages: recipient, sender line, display type and local ID of a row',
		(v) => sms('sendArray', { messagesInput: 'json', messagesJson: JSON.stringify([{ recipient: v, sender: v.includes(LRI) ? pasted('30004000') : '30004000', message: 'Row', type: v.includes(LRI) ? pasted('1') : 1, localId: v.includes(LRI) ? pasted('9001') : '9001' }]) }),
		'09121234567',
		pasted('09121234567'),
		{ receptor: '["09121234567"]', sender: '["30004000"]', type: '[1]', localmessageids: '[9001]' },
	],
	['SMS → Get Inbox: Line Number', (v) => sms('getInbox', { lineNumber: v }), '30004000', pasted('30004000'), { linenumber: '30004000' }],
	[
		'SMS → Count Inbox: Start Date, End Date and the Line Number filter',
		(v) => sms('countInbox', { startDate: v, filters: { endDate: v.includes(LRI) ? pasted(HOUR_AGO_AND_A_MINUTE) : HOUR_AGO_AND_A_MINUTE, lineNumber: v.includes(LRI) ? `${RLM}30004000` : '30004000' } }),
		HOUR_AGO,
		pasted(HOUR_AGO),
		{ startdate: HOUR_AGO, enddate: HOUR_AGO_AND_A_MINUTE, linenumber: '30004000' },
	],
	['SMS → Get Outbox by Date: Start Date and the Sender Line filter', (v) => sms('getOutbox', { startDate: v, filters: { sender: v.includes(LRI) ? pasted('30004000') : '30004000' } }), HOUR_AGO, pasted(HOUR_AGO), { startdate: HOUR_AGO, sender: '30004000' }],
	['SMS → Get Latest Outbox: Limit from an expression, and the Sender Line filter', (v) => sms('getLatestOutbox', { limit: `={{ "${v}" }}`, filters: { sender: v.includes(LRI) ? pasted('30004000') : '30004000' } }), '100', pasted('100'), { pagesize: '100', sender: '30004000' }],
	['SMS → Get Status: Message IDs', (v) => sms('getStatus', { messageIds: v }), '8792343,8792344', `${pasted('8792343,8792344')}`, { messageid: '8792343,8792344' }],
	['SMS → Cancel: Message IDs', (v) => sms('cancel', { messageIds: v }), '8792343', `${BOM}8792343${ZWSP}`, { messageid: '8792343' }],
	['SMS → Get Status by Local ID: Local IDs', (v) => sms('getStatusByLocalId', { localIds: v }), '1001, 1002', `${pasted('1001')}, ${pasted('1002')}`, { localid: '1001,1002' }],
	['SMS → Get Status by Recipient: Recipient and Start Date', (v) => sms('getStatusByRecipient', { recipient: v, startDate: v.includes(LRI) ? pasted(HOUR_AGO) : HOUR_AGO }), '09121234567', pasted(persian('09121234567')), { receptor: '09121234567', startdate: HOUR_AGO }],
	['Blocklist → Check: Line Number and Phone Numbers', (v) => blocklist('check', { lineNumber: v, phoneNumbers: v.includes(LRI) ? `${pasted('09125550001')}, ${RLM}09125550002` : '09125550001, 09125550002' }), '30004000', pasted('30004000'), { linenumber: '30004000', receptor: '09125550001,09125550002' }],
	['Blocklist → Remove: Line Number and Phone Numbers', (v) => blocklist('remove', { lineNumber: v, phoneNumbers: v.includes(LRI) ? pasted('09125550003') : '09125550003' }), '30004000', pasted('30004000'), { linenumber: '30004000', receptor: '09125550003' }],
	['Blocklist → Get Many: Line Number and Blocked Since', (v) => blocklist('getMany', { lineNumber: v, filters: { blockedSince: v.includes(LRI) ? pasted(HOUR_AGO) : HOUR_AGO } }), '30004000', pasted('30004000'), { linenumber: '30004000', startdate: HOUR_AGO }],
	['Media → Delete: Media ID', (v) => ({ resource: 'media', operation: 'delete', mediaId: v }), MEDIA_ID, `${RLM}${MEDIA_ID}${ZWSP}`, { id: MEDIA_ID }],
	['Account → Update Settings: Default Sender Line and Low Credit Alarm from an expression', (v) => ({ resource: 'account', operation: 'updateSettings', settings: { defaultsender: v, mincreditalarm: `={{ "${v.includes(LRI) ? pasted('5000') : '5000'}" }}` } }), '30004000', pasted('30004000'), { defaultsender: '30004000', mincreditalarm: '5000' }],
];

/**
 * Runs the value typed clean, then pasted with marks: the first request carries `wire`, and the
 * pasted run makes the same requests and gives the same items, at least one.
 * @param {(value: string) => import('n8n-workflow').INodeParameters} parameters
 * @param {string} clean
 * @param {string} marked
 * @param {Record<string, string>} wire
 * @param {import('../helpers').RunOptions} [options]
 */
async function expectSameAsClean(parameters, clean, marked, wire, options = {}) {
	const typed = await ctx.run(parameters(clean), options);
	expect(typed.error).toBeUndefined();
	const typedRequests = ctx.fake.requests.map(onWire);
	expect(typedRequests[0].params).toMatchObject(wire);
	ctx.fake.requests.length = 0;
	const fromPaste = await ctx.run(parameters(marked), options);
	expect(fromPaste.error).toBeUndefined();
	expect(ctx.fake.requests.map(onWire)).toEqual(typedRequests);
	expect(fromPaste.items).toEqual(typed.items);
	expect(fromPaste.items.length).toBeGreaterThan(0);
}

describe('a value pasted with invisible marks makes the request and the items of the same value typed clean', () => {
	beforeAll(() => {
		ctx.fake.seedInbox([{ sender: '09121234567', receptor: '30004000', message: 'unread' }]);
		ctx.fake.blockNumber('30004000', '09125550007');
	});

	// Rows without run options are one shorter: a rest parameter keeps jest from taking the missing one for `done`.
	test.each(sameAsClean)('%s', async (...row) => {
		const [, parameters, clean, marked, wire, options] = row;
		await expectSameAsClean(parameters, clean, marked, wire, options ?? {});
	});

	test('SMS → Get Messages by ID: Message IDs', async () => {
		const ids = ['09121111111', '09122222222'].map((receptor) => String(ctx.fake.recordSend({ receptor, message: 'Sent before' }).messageid));
		await expectSameAsClean((v) => sms('getMessages', { messageIds: v }), ids.join(', '), `${pasted(ids[0])}, ${RLM}${ids[1].slice(0, 4)}${ZWSP}${ids[1].slice(4)}`, { messageid: ids.join(',') });
	});

	test('the Jalali Send At read from the pasted value is 09:00 of Nowruz 1406 in Tehran, in the rows too', async () => {
		const { items } = await ctx.run(send({ message: 'Nowruz' }, { date: pasted('۱۴۰۶/۰۱/۰۱ ۰۹:۰۰') }), TEHRAN);
		expect(ctx.fake.requests[0].form?.date).toBe(String(NOWRUZ_1406_0900_TEHRAN));
		expect(jalaliOf(NOWRUZ_1406_0900_TEHRAN, 'Asia/Tehran')).toBe('1406/01/01 09:00:00');
		expect(items[0].json).toMatchObject({ date: NOWRUZ_1406_0900_TEHRAN, dateJalali: '1406/01/01 09:00:00' });
	});
});

describe('Send Window: From and Until pasted with marks', () => {
	/** Only Date is faked: the engine, the fake's server and the harness run on real timers. */
	const REAL = /** @type {const} */ (['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout']);
	afterEach(() => jest.useRealTimers());

	test('outside the window the message waits for the same opening as with the times typed clean', async () => {
		jest.useFakeTimers({ now: new Date('2026-11-22T22:30:00Z'), doNotFake: [...REAL] }); // Monday 02:00 in Tehran
		const opening = Date.parse('2026-11-23T04:30:00Z') / 1000; // Monday 08:00 in Tehran
		await expectSameAsClean(
			(v) => send({ message: 'Window' }, { sendWindow: { hours: { from: v, until: v.includes(LRM) ? `21:00${PDI}` : '21:00' } } }),
			'08:00',
			`${LRM}08:00`,
			{ date: String(opening) },
			TEHRAN,
		);
	});
});

describe('values whose operation acts once: the pasted value on the wire and in the items', () => {
	test('Blocklist → Add: Line Number and Phone Numbers, a closing isolate after the last comma', async () => {
		const { items, error } = await ctx.run(blocklist('add', { lineNumber: pasted('30004000'), phoneNumbers: `${LRI}${persian('09125550009')},${PDI}` }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map(onWire)).toEqual([{ method: 'POST', operation: 'line/blocked/add', params: { linenumber: '30004000', receptor: '09125550009' } }]);
		expect(items.map((item) => item.json)).toEqual([{ linenumber: '30004000', receptor: '09125550009', status: 'Active' }]);
	});

	test('SMS → Get Inbox and Mark as Read: Line Number', async () => {
		ctx.fake.seedInbox([{ sender: '09121234567', receptor: '30004000', message: 'to read' }]);
		const { items, error } = await ctx.run(sms('receive', { lineNumber: `${LRM}3000${ZWSP}4000${LRM}` }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map(onWire)).toEqual([{ method: 'POST', operation: 'sms/receive', params: { linenumber: '30004000', isread: '0' } }]);
		expect(items.map((item) => item.json.message)).toContain('to read');
		expect(items.every((item) => item.json.receptor === '30004000')).toBe(true);
	});

	test('Verify → Send Code: Recipient and a Code given with marks; the code is hashed as sent', async () => {
		ctx.fake.addApprovedTemplate('marksCode', 'Code: %token');
		const { items, error } = await ctx.run({ resource: 'verify', operation: 'sendCode', recipient: pasted(persian('09121234567')), template: 'marksCode', value: `${RLM}12${ZWSP}345${PDI}` });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).toMatchObject({ receptor: '09121234567', token: '12345', template: 'marksCode' });
		const { expiresAt } = items[0].json;
		expect(items[0].json).toMatchObject({ receptor: '09121234567', codeHash: codeHash(ctx.fake.apiKey, '09121234567', '12345', Date.parse(expiresAt)) });
	});

	test('Verification Template → Get and Delete: Template ID; the deleted item names the template by its number', async () => {
		const { id } = ctx.fake.addApprovedTemplate('marksGet', 'Code: %token');
		const got = await ctx.run({ resource: 'verifyTemplate', operation: 'get', templateId: pasted(String(id)) });
		expect(got.error).toBeUndefined();
		expect(got.items[0].json).toMatchObject({ id, name: 'marksGet', usable: true });
		const deleted = await ctx.run({ resource: 'verifyTemplate', operation: 'delete', templateId: `${RLM}${id}${ZWSP}` });
		expect(deleted.error).toBeUndefined();
		expect(ctx.fake.requests.map(onWire)).toEqual([
			{ method: 'GET', operation: 'verify/gettemplate', params: { id: String(id) } },
			{ method: 'POST', operation: 'verify/deletetemplate', params: { id: String(id) } },
		]);
		expect(deleted.items.map((item) => item.json)).toEqual([{ id, deleted: true }]);
	});

	test('Verification Template → Clone: Source Template ID', async () => {
		const { id } = ctx.fake.addApprovedTemplate('marksSource', 'Code: %token');
		const { items, error } = await ctx.run({ resource: 'verifyTemplate', operation: 'clone', newTemplateName: 'marksCopy', sourceTemplateId: pasted(String(id)) });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests.map(onWire)).toEqual([{ method: 'POST', operation: 'verify/clonetemplate', params: { newTemplateName: 'marksCopy', sourceTemplateId: String(id) } }]);
		expect(items[0].json).toMatchObject({ name: 'marksCopy' });
	});

	test('Verification Template → Create: Primary Line, Secondary Line and Minutes Before Fallback from an expression', async () => {
		const { items, error } = await ctx.run({
			resource: 'verifyTemplate',
			operation: 'create',
			name: 'marksCreate',
			sourceType: 0,
			sendMethod: 1,
			fallbackMethod: 2,
			textMessage: 'Code %token',
			voiceMessage: 'Code %token',
			additionalFields: { primaryLineNumber: pasted('30004000'), secondaryLineNumber: `${RLM}2000660110`, switchTtl: `={{ "${pasted('3')}" }}` },
		});
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).toMatchObject({ primaryLineNumber: '30004000', secondaryLineNumber: '2000660110', switchTTL: '3' });
		expect(items[0].json).toMatchObject({ name: 'marksCreate', primarylinenumber: '30004000', secondarylinenumber: '2000660110', switchttl: 3 });
	});

	test('SMS → Send and Wait for Response: Recipients, Sender Line and Limit Wait Time → Max Date and Time', async () => {
		const until = nowSeconds() + DAY;
		const { run, error } = await ctx.run(
			sms('sendAndWait', {
				approvers: pasted(persian('09121111111')),
				message: 'Refund?',
				additionalFields: { sender: `${RLM}30004000${LRM}`, limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: pasted(String(until)) } } },
			}),
			{ settings: { typeVersion: 3 } },
		);
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].form).toMatchObject({ receptor: '09121111111', sender: '30004000' });
		expect(run?.waitTill?.getTime()).toBe(until * 1000);
	});
});

describe('Verify → Check Code: a number, a code, a codeHash and an expiresAt pasted with marks', () => {
	test('check as the same values typed clean: matched, nothing asked of Kavenegar', async () => {
		ctx.fake.addApprovedTemplate('marksCheck', 'Code: %token');
		const sent = await ctx.run({ resource: 'verify', operation: 'sendCode', recipient: '09121234567', template: 'marksCheck' });
		const code = String(ctx.fake.requests[0].form?.token);
		const { codeHash: hash, expiresAt } = sent.items[0].json;
		ctx.fake.requests.length = 0;
		const { items, error } = await ctx.run({
			resource: 'verify',
			operation: 'checkCode',
			recipient: pasted(persian('09121234567')),
			codeEntered: `${pasted(code.slice(0, 2))}${ZWSP}${persian(code.slice(2))}${RLM}`,
			codeHash: `${LRM}${hash}${PDI}`,
			expiresAt: pasted(expiresAt),
		});
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(0);
		expect(items.map((item) => item.json)).toEqual([{ valid: true, reason: 'matched', receptor: '09121234567', expiresAt }]);
	});
});
