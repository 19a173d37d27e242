'use strict';
/**
 * A stateful fake of the Kavenegar REST API, written from ../shared/spec/service-api.md (the
 * contract) and beyond-spec.md. It is stricter than the real service where strictness finds bugs:
 * an unknown parameter name is refused (400), POST parameters are read only from a form body and
 * GET/DELETE parameters only from the query string, so a JSON body or a misplaced parameter shows up
 * as a missing parameter; `media/upload` reads only a multipart body, and checks the file's bytes as
 * the service would. It listens on 127.0.0.1 only.
 *
 *   const fake = await startFakeKavenegar({ apiKey: 'k' });  // fake.url, fake.requests, fake.close()
 *   node test/fakeKavenegar.js [--port N] [--api-key KEY]     // prints {"url","apiKey"} and serves
 *       [--approved-template NAME[=TEXT]] [--seed-inbox LINE:COUNT]   (seeding, see the end of this file)
 *
 * Besides the API (`/v1/KEY/…`), `GET /samples/logo.jpg` serves a small JPEG, a file to download
 * and upload again in workflows; it is not part of the service and is not recorded in `requests`.
 */
const crypto = require('node:crypto');
const http = require('node:http');
const { jpeg } = require('./mediaSamples');

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

// --- parameter readers: each one throws the service's own error code for a bad value ---

/** @param {unknown} value */
function list(value) {
	return String(value ?? '')
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean);
}

/**
 * @param {string | undefined} value
 * @param {number} [code]
 */
function unixTime(value, code = 417) {
	if (value === undefined || value === '') return undefined;
	if (!/^\d{10}$/.test(value)) fail(code, `${MESSAGES_FA[417]} (${value})`);
	return Number(value);
}

/**
 * @param {string} value
 * @param {string} name
 * @returns {unknown[]}
 */
function jsonArray(value, name) {
	let parsed;
	try {
		parsed = JSON.parse(value);
	} catch {
		fail(400, `${name} must be a JSON array`);
	}
	if (!Array.isArray(parsed)) fail(400, `${name} must be a JSON array`);
	return parsed;
}

const LONG_MAX = (1n << 63n) - 1n;

/** A local ID is a Long: digits that fit a signed 64-bit integer, compared as a number. */
/**
 * @param {unknown} value
 * @param {string} name
 */
function long(value, name) {
	const text = String(value).trim();
	if (!/^\d{1,19}$/.test(text) || BigInt(text) > LONG_MAX) fail(400, `${name} must be a Long (${value})`);
	return BigInt(text).toString();
}

/** Array<Long> read from its JSON text, so that an ID above 2^53 keeps every digit. */
/**
 * @param {string} value
 * @param {string} name
 */
function longArray(value, name) {
	if (!/^\s*\[\s*("?\d+"?\s*(,\s*"?\d+"?\s*)*)?\]\s*$/.test(value)) fail(400, `${name} must be a JSON array of Longs`);
	return [...value.matchAll(/\d+/g)].map((match) => long(match[0], name));
}

/** @param {string} value */
function phone(value) {
	if (!/^\+?\d{4,15}$/.test(value)) fail(411, `${MESSAGES_FA[411]} (${value})`);
	return value;
}

/** A numeric choice read from the wire, such as a template's send method. */
/**
 * @param {string} value
 * @param {number[]} allowed
 * @param {string} name
 */
function oneOf(value, allowed, name) {
	const number = Number(value);
	if (!/^\d+$/.test(String(value)) || !allowed.includes(number)) fail(400, `${name} must be one of ${allowed.join(', ')}`);
	return number;
}

/** An Integer parameter such as the display type: digits only, as the contract types it. */
/**
 * @param {string} value
 * @param {string} name
 */
function integer(value, name) {
	if (!/^\d+$/.test(String(value))) fail(400, `${name} must be an integer (${value})`);
	return Number(value);
}

/** Array<Integer> read from its JSON text: numbers, not strings of digits. */
/**
 * @param {string} value
 * @param {string} name
 */
function integerArray(value, name) {
	const parsed = /** @type {number[]} */ (jsonArray(value, name));
	if (!parsed.every((item) => Number.isInteger(item) && item >= 0)) fail(400, `${name} must be a JSON array of integers`);
	return parsed;
}

/**
 * @param {string} value
 * @param {string} name
 */
function guid(value, name) {
	if (!GUID.test(value)) fail(400, `${name} must be a media file id (GUID)`);
	return value;
}

/**
 * @param {string} value
 * @param {string} name
 */
function byte01(value, name) {
	if (value !== '0' && value !== '1') fail(400, `${name} must be 0 or 1`);
	return value;
}

/**
 * @param {string} value
 * @param {string} name
 */
function countingNumber(value, name) {
	if (!/^\d+$/.test(value) || Number(value) < 1) fail(400, `${name} must be a whole number from 1`);
	return Number(value);
}

/** The contract's template name rule (§4.3): English, no spaces, no `_`. */
const TEMPLATE_NAME = /^[!-^`-~]+$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MB = 1024 * 1024;
/** @type {Record<number, string>} */
const MEDIA_STATUS = { 0: 'در حال پردازش', 1: 'آماده', 2: 'خطا' };

/** Files outside the API, for workflows that download a file before uploading it (see start()). */
/** @type {Record<string, { contentType: string, data: Buffer }>} */
const SAMPLE_FILES = { '/samples/logo.jpg': { contentType: 'image/jpeg', data: jpeg(2048) } };

/**
 * The parts of a `multipart/form-data` body: [{ name, filename, contentType, data }], `data`
 * a view into the body (no copy). Empty when the body has no boundary or no parts.
 * @param {Buffer} raw
 * @param {string | undefined} contentTypeHeader
 */
function parseMultipart(raw, contentTypeHeader) {
	const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentTypeHeader ?? '');
	if (!boundary) return [];
	const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
	const parts = [];
	let start = raw.indexOf(delimiter);
	while (start !== -1) {
		const afterDelimiter = start + delimiter.length;
		if (raw.toString('latin1', afterDelimiter, afterDelimiter + 2) === '--') break;
		const next = raw.indexOf(delimiter, afterDelimiter);
		if (next === -1) break;
		// A part sits between the CRLF ending one delimiter line and the CRLF before the next delimiter.
		const part = raw.subarray(afterDelimiter + 2, next - 2);
		const headerEnd = part.indexOf('\r\n\r\n');
		if (headerEnd === -1) break;
		const headers = part.toString('utf8', 0, headerEnd);
		const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
		parts.push({
			name: /\bname="([^"]*)"/i.exec(disposition)?.[1],
			filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
			contentType: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1].trim(),
			data: part.subarray(headerEnd + 4),
		});
		start = next;
	}
	return parts;
}

/** What the service takes, recognised by the first bytes (service-api.md §8). */
/** @param {Buffer} data */
function mediaKind(data) {
	if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
		return { mimeType: 'image/jpeg', extension: 'jpg', maxBytes: 10 * MB, video: false };
	}
	if (/^GIF8[79]a$/.test(data.toString('latin1', 0, 6))) {
		return { mimeType: 'image/gif', extension: 'gif', maxBytes: 10 * MB, video: false };
	}
	if (data.toString('latin1', 4, 8) === 'ftyp' && data.toString('latin1', 8, 12) !== 'qt  ') {
		return { mimeType: 'video/mp4', extension: 'mp4', maxBytes: 20 * MB, video: true };
	}
	return undefined;
}

/** The ISO boxes [{ type, start, end }] laid out in data[from, to). */
/**
 * @param {Buffer} data
 * @param {number} from
 * @param {number} to
 */
function boxes(data, from, to) {
	const found = [];
	let offset = from;
	while (offset + 8 <= to) {
		let size = data.readUInt32BE(offset);
		let header = 8;
		if (size === 1) {
			size = Number(data.readBigUInt64BE(offset + 8));
			header = 16;
		} else if (size === 0) {
			size = to - offset;
		}
		if (size < header || offset + size > to) break;
		found.push({ type: data.toString('latin1', offset + 4, offset + 8), start: offset + header, end: offset + size });
		offset += size;
	}
	return found;
}

/** A video's length in seconds from its `moov/mvhd` box; undefined when the file has none. */
/** @param {Buffer} data */
function mp4DurationSeconds(data) {
	const moov = boxes(data, 0, data.length).find((box) => box.type === 'moov');
	const mvhd = moov && boxes(data, moov.start, moov.end).find((box) => box.type === 'mvhd');
	if (!mvhd) return undefined;
	const version = data[mvhd.start];
	// version 0: 4-byte creation and modification times and duration; version 1: 8-byte ones.
	const timescale = data.readUInt32BE(mvhd.start + (version === 1 ? 20 : 12));
	const duration = version === 1 ? Number(data.readBigUInt64BE(mvhd.start + 24)) : data.readUInt32BE(mvhd.start + 16);
	return timescale > 0 ? duration / timescale : undefined;
}

/**
 * @typedef {{ messageid: number, message: string, status: number, statustext: string, sender: string, receptor: string, date: number, cost: number, localid?: string, tag?: string }} SentMessage
 * @typedef {{ messageid: number, message: string, sender: string, receptor: string, date: number, read: boolean }} InboxMessage
 * @typedef {{ id: number, name: string, smsmessage: string, callmessage: string, primarylinenumber: string, secondarylinenumber: string, sendpriority: string, switchttl: number | null, approvalstatus: string }} Template
 * @typedef {{ id: string, name: string, mime_type: string, extension: string, size: number, duration: number | null, resolution: string, status: number, status_desc: string, hash?: string }} Media
 * @typedef {{ kind: string, operation?: string, times?: number, skip?: number, after?: boolean, delayMs?: number }} Fault
 * @typedef {{ name?: string, filename?: string, contentType?: string, data: Buffer }} Part
 * @typedef {{ method: string | undefined, operation: string, apiKey: string | undefined, contentType: string, query: Record<string, string>, body: Buffer, form: Record<string, string> | undefined, parts: Part[] | undefined }} RequestRecord
 * @typedef {Record<string, string>} Params the request's parameters by wire name (a missing one reads undefined)
 * @typedef {{ sends?: boolean, methods: string[], params: string[], handle: (p: Params, record: RequestRecord) => any }} Operation
 * @typedef {{ apiKey?: string, errorMode?: string, ipAccess?: boolean, outboxIpAccessCode?: number, inboxPageSize?: number, statusLocalIdCeiling?: number, defaultSender?: string, tags?: string[], credit?: number, lines?: string[], latencyMs?: number | ((req: import('node:http').IncomingMessage) => number), connectionLatencyMs?: number, port?: number }} FakeOptions
 */

class FakeKavenegar {
	/** @param {FakeOptions} [options] */
	constructor(options = {}) {
		/** @type {Set<NodeJS.Timeout> | undefined} answers held back by latency and the slow fault; close() clears them */
		this.timers = undefined;
		this.apiKey = options.apiKey ?? 'fake-api-key';
		/**
		 * 'status': errors come with a matching HTTP status; '200': errors come inside HTTP 200.
		 * @type {string}
		 */
		this.errorMode = options.errorMode ?? 'status';
		this.ipAccess = options.ipAccess ?? true;
		/**
		 * The code the outbox operations answer without IP access: the contract gives 407 for
		 * sms/select only, and the real service was seen answering 403 on selectoutbox and latestoutbox.
		 */
		this.outboxIpAccessCode = options.outboxIpAccessCode ?? 407;
		this.inboxPageSize = options.inboxPageSize ?? 200;
		this.statusLocalIdCeiling = options.statusLocalIdCeiling ?? 500;
		this.defaultSender = options.defaultSender ?? '10004346';
		this.definedTags = new Set(options.tags ?? ['crm', 'otp', 'news']);
		// Sends answer 418 once it is used up: enough for every load a test or script sends (test:queue
		// sends 10,000 messages to one fake); credit: 0 or --no-credit for an account without credit.
		this.credit = options.credit ?? 10_000_000_000;
		/** @type {RequestRecord[]} */
		this.requests = [];
		/** @type {Fault[]} */
		this.faults = [];
		/** @type {{ kinds: string[], every: number, remaining: number, seen: number, operation?: string, after: boolean } | undefined} */
		this.storm = undefined;
		/** @type {SentMessage[]} */
		this.outbox = [];
		/** @type {Map<string, SentMessage>} */
		this.localIds = new Map();
		/** @type {InboxMessage[]} */
		this.inbox = [];
		this.nextMessageId = 8_000_000_001;
		/** Verification templates by id, in the shape `verify/gettemplate` answers with (service-api.md 2.8). */
		/** @type {Map<number, Template>} */
		this.templates = new Map();
		this.nextTemplateId = 1001;
		/** Account lines; blocklists belong to one of them. */
		this.lines = new Set(options.lines ?? [this.defaultSender, '30004000']);
		/** Blocked numbers: `${linenumber} ${receptor}` → who blocked it ('api', 'operator' or 'system'). */
		/** @type {Map<string, string>} */
		this.blocked = new Map();
		/** Uploaded media files, oldest first, in the list row shape plus the content's hash. */
		/** @type {Media[]} */
		this.media = [];
		/** @type {Record<string, Operation>} */
		this.operations = this.defineOperations();
		/**
		 * A network's delay: every answer waits `latencyMs` (or what `latencyMs(req)` says), the first
		 * on a new connection `connectionLatencyMs` more (TCP and TLS set-up).
		 */
		/** @type {number | ((req: import('node:http').IncomingMessage) => number)} */
		this.latencyMs = options.latencyMs ?? 0;
		this.connectionLatencyMs = options.connectionLatencyMs ?? 0;
		/** Requests being answered right now, the most there were at once, and connections opened. */
		this.inFlight = 0;
		this.maxInFlight = 0;
		this.connections = 0;
		/** @type {import('node:http').Server | undefined} */
		this.server = undefined;
		/** @type {Set<import('node:net').Socket> | undefined} */
		this.sockets = undefined;
		/** @type {string | undefined} set by start() */
		this.url = undefined;
	}

	// --- control surface for tests ---

	/**
	 * Fails the next `times` requests (of `operation`, if given) in one of the ways networks fail;
	 * with `skip: n` the first n matching requests pass untouched (to fail the second chunk of a send).
	 */
	/** @param {Fault} fault */
	injectFault(fault) {
		this.faults.push({ times: 1, ...fault });
	}

	/**
	 * A burst of "busy" answers, as the service gives when called too often: of the next requests
	 * (of `operation`, if given), every `every`-th passes and the others get the next kind in
	 * `kinds` (busy409, busy451, tooMany429, or reset with `after` for a send taken then cut off),
	 * until `count` have failed.
	 * @param {{ kinds?: string[], every?: number, count?: number, operation?: string, after?: boolean }} storm
	 */
	busyStorm({ kinds = ['busy409', 'busy451'], every = 2, count = 10, operation, after = false }) {
		this.storm = { kinds, every, remaining: count, seen: 0, operation, after };
	}

	/**
	 * Adds received messages to the inbox: [{ sender, receptor, message, date?, read? }].
	 * @param {{ sender: string, receptor: string, message: string, date?: number, read?: boolean }[]} messages
	 */
	seedInbox(messages) {
		for (const message of messages) {
			this.inbox.push({
				messageid: this.nextMessageId++,
				message: message.message,
				sender: message.sender,
				receptor: message.receptor,
				date: message.date ?? nowSeconds(),
				read: message.read ?? false,
			});
		}
	}

	/**
	 * @param {number | string} messageid
	 * @param {number} status
	 */
	setMessageStatus(messageid, status) {
		const row = this.outbox.find((message) => message.messageid === Number(messageid));
		if (!row) throw new Error(`no message ${messageid}`);
		row.status = status;
		row.statustext = STATUS_TEXT[status];
	}

	/**
	 * Adds a template that is already approved, so lookups can use it at once; `callText` is the
	 * voice-call text (the SMS text when not given). Returns the stored template.
	 * @param {string} name
	 * @param {string} text
	 * @param {{ callText?: string }} [options]
	 */
	addApprovedTemplate(name, text, { callText } = {}) {
		const template = {
			id: this.nextTemplateId++,
			name,
			smsmessage: text,
			callmessage: callText ?? text,
			primarylinenumber: '',
			secondarylinenumber: '',
			sendpriority: 'SMS',
			switchttl: null,
			approvalstatus: 'Approved',
		};
		this.templates.set(template.id, template);
		return template;
	}

	/** @param {string} name */
	templateNamed(name) {
		return [...this.templates.values()].find((template) => template.name === name);
	}

	/** What the service's reviewers do: makes a template usable with the verification lookup. */
	/** @param {number | string} id */
	approveTemplate(id) {
		const template = this.templates.get(Number(id));
		if (!template) throw new Error(`no template ${id}`);
		template.approvalstatus = 'Approved';
	}

	/** Blocks a number on a line; `by` 'operator' or 'system' makes a block the API cannot remove. */
	/**
	 * @param {string} linenumber
	 * @param {string} receptor
	 */
	blockNumber(linenumber, receptor, by = 'api') {
		this.blocked.set(`${linenumber} ${receptor}`, by);
	}

	/**
	 * @param {string} linenumber
	 * @param {string} receptor
	 */
	isBlocked(linenumber, receptor) {
		return this.blocked.has(`${linenumber} ${receptor}`);
	}

	/** Adds `count` ready images to the media list, as if uploaded earlier; returns their rows. */
	/** @param {number} count */
	seedMedia(count) {
		return Array.from({ length: count }, (_, i) =>
			this.storeMedia({ name: `photo-${this.media.length + 1}.jpg`, mime_type: 'image/jpeg', extension: 'jpg', size: 1000 + i, duration: null, status: 1 }),
		);
	}

	/** How many times the service really delivered a message to each number. */
	/** @param {string} receptor */
	deliveriesTo(receptor) {
		return this.outbox.filter((message) => message.receptor === receptor).length;
	}

	// --- the service ---

	/** A stored message as the contract's sent-message row (§2.2): its local ID and tag are kept for lookups only. */
	/** @param {SentMessage} message */
	sentRow(message) {
		const { localid, tag, ...row } = message;
		return row;
	}

	/** @param {{ receptor: string, message: string, sender?: string, date?: number, localid?: string, tag?: string }} send */
	recordSend({ receptor, message, sender, date, localid, tag }) {
		if (localid !== undefined && this.localIds.has(localid)) {
			// The service's duplicate guard: the same local ID answers with the first send's row.
			return this.sentRow(/** @type {SentMessage} */ (this.localIds.get(localid)));
		}
		const parts = Math.max(1, Math.ceil(message.length / (/[\u0080-\uffff]/.test(message) ? 70 : 160)));
		const row = {
			messageid: this.nextMessageId++,
			message,
			status: 1,
			statustext: STATUS_TEXT[1],
			sender: sender || this.defaultSender,
			receptor,
			date: date ?? nowSeconds(),
			cost: 120 * parts,
			localid,
			tag,
		};
		this.credit -= row.cost;
		this.outbox.push(row);
		if (localid !== undefined) this.localIds.set(localid, row);
		return this.sentRow(row);
	}

	/** @param {string | undefined} tag */
	checkTag(tag) {
		if (tag === undefined) return;
		if (!/^[A-Za-z0-9_-]{1,200}$/.test(tag) || !this.definedTags.has(tag)) fail(400, `tag "${tag}" is not defined`);
	}

	/**
	 * @param {string | undefined} value
	 * @param {number} [max]
	 */
	messageIds(value, max) {
		const ids = list(value);
		if (ids.length === 0) fail(400);
		if (ids.some((id) => !/^\d+$/.test(id))) fail(400, 'messageid must be numeric');
		if (max !== undefined && ids.length > max) fail(414);
		return ids.map(Number);
	}

	/** The row `sms/status` and `sms/cancel` answer with; an unknown id gets status 100. */
	/** @param {number} messageid */
	statusRow(messageid) {
		const message = this.outbox.find((m) => m.messageid === messageid);
		return message
			? { messageid, status: message.status, statustext: message.statustext }
			: { messageid, status: 100, statustext: STATUS_TEXT[100] };
	}

	requireIpAccess(code = 407) {
		if (!this.ipAccess) fail(code, code === 407 ? undefined : 'دسترسی IP برای این متد مجاز نیست');
	}

	/** @param {string | undefined} id */
	templateById(id) {
		if (id === undefined || !/^\d+$/.test(id)) fail(400, 'id must be a numeric template id');
		return this.templates.get(Number(id)) ?? fail(424);
	}

	/** @param {string | undefined} name */
	newTemplateName(name) {
		if (!name) fail(400);
		if (!TEMPLATE_NAME.test(name)) fail(400, 'template name: English, no spaces, no _');
		if (this.templateNamed(name)) fail(400, `template ${name} already exists`);
		return name;
	}

	/** The line and numbers of a blocklist request, checked against the operation's ceiling. */
	/**
	 * @param {Params} p
	 * @param {number} max
	 * @param {number} tooManyCode
	 */
	blocklistRequest(p, max, tooManyCode) {
		if (!p.linenumber || !p.receptor) fail(400);
		if (!this.lines.has(p.linenumber)) fail(412);
		const receptors = list(p.receptor).map(phone);
		if (receptors.length > max) fail(tooManyCode);
		return receptors;
	}

	/** @param {{ name: string, mime_type: string, extension: string, size: number, duration: number | null, status?: number, hash?: string }} media */
	storeMedia({ name, mime_type, extension, size, duration, status = 0, hash }) {
		const media = { id: crypto.randomUUID(), name, mime_type, extension, size, duration, resolution: '', status, status_desc: MEDIA_STATUS[status], hash };
		this.media.push(media);
		return this.mediaRow(media);
	}

	/** @param {Media} media */
	mediaRow(media) {
		const { hash, ...row } = media;
		return row;
	}

	/** @returns {Record<string, Operation>} */
	defineOperations() {
		const either = ['GET', 'POST'];
		const sendParams = ['receptor', 'message', 'sender', 'date', 'type', 'localid', 'hide', 'tag', 'policy', 'mediaid'];
		/** One message to a comma list of numbers (sms/send, call/maketts): at most 200, local IDs beside them. */
		const recipientList = (/** @type {Params} */ p) => {
			if (!p.receptor) fail(400);
			if (!p.message) fail(413);
			const receptors = list(p.receptor).map(phone);
			if (receptors.length > 200) fail(414);
			const localids = p.localid === undefined ? undefined : list(p.localid).map((id) => long(id, 'localid'));
			if (localids && localids.length !== receptors.length) fail(400, 'localid count must equal receptor count');
			return { receptors, localids };
		};
		return {
			'sms/send': {
				sends: true,
				methods: either,
				params: sendParams,
				handle: (p) => {
					const { receptors, localids } = recipientList(p);
					if (p.tag !== undefined && p.tag.length > 200) fail(400, 'tag too long');
					this.checkTag(p.tag);
					if (p.hide !== undefined) byte01(p.hide, 'hide');
					if (p.type !== undefined) integer(p.type, 'type');
					if (p.mediaid !== undefined) guid(p.mediaid, 'mediaid');
					const date = unixTime(p.date);
					return receptors.map((receptor, i) =>
						this.recordSend({ receptor, message: p.message, sender: p.sender, date, localid: localids?.[i], tag: p.tag }),
					);
				},
			},
			// Text to speech: one message read out to each number (beyond-spec.md). Its rows are sent-message
			// rows like an SMS send's, so they share the outbox, the message IDs and the local-ID guard.
			'call/maketts': {
				sends: true,
				methods: either,
				params: ['receptor', 'message', 'date', 'localid'],
				handle: (p) => {
					const { receptors, localids } = recipientList(p);
					const date = unixTime(p.date);
					return receptors.map((receptor, i) => this.recordSend({ receptor, message: p.message, date, localid: localids?.[i] }));
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
					this.checkTag(p.tag);
					const date = unixTime(p.date);
					return receptors.map((receptor, i) =>
						this.recordSend({ receptor, message: messages[i], sender: senders[i], date, localid: localids?.[i], tag: p.tag }),
					);
				},
			},
			'sms/inboxpaged': {
				methods: either,
				params: ['linenumber', 'isread', 'startdate', 'enddate', 'pagenumber'],
				handle: (p) => {
					if (!p.linenumber || (p.isread !== '0' && p.isread !== '1')) fail(400);
					const now = nowSeconds();
					let start = unixTime(p.startdate);
					let end = unixTime(p.enddate);
					if (start === undefined && end === undefined) [start, end] = [now - 2 * DAY, now];
					start ??= /** @type {number} */ (end) - 2 * DAY;
					end ??= Math.min(now, start + 2 * DAY);
					if (end < start || end - start > 2 * DAY) fail(417);
					const page = p.pagenumber === undefined ? 1 : Number(p.pagenumber);
					if (!Number.isInteger(page) || page < 1) fail(400);
					const rows = this.inbox.filter(
						(m) => m.receptor === p.linenumber && m.read === (p.isread === '1') && m.date >= start && m.date <= end,
					);
					const size = this.inboxPageSize;
					const entries = rows.slice((page - 1) * size, page * size).map(({ read, ...row }) => row);
					return {
						entries,
						metadata: { totalcount: rows.length, currentpage: page, totalpages: Math.ceil(rows.length / size), pagesize: size },
					};
				},
			},
			'sms/countinbox': {
				methods: either,
				params: ['startdate', 'enddate', 'linenumber', 'isread'],
				handle: (p) => {
					const now = nowSeconds();
					const start = unixTime(p.startdate);
					if (start === undefined) fail(400);
					if (start < now - 60 * DAY) fail(417);
					const end = unixTime(p.enddate) ?? Math.min(now, start + DAY);
					if (end < start || end - start > DAY) fail(417);
					const sumcount = this.inbox.filter(
						(m) =>
							m.date >= start &&
							m.date <= end &&
							(p.linenumber === undefined || m.receptor === p.linenumber) &&
							(p.isread === undefined || m.read === (p.isread === '1')),
					).length;
					return [{ startdate: start, enddate: end, sumcount }];
				},
			},
			'sms/selectoutbox': {
				methods: either,
				params: ['startdate', 'enddate', 'sender'],
				handle: (p) => {
					this.requireIpAccess(this.outboxIpAccessCode);
					const now = nowSeconds();
					const start = unixTime(p.startdate);
					if (start === undefined) fail(400);
					if (start < now - 3 * DAY) fail(417);
					const end = unixTime(p.enddate) ?? now;
					if (end < start || end - start > DAY) fail(417);
					return this.outbox
						.filter((m) => m.date >= start && m.date <= end && (p.sender === undefined || m.sender === p.sender))
						.slice(0, 500)
						.map((m) => this.sentRow(m));
				},
			},
			'sms/select': {
				methods: either,
				params: ['messageid'],
				handle: (p) => {
					this.requireIpAccess();
					const ids = list(p.messageid);
					if (ids.length === 0) fail(400);
					if (ids.length > 500) fail(414);
					return ids.flatMap((id) => this.outbox.filter((m) => String(m.messageid) === id).map((m) => this.sentRow(m)));
				},
			},
			'sms/latestoutbox': {
				methods: either,
				params: ['pagesize', 'sender'],
				handle: (p) => {
					this.requireIpAccess(this.outboxIpAccessCode);
					const size = p.pagesize === undefined ? 500 : Number(p.pagesize);
					if (!Number.isInteger(size) || size < 1 || size > 500) fail(400);
					return this.outbox
						.filter((m) => p.sender === undefined || m.sender === p.sender)
						.slice()
						.reverse()
						.slice(0, size)
						.map((m) => this.sentRow(m));
				},
			},
			'sms/statuslocalmessageid': {
				methods: either,
				params: ['localid'],
				handle: (p) => {
					const ids = list(p.localid);
					if (ids.length === 0) fail(400);
					if (ids.some((id) => !/^\d+$/.test(id))) fail(400, 'localid must be numeric');
					if (ids.length > this.statusLocalIdCeiling) fail(414);
					const since = nowSeconds() - 12 * 3600;
					return ids.map((localid) => {
						const m = this.localIds.get(localid);
						return m && m.date >= since
							? { messageid: m.messageid, localid: Number(localid), status: m.status, statustext: m.statustext }
							: { messageid: 0, localid: Number(localid), status: 100, statustext: STATUS_TEXT[100] };
					});
				},
			},
			'sms/statusbyreceptor': {
				methods: either,
				params: ['receptor', 'startdate', 'enddate'],
				handle: (p) => {
					if (!p.receptor) fail(400);
					phone(p.receptor);
					const start = unixTime(p.startdate);
					if (start === undefined) fail(400);
					const end = unixTime(p.enddate) ?? start + DAY;
					if (end < start || end - start > DAY) fail(417);
					return this.outbox
						.filter((m) => m.receptor === p.receptor && m.date >= start && m.date <= end)
						.map((m) => ({ receptor: m.receptor, messageid: m.messageid, status: m.status, statustext: m.statustext }));
				},
			},
			'verify/lookup': {
				sends: true,
				methods: either,
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
					this.checkTag(p.tag);
					const template = this.templateNamed(p.template);
					if (!template || template.approvalstatus !== 'Approved') fail(424);
					const text = (type === 'call' ? template.callmessage : template.smsmessage).replace(
						/%token(10|20|2|3)?/g,
						(_, n) => p[`token${n ?? ''}`] ?? '',
					);
					const sender = template.primarylinenumber || undefined;
					return [this.recordSend({ receptor: receptors[0], message: text, sender, tag: p.tag })];
				},
			},
			'sms/status': {
				methods: either,
				params: ['messageid'],
				handle: (p) => this.messageIds(p.messageid, 500).map((id) => this.statusRow(id)),
			},
			'sms/cancel': {
				methods: either,
				params: ['messageid'],
				handle: (p) =>
					this.messageIds(p.messageid).map((id) => {
						const message = this.outbox.find((m) => m.messageid === id);
						// Only what has not left the queue can be cancelled; the cost goes back to the account.
						if (message && (message.status === 1 || message.status === 2)) {
							message.status = 13;
							message.statustext = STATUS_TEXT[13];
							this.credit += message.cost;
						}
						return this.statusRow(id);
					}),
			},
			'account/info': {
				methods: either,
				params: [],
				handle: () => ({ remaincredit: this.credit, expiredate: nowSeconds() + 365 * DAY, type: 'master' }),
			},
			'verify/addtemplate': {
				methods: either,
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
					const name = this.newTemplateName(p.name);
					if (p.sourceType === undefined || p.sendMethod === undefined) fail(400);
					const sourcetype = oneOf(p.sourceType, [0, 1], 'sourceType');
					const sendmethod = oneOf(p.sendMethod, [1, 2], 'sendMethod');
					const fallbackmethod = p.fallBackMethod === undefined ? 3 : oneOf(p.fallBackMethod, [0, 1, 2, 3], 'fallBackMethod');
					if ([sendmethod, fallbackmethod].includes(1) && !p.textMessage) fail(400, 'textMessage is required for text message');
					if ([sendmethod, fallbackmethod].includes(2) && !p.voiceMessage) fail(400, 'voiceMessage is required for call');
					if ([p.textMessage, p.voiceMessage].some((text) => text && !text.includes('%token'))) fail(432);
					const switchttl = p.switchTTL === undefined ? null : oneOf(p.switchTTL, [1, 2, 3, 4, 5], 'switchTTL');
					const template = {
						id: this.nextTemplateId++,
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
					this.templates.set(template.id, template);
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
					const t = this.templateById(p.id);
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
				methods: either,
				params: ['newTemplateName', 'sourceTemplateId', 'sourceTemplateName'],
				handle: (p) => {
					const name = this.newTemplateName(p.newTemplateName);
					// The contract: when both are sent, the id wins.
					const source =
						p.sourceTemplateId !== undefined
							? this.templateById(p.sourceTemplateId)
							: p.sourceTemplateName !== undefined
								? this.templateNamed(p.sourceTemplateName) ?? fail(424)
								: fail(400);
					const clone = { ...source, id: this.nextTemplateId++, name, approvalstatus: 'PendingReview' };
					this.templates.set(clone.id, clone);
					return { id: clone.id, name };
				},
			},
			'verify/deletetemplate': {
				methods: either,
				params: ['id'],
				handle: (p) => {
					this.templates.delete(this.templateById(p.id).id);
				},
			},
			'line/blocked/add': {
				methods: ['POST'],
				params: ['linenumber', 'receptor'],
				handle: (p) =>
					this.blocklistRequest(p, 200, 414).map((receptor) => {
						const status = this.isBlocked(p.linenumber, receptor) ? 'AlreadyExists' : 'Active';
						if (status === 'Active') this.blockNumber(p.linenumber, receptor);
						return { linenumber: p.linenumber, receptor, status };
					}),
			},
			'line/blocked/exists': {
				methods: ['GET'],
				params: ['linenumber', 'receptor'],
				handle: (p) =>
					this.blocklistRequest(p, 200, 414).map((receptor) => ({
						linenumber: p.linenumber,
						receptor,
						status: this.isBlocked(p.linenumber, receptor) ? 'Active' : 'NotExists',
					})),
			},
			'line/blocked/remove': {
				methods: ['DELETE'],
				params: ['linenumber', 'receptor'],
				handle: (p) => {
					const receptors = this.blocklistRequest(p, 50, 412);
					const kept = receptors.filter((r) => ['operator', 'system'].includes(this.blocked.get(`${p.linenumber} ${r}`) ?? ''));
					const removed = receptors.filter((r) => this.blocked.get(`${p.linenumber} ${r}`) === 'api');
					for (const receptor of removed) this.blocked.delete(`${p.linenumber} ${receptor}`);
					const message = `${removed.length} of ${receptors.length} removed` + (kept.length ? `; blocked by an operator or the system, not removed: ${kept.join(',')}` : '');
					return { message };
				},
			},
			'media/upload': {
				methods: ['POST'],
				// Named so that a form-encoded `File` reaches the handler and gets the service's 800.
				params: ['File'],
				handle: (_p, record) => {
					const parts = record.parts ?? [];
					const unknown = parts.map((part) => part.name).filter((name) => name !== 'File');
					if (unknown.length) fail(400, `unknown parameter: ${unknown.join(', ')}`);
					const file = parts.find((part) => part.filename !== undefined);
					if (!file || file.data.length === 0) fail(800);
					const kind = mediaKind(file.data);
					if (!kind || file.contentType !== kind.mimeType) fail(801);
					if (file.data.length > kind.maxBytes) fail(802);
					const duration = kind.video ? mp4DurationSeconds(file.data) : null;
					if (duration === undefined) fail(801);
					if (duration !== null && duration > 60) fail(804);
					const hash = crypto.createHash('sha256').update(file.data).digest('hex');
					if (this.media.some((media) => media.hash === hash)) fail(807);
					const row = this.storeMedia({
						name: /** @type {string} */ (file.filename),
						mime_type: kind.mimeType,
						extension: kind.extension,
						size: file.data.length,
						duration: duration === null ? null : Math.round(duration),
						hash,
					});
					return { ...row, review: { status: null, status_desc: null, reason: null, reason_desc: null } };
				},
			},
			'media/list': {
				methods: ['GET'],
				params: ['page', 'size'],
				handle: (p) => {
					const page = p.page === undefined ? 1 : countingNumber(p.page, 'page');
					const size = p.size === undefined ? 50 : countingNumber(p.size, 'size');
					const list = this.media.slice((page - 1) * size, page * size).map((media) => this.mediaRow(media));
					return { page, size, total: this.media.length, list };
				},
			},
			'media/delete': {
				methods: ['DELETE'],
				params: ['id'],
				handle: (p) => {
					if (!p.id || !GUID.test(p.id)) fail(400, 'id must be a media file id (GUID)');
					const index = this.media.findIndex((media) => media.id === p.id);
					if (index >= 0) this.media.splice(index, 1);
					return { id: p.id, deleted: index >= 0 };
				},
			},
		};
	}

	// --- HTTP ---

	async start(port = 0) {
		const server = http.createServer((req, res) => {
			/** @type {Buffer[]} */
			const chunks = [];
			req.on('data', (chunk) => chunks.push(chunk));
			this.inFlight++;
			this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
			res.on('close', () => this.inFlight--);
			const latency = typeof this.latencyMs === 'function' ? this.latencyMs(req) : this.latencyMs;
			const socket = /** @type {import('node:net').Socket & { answered?: boolean }} */ (req.socket);
			const delay = latency + (socket.answered ? 0 : this.connectionLatencyMs);
			socket.answered = true;
			req.on('end', () => (delay > 0 ? this.later(delay, () => this.answer(req, res, chunks)) : this.answer(req, res, chunks)));
		});
		this.server = server;
		const sockets = new Set();
		this.sockets = sockets;
		server.on('connection', (socket) => {
			this.connections++;
			sockets.add(socket);
			socket.on('close', () => sockets.delete(socket));
		});
		await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
		this.url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
		return this;
	}

	/**
	 * @param {number} delayMs
	 * @param {() => void} answer
	 */
	later(delayMs, answer) {
		const timers = (this.timers ??= new Set());
		const timer = setTimeout(() => {
			timers.delete(timer);
			answer();
		}, delayMs);
		timers.add(timer);
	}

	/**
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 * @param {Buffer[]} chunks
	 */
	answer(req, res, chunks) {
		const pathname = new URL(req.url ?? '/', 'http://fake').pathname;
		if (pathname.startsWith('/_fake/')) return this.control(req, res, pathname, Buffer.concat(chunks));
		const sample = req.method === 'GET' ? SAMPLE_FILES[pathname] : undefined;
		if (!sample) return this.handle(req, res, Buffer.concat(chunks));
		res.writeHead(200, { 'Content-Type': sample.contentType, 'Content-Length': sample.data.length });
		res.end(sample.data);
	}

	async close() {
		for (const socket of this.sockets ?? []) socket.destroy();
		for (const timer of this.timers ?? []) clearTimeout(timer);
		const server = this.server;
		if (server) await new Promise((resolve) => server.close(resolve));
	}

	/**
	 * What a script that runs the fake as another process reads and seeds while it runs; outside
	 * the API and not recorded in `requests`:
	 *   GET  /_fake/outbox   every message the service took: { outbox: [{ messageid, receptor, message,
	 *                        localid, date }], requests: { operation: count }, faultsLeft }
	 *   POST /_fake/inbox    JSON [{ sender, receptor, message }]: received now; answers their rows
	 */
	/**
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 * @param {string} pathname
	 * @param {Buffer} rawBody
	 */
	control(req, res, pathname, rawBody) {
		const reply = (/** @type {number} */ status, /** @type {unknown} */ body) => {
			res.writeHead(status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		if (req.method === 'GET' && pathname === '/_fake/outbox') {
			/** @type {Record<string, number>} */
			const requests = {};
			for (const record of this.requests) requests[record.operation] = (requests[record.operation] ?? 0) + 1;
			const outbox = this.outbox.map(({ messageid, receptor, message, localid, date }) => ({ messageid, receptor, message, localid, date }));
			return reply(200, { outbox, requests, faultsLeft: this.faults.length });
		}
		if (req.method === 'POST' && pathname === '/_fake/inbox') {
			let messages;
			try {
				messages = JSON.parse(rawBody.toString('utf8'));
			} catch {
				return reply(400, { error: 'body must be JSON' });
			}
			if (!Array.isArray(messages) || !messages.every((/** @type {any} */ m) => m && typeof m.sender === 'string' && typeof m.receptor === 'string' && typeof m.message === 'string')) {
				return reply(400, { error: 'body must be [{ sender, receptor, message }]' });
			}
			const from = this.inbox.length;
			this.seedInbox(messages);
			return reply(200, this.inbox.slice(from));
		}
		return reply(404, { error: `no control route ${req.method} ${pathname}` });
	}

	/**
	 * @param {string} operation
	 * @returns {Fault | undefined}
	 */
	takeFault(operation) {
		const storm = this.storm;
		if (storm && storm.remaining > 0 && (storm.operation === undefined || storm.operation === operation)) {
			storm.seen++;
			if (storm.seen % storm.every !== 0) {
				storm.remaining--;
				return { kind: storm.kinds[storm.remaining % storm.kinds.length], after: storm.after };
			}
		}
		const index = this.faults.findIndex((f) => f.operation === undefined || f.operation === operation);
		if (index < 0) return undefined;
		const fault = this.faults[index];
		if (fault.skip !== undefined && fault.skip > 0) {
			fault.skip--;
			return undefined;
		}
		fault.times = (fault.times ?? 1) - 1;
		if (fault.times <= 0) this.faults.splice(index, 1);
		return fault;
	}

	/**
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 * @param {Buffer} rawBody
	 */
	handle(req, res, rawBody) {
		const url = new URL(req.url ?? '/', 'http://fake');
		const match = /^\/v1\/([^/]*)\/(.+)\.json$/.exec(url.pathname);
		const contentType = String(req.headers['content-type'] ?? '').split(';')[0].trim();
		/** @type {RequestRecord} */
		const record = {
			method: req.method,
			operation: match ? match[2] : url.pathname,
			apiKey: match ? decodeURIComponent(match[1]) : undefined,
			contentType,
			query: Object.fromEntries(url.searchParams),
			body: rawBody,
			form: contentType === 'application/x-www-form-urlencoded' ? Object.fromEntries(new URLSearchParams(rawBody.toString())) : undefined,
			parts: contentType === 'multipart/form-data' ? parseMultipart(rawBody, req.headers['content-type']) : undefined,
		};
		this.requests.push(record);
		const fault = this.takeFault(record.operation);
		// A slow answer is a processed request whose answer comes late.
		if (fault && !fault.after && fault.kind !== 'slow') {
			this.applyFault(fault, res);
			return;
		}

		let status = 200;
		let body;
		try {
			if (!match) fail(404);
			if (record.apiKey !== this.apiKey) fail(403);
			const operation = this.operations[record.operation];
			if (!operation) fail(404);
			if (!operation.methods.includes(req.method ?? '')) fail(405);
			// An account without credit sends nothing (418); the last send may take it below zero.
			if (operation.sends && this.credit <= 0) fail(418);
			const params = req.method === 'POST' ? record.form ?? {} : record.query;
			const unknown = Object.keys(params).filter((name) => !operation.params.includes(name));
			if (unknown.length) fail(400, `unknown parameter: ${unknown.join(', ')}`);
			const result = /** @type {object | undefined} */ (operation.handle(params, record));
			body = /** @type {any} */ ({ return: { status: 200, message: MESSAGES_FA[200] } });
			if (result && !Array.isArray(result) && 'metadata' in result && 'entries' in result) Object.assign(body, result);
			else if (result !== undefined) body.entries = result;
		} catch (error) {
			if (!(error instanceof ServiceError)) throw error;
			body = { return: { status: error.code, message: error.message }, entries: null };
			status = this.errorMode === 'status' ? (error.code < 600 ? error.code : 400) : 200;
		}
		if (fault) {
			this.applyFault(fault, res, status, body);
			return;
		}
		res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
		res.end(JSON.stringify(body));
	}

	/**
	 * Network failures; with `after: true` the request was processed before the answer failed.
	 * @param {Fault} fault
	 * @param {import('node:http').ServerResponse} res
	 * @param {number} [status]
	 * @param {unknown} [body]
	 */
	applyFault(fault, res, status = 200, body = {}) {
		switch (fault.kind) {
			case 'reset':
				return res.socket?.destroy();
			case 'html502':
				res.writeHead(502, { 'Content-Type': 'text/html' });
				return res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
			case 'text500':
				res.writeHead(500, { 'Content-Type': 'text/plain' });
				return res.end('Internal Server Error');
			case 'truncated':
				res.writeHead(200, { 'Content-Type': 'application/json' });
				return res.end(JSON.stringify(body).slice(0, 25));
			case 'busy409':
			case 'busy451': {
				const code = fault.kind === 'busy409' ? 409 : 451;
				res.writeHead(this.errorMode === 'status' ? code : 200, { 'Content-Type': 'application/json' });
				return res.end(JSON.stringify({ return: { status: code, message: MESSAGES_FA[code] ?? 'Too many calls' }, entries: null }));
			}
			case 'tooMany429':
				res.writeHead(429, { 'Content-Type': 'text/plain' });
				return res.end('Too Many Requests');
			case 'slow': {
				const timers = (this.timers ??= new Set());
				const timer = setTimeout(() => {
					timers.delete(timer);
					if (res.destroyed) return;
					res.writeHead(status, { 'Content-Type': 'application/json' });
					res.end(JSON.stringify(body));
				}, fault.delayMs ?? 2000);
				return timers.add(timer);
			}
			default:
				throw new Error(`unknown fault ${fault.kind}`);
		}
	}
}

/** @param {FakeOptions} [options] */
async function startFakeKavenegar(options = {}) {
	return new FakeKavenegar(options).start(options.port);
}

module.exports = { FakeKavenegar, startFakeKavenegar, STATUS_TEXT, MESSAGES_FA };

/**
 * Seeding from the command line, for a fake that serves another process (scripts/e2e.js passes an
 * example's `fakeArgs`). Both options can be repeated.
 *
 *   --approved-template NAME[=TEXT]   an approved verification template; TEXT (the SMS and voice text)
 *                                     defaults to 'Your verification code: %token'
 *   --seed-inbox LINE:COUNT           COUNT unread messages received on LINE, one a second, the last
 *                                     one now: message i (1…COUNT) is 'Message i of COUNT', from
 *                                     0912 followed by i in 7 digits
 *   --fault KIND[,key=value…]         a fault as injectFault takes it, e.g.
 *                                     'reset,operation=sms/send,skip=40,times=2,after=1': the 41st and
 *                                     42nd sends are processed and their connections reset; keys
 *                                     operation, skip, times, after (1: processed first), delayMs
 */
/**
 * @param {FakeKavenegar} fake
 * @param {string[]} argv
 */
function seedFromArgs(fake, argv) {
	const values = (/** @type {string} */ name) => argv.flatMap((value, index) => (argv[index - 1] === name ? [value] : []));
	for (const value of values('--approved-template')) {
		const [, name, text = 'Your verification code: %token'] = /^([^=]+)(?:=(.*))?$/s.exec(value) ?? [];
		if (!name || !TEMPLATE_NAME.test(name)) throw new Error(`--approved-template ${value}: NAME is English letters and digits`);
		fake.addApprovedTemplate(name, text);
	}
	for (const value of values('--fault')) fake.injectFault(faultFromArg(value));
	for (const value of values('--seed-inbox')) {
		const [, line, count] = /^(\d+):(\d+)$/.exec(value) ?? [];
		if (!line || Number(count) < 1) throw new Error(`--seed-inbox ${value}: expected LINE:COUNT, e.g. 10004346:250`);
		const now = nowSeconds();
		fake.seedInbox(
			Array.from({ length: Number(count) }, (_, index) => ({
				sender: `0912${String(index + 1).padStart(7, '0')}`,
				receptor: line,
				message: `Message ${index + 1} of ${count}`,
				date: now - (Number(count) - 1 - index),
			})),
		);
	}
}

const FAULT_KINDS = ['reset', 'html502', 'text500', 'truncated', 'busy409', 'slow'];

/**
 * @param {string} value
 * @returns {Fault}
 */
function faultFromArg(value) {
	const [kind, ...pairs] = value.split(',');
	if (!FAULT_KINDS.includes(kind)) throw new Error(`--fault ${value}: KIND is one of ${FAULT_KINDS.join(', ')}`);
	/** @type {Fault} */
	const fault = { kind };
	for (const pair of pairs) {
		const [, key, setting] = /^(operation|skip|times|after|delayMs)=(.+)$/.exec(pair) ?? [];
		if (!key) throw new Error(`--fault ${value}: "${pair}" is not operation=…, skip=N, times=N, after=0|1 or delayMs=N`);
		if (key === 'operation') fault.operation = setting;
		else if (!/^\d+$/.test(setting)) throw new Error(`--fault ${value}: ${key} must be a whole number`);
		else if (key === 'after') fault.after = setting === '1';
		else fault[/** @type {'skip' | 'times' | 'delayMs'} */ (key)] = Number(setting);
	}
	return fault;
}

if (require.main === module) {
	const arg = (/** @type {string} */ name) => {
		// The last one wins, so that `npm run fake -- --port N` overrides the script's port.
		const index = process.argv.lastIndexOf(name);
		return index > 0 ? process.argv[index + 1] : undefined;
	};
	const fake = new FakeKavenegar({ apiKey: arg('--api-key') });
	try {
		accountFromArgs(fake, process.argv.slice(2));
		seedFromArgs(fake, process.argv.slice(2));
	} catch (error) {
		process.stderr.write(`${error.message}\n`);
		process.exit(2);
	}
	fake.start(Number(arg('--port') ?? 0)).then(() => {
		process.stdout.write(JSON.stringify({ url: fake.url, apiKey: fake.apiKey }) + '\n');
		// For a person: what to put in n8n's Kavenegar API credential. On stderr, so that stdout stays one JSON line.
		process.stderr.write(
			`Fake Kavenegar on ${fake.url} (errors ${fake.errorMode === '200' ? 'inside HTTP 200' : 'with a matching HTTP status'}${fake.ipAccess ? '' : ', no IP access'}${fake.credit <= 0 ? ', no credit' : ''}${fake.faults.length ? `, ${fake.faults.length} fault(s) queued` : ''}).\n` +
				`In n8n, a Kavenegar API credential with API Key ${fake.apiKey} and Base URL ${fake.url} talks to it. Ctrl+C stops it.\n`,
		);
		const stop = () => fake.close().then(() => process.exit(0));
		process.on('SIGTERM', stop);
		process.on('SIGINT', stop);
	});
}

/**
 * The account's state and messages for a person trying the node in the n8n editor (`npm run fake`):
 *   --error-mode status|200           service errors with a matching HTTP status (default), or inside HTTP 200
 *   --no-ip-access                    the outbox operations answer 407, as without IP access
 *   --no-credit                       no credit: every send answers 418
 *   --seed-message LINE:SENDER:TEXT   one unread message TEXT from SENDER, received on LINE now (repeatable)
 */
/**
 * @param {FakeKavenegar} fake
 * @param {string[]} argv
 */
function accountFromArgs(fake, argv) {
	const errorMode = argv.includes('--error-mode') ? argv[argv.lastIndexOf('--error-mode') + 1] : 'status';
	if (errorMode !== 'status' && errorMode !== '200') throw new Error(`--error-mode ${errorMode}: expected status or 200`);
	fake.errorMode = errorMode;
	if (argv.includes('--no-ip-access')) fake.ipAccess = false;
	if (argv.includes('--no-credit')) fake.credit = 0;
	for (const [index, value] of argv.entries()) {
		if (argv[index - 1] !== '--seed-message') continue;
		const [, line, sender, message] = /^(\d+):(\+?\d+):(.+)$/s.exec(value) ?? [];
		if (!line) throw new Error(`--seed-message ${value}: expected LINE:SENDER:TEXT, e.g. 10004346:09121234567:STOP`);
		fake.seedInbox([{ sender, receptor: line, message }]);
	}
}
