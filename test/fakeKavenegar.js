'use strict';
/**
 * A stateful fake of the Kavenegar REST API, written from docs/kavenegar-api.md (the contract;
 * test/docs/kavenegarApi.test.js holds the two to the same endpoints). It is stricter than the real service where strictness finds bugs:
 * an unknown parameter name is refused (400), POST parameters are read only from a form body and
 * GET/DELETE parameters only from the query string, so a JSON body or a misplaced parameter shows up
 * as a missing parameter; `media/upload` reads only a multipart body, and checks the file's bytes as
 * the service would. It listens on 127.0.0.1 only.
 *
 *   const fake = await startFakeKavenegar({ apiKey: 'k' });  // fake.url, fake.requests, fake.close()
 *   node test/fakeKavenegar.js [--port N] [--api-key KEY]     // prints {"url","apiKey"} and serves
 *       [--approved-template NAME[=TEXT]] [--seed-inbox LINE:COUNT]   (seeding: test/fake/cli.js)
 *
 * Besides the API (`/v1/KEY/…`), `GET /samples/logo.jpg` serves a small JPEG, a file to download
 * and upload again in workflows; it is not part of the service and is not recorded in `requests`.
 */
const { MESSAGES_FA, STATUS_TEXT, fail, nowSeconds } = require('./fake/service');
const { serve } = require('./fake/envelope');
const { storeMedia } = require('./fake/media');

/** The operations, one table per resource (test/fake/<resource>.js beside its test). */
const RESOURCES = [
	require('./fake/sms'),
	require('./fake/smsStatus'),
	require('./fake/outbox'),
	require('./fake/inbox'),
	require('./fake/voiceCall'),
	require('./fake/verify'),
	require('./fake/verifyTemplate'),
	require('./fake/blocklist'),
	require('./fake/media'),
	require('./fake/account'),
];

/**
 * The shapes of the fake's state, for callers that name them from this entry.
 * @typedef {import('./fake/service').SentMessage} SentMessage
 * @typedef {import('./fake/service').InboxMessage} InboxMessage
 * @typedef {import('./fake/service').Template} Template
 * @typedef {import('./fake/service').Media} Media
 * @typedef {import('./fake/service').Fault} Fault
 * @typedef {import('./fake/service').RequestRecord} RequestRecord
 * @typedef {{ apiKey?: string, errorMode?: string, ipAccess?: boolean, linksAllowed?: boolean, outboxIpAccessCode?: number, inboxPageSize?: number, blocklistPageSize?: number, statusLocalIdCeiling?: number, defaultSender?: string, tags?: string[], credit?: number, lines?: string[], latencyMs?: number | ((req: import('node:http').IncomingMessage) => number), connectionLatencyMs?: number, busyAbove?: number, port?: number }} FakeOptions
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
		/** Kavenegar refuses a text with a link (420) on accounts not allowed to send links. */
		this.linksAllowed = options.linksAllowed ?? true;
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
		/** Verification templates by id, in the shape `verify/gettemplate` answers with (docs/kavenegar-api.md). */
		/** @type {Map<number, Template>} */
		this.templates = new Map();
		this.nextTemplateId = 1001;
		/** Account lines; blocklists belong to one of them. */
		this.lines = new Set(options.lines ?? [this.defaultSender, '30004000']);
		/** Blocked numbers: `${linenumber} ${receptor}` → who blocked it ('api', 'panel', 'optout', 'operator' or 'system'). */
		/** @type {Map<string, string>} */
		this.blocked = new Map();
		/** When each number was blocked, by the same key, Unix seconds. */
		/** @type {Map<string, number>} */
		this.blockedAt = new Map();
		this.blocklistPageSize = options.blocklistPageSize ?? 200;
		/** Uploaded media files, oldest first, in the list row shape plus the content's hash. */
		/** @type {Media[]} */
		this.media = [];
		/** @type {import('./fake/service').Operations} */
		this.operations = Object.assign({}, ...RESOURCES.map((resource) => resource.operations(this)));
		/**
		 * A network's delay: every answer waits `latencyMs` (or what `latencyMs(req)` says), the first
		 * on a new connection `connectionLatencyMs` more (TCP and TLS set-up).
		 */
		/** @type {number | ((req: import('node:http').IncomingMessage) => number)} */
		this.latencyMs = options.latencyMs ?? 0;
		this.connectionLatencyMs = options.connectionLatencyMs ?? 0;
		/**
		 * Over this many requests at once (0: no limit), a request is answered busy (409) and acted
		 * on by nothing, as a service that sheds load does; each record's `concurrent` tells how
		 * many were being answered when it arrived.
		 */
		this.busyAbove = options.busyAbove ?? 0;
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
	 * `kinds` (busy409, busy451, or reset with `after` for a send taken then cut off),
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

	/**
	 * Blocks a number on a line; `by` 'optout', 'operator' or 'system' makes a block the API cannot remove.
	 * @param {string} linenumber
	 * @param {string} receptor
	 */
	blockNumber(linenumber, receptor, by = 'api', date = nowSeconds()) {
		this.blocked.set(`${linenumber} ${receptor}`, by);
		this.blockedAt.set(`${linenumber} ${receptor}`, date);
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
			storeMedia(this, { name: `photo-${this.media.length + 1}.jpg`, mime_type: 'image/jpeg', extension: 'jpg', size: 1000 + i, duration: null, status: 1 }),
		);
	}

	/** How many times the service really delivered a message to each number. */
	/** @param {string} receptor */
	deliveriesTo(receptor) {
		return this.outbox.filter((message) => message.receptor === receptor && message.status !== 14).length;
	}

	// --- the service's shared state ---

	/** A stored message as the contract's sent-message row (docs/kavenegar-api.md): its local ID and tag are kept for lookups only. */
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
		const line = sender || this.defaultSender;
		// A number blocked on the line (its reply of 11, the panel, an operator) gets nothing from it, and the message is not charged.
		const blocked = this.isBlocked(line, receptor);
		const row = {
			messageid: this.nextMessageId++,
			message,
			status: blocked ? 14 : 1,
			statustext: STATUS_TEXT[blocked ? 14 : 1],
			sender: line,
			receptor,
			date: date ?? nowSeconds(),
			cost: blocked ? 0 : 120 * parts,
			localid,
			tag,
		};
		this.credit -= row.cost;
		this.outbox.push(row);
		if (localid !== undefined) this.localIds.set(localid, row);
		return this.sentRow(row);
	}

	requireIpAccess(code = 407) {
		if (!this.ipAccess) fail(code, code === 407 ? undefined : 'دسترسی IP برای این متد مجاز نیست');
	}

	// --- HTTP ---

	/** Listens on 127.0.0.1 (`port` 0: any free port); resolves to this fake once `url` is set. */
	async start(port = 0) {
		return serve(this, port);
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

	async close() {
		for (const socket of this.sockets ?? []) socket.destroy();
		for (const timer of this.timers ?? []) clearTimeout(timer);
		const server = this.server;
		if (server) await new Promise((resolve) => server.close(resolve));
	}
}

/** @param {FakeOptions} [options] */
async function startFakeKavenegar(options = {}) {
	return new FakeKavenegar(options).start(options.port);
}

module.exports = { FakeKavenegar, startFakeKavenegar, STATUS_TEXT, MESSAGES_FA };

if (require.main === module) require('./fake/cli').main(FakeKavenegar);
