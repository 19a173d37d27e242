'use strict';
/**
 * A stateful fake of the Kavenegar REST API, written from ../shared/spec/service-api.md (the
 * contract) and beyond-spec.md. It is stricter than the real service where strictness finds bugs:
 * an unknown parameter name is refused (400), POST parameters are read only from a form body and
 * GET/DELETE parameters only from the query string, so a JSON body or a misplaced parameter shows up
 * as a missing parameter. It listens on 127.0.0.1 only.
 *
 *   const fake = await startFakeKavenegar({ apiKey: 'k' });  // fake.url, fake.requests, fake.close()
 *   node test/fakeKavenegar.js [--port N] [--api-key KEY]     // prints {"url","apiKey"} and serves
 */
const http = require('node:http');

const DAY = 86_400;

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
	constructor(code, message) {
		super(message ?? MESSAGES_FA[code] ?? `error ${code}`);
		this.code = code;
	}
}

function fail(code, message) {
	throw new ServiceError(code, message);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// --- parameter readers: each one throws the service's own error code for a bad value ---

function list(value) {
	return String(value ?? '')
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean);
}

function unixTime(value, code = 417) {
	if (value === undefined || value === '') return undefined;
	if (!/^\d{10}$/.test(value)) fail(code, `${MESSAGES_FA[417]} (${value})`);
	return Number(value);
}

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
function long(value, name) {
	const text = String(value).trim();
	if (!/^\d{1,19}$/.test(text) || BigInt(text) > LONG_MAX) fail(400, `${name} must be a Long (${value})`);
	return BigInt(text).toString();
}

/** Array<Long> read from its JSON text, so that an ID above 2^53 keeps every digit. */
function longArray(value, name) {
	if (!/^\s*\[\s*("?\d+"?\s*(,\s*"?\d+"?\s*)*)?\]\s*$/.test(value)) fail(400, `${name} must be a JSON array of Longs`);
	return [...value.matchAll(/\d+/g)].map((match) => long(match[0], name));
}

function phone(value) {
	if (!/^\+?\d{4,15}$/.test(value)) fail(411, `${MESSAGES_FA[411]} (${value})`);
	return value;
}

class FakeKavenegar {
	constructor(options = {}) {
		this.apiKey = options.apiKey ?? 'fake-api-key';
		/** 'status': errors come with a matching HTTP status; '200': errors come inside HTTP 200. */
		this.errorMode = options.errorMode ?? 'status';
		this.ipAccess = options.ipAccess ?? true;
		this.inboxPageSize = options.inboxPageSize ?? 200;
		this.statusLocalIdCeiling = options.statusLocalIdCeiling ?? 500;
		this.defaultSender = options.defaultSender ?? '10004346';
		this.definedTags = new Set(options.tags ?? ['crm', 'otp', 'news']);
		this.credit = options.credit ?? 1_000_000;
		this.requests = [];
		this.faults = [];
		this.outbox = [];
		this.localIds = new Map();
		this.inbox = [];
		this.nextMessageId = 8_000_000_001;
		/** Verification templates by id, in the shape `verify/gettemplate` answers with (service-api.md 2.8). */
		this.templates = new Map();
		this.nextTemplateId = 1001;
		this.operations = this.defineOperations();
	}

	// --- control surface for tests ---

	/**
	 * Fails the next `times` requests (of `operation`, if given) in one of the ways networks fail;
	 * with `skip: n` the first n matching requests pass untouched (to fail the second chunk of a send).
	 */
	injectFault(fault) {
		this.faults.push({ times: 1, ...fault });
	}

	/** Adds received messages to the inbox: [{ sender, receptor, message, date?, read? }]. */
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

	setMessageStatus(messageid, status) {
		const row = this.outbox.find((message) => message.messageid === Number(messageid));
		if (!row) throw new Error(`no message ${messageid}`);
		row.status = status;
		row.statustext = STATUS_TEXT[status];
	}

	/**
	 * Adds a template that is already approved, so lookups can use it at once; `callText` is the
	 * voice-call text (the SMS text when not given). Returns the stored template.
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

	templateNamed(name) {
		return [...this.templates.values()].find((template) => template.name === name);
	}

	/** How many times the service really delivered a message to each number. */
	deliveriesTo(receptor) {
		return this.outbox.filter((message) => message.receptor === receptor).length;
	}

	// --- the service ---

	sentRow(message) {
		const { localid, ...row } = message;
		return row;
	}

	recordSend({ receptor, message, sender, date, localid, tag }) {
		if (localid !== undefined && this.localIds.has(localid)) {
			// The service's duplicate guard: the same local ID answers with the first send's row.
			return this.sentRow(this.localIds.get(localid));
		}
		const parts = Math.max(1, Math.ceil(message.length / (/[^\x00-\x7f]/.test(message) ? 70 : 160)));
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

	checkTag(tag) {
		if (tag === undefined) return;
		if (!/^[A-Za-z0-9_-]{1,200}$/.test(tag) || !this.definedTags.has(tag)) fail(400, `tag "${tag}" is not defined`);
	}

	messageIds(value, max) {
		const ids = list(value);
		if (ids.length === 0) fail(400);
		if (ids.some((id) => !/^\d+$/.test(id))) fail(400, 'messageid must be numeric');
		if (max !== undefined && ids.length > max) fail(414);
		return ids.map(Number);
	}

	/** The row `sms/status` and `sms/cancel` answer with; an unknown id gets status 100. */
	statusRow(messageid) {
		const message = this.outbox.find((m) => m.messageid === messageid);
		return message
			? { messageid, status: message.status, statustext: message.statustext }
			: { messageid, status: 100, statustext: STATUS_TEXT[100] };
	}

	requireIpAccess() {
		if (!this.ipAccess) fail(407);
	}

	defineOperations() {
		const either = ['GET', 'POST'];
		const sendParams = ['receptor', 'message', 'sender', 'date', 'type', 'localid', 'hide', 'tag', 'policy', 'mediaid'];
		return {
			'sms/send': {
				methods: either,
				params: sendParams,
				handle: (p) => {
					if (!p.receptor) fail(400);
					if (!p.message) fail(413);
					const receptors = list(p.receptor).map(phone);
					if (receptors.length > 200) fail(414);
					const localids = p.localid === undefined ? undefined : list(p.localid).map((id) => long(id, 'localid'));
					if (localids && localids.length !== receptors.length) fail(400, 'localid count must equal receptor count');
					if (p.tag !== undefined && p.tag.length > 200) fail(400, 'tag too long');
					this.checkTag(p.tag);
					if (p.hide !== undefined && p.hide !== '1' && p.hide !== '0') fail(400, 'hide must be 0 or 1');
					const date = unixTime(p.date);
					return receptors.map((receptor, i) =>
						this.recordSend({ receptor, message: p.message, sender: p.sender, date, localid: localids?.[i], tag: p.tag }),
					);
				},
			},
			'sms/sendarray': {
				methods: ['POST'],
				params: ['receptor', 'sender', 'message', 'date', 'type', 'localmessageids', 'hide', 'tag', 'policy', 'mediaid'],
				handle: (p) => {
					if (!p.receptor || !p.sender || !p.message) fail(400);
					const receptors = jsonArray(p.receptor, 'receptor').map(String).map(phone);
					const senders = jsonArray(p.sender, 'sender').map(String);
					const messages = jsonArray(p.message, 'message').map(String);
					const types = p.type === undefined ? undefined : jsonArray(p.type, 'type');
					const localids = p.localmessageids === undefined ? undefined : longArray(p.localmessageids, 'localmessageids');
					const lengths = [receptors, senders, messages, types, localids].filter(Boolean).map((a) => a.length);
					if (new Set(lengths).size !== 1) fail(419);
					if (receptors.length > 200) fail(414);
					if (messages.some((m) => m === '')) fail(413);
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
					start ??= end - 2 * DAY;
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
					this.requireIpAccess();
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
					this.requireIpAccess();
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
		};
	}

	// --- HTTP ---

	async start(port = 0) {
		this.server = http.createServer((req, res) => {
			const chunks = [];
			req.on('data', (chunk) => chunks.push(chunk));
			req.on('end', () => this.handle(req, res, Buffer.concat(chunks)));
		});
		this.sockets = new Set();
		this.server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
		await new Promise((resolve) => this.server.listen(port, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${this.server.address().port}`;
		return this;
	}

	async close() {
		for (const socket of this.sockets ?? []) socket.destroy();
		for (const timer of this.timers ?? []) clearTimeout(timer);
		if (this.server) await new Promise((resolve) => this.server.close(resolve));
	}

	takeFault(operation) {
		const index = this.faults.findIndex((f) => f.operation === undefined || f.operation === operation);
		if (index < 0) return undefined;
		const fault = this.faults[index];
		if (fault.skip > 0) {
			fault.skip--;
			return undefined;
		}
		if (--fault.times <= 0) this.faults.splice(index, 1);
		return fault;
	}

	handle(req, res, rawBody) {
		const url = new URL(req.url, 'http://fake');
		const match = /^\/v1\/([^/]*)\/(.+)\.json$/.exec(url.pathname);
		const contentType = String(req.headers['content-type'] ?? '').split(';')[0].trim();
		const record = {
			method: req.method,
			operation: match ? match[2] : url.pathname,
			apiKey: match ? decodeURIComponent(match[1]) : undefined,
			contentType,
			query: Object.fromEntries(url.searchParams),
			body: rawBody,
			form: contentType === 'application/x-www-form-urlencoded' ? Object.fromEntries(new URLSearchParams(rawBody.toString())) : undefined,
		};
		this.requests.push(record);
		const fault = this.takeFault(record.operation);
		// A slow answer is a processed request whose answer comes late.
		if (fault && !fault.after && fault.kind !== 'slow') return this.applyFault(fault, res);

		let status = 200;
		let body;
		try {
			if (!match) fail(404);
			if (record.apiKey !== this.apiKey) fail(403);
			const operation = this.operations[record.operation];
			if (!operation) fail(404);
			if (!operation.methods.includes(req.method)) fail(405);
			const params = req.method === 'POST' ? record.form ?? {} : record.query;
			const unknown = Object.keys(params).filter((name) => !operation.params.includes(name));
			if (unknown.length) fail(400, `unknown parameter: ${unknown.join(', ')}`);
			const result = operation.handle(params, record);
			body = { return: { status: 200, message: MESSAGES_FA[200] } };
			if (result && !Array.isArray(result) && 'metadata' in result && 'entries' in result) Object.assign(body, result);
			else if (result !== undefined) body.entries = result;
		} catch (error) {
			if (!(error instanceof ServiceError)) throw error;
			body = { return: { status: error.code, message: error.message }, entries: null };
			status = this.errorMode === 'status' ? (error.code < 600 ? error.code : 400) : 200;
		}
		if (fault) return this.applyFault(fault, res, status, body);
		res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
		res.end(JSON.stringify(body));
	}

	/** Network failures; with `after: true` the request was processed before the answer failed. */
	applyFault(fault, res, status = 200, body = {}) {
		switch (fault.kind) {
			case 'reset':
				return res.socket.destroy();
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
				res.writeHead(this.errorMode === 'status' ? 409 : 200, { 'Content-Type': 'application/json' });
				return res.end(JSON.stringify({ return: { status: 409, message: MESSAGES_FA[409] }, entries: null }));
			case 'slow': {
				this.timers ??= new Set();
				const timer = setTimeout(() => {
					this.timers.delete(timer);
					if (res.destroyed) return;
					res.writeHead(status, { 'Content-Type': 'application/json' });
					res.end(JSON.stringify(body));
				}, fault.delayMs ?? 2000);
				return this.timers.add(timer);
			}
			default:
				throw new Error(`unknown fault ${fault.kind}`);
		}
	}
}

async function startFakeKavenegar(options = {}) {
	return new FakeKavenegar(options).start(options.port);
}

module.exports = { FakeKavenegar, startFakeKavenegar, STATUS_TEXT, MESSAGES_FA };

if (require.main === module) {
	const arg = (name) => {
		const index = process.argv.indexOf(name);
		return index > 0 ? process.argv[index + 1] : undefined;
	};
	startFakeKavenegar({ port: Number(arg('--port') ?? 0), apiKey: arg('--api-key') }).then((fake) => {
		process.stdout.write(JSON.stringify({ url: fake.url, apiKey: fake.apiKey }) + '\n');
		const stop = () => fake.close().then(() => process.exit(0));
		process.on('SIGTERM', stop);
		process.on('SIGINT', stop);
	});
}
