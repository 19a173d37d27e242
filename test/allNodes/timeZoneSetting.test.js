'use strict';
/**
 * The Time Zone setting (nodes/allNodes/timeZoneSetting.ts) through n8n's engine against the fake:
 * a node added now (version 4) reads and writes Jalali dates and its Send Window in Iran's time, in
 * a workflow whose owner set no zone (n8n then reads America/New_York); a node saved before keeps
 * the workflow's zone; the setting's other choices are honoured; Gregorian dates keep the
 * workflow's zone. Expected seconds are written from known UTC offsets, not from the node's code:
 * Tehran +03:30, New York -04:00 from 14 March 2027, Berlin +01:00 until 28 March 2027.
 */
const { NodeHelpers } = require('n8n-workflow');
const { Kavenegar } = require('../../nodes/Kavenegar/Kavenegar.node');
const { getTimeZones } = require('../../nodes/allNodes/timeZoneSetting');
const { useFake, expectRejectedBeforeSending, jalaliOf, kavenegarNode } = require('../helpers');

const ctx = useFake();

/** Only Date is faked: the engine, the fake's server and the harness run on real timers. */
const REAL = /** @type {const} */ (['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout']);
/** @param {string} iso */
const setNow = (iso) => jest.useFakeTimers({ now: new Date(iso), doNotFake: [...REAL] });
afterEach(() => jest.useRealTimers());

/** A workflow whose owner set no zone: n8n reads it in its default, America/New_York. */
const NO_ZONE = { timezone: null };
/** @param {number} typeVersion */
const inVersion = (typeVersion) => ({ ...NO_ZONE, settings: { typeVersion } });
/**
 * Unix seconds of a wall-clock time at a fixed UTC offset given in minutes.
 * @param {number} year @param {number} month @param {number} day @param {number} hour @param {number} minute @param {number} offsetMinutes
 */
const at = (year, month, day, hour, minute, offsetMinutes) => Date.UTC(year, month - 1, day, hour, minute) / 1000 - offsetMinutes * 60;
const NOWRUZ_0900 = { tehran: at(2027, 3, 21, 9, 0, 210), newYork: at(2027, 3, 21, 9, 0, -240), berlin: at(2027, 3, 21, 9, 0, 60) };

let series = 5_000_000;
/** A number of its own per send, so that no send is another's duplicate. */
const fresh = () => `0912${String(series++).padStart(7, '0')}`;
/**
 * @param {import('n8n-workflow').INodeParameters} additionalFields
 * @param {import('n8n-workflow').INodeParameters} [extra]
 */
const sms = (additionalFields, extra = {}) => ({ resource: 'sms', operation: 'send', recipients: fresh(), message: 'Nowruz mobarak', additionalFields, ...extra });
const sentDate = () => Number(ctx.fake.requests[0].form?.date);

describe('a node added now reads Iran\'s time; one saved before, the workflow\'s zone (n8n\'s default here, America/New_York)', () => {
	test('a Jalali Send At, 1406/01/01 09:00, goes at 09:00 in Tehran, and the row says it back in Tehran', async () => {
		const { items, error } = await ctx.run(sms({ date: '1406/01/01 09:00' }), inVersion(4));
		expect(error).toBeUndefined();
		expect(sentDate()).toBe(NOWRUZ_0900.tehran);
		expect(items[0].json).toMatchObject({ date: NOWRUZ_0900.tehran, dateIso: '2027-03-21T05:30:00.000Z', dateJalali: '1406/01/01 09:00:00' });
	});

	test.each([1, 2, 3])('version %i: the same Send At goes at 09:00 in New York, as it always did', async (typeVersion) => {
		const { items } = await ctx.run(sms({ date: '1406/01/01 09:00' }), inVersion(typeVersion));
		expect(sentDate()).toBe(NOWRUZ_0900.newYork);
		expect(items[0].json).toMatchObject({ dateIso: '2027-03-21T13:00:00.000Z', dateJalali: '1406/01/01 09:00:00' });
	});

	test('a Gregorian Send At keeps the workflow\'s zone; the row\'s Jalali copy is Tehran\'s time of it', async () => {
		const { items } = await ctx.run(sms({ date: '2027-03-21 09:00' }), inVersion(4));
		expect(sentDate()).toBe(NOWRUZ_0900.newYork);
		expect(items[0].json.dateJalali).toBe('1406/01/01 16:30:00');
		expect(items[0].json.dateJalali).toBe(jalaliOf(NOWRUZ_0900.newYork, 'Asia/Tehran'));
	});

	test('Send Window 08:00–21:00 at 02:00 in Tehran (17:30 the evening before in New York): held until 08:00 in Tehran', async () => {
		setNow('2026-11-22T22:30:00Z');
		const window = { sendWindow: { hours: { from: '08:00', until: '21:00' } } };
		const { items } = await ctx.run(sms(window), inVersion(4));
		expect(sentDate()).toBe(Date.parse('2026-11-23T04:30:00Z') / 1000);
		expect(items[0].json).toMatchObject({ scheduledFor: '2026-11-23T04:30:00.000Z', scheduledForJalali: '1405/09/02 08:00:00', sendAtMoved: false });

		ctx.fake.requests.length = 0;
		const saved = await ctx.run(sms(window), inVersion(3));
		expect(ctx.fake.requests[0].form).not.toHaveProperty('date');
		expect(saved.items[0].json).toMatchObject({ scheduledFor: null, scheduledForJalali: null });
	});

	test('Verify → Send Code: the code\'s expiresAtJalali is Tehran\'s time', async () => {
		ctx.fake.addApprovedTemplate('otpZone', 'Code %token');
		const { items, error } = await ctx.run({ resource: 'verify', operation: 'sendCode', recipient: fresh(), template: 'otpZone', value: '52841' }, inVersion(4));
		expect(error).toBeUndefined();
		const expiresAt = Date.parse(items[0].json.expiresAt) / 1000;
		expect(items[0].json.expiresAtJalali).toBe(jalaliOf(expiresAt, 'Asia/Tehran'));
		expect(items[0].json.dateJalali).toBe(jalaliOf(items[0].json.date, 'Asia/Tehran'));
	});
});

describe('the setting\'s choices', () => {
	test("The Workflow's Time Zone: a node added now reads as a saved one does", async () => {
		const { items } = await ctx.run(sms({ date: '1406/01/01 09:00' }, { timeZone: 'workflow' }), inVersion(4));
		expect(sentDate()).toBe(NOWRUZ_0900.newYork);
		expect(items[0].json.dateJalali).toBe('1406/01/01 09:00:00');
	});

	test('another IANA zone, Europe/Berlin: Send At, the window and the rows in Berlin', async () => {
		setNow('2027-03-20T06:30:00Z'); // 07:30 in Berlin, 10:00 in Tehran
		const { items } = await ctx.run(sms({ date: '1406/01/01 09:00', sendWindow: { hours: { from: '08:00', until: '21:00' } } }, { timeZone: 'Europe/Berlin' }), inVersion(4));
		expect(sentDate()).toBe(NOWRUZ_0900.berlin);
		expect(items[0].json).toMatchObject({ dateJalali: '1406/01/01 09:00:00', scheduledForJalali: '1406/01/01 09:00:00', sendAtMoved: false });

		ctx.fake.requests.length = 0;
		const held = await ctx.run(sms({ sendWindow: { hours: { from: '08:00', until: '21:00' } } }, { timeZone: 'Europe/Berlin' }), inVersion(4));
		expect(sentDate()).toBe(Date.parse('2027-03-20T07:00:00Z') / 1000);
		expect(held.items[0].json.scheduledForJalali).toBe('1405/12/29 08:00:00');
	});

	test('a zone from an expression, per item; a saved node may switch to Iran\'s time', async () => {
		const { items } = await ctx.run(
			{ ...sms({ date: '1406/01/01 09:00' }), recipients: '={{ $json.phone }}', timeZone: '={{ $json.zone }}' },
			{ ...inVersion(4), items: [{ json: { phone: fresh(), zone: 'Asia/Dubai' } }, { json: { phone: fresh(), zone: 'Asia/Tehran' } }] },
		);
		expect(ctx.fake.requests.map((request) => Number(request.form?.date))).toEqual([at(2027, 3, 21, 9, 0, 240), NOWRUZ_0900.tehran]);
		expect(items.map((item) => item.json.dateJalali)).toEqual(['1406/01/01 09:00:00', '1406/01/01 09:00:00']);

		ctx.fake.requests.length = 0;
		await ctx.run(sms({ date: '1406/01/01 09:00' }, { timeZone: 'Asia/Tehran' }), inVersion(3));
		expect(sentDate()).toBe(NOWRUZ_0900.tehran);
	});

	test('a value that names no zone is refused before any request, in an operation with no date field too', async () => {
		const rule = 'is not a time zone: pick one from the list, or write an IANA name such as Asia/Tehran';
		await expectRejectedBeforeSending(ctx, { resource: 'account', operation: 'getInfo', timeZone: '={{ "Tehran" }}' }, `Time Zone Name or ID: "Tehran" ${rule}`);
		await expectRejectedBeforeSending(ctx, sms({ date: '1406/01/01 09:00' }, { timeZone: '={{ "" }}' }), `Time Zone Name or ID: "" ${rule}`);
	});
});

describe('the setting in the editor', () => {
	const { description } = new Kavenegar();
	const settings = description.properties.filter((property) => property.name === 'timeZone');
	/** @param {number} typeVersion @param {import('n8n-workflow').INodeParameters} [saved] */
	const resolved = (typeVersion, saved = {}) =>
		/** @type {import('n8n-workflow').INodeParameters} */ (NodeHelpers.getNodeParameters(description.properties, saved, true, false, kavenegarNode(typeVersion), description)).timeZone;

	test("one setting in the node's Settings tab, its list loaded", () => {
		expect(settings.map(({ displayName, type, isNodeSetting, typeOptions }) => ({ displayName, type, isNodeSetting, typeOptions }))).toEqual(
			Array(2).fill({ displayName: 'Time Zone Name or ID', type: 'options', isNodeSetting: true, typeOptions: { loadOptionsMethod: 'getTimeZones' } }),
		);
		expect(new Kavenegar().methods.loadOptions.getTimeZones).toBe(getTimeZones);
	});

	test('Iran\'s time in a node added now; the workflow\'s zone in a node saved before, which may change it', () => {
		expect([1, 2, 3, 4].map((typeVersion) => resolved(typeVersion))).toEqual(['workflow', 'workflow', 'workflow', 'Asia/Tehran']);
		expect(resolved(3, { timeZone: 'Asia/Tehran' })).toBe('Asia/Tehran');
		expect(resolved(4, { timeZone: 'workflow' })).toBe('workflow');
	});

	test("the list: Iran's time, then the workflow's zone, then every zone once", async () => {
		const options = await getTimeZones.call(/** @type {any} */ ({}));
		expect(options.slice(0, 2)).toEqual([
			{ name: 'Asia/Tehran (Iran)', value: 'Asia/Tehran' },
			{ name: "The Workflow's Time Zone", value: 'workflow', description: "Workflow → Settings → Timezone, else n8n's own" },
		]);
		const values = options.map((option) => option.value);
		expect(values).toEqual(expect.arrayContaining(['America/New_York', 'Europe/Berlin', 'UTC']));
		expect(new Set(values).size).toBe(values.length);
	});
});
