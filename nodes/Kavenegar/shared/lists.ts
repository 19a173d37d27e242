import { splitList } from '../../shared/lists';
import { invalidInput } from './inputErrors';
import type { ParamRule } from './wireParams';

/** A list of numeric ids (message ids, local ids): split, checked to be whole numbers, counted. */
export function idList(name: string, field: string, max?: number, optional = false): ParamRule {
	return function (params) {
		if (optional && (params[name] === undefined || params[name] === '')) return;
		const ids = splitList(params[name]);
		if (ids.length === 0) throw invalidInput(this, field, 'at least one ID is required');
		const bad = ids.find((id) => !/^\d+$/.test(id));
		if (bad !== undefined) throw invalidInput(this, field, `"${bad}" is not a numeric ID`);
		if (max !== undefined && ids.length > max) {
			throw invalidInput(this, field, `at most ${max} IDs in one request (got ${ids.length})`);
		}
		params[name] = ids;
	};
}
