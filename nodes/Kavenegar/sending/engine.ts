import type { INodeProperties, INodePropertyRouting } from 'n8n-workflow';
import { afterAllItemsChecked, joinRun, reportingFailure, type Pagination, type PreSend } from './allItemsChecked';
import { singleRequest } from './chunks';

/*
 * The node's sending engine: what stands between n8n's declarative routing and the service.
 *
 * Why it hangs on n8n's `pagination` hook: n8n's declarative routing builds every item's request
 * in one loop and starts them all at once, and gives a node no hook that spans items or wraps the
 * sending of a request. Its `pagination` hook is the one place where a node's own code runs after
 * the item's request is built and makes the request itself (`makeRoutingRequest`), as often as it
 * likes; despite its name, every operation's requests go through it (the Resource field turns it
 * on for all with `send.paginate`). So the engine lives there:
 * - nodeRun.ts: what the items of one run of the node share, found from n8n's execute data;
 * - allItemsChecked.ts: stop mode is all or nothing: no request leaves before every item passed its checks;
 * - inFlightBound.ts: one bound on requests in flight across items, chunks and pages;
 * - retries.ts and sendRequest.ts: busy answers and transient failures retried with backoff, as far as a repeat is safe;
 * - stop.ts: after n8n's Stop, or the run's first failure in stop mode, requests not started stay unsent;
 * - chunks.ts and pages.ts: the pagination functions, a list longer than the service takes sent
 *   in several requests, Return All paged through, each request through sendRequest.
 *
 * An operation needs none of it in its own routing: `throughSendingEngine` puts the engine around
 * every operation of the node, so an operation written as n8n's starter writes one (fields with
 * `routing.send`, a `request`, no hooks) is sent like the others.
 */

/** For the Resource field, which every operation passes first: each item joins its run, and its requests go through the engine. */
export const sendingEngineRouting: INodePropertyRouting = {
	send: { paginate: true, preSend: [joinRun] },
	operations: { pagination: singleRequest },
};

/** The hooks the engine has already put in place: a description that goes through it twice is not wrapped twice. */
const engineHooks = new WeakSet<object>([joinRun]);

function once<T extends object>(hook: T, wrap: (hook: T) => T): T {
	if (engineHooks.has(hook)) return hook;
	const wrapped = wrap(hook);
	engineHooks.add(wrapped);
	return wrapped;
}

function throughEngine(routing: INodePropertyRouting, where: string): INodePropertyRouting {
	const preSend = routing.send?.preSend?.map((hook) => once(hook as PreSend, reportingFailure));
	const pagination = routing.operations?.pagination;
	if (pagination !== undefined && typeof pagination !== 'function') {
		throw new Error(`${where}: a declarative pagination bypasses the sending engine; write a pagination function that sends through sendRequest (sending/pages.ts)`);
	}
	return {
		...routing,
		...(routing.send && { send: { ...routing.send, ...(preSend && { preSend }) } }),
		...(pagination && { operations: { ...routing.operations, pagination: once(pagination as Pagination, afterAllItemsChecked) } }),
	};
}

type Described = { name: string; routing?: INodePropertyRouting; options?: unknown[]; values?: unknown[] };

function withEngine<T extends Described>(entry: T, path: string): T {
	const where = `${path}.${entry.name}`;
	const copy = { ...entry };
	if (entry.routing) copy.routing = throughEngine(entry.routing, where);
	if (Array.isArray(entry.options)) copy.options = entry.options.map((option) => withEngineIfDescribed(option, where));
	if (Array.isArray(entry.values)) copy.values = entry.values.map((value) => withEngineIfDescribed(value, where));
	return copy;
}

function withEngineIfDescribed(entry: unknown, path: string): unknown {
	return typeof entry === 'object' && entry !== null && 'name' in entry ? withEngine(entry as Described, path) : entry;
}

/**
 * The node's properties with the engine around every hook an operation or field brings: the
 * failure of any preSend reaches the all-items check, and every pagination function starts only
 * once all items are checked. Nothing depends on an operation remembering a hook of ours.
 */
export function throughSendingEngine(properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => withEngine(property, 'properties'));
}
