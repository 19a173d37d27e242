/*
 * How a request of this node is made: start here.
 *
 * The node is declarative: n8n's RoutingNode (n8n-core, execution-engine/routing-node.js) builds
 * and sends the requests from the `routing` of the properties below. For each input item:
 *
 * 1. n8n walks every top-level property in order; the displayed ones add their `routing`:
 *    a field's `sendAs(wireName)` puts its value in the body under its wire name; an operation
 *    option adds `request` (method, URL), `send.preSend`, `operations.pagination` and
 *    `output.postReceive`.
 * 2. The preSends run: first the Resource field's, where the item joins its node run, then the
 *    operation's `prepareRequest(rules…)` (operationParts/wireParams.ts), which runs the rules its fields
 *    bring (operationParts/fields/) and its own over the wire parameters (a bad value throws
 *    `invalidInput`, naming the field and the rule), then leaves them as an object: the body of a
 *    POST with the form content type, which n8n (through axios) form-encodes itself, or the query
 *    string of a GET or DELETE. Lists stay arrays until the request goes out.
 * 3. The sending engine (sending/, why and how in sending/engine.ts) takes the request through
 *    n8n's `pagination` hook: `singleRequest` by default (set on the Resource field), or what the
 *    operation sets: `inChunks` (sending/chunks.ts) splits a list longer than the service takes
 *    (Send: 200 recipients; Get Status: 500 IDs), `inboxPages`/`mediaPages` (sending/pages.ts)
 *    page through Return All, Get Reply reads a span of the inbox in both read states
 *    (`everyMessageReceived`, sending/pages.ts). Nothing leaves before every item is checked (stop mode: one bad item
 *    and nothing is sent); then each request goes within the run's bound on requests in flight,
 *    busy answers are retried with backoff where a repeat is safe, and n8n's request details (the
 *    URL holds the API key) are stripped from errors. `throughSendingEngine` below puts the engine
 *    around every operation, so an operation needs no hook of ours to be sent safely.
 * 4. postReceive hooks see each answer: `checkEnvelope` (on the Resource field, so first) throws
 *    the service's errors, whether they came as HTTP errors or inside HTTP 200, naming the field
 *    a code points at (operationParts/operationFields.ts); then the
 *    operation's own, such as `entriesToItems` (rows to items) and `addMessageParts`.
 *
 * Engine rules this relies on (each pinned by test/engineRules.test.js):
 * - The first property that sets `send.paginate` wins: later ones cannot turn it off.
 * - The last `operations` (requestOperations) wins: an operation's `pagination` replaces the
 *   Resource field's.
 * - postReceive hooks run in property order: the Resource field's before the operation's.
 * - preSend functions run in property order, one after the other, before the pagination function;
 *   one that throws ends the item there: its pagination function is never called.
 * - n8n builds every item's request in one loop and starts them all at once, entering each item's
 *   first preSend as it goes: nothing in n8n bounds them, which is why the engine keeps the node
 *   run's own bound and its all-items check.
 * - n8n's loader adds its Request Options (Batching, Proxy, Timeout…) only to a declarative node
 *   without a `webhook` method; this node has one for Send and Wait, so it declares them itself
 *   (requestOptionsField below), with version 2's request limits among them (test/nodeVersions.test.js).
 * - n8n's Stop aborts the execution's cancel signal and leaves the node's promises running: a
 *   request still waiting for its place in the bound must check the signal before it starts
 *   (sending/stop.ts). n8n runs a declarative node through an `execute` its node-type registry
 *   adds, whose context carries that signal; test/harness.js does the same.
 *
 * n8n 2.41's Engine 2.0 (opt-in per workflow) calls that same `execute`, with no cancel signal and
 * never the node's customOperations (operationParts/classicEngineOnly.ts); it keeps the items as
 * the node returns them, and of an error only its message (sending/engine2Errors.ts). Pinned by
 * test/engine2.test.js; docs/engine-2.md.
 */
import type { INodeProperties } from 'n8n-workflow';
import { checkEnvelopeOf } from '../../allNodes/envelope';
import { addReadableFields } from '../../allNodes/readableRows';
import { timeZoneSetting } from '../../allNodes/timeZoneSetting';
import { throughSendingEngine, sendingEngineRouting } from '../sending/engine';
import { MOST_IN_FLIGHT } from '../sending/learnedLimit';
import { DEFAULT_BUSY_RETRIES, REQUEST_LIMITS } from '../sending/nodeRun';
import { FIRST_VERSION_IN_IRAN_TIME, FROM_VERSION_2, ONLY_VERSION_1, withVersion } from '../operationParts/nodeVersions';
import { n8nRequestOptions } from '../operationParts/n8nRequestOptions';
import { onePropertyPerName } from '../operationParts/onePropertyPerName';
import { operationFields } from '../operationParts/operationFields';
import { timeZoneChecked } from '../operationParts/rules/timeZone';
import { accountDescription } from './account';
import { blocklistDescription } from './blocklist';
import { mediaDescription } from './media';
import { smsDescription } from './sms';
import { verifyDescription } from './verify';
import { verifyTemplateDescription } from './verifyTemplate';
import { voiceCallDescription } from './voiceCall';

/*
 * How many requests at once and how many tries: they apply to the whole node run, every
 * operation. Version 2 puts them where n8n users look for such settings, n8n's own Request Options
 * (n8n merges these options into it); version 1 keeps its own collection, `requestLimits` in
 * saved workflows (operationParts/nodeVersions.ts).
 */
const requestLimitOptions: INodeProperties[] = [
	{
		displayName: 'Max Requests in Flight',
		name: 'maxRequestsInFlight',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MOST_IN_FLIGHT },
		// Added, the field shows the most the node ever has in flight; a lower number is the user's own ceiling.
		default: MOST_IN_FLIGHT,
		// Send and Wait for Response asks one question: one request.
		displayOptions: { hide: { '/operation': ['sendAndWait'] } },
		description:
			'The most requests to Kavenegar at once in one run of this node, across all items; busy answers still slow it down. Not set, the node finds the number itself (up to 256).',
	},
	{
		displayName: 'Retries on Busy Answers',
		name: 'busyRetries',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 10 },
		default: DEFAULT_BUSY_RETRIES,
		// Send and Wait for Response is one request outside the sending engine.
		displayOptions: { hide: { '/operation': ['sendAndWait'] } },
		description:
			'How many times to try again, waiting longer each time, when Kavenegar is unreachable or busy (409, 451) at one request at a time. A send is retried only if it cannot go twice.',
	},
];

const requestLimitsField: INodeProperties = {
	displayName: 'Concurrency and Retries',
	name: REQUEST_LIMITS.version1,
	type: 'collection',
	placeholder: 'Add Limit',
	default: {},
	displayOptions: { show: ONLY_VERSION_1 },
	options: requestLimitOptions,
};

/** n8n's Request Options with ours, shown from version 2, among them in label order, as n8n's loader sorts them. */
const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: REQUEST_LIMITS.fromVersion2,
	type: 'collection',
	isNodeSetting: true,
	placeholder: 'Add Option',
	default: {},
	options: [
		...n8nRequestOptions,
		...requestLimitOptions.map((option) => ({ ...option, displayOptions: withVersion(option.displayOptions, FROM_VERSION_2) })),
	].sort((a, b) => a.displayName.localeCompare(b.displayName)),
};

/** Read from the properties below on the first service error, when they all exist. */
let fieldsIndex: ReturnType<typeof operationFields> | undefined;
const checkEnvelope = checkEnvelopeOf((resource, operation) =>
	(fieldsIndex ??= operationFields(propertiesAsWritten))(resource, operation),
);

/**
 * The fields as the operation files write them, each operation its own (tests compare against it),
 * every hook run through the sending engine.
 */
export const propertiesAsWritten: INodeProperties[] = throughSendingEngine([
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Account', value: 'account' },
			{ name: 'Blocklist', value: 'blocklist' },
			{ name: 'Media', value: 'media' },
			{ name: 'SMS', value: 'sms' },
			{ name: 'Verification Template', value: 'verifyTemplate' },
			{ name: 'Verify', value: 'verify' },
			{ name: 'Voice Call', value: 'voiceCall' },
		],
		default: 'sms',
		// What every operation shares, set on the property n8n reads first (see the rules above); the
		// rows get ISO and Jalali dates and English status names (allNodes/readableRows.ts), the same as the trigger's,
		// the Jalali ones in the Time Zone setting's zone, which is checked before the request.
		routing: {
			...sendingEngineRouting,
			send: { ...sendingEngineRouting.send, preSend: [...(sendingEngineRouting.send?.preSend ?? []), timeZoneChecked] },
			output: { postReceive: [checkEnvelope, addReadableFields] },
		},
	},
	...smsDescription,
	...verifyDescription,
	...accountDescription,
	...verifyTemplateDescription,
	...blocklistDescription,
	...mediaDescription,
	...voiceCallDescription,
	requestLimitsField,
	requestOptionsField,
	...timeZoneSetting(FIRST_VERSION_IN_IRAN_TIME),
]);

/** What n8n gets: each name once where the editor shows the same (operationParts/onePropertyPerName.ts). */
export const properties = onePropertyPerName(propertiesAsWritten);
