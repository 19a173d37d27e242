import type { IDisplayOptions, INodeProperties, INodePropertyOptions, NodeParameterValue } from 'n8n-workflow';

/*
 * n8n's RoutingNode reads, evaluates and checks every top-level property of the node for every
 * item (twice in n8n-core 2.41), hidden or not, and a value once per property of its name. Each
 * operation file still writes its own fields; this merges the properties that share a name into
 * one, so that the node carries each name once where n8n's editor shows the same fields.
 *
 * - A collection's options keep their operation's displayOptions, written from the root
 *   (`/resource`, `/operation`), as n8n's own nodes do, so every operation offers what it did.
 * - Other same-named properties merge only when they are alike apart from their displayOptions.
 * - Names and nesting stay, so saved workflows read the same. A merge is kept only if every
 *   operation shows the same property names in the same order as before: that is checked here,
 *   at load time. Properties are put in an order that keeps each operation's own order; a merge
 *   that no order allows (two operations want two names in opposite orders) is not made.
 */

type Show = NonNullable<IDisplayOptions['show']>;

/** One operation of one resource: `["sms","send"]`. */
type OperationKey = string;

function operationKey(resource: unknown, operation: unknown): OperationKey {
	return JSON.stringify([resource, operation]);
}

function showOf(property: { displayOptions?: IDisplayOptions }): Show {
	return property.displayOptions?.show ?? {};
}

function isOperationPicker(property: INodeProperties): boolean {
	return property.name === 'operation' && property.type === 'options' && Array.isArray(showOf(property).resource);
}

/** Every operation the node offers, from its Operation pickers. */
function operationsOf(properties: INodeProperties[]): Array<[NodeParameterValue, NodeParameterValue]> {
	const operations: Array<[NodeParameterValue, NodeParameterValue]> = [];
	for (const picker of properties.filter(isOperationPicker)) {
		for (const resource of showOf(picker).resource ?? []) {
			for (const option of (picker.options ?? []) as INodePropertyOptions[]) {
				operations.push([resource as NodeParameterValue, option.value]);
			}
		}
	}
	return operations;
}

/** Whether a property may be shown for an operation, judged by its resource and operation conditions. */
function mayShow(property: INodeProperties, [resource, operation]: [NodeParameterValue, NodeParameterValue]): boolean {
	const { resource: resources, operation: operations } = showOf(property);
	return (
		(resources === undefined || (resources as unknown[]).includes(resource)) &&
		(operations === undefined || (operations as unknown[]).includes(operation))
	);
}

/** For each operation, the names of the properties it may show, in order. */
function namesPerOperation(properties: INodeProperties[], operations: Array<[NodeParameterValue, NodeParameterValue]>) {
	return new Map(
		operations.map((operation) => [
			operationKey(...operation),
			properties.filter((property) => mayShow(property, operation)).map((property) => property.name).join(','),
		]),
	);
}

function deepEqual(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	const aKeys = Object.keys(a);
	const bRecord = b as Record<string, unknown>;
	return (
		aKeys.length === Object.keys(b).length &&
		aKeys.every((key) => key in bRecord && deepEqual((a as Record<string, unknown>)[key], bRecord[key]))
	);
}

function without(value: object, ...keys: string[]): Record<string, unknown> {
	const copy: Record<string, unknown> = { ...value };
	for (const key of keys) delete copy[key];
	return copy;
}

/** Resource and operation conditions apart, what decides whether a property is shown. */
function otherConditions(property: INodeProperties) {
	return { show: without(showOf(property), 'resource', 'operation'), hide: property.displayOptions?.hide };
}

/** A property merges with others of its name when its display hangs on resource and operation. */
function isPerOperation(property: INodeProperties): boolean {
	const show = showOf(property);
	return Array.isArray(show.resource) && Array.isArray(show.operation) && property.displayOptions?.hide === undefined;
}

/** A collection's option, shown only for the operations of the collection it came from. */
function optionFor(option: INodeProperties, from: INodeProperties): INodeProperties | undefined {
	const own = showOf(option);
	if ('/resource' in own || '/operation' in own) return undefined;
	const { resource, operation } = showOf(from);
	// `hide` hides when any of its conditions holds, so the option's own stays as it was.
	return { ...option, displayOptions: { ...option.displayOptions, show: { ...own, '/resource': resource, '/operation': operation } } };
}

function union(a: unknown, b: unknown): Array<NodeParameterValue> {
	return [...new Set([...(a as NodeParameterValue[]), ...(b as NodeParameterValue[])])];
}

/** `into` and `from` as one property, or undefined where they cannot be one. */
function merged(into: INodeProperties, from: INodeProperties): INodeProperties | undefined {
	if (!isPerOperation(into) || !isPerOperation(from) || into.type !== from.type) return undefined;
	if (!deepEqual(otherConditions(into), otherConditions(from))) return undefined;
	const intoShow = showOf(into);
	const fromShow = showOf(from);
	const displayOptions = {
		show: { ...intoShow, resource: union(intoShow.resource, fromShow.resource), operation: union(intoShow.operation, fromShow.operation) },
	};
	if (into.type !== 'collection') {
		return deepEqual(without(into, 'displayOptions'), without(from, 'displayOptions')) ? { ...into, displayOptions } : undefined;
	}
	if (!deepEqual(without(into, 'displayOptions', 'options'), without(from, 'displayOptions', 'options'))) return undefined;
	// The first merge into a collection gives its own options their conditions too.
	const intoOptions = into.options as INodeProperties[];
	const first = intoOptions.every((option) => '/operation' in showOf(option))
		? intoOptions
		: intoOptions.map((option) => optionFor(option, into));
	const added = (from.options as INodeProperties[]).map((option) => optionFor(option, from));
	const options = [...first, ...added];
	if (options.some((option) => option === undefined)) return undefined;
	return { ...into, displayOptions, options: options as INodeProperties[] };
}

interface Group {
	property: INodeProperties;
	/** Where its first member was in the node's list. */
	first: number;
	members: number[];
}

function alone(properties: INodeProperties[], index: number): Group {
	return { property: properties[index], first: index, members: [index] };
}

/**
 * The groups in an order that keeps every operation's properties in their order (each operation's
 * sequence is a chain of "comes before"), earliest first where the chains leave a choice; undefined
 * when no such order exists.
 */
function orderKeepingEachOperation(
	groups: Group[],
	properties: INodeProperties[],
	operations: Array<[NodeParameterValue, NodeParameterValue]>,
): Group[] | undefined {
	const groupOf = new Map<number, Group>();
	for (const group of groups) for (const member of group.members) groupOf.set(member, group);
	const after = new Map<Group, Set<Group>>(groups.map((group) => [group, new Set<Group>()]));
	for (const operation of operations) {
		const shown = properties.flatMap((property, index) => (mayShow(property, operation) ? [groupOf.get(index) as Group] : []));
		for (let i = 1; i < shown.length; i++) {
			if (shown[i] !== shown[i - 1]) (after.get(shown[i - 1]) as Set<Group>).add(shown[i]);
		}
	}
	const waitingFor = new Map<Group, number>(groups.map((group) => [group, 0]));
	for (const next of after.values()) for (const group of next) waitingFor.set(group, (waitingFor.get(group) as number) + 1);
	const order: Group[] = [];
	let ready = groups.filter((group) => waitingFor.get(group) === 0);
	while (ready.length > 0) {
		const group = ready.reduce((earliest, candidate) => (candidate.first < earliest.first ? candidate : earliest));
		ready = ready.filter((candidate) => candidate !== group);
		order.push(group);
		for (const next of after.get(group) as Set<Group>) {
			waitingFor.set(next, (waitingFor.get(next) as number) - 1);
			if (waitingFor.get(next) === 0) ready.push(next);
		}
	}
	return order.length === groups.length ? order : undefined;
}

export function onePropertyPerName(properties: INodeProperties[]): INodeProperties[] {
	const operations = operationsOf(properties);
	// Each property alone keeps every operation's order; each merge is kept only if an order still does.
	let groups = properties.map((_, index) => alone(properties, index));
	for (let index = 0; index < properties.length; index++) {
		const self = groups.find((group) => group.first === index) as Group;
		for (const group of groups) {
			if (group.first >= index || group.property.name !== self.property.name) continue;
			const one = merged(group.property, self.property);
			if (one === undefined) continue;
			const candidate = groups
				.filter((other) => other !== self)
				.map((other) => (other === group ? { property: one, first: group.first, members: [...group.members, index] } : other));
			if (orderKeepingEachOperation(candidate, properties, operations) === undefined) continue;
			groups = candidate;
			break;
		}
	}
	const result = (orderKeepingEachOperation(groups, properties, operations) as Group[]).map((group) => group.property);
	const before = namesPerOperation(properties, operations);
	const after = namesPerOperation(result, operations);
	if ([...before].some(([operation, names]) => after.get(operation) !== names)) {
		throw new Error('onePropertyPerName changed the fields an operation shows');
	}
	return result;
}
