import { invalidInput } from './inputErrors';
import type { ParamRule } from '../wireParams';
import { isolated } from '../../../allNodes/bidi';
import { withoutInvisibleMarks } from '../../../allNodes/invisibleMarks';

function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || String(value).trim() === '';
}

const BRIEF_LENGTH = 80;

/** A value as the user would recognise it from their data: JSON, cut so that the error stays readable. */
export function briefly(value: unknown): string {
	const json = JSON.stringify(value) ?? String(value);
	return isolated(json.length > BRIEF_LENGTH ? `${json.slice(0, BRIEF_LENGTH)}…` : json);
}

/**
 * An expression that returns an object or a list where one value is expected would be sent as
 * "[object Object]" or as its items joined by commas; the rule that names the field says so instead.
 */
export function wrongTypeRule(value: unknown, expected = 'text'): string | undefined {
	if (value === null) return `must be ${expected}, not null`;
	if (typeof value !== 'object') return undefined;
	return `must be ${expected}, not ${Array.isArray(value) ? 'a list' : 'an object'}: ${briefly(value)}`;
}

/** Checks that a single value is not an object, a list or null, before any other rule reads it. */
export function singleValue(name: string, field: string, expected = 'text'): ParamRule {
	return function (params) {
		if (params[name] === undefined) return;
		const rule = wrongTypeRule(params[name], expected);
		if (rule) throw invalidInput(this, field, rule);
	};
}

export function required(name: string, field: string): ParamRule {
	return function (params) {
		const wrongType = wrongTypeRule(params[name]);
		if (wrongType) throw invalidInput(this, field, wrongType);
		if (isEmpty(params[name])) throw invalidInput(this, field, 'is required');
	};
}

/** For optional text with a format: checked only when given. */
export function matches(name: string, field: string, pattern: RegExp, rule: string): ParamRule {
	return function (params) {
		const wrongType = params[name] === null ? undefined : wrongTypeRule(params[name]);
		if (wrongType) throw invalidInput(this, field, wrongType);
		if (!isEmpty(params[name]) && !pattern.test(String(params[name]))) {
			throw invalidInput(this, field, rule);
		}
	};
}

/**
 * For a value the node sends as it was written, read as a number, an ID or a line number (never
 * text): drops the invisible marks a paste leaves in (allNodes/invisibleMarks.ts), so that the
 * rules after it and the request read what the user sees. A field's first rule.
 */
export function dropInvisibleMarks(name: string): ParamRule {
	return function (params) {
		const value = params[name];
		if (typeof value === 'string') params[name] = withoutInvisibleMarks(value);
	};
}

export function wholeNumberRange(name: string, field: string, min: number, max: number): ParamRule {
	const marksDropped = dropInvisibleMarks(name);
	return function (params) {
		const given = params[name];
		marksDropped.call(this, params);
		if (isEmpty(params[name])) return;
		const value = typeof params[name] === 'object' ? Number.NaN : Number(params[name]);
		if (!Number.isInteger(value) || value < min || value > max) {
			throw invalidInput(this, field, `must be a whole number from ${min} to ${max} (got ${briefly(given)})`);
		}
	};
}

/** The contract's Guid: what Media → Upload and Get Many return as a file's `id`. */
export function mediaIdRule(name: string, field: string): ParamRule {
	return matches(
		name,
		field,
		/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
		'must be a media file ID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6',
	);
}
