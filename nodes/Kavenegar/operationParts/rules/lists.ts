import { splitList } from '../../../allNodes/lists';
import { invalidInput } from './inputErrors';
import { briefly } from './valueRules';
import type { ParamRule } from '../wireParams';
import { quoted } from '../../../allNodes/bidi';
import { withoutInvisibleMarks } from '../../../allNodes/invisibleMarks';

/**
 * A list may come as a list from an expression, but its entries must be text or numbers: an object
 * (a whole row picked up by `{{ $json }}`) would turn into "[object Object]". Names the first one.
 */
export function wrongListEntry(value: unknown): string | undefined {
	const entries = Array.isArray(value) ? value.flat(Infinity) : [value];
	const bad = entries.find((entry) => entry === null || typeof entry === 'object');
	if (bad === undefined) return undefined;
	return `each entry must be text or a number, not ${bad === null ? 'null' : 'an object'}: ${briefly(bad)}`;
}

/** A list of numeric ids (message ids, local ids): split, checked to be whole numbers, counted. */
export function idList(name: string, field: string, max?: number, optional = false): ParamRule {
	return function (params) {
		if (optional && (params[name] === undefined || params[name] === '')) return;
		const wrongType = wrongListEntry(params[name]);
		if (wrongType) throw invalidInput(this, field, wrongType);
		const given = splitList(params[name]);
		if (given.length === 0) throw invalidInput(this, field, 'at least one ID is required');
		const ids = given.map((id) => withoutInvisibleMarks(id).trim());
		const bad = ids.findIndex((id) => !/^\d+$/.test(id));
		if (bad >= 0) throw invalidInput(this, field, `${quoted(given[bad])} is not a numeric ID`);
		if (max !== undefined && ids.length > max) {
			throw invalidInput(this, field, `at most ${max} IDs in one request (got ${ids.length})`);
		}
		params[name] = ids;
	};
}
