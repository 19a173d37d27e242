'use strict';
/*
 * Real n8n server processes for the project's scripts: `n8n start` (main), `n8n worker` and `n8n
 * webhook` (queue mode's webhook process), each a
 * tracked child leading its own process group (scripts/lib/processes.js), on loopback ports chosen
 * free, with the environment of scripts/lib/n8nInstall.js's n8nEnv. Also what a script needs around
 * them: the n8n CLI (import credentials and workflows, publish), and the REST API of a main (owner
 * setup, login, activation, executions), with the routes of n8n 2.8.4:
 *   POST /rest/owner/setup {email, firstName, lastName, password}    (skipAuth; sets the auth cookie)
 *   POST /rest/login {emailOrLdapLoginId, password}                   (sets the auth cookie)
 *   GET  /rest/workflows/:id, POST /rest/workflows/:id/activate {versionId}, …/deactivate
 *   GET  /rest/executions?filter={json}&limit≤100&lastId=… (2.41: &cursor=…, the page's nextCursor), GET /rest/executions/:id
 * The cookie carries a hash of the `browser-id` header it was issued with; every request sends the same one.
 *
 *   const main = await startN8n({ role: 'main', userFolder, logDir, env: { EXECUTIONS_MODE: 'queue', … } });
 *   const api = await main.rest(); await api.setupOwner();
 *   const worker = await startN8n({ role: 'worker', userFolder: other, logDir, env, concurrency: 5 });
 *   worker.kill('SIGKILL'); await worker.exited;  await main.stop();
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { n8nBin, n8nEnv } = require('./n8nInstall');
const { describeFailure, failed, freePort, killTree, runRepeatable, track } = require('./processes');

const START_TIMEOUT_MS = 3 * 60 * 1000;
const STOP_GRACE_MS = 20 * 1000;
const COMMAND_TIMEOUT_MS = 3 * 60 * 1000;
/** n8n's execution statuses (n8n-workflow's ExecutionStatusList). */
const EVERY_EXECUTION_STATUS = ['canceled', 'crashed', 'error', 'new', 'running', 'success', 'unknown', 'waiting'];
const READY_LINE = { main: /Editor is now accessible via/, worker: /n8n worker is now ready/, webhook: /Webhook listener waiting for requests/ };

/** @typedef {'main' | 'worker' | 'webhook'} Role */
/** @typedef {{ message: string, level?: string, [field: string]: unknown }} LogEntry one of n8n's JSON log lines */
/** @typedef {{ text: string, entry?: LogEntry }} Line */
/** @typedef {{ code: number | null, signal: NodeJS.Signals | null }} Exit */
/** @typedef {Awaited<ReturnType<typeof startN8n>>} N8nServer */
/** @typedef {ReturnType<typeof restClient>} RestClient */
/** @typedef {{ email: string, firstName: string, lastName: string, password: string }} Owner */
/**
 * Where and how an n8n CLI command runs: workDir (default logDir) holds the files it imports.
 * @typedef {{ userFolder: string, logDir: string, workDir?: string, logName?: string, env?: Record<string, string>, timeoutMs?: number }} CommandOptions
 */

/**
 * The environment of one n8n process: n8nEnv (loopback, no telemetry, community packages on) with its
 * own free ports, plus `env` (the caller's database, queue and execution settings, which win).
 * @param {{ role: Role, userFolder: string, env?: Record<string, string> }} options
 */
async function serverEnv({ role, userFolder, env = {} }) {
	const base = n8nEnv(userFolder, await freePort());
	for (const name of Object.keys(base)) if (/^QUEUE_/.test(name)) delete base[name];
	const port = await freePort();
	const own =
		role !== 'worker'
			? { N8N_PORT: String(port), N8N_LISTEN_ADDRESS: '127.0.0.1', N8N_HOST: '127.0.0.1', N8N_PROTOCOL: 'http', WEBHOOK_URL: `http://127.0.0.1:${port}/` }
			: { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' };
	// A script stops its servers when it is done: 5 s for running executions, not n8n's default 30 s.
	return { port, env: { ...base, N8N_SECURE_COOKIE: 'false', N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5', ...own, ...env } };
}

/**
 * Lines of an n8n process's output; JSON log lines parsed (`entry`), others kept as text.
 * @param {string} text
 * @returns {Line}
 */
function parseLine(text) {
	if (text.startsWith('{')) {
		try {
			const entry = JSON.parse(text);
			if (entry && typeof entry.message === 'string') return { text, entry };
		} catch {
			/* not a log line */
		}
	}
	return { text };
}

/**
 * Starts `n8n start` (role 'main'), `n8n worker` (role 'worker') or `n8n webhook` (role 'webhook',
 * which serves production webhooks and hands them to the workers) and resolves once it is ready: its
 * ready line printed and GET /healthz/readiness answering 200 (database connected and migrated, and
 * for a worker Redis connected). Everything it prints goes to `<logDir>/<name>.log` and stays in
 * `server.lines` ({ text, entry? }) for checks. Rejects (and kills it) when it exits or times out first.
 * @param {{ role: Role, userFolder: string, logDir: string, name?: string, env?: Record<string, string>, concurrency?: number, timeoutMs?: number }} options
 */
async function startN8n({ role, userFolder, logDir, name = role, env, concurrency, timeoutMs = START_TIMEOUT_MS }) {
	if (!READY_LINE[role]) throw new Error(`role must be main, worker or webhook, not ${role}`);
	const { port, env: childEnv } = await serverEnv({ role, userFolder, env });
	const args = role === 'main' ? ['start'] : role === 'webhook' ? ['webhook'] : ['worker', ...(concurrency ? [`--concurrency=${concurrency}`] : [])];
	const logFile = path.join(logDir, `${name}.log`);
	const file = fs.createWriteStream(logFile, { flags: 'a' });
	file.write(`$ n8n ${args.join(' ')}  (port ${port}, user folder ${userFolder})\n`);
	const child = track(spawn(process.execPath, [n8nBin(), ...args], { cwd: userFolder, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }));
	/** @type {Line[]} */
	const lines = [];
	/** @type {Set<(line: Line) => void>} */
	const listeners = new Set();
	const readLines = () => {
		let rest = '';
		return (/** @type {Buffer} */ chunk) => {
			file.write(chunk);
			const parts = (rest + chunk.toString('utf8')).split('\n');
			rest = /** @type {string} */ (parts.pop());
			for (const text of parts) {
				if (!text.trim()) continue;
				const line = parseLine(text);
				lines.push(line);
				for (const listener of listeners) listener(line);
			}
		};
	};
	child.stdout.on('data', readLines());
	child.stderr.on('data', readLines());
	/** @type {Promise<Exit>} */
	const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
	exited.then(({ code, signal }) => file.end(`\n[${name} exited: code ${code} signal ${signal}]\n`));

	const baseUrl = `http://127.0.0.1:${port}`;
	const server = {
		role,
		name,
		pid: child.pid,
		port,
		url: role !== 'worker' ? baseUrl : undefined,
		healthUrl: `${baseUrl}/healthz`,
		userFolder,
		logFile,
		lines,
		exited,
		get running() {
			return child.exitCode === null && child.signalCode === null;
		},
		/**
		 * Calls listener(line) for every line printed from now on; returns the function that stops it.
		 * @param {(line: Line) => void} listener
		 */
		onLine(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		/**
		 * Resolves the first line (printed already or later) whose log message or text matches pattern;
		 * rejects after timeoutMs or when the process exits first.
		 * @param {RegExp} pattern
		 * @returns {Promise<Line>}
		 */
		waitForLine(pattern, timeoutMs = START_TIMEOUT_MS) {
			const matches = (/** @type {Line} */ line) => pattern.test(line.entry?.message ?? line.text);
			const seen = lines.find(matches);
			if (seen) return Promise.resolve(seen);
			return new Promise((resolve, reject) => {
				const timer = setTimeout(() => {
					stop();
					reject(new Error(`${name} printed no line matching ${pattern} within ${timeoutMs / 1000}s (log: ${logFile})`));
				}, timeoutMs);
				const stop = server.onLine((line) => {
					if (!matches(line)) return;
					clearTimeout(timer);
					stop();
					resolve(line);
				});
				exited.then(() => {
					clearTimeout(timer);
					stop();
					reject(new Error(`${name} exited before printing a line matching ${pattern} (log: ${logFile})`));
				});
			});
		},
		/**
		 * Signals the process group (n8n and its task runner).
		 * @param {NodeJS.Signals} [signal]
		 */
		kill(signal = 'SIGKILL') {
			killTree(child, signal);
		},
		/**
		 * SIGTERM (n8n finishes or hands back its executions), SIGKILL after graceMs.
		 * @returns {Promise<Exit>}
		 */
		async stop(graceMs = STOP_GRACE_MS) {
			if (!server.running) return exited;
			const timer = setTimeout(() => killTree(child, 'SIGKILL'), graceMs);
			killTree(child, 'SIGTERM');
			const result = await exited;
			clearTimeout(timer);
			// Leftovers of its group (the task runner) must not outlive it.
			try {
				process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
			} catch {
				/* group already gone */
			}
			return result;
		},
		/**
		 * A logged-in REST client of this main (see restClient).
		 * @param {{ owner?: Owner, browserId?: string }} [options]
		 */
		rest(options) {
			if (role !== 'main') throw new Error('only a main serves the REST API');
			return restClient(baseUrl, options);
		},
	};

	const deadline = Date.now() + timeoutMs;
	try {
		await server.waitForLine(READY_LINE[role], timeoutMs);
		await waitForHealth(`${baseUrl}/healthz/readiness`, deadline, () => server.running);
	} catch (error) {
		killTree(child, 'SIGKILL');
		throw error;
	}
	return server;
}

/**
 * @param {string} url
 * @param {number} deadline
 * @param {() => boolean} alive
 */
async function waitForHealth(url, deadline, alive) {
	/** @type {string | undefined} */
	let last;
	while (Date.now() < deadline && alive()) {
		try {
			const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
			if (response.ok) return;
			last = `HTTP ${response.status}`;
		} catch (error) {
			last = error.message;
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`${url} not ready: ${alive() ? last : 'the process exited'}`);
}

// ---------------------------------------------------------------- REST API of a main

/** @type {Owner} */
const DEFAULT_OWNER = { email: 'owner@example.com', firstName: 'Script', lastName: 'Owner', password: 'Script-owner-1' };

class RestError extends Error {
	/**
	 * @param {string} method
	 * @param {string} route
	 * @param {number} status
	 * @param {unknown} body n8n's answer, parsed when it is JSON
	 */
	constructor(method, route, status, body) {
		super(`${method} ${route}: HTTP ${status} ${typeof body === 'string' ? body.slice(0, 300) : JSON.stringify(body).slice(0, 300)}`);
		this.status = status;
		this.body = body;
	}
}

/**
 * A REST client of a main at baseUrl that keeps n8n's auth cookie. setupOwner() creates the owner
 * (first call on a fresh database) and is logged in; login() for an existing owner. Answers are n8n's
 * `data` unwrapped (n8n's JSON, as it is: `any`).
 * @param {string} baseUrl
 * @param {{ owner?: Owner, browserId?: string }} [options]
 */
function restClient(baseUrl, { owner = DEFAULT_OWNER, browserId = 'n8n-nodes-kavenegar-scripts' } = {}) {
	/** @type {string | undefined} */
	let cookie;
	/**
	 * @param {string} method
	 * @param {string} route
	 * @param {unknown} [body]
	 * @returns {Promise<any>}
	 */
	async function request(method, route, body) {
		const response = await fetch(`${baseUrl}/rest${route}`, {
			method,
			headers: {
				'browser-id': browserId,
				...(cookie ? { cookie } : {}),
				...(body !== undefined ? { 'content-type': 'application/json' } : {}),
			},
			body: body !== undefined ? JSON.stringify(body) : undefined,
			signal: AbortSignal.timeout(60 * 1000),
		});
		const setCookie = response.headers.getSetCookie?.() ?? [];
		const auth = setCookie.map((value) => value.split(';')[0]).find((value) => value.startsWith('n8n-auth='));
		if (auth) cookie = auth;
		const text = await response.text();
		/** @type {any} */
		let parsed = text;
		try {
			parsed = JSON.parse(text);
		} catch {
			/* not JSON */
		}
		if (!response.ok) throw new RestError(method, route, response.status, parsed);
		return parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed;
	}
	const api = {
		request,
		owner,
		setupOwner: () => request('POST', '/owner/setup', owner),
		login: () => request('POST', '/login', { emailOrLdapLoginId: owner.email, password: owner.password }),
		workflow: (/** @type {string} */ id) => request('GET', `/workflows/${encodeURIComponent(id)}`),
		/**
		 * Publishes the workflow's current version and activates it (triggers and webhooks registered).
		 * @param {string} id
		 */
		async activate(id) {
			const workflow = await api.workflow(id);
			return request('POST', `/workflows/${encodeURIComponent(id)}/activate`, { versionId: workflow.versionId });
		},
		deactivate: (/** @type {string} */ id) => request('POST', `/workflows/${encodeURIComponent(id)}/deactivate`, {}),
		/**
		 * Every execution matching filter (n8n's fields: workflowId, status: [...], mode, …), newest first.
		 * @param {Record<string, unknown>} [filter]
		 * @returns {Promise<any[]>}
		 */
		async executions(filter = {}) {
			/** @type {any[]} */
			const all = [];
			/** @type {string | undefined} */
			let lastId;
			/** @type {string | undefined} */
			let cursor;
			let pageFilter = filter;
			for (;;) {
				const query = new URLSearchParams({ filter: JSON.stringify(pageFilter), limit: '100' });
				if (lastId) query.set('lastId', lastId);
				if (cursor) query.set('cursor', cursor);
				const page = await request('GET', `/executions?${query}`);
				// n8n 2.41 pages with an opaque cursor (and refuses lastId); 2.8 with the last ID.
				if ('nextCursor' in page) {
					all.push(...page.results);
					if (!page.nextCursor || page.results.length === 0) return all;
					cursor = page.nextCursor;
					continue;
				}
				// n8n 2.8 orders a list with no status filter by start time, which its lastId paging
				// does not follow (executions started out of ID order fall between pages); with every
				// status named it orders by ID. Read again that way when there is more than one page.
				if (pageFilter.status === undefined && page.results.length >= 100) {
					pageFilter = { ...filter, status: EVERY_EXECUTION_STATUS };
					continue;
				}
				all.push(...page.results);
				if (page.results.length < 100) return all;
				lastId = page.results[page.results.length - 1].id;
			}
		},
		/** One execution with its run data (n8n's flatted `data` string). */
		execution: (/** @type {string} */ id) => request('GET', `/executions/${encodeURIComponent(id)}`),
	};
	return api;
}

// ---------------------------------------------------------------- the n8n CLI

/**
 * Runs one n8n CLI command to its end against the database `env` describes (the same settings as the
 * servers: DB_TYPE=postgresdb …); its output goes to <logDir>/<logName>.log. Throws when it fails.
 * @param {string[]} args
 * @param {CommandOptions} options
 */
async function n8nCommand(args, { userFolder, logDir, logName, env = {}, timeoutMs = COMMAND_TIMEOUT_MS }) {
	const logFile = path.join(logDir, `${logName ?? args[0].replace(/[^a-z0-9]+/gi, '-')}.log`);
	// Imports with IDs and publishing, which end the same when run twice.
	const result = await runRepeatable(`n8n ${args[0]}`, process.execPath, [n8nBin(), ...args], {
		cwd: userFolder,
		env: { ...n8nEnv(userFolder, await freePort()), ...env },
		timeoutMs,
		logFile,
	});
	if (failed(result)) throw new Error(describeFailure(`n8n ${args[0]}`, result, logFile));
	return { ...result, logFile };
}

/**
 * @param {string} dir
 * @param {string} name
 * @param {unknown} value
 */
function writeJson(dir, name, value) {
	const file = path.join(dir, name);
	fs.writeFileSync(file, JSON.stringify(value, null, 2));
	return file;
}

/**
 * Imports credentials ([{ id, name, type, data }], data in clear: n8n encrypts it) with `n8n import:credentials`.
 * @param {{ id: string, name: string, type: string, data: Record<string, unknown> }[]} credentials
 * @param {CommandOptions} options
 */
async function importCredentials(credentials, options) {
	const file = writeJson(options.workDir ?? options.logDir, `import-credentials-${process.pid}.json`, credentials);
	try {
		return await n8nCommand(['import:credentials', `--input=${file}`], { logName: 'import-credentials', ...options });
	} finally {
		fs.rmSync(file, { force: true });
	}
}

/**
 * Imports workflows (n8n's workflow JSON, each with an id) with `n8n import:workflow`.
 * @param {object[]} workflows
 * @param {CommandOptions} options
 */
async function importWorkflows(workflows, options) {
	const file = writeJson(options.workDir ?? options.logDir, `import-workflows-${process.pid}.json`, workflows);
	try {
		return await n8nCommand(['import:workflow', `--input=${file}`], { logName: 'import-workflows', ...options });
	} finally {
		fs.rmSync(file, { force: true });
	}
}

/**
 * Publishes (activates) a workflow's current version in the database with `n8n publish:workflow`,
 * for a main that is not running yet: it activates it when it starts. A running main: rest().activate(id).
 * @param {string} id
 * @param {CommandOptions} options
 */
function publishWorkflow(id, options) {
	return n8nCommand(['publish:workflow', `--id=${id}`], { logName: `publish-${id}`, ...options });
}

module.exports = { startN8n, serverEnv, restClient, RestError, n8nCommand, importCredentials, importWorkflows, publishWorkflow, DEFAULT_OWNER };
