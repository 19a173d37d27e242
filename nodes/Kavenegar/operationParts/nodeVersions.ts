import type { IDisplayOptions, INode } from 'n8n-workflow';

/*
 * The node's versions and what tells them apart in the editor.
 *
 * Version 2 gives each operation at most one collection of its own, named for what it holds: the
 * sends' Sending Behavior options joined their Additional Fields, and Concurrency and Retries
 * moved into n8n's own Request Options (n8n merges a declarative node's `requestOptions` options
 * into it: n8n-core's DirectoryLoader, applyDeclarativeNodeOptionParameters). Those moves change
 * where values sit in a saved workflow, and n8n has no way to move them for a community node, so a
 * node saved as version 1 keeps version 1's fields and keeps working; a node added now is version 2.
 *
 * Version 3 changes no field: a send whose Max Messages per Run was never set is capped at
 * DEFAULT_MESSAGE_CAP messages a run (sendOptions.ts). The option is in every version, but n8n
 * does not fill a collection's options on load, so "not set" in a node saved before is no cap, as
 * it always was; only the version tells a node added now from one saved before.
 *
 * Version 4 changes no field either: its Time Zone setting defaults to Iran's time, in which the
 * Send Window and Jalali dates are then read and written; a node saved before defaults to the
 * workflow's zone, as it always read them (allNodes/timeZoneSetting.ts).
 *
 * Only the properties that moved carry a version condition; every other field is every version's.
 */
export const NODE_VERSIONS = [1, 2, 3, 4];
export const LATEST_VERSION = 4;

/** The first version whose Time Zone setting defaults to Iran's time. */
export const FIRST_VERSION_IN_IRAN_TIME = 4;

type VersionCondition = NonNullable<IDisplayOptions['show']>;

/** The `show` condition of a property that exists only in version 1. */
export const ONLY_VERSION_1: VersionCondition = { '@version': [1] };

/** The `show` condition of a property that version 2 brought (and later versions keep). */
export const FROM_VERSION_2: VersionCondition = { '@version': [{ _cnd: { gte: 2 } }] };

/** `displayOptions` that also ask for a version, keeping their own conditions (`hide` included). */
export function withVersion(displayOptions: IDisplayOptions | undefined, version: VersionCondition): IDisplayOptions {
	return { ...displayOptions, show: { ...displayOptions?.show, ...version } };
}

/**
 * The running node's version, read once per context: n8n's getNode() hands out a deep copy of the
 * node on every call, and one item's hooks ask for the version several times.
 */
const versions = new WeakMap<object, number>();

export function runningVersion(context: { getNode(): INode }): number {
	let version = versions.get(context);
	if (version === undefined) {
		version = context.getNode().typeVersion;
		versions.set(context, version);
	}
	return version;
}

/** Where a moved value is to be read: the place of the running node's version. */
export function placeFor<T>(context: { getNode(): INode }, places: { version1: T; fromVersion2: T }): T {
	return runningVersion(context) >= 2 ? places.fromVersion2 : places.version1;
}
