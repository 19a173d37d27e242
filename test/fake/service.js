'use strict';
/**
 * What every operation of the fake shares: the service's return texts, its error (thrown by a
 * handler, written into the envelope by fake/envelope.js), the clock, and the shapes of its state.
 */

const DAY = 86_400;

/** @type {Record<number, string>} */
const MESSAGES_FA = {
	200: 'تایید شد',
	400: 'پارامترها ناقص هستند',
	403: 'کد شناسائی API-Key معتبر نمی‌باشد',
	404: 'متدی با این نام پیدا نشده است',
	405: 'متد Get/Post اشتباه است',
	407: 'دسترسی به اطلاعات مورد نظر برای شما امکان پذیر نیست',
	409: 'سرور قادر به پاسخگوئی نیست بعدا تلاش کنید',
	411: 'دریافت کننده نامعتبر است',
	412: 'ارسال کننده نامعتبر است',
	413: 'پیام خالی است و یا طول پیام بیش از حد مجاز می‌باشد',
	414: 'حجم درخواست بیشتر از حد مجاز است',
	417: 'تاریخ ارسال اشتباه است',
	418: 'اعتبار حساب شما کافی نیست',
	419: 'طول آرایه متن و گیرنده و فرستنده هم اندازه نیست',
	420: 'استفاده از لینک در متن پیام برای شما محدود شده است',
	424: 'الگوی مورد نظر پیدا نشد',
	428: 'ارسال کد از طریق تماس تلفنی امکان پذیر نیست',
	431: 'ساختار کد صحیح نمی‌باشد',
};

/** Status texts of sent messages, as the service writes them (Persian). */
/** @type {Record<number, string>} */
const STATUS_TEXT = {
	1: 'در صف ارسال',
	2: 'زمان بندی شده',
	4: 'ارسال شده به مخابرات',
	5: 'ارسال شده به مخابرات',
	6: 'خطا در ارسال پیام',
	10: 'رسیده به گیرنده',
	11: 'نرسیده به گیرنده',
	13: 'ارسال پیام از سمت کاربر لغو شده',
	14: 'بلاک شده است',
	100: 'شناسه پیامک نامعتبر است',
};

class ServiceError extends Error {
	/**
	 * @param {number} code
	 * @param {string} [message]
	 */
	constructor(code, message) {
		super(message ?? MESSAGES_FA[code] ?? `error ${code}`);
		this.code = code;
	}
}

/**
 * @param {number} code
 * @param {string} [message]
 * @returns {never}
 */
function fail(code, message) {
	throw new ServiceError(code, message);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * @typedef {{ messageid: number, message: string, status: number, statustext: string, sender: string, receptor: string, date: number, cost: number, localid?: string, tag?: string }} SentMessage
 * @typedef {{ messageid: number, message: string, sender: string, receptor: string, date: number, read: boolean }} InboxMessage
 * @typedef {{ id: number, name: string, smsmessage: string, callmessage: string, primarylinenumber: string, secondarylinenumber: string, sendpriority: string, switchttl: number | null, approvalstatus: string }} Template
 * @typedef {{ id: string, name: string, mime_type: string, extension: string, size: number, duration: number | null, resolution: string, status: number, status_desc: string, hash?: string }} Media
 * @typedef {{ kind: string, operation?: string, times?: number, skip?: number, after?: boolean, delayMs?: number, code?: number }} Fault
 * @typedef {{ name?: string, filename?: string, contentType?: string, data: Buffer }} Part
 * @typedef {{ method: string | undefined, operation: string, apiKey: string | undefined, contentType: string, query: Record<string, string>, body: Buffer, form: Record<string, string> | undefined, parts: Part[] | undefined, concurrent: number }} RequestRecord
 * @typedef {Record<string, string>} Params the request's parameters by wire name (a missing one reads undefined)
 * @typedef {{ sends?: boolean, methods: string[], params: string[], handle: (p: Params, record: RequestRecord) => any }} Operation
 * @typedef {Record<string, Operation>} Operations
 */

/** Most operations take either method (docs/kavenegar-api.md). */
const EITHER = ['GET', 'POST'];

module.exports = { DAY, MESSAGES_FA, STATUS_TEXT, ServiceError, fail, nowSeconds, EITHER };
