import {
	NodeOperationError,
	type IDisplayOptions,
	type ILoadOptionsFunctions,
	type INode,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';
import { quoted } from './bidi';
import { clockFormat } from './timeZones';

/*
 * The zone in which each node reads and writes Jalali dates and the Send Window's hours: its Time
 * Zone setting, in the node's Settings tab. Those are Iranian clocks (Kavenegar's recipients have
 * Iranian numbers, its users write Jalali dates as Iran's time), while n8n reads a workflow in
 * America/New_York unless its owner set another zone, and says nowhere on the panel which: so a
 * node added now reads Iran's time. Gregorian dates keep n8n's rule, the workflow's zone.
 */

export const IRAN_TIME_ZONE = 'Asia/Tehran';
/** The setting's value for the workflow's own zone (Workflow → Settings → Timezone, else n8n's). */
export const WORKFLOW_TIME_ZONE = 'workflow';

const SETTING = 'timeZone';

type VersionCondition = NonNullable<NonNullable<IDisplayOptions['show']>['@version']>;

/**
 * The setting for each node version: from `firstVersionInIranTime` on it defaults to Iran's time;
 * a node saved in an earlier version keeps reading the workflow's zone, as it always did, and may
 * switch. Both carry one name, so n8n fills in the default of the node's own version.
 */
export function timeZoneSetting(firstVersionInIranTime: number): INodeProperties[] {
	const forVersions = (versions: VersionCondition, defaultZone: string): INodeProperties => ({
		displayName: 'Time Zone Name or ID',
		name: SETTING,
		type: 'options',
		isNodeSetting: true,
		typeOptions: { loadOptionsMethod: 'getTimeZones' },
		default: defaultZone,
		displayOptions: { show: { '@version': versions } },
		description:
			'Zone of the Send Window and of Jalali dates, typed and written; Gregorian dates use the workflow\'s. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	});
	return [
		forVersions([{ _cnd: { lt: firstVersionInIranTime } }], WORKFLOW_TIME_ZONE),
		forVersions([{ _cnd: { gte: firstVersionInIranTime } }], IRAN_TIME_ZONE),
	];
}

/** The field's label, as errors name it. */
const LABEL = timeZoneSetting(1)[0].displayName;

/** Iran's time and the workflow's zone first, as most want one of them; then every zone Intl knows. */
export async function getTimeZones(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const zones = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].filter((zone) => zone !== IRAN_TIME_ZONE).sort();
	return [
		{ name: `${IRAN_TIME_ZONE} (Iran)`, value: IRAN_TIME_ZONE },
		{ name: "The Workflow's Time Zone", value: WORKFLOW_TIME_ZONE, description: "Workflow → Settings → Timezone, else n8n's own" },
		...zones.map((zone) => ({ name: zone, value: zone })),
	];
}

/** Whether Intl knows the zone; its format is kept for the dates read and written in it. */
function isTimeZone(zone: string): boolean {
	try {
		clockFormat('en-US', zone);
		return true;
	} catch {
		return false;
	}
}

/** What a node's context offers to read the setting: n8n's item, poll, hook and webhook contexts do. */
export interface SettingReader {
	getNodeParameter(name: string, fallback?: unknown): unknown;
	getTimezone(): string;
	getNode(): INode;
}

/**
 * The zone read once per context: n8n evaluates and checks a parameter on every getNodeParameter,
 * and an item's checks, its Send Window and its rows each ask for the zone (n8n hands an item's
 * preSend and postReceive hooks the same context).
 */
const zones = new WeakMap<object, string>();

/**
 * The zone the node's Time Zone setting names (n8n fills in its version's default when the node
 * holds none). A value that names no zone (from an expression) is refused by `invalid`, naming the
 * field and the rule.
 */
export function settingTimeZone(
	context: SettingReader,
	invalid: (field: string, rule: string) => Error = (field, rule) => new NodeOperationError(context.getNode(), `${field}: ${rule}`),
): string {
	const known = zones.get(context);
	if (known !== undefined) return known;
	const chosen = context.getNodeParameter(SETTING, WORKFLOW_TIME_ZONE);
	const named = typeof chosen === 'string' ? chosen.trim() : '';
	if (chosen !== WORKFLOW_TIME_ZONE && (named === '' || !isTimeZone(named))) {
		throw invalid(LABEL, `${quoted(String(chosen))} is not a time zone: pick one from the list, or write an IANA name such as Asia/Tehran`);
	}
	const zone = chosen === WORKFLOW_TIME_ZONE ? context.getTimezone() : named;
	zones.set(context, zone);
	return zone;
}
