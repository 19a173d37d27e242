import type { IDataObject, IDisplayOptions, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { additionalFieldsCollection } from '../../allNodes/collections';
import { FROM_VERSION_2, ONLY_VERSION_1, placeFor, runningVersion, withVersion } from './nodeVersions';

/** The service's limit of messages per send request; longer lists go in several requests. */
export const MESSAGES_PER_REQUEST = 200;

/**
 * Longer lists are split, but not without end: 50 requests already hold a good share of the node
 * run's requests in flight for a while, and a list this long is more often an expression that
 * picked up a whole table than a plan. Bigger campaigns go as several items.
 */
export const MAX_MESSAGES_PER_ITEM = 10_000;

/*
 * How a send behaves, not what it sends: none of these options routes into the request; the
 * rules and postReceive read them, through the functions below, from where the item's node
 * version keeps them (operationParts/nodeVersions.ts): version 1 in its own collection, `options`
 * ("Sending Behavior"), version 2 among the Additional Fields. An option never added reads as
 * its default.
 */
const BEHAVIOR_COLLECTION = { version1: 'options', fromVersion2: 'additionalFields' };

/**
 * An option as the user set it, or undefined. A send reads five of them per item, mostly never
 * added, and n8n's getNodeParameter evaluates and checks a value against the node's properties on
 * every call: the collection is read raw, and only an expression goes through n8n's evaluation.
 */
function behaviorOption(context: IExecuteSingleFunctions, option: string): unknown {
	const place = placeFor(context, BEHAVIOR_COLLECTION);
	const collection = context.getNodeParameter(place, {}, { rawExpressions: true });
	const value = typeof collection === 'object' && collection !== null ? (collection as IDataObject)[option] : undefined;
	return typeof value === 'string' && value.startsWith('=') ? context.getNodeParameter(`${place}.${option}`, undefined) : value;
}

function behavior(context: IExecuteSingleFunctions, option: string, fallback: boolean): boolean {
	const value = behaviorOption(context, option);
	return typeof value === 'boolean' ? value : fallback;
}

/** On unless turned off: a user who never opened the options still gets sends a retry cannot double. */
export const preventsDuplicateSends = (context: IExecuteSingleFunctions) => behavior(context, 'preventDuplicateSends', true);
export const normalisesPhoneNumbers = (context: IExecuteSingleFunctions) => behavior(context, 'normalisePhoneNumbers', true);
export const previewsMessages = (context: IExecuteSingleFunctions) => behavior(context, 'messagePreview', false);

/**
 * Big enough for a day's notices of a small shop, small enough that a loop or an expression that
 * picked up a whole table stops before it spends much: 1,000 messages is about 1.5 million rials.
 */
export const DEFAULT_MESSAGE_CAP = 1000;

/** The most messages one run of the node may send (0: no cap). Not set: the default from version 3 on, no cap before (nodeVersions.ts). */
export function messageCap(context: IExecuteSingleFunctions): number {
	const value = behaviorOption(context, 'maxMessagesPerRun');
	if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
	return runningVersion(context) >= 3 ? DEFAULT_MESSAGE_CAP : 0;
}

/** Where an option of a send's behavior is, as the running version shows it: "Additional Fields → Max Messages per Run". */
function behaviorPlace(context: IExecuteSingleFunctions, label: string): string {
	return `${placeFor(context, { version1: 'Sending Behavior', fromVersion2: 'Additional Fields' })} → ${label}`;
}

export const messageCapPlace = (context: IExecuteSingleFunctions) => behaviorPlace(context, 'Max Messages per Run');

/** The credit in rials under which a run sends nothing; 0 (the default): the credit is not read. */
export function creditFloor(context: IExecuteSingleFunctions): number {
	const value = behaviorOption(context, 'stopBelowCredit');
	return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

export const creditFloorPlace = (context: IExecuteSingleFunctions) => behaviorPlace(context, 'Stop Below Credit');

function behaviorOptions(messagePreview: boolean): INodeProperties[] {
	const options: INodeProperties[] = [
		{
			displayName: 'Max Messages per Run',
			name: 'maxMessagesPerRun',
			type: 'number',
			// A guard of the workflow's author: no expression, so no model raises it as a tool ($fromAI).
			noDataExpression: true,
			typeOptions: { minValue: 0 },
			default: DEFAULT_MESSAGE_CAP,
			description:
				'Most messages (recipients × SMS parts; a call is one) one run may send, all items counted first: over it, nothing is sent. 0 for no cap.',
		},
		{
			displayName: 'Message Preview',
			name: 'messagePreview',
			type: 'boolean',
			default: false,
			description:
				'Whether to add to each output item the number of SMS parts ("parts") and whether the text goes as Unicode ("unicode")',
		},
		{
			displayName: 'Stop Below Credit',
			name: 'stopBelowCredit',
			type: 'number',
			// A guard of the workflow's author: no expression, so no model lowers it as a tool ($fromAI).
			noDataExpression: true,
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				"Credit in rials under which this run sends nothing: the account's credit is read once before the first send, and if it is lower, no item is sent. 0: not checked.",
		},
		{
			displayName: 'Normalize Phone Numbers',
			name: 'normalisePhoneNumbers',
			type: 'boolean',
			// A setting of the workflow's author: no expression, so no model fills it as a tool ($fromAI).
			noDataExpression: true,
			default: true,
			description:
				'Whether to turn +98, 0098, Persian digits, spaces and dashes into the 0912… form and refuse a number that cannot be Iranian. On by default; turn it off for numbers outside Iran.',
		},
		{
			displayName: 'Prevent Duplicate Sends',
			name: 'preventDuplicateSends',
			type: 'boolean',
			// A setting of the workflow's author: no expression, so no model fills it as a tool ($fromAI).
			noDataExpression: true,
			default: true,
			description:
				'Whether Kavenegar sends each message once, however often the same item runs through this node today (retries, re-runs). On by default. The ID it uses is "localid" in the output.',
		},
	];
	return messagePreview ? options : options.filter((option) => option.name !== 'messagePreview');
}

/**
 * A send's optional fields (`fields`, each routing its own wire parameter) and its behavior, as
 * each version shows them: version 1 as Additional Fields and Sending Behavior, version 2 all in
 * Additional Fields. `messagePreview: false` for sends that are not SMS: a voice message has no parts.
 */
export function sendOptionsCollections(
	displayOptions: IDisplayOptions,
	fields: INodeProperties[],
	{ messagePreview = true } = {},
): INodeProperties[] {
	const options = behaviorOptions(messagePreview);
	const fromVersion2 = options.map((option) => ({ ...option, displayOptions: withVersion(option.displayOptions, FROM_VERSION_2) }));
	return [
		additionalFieldsCollection(
			displayOptions,
			[...fields, ...fromVersion2].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		),
		{
			displayName: 'Sending Behavior',
			name: BEHAVIOR_COLLECTION.version1,
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: withVersion(displayOptions, ONLY_VERSION_1),
			options,
		},
	];
}
