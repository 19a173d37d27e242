import { invalidInput } from './inputErrors';
import type { ParamRule } from './wireParams';

function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || String(value).trim() === '';
}

export function required(name: string, field: string): ParamRule {
	return function (params) {
		if (isEmpty(params[name])) throw invalidInput(this, field, 'is required');
	};
}

/** For optional text with a format: checked only when given. */
export function matches(name: string, field: string, pattern: RegExp, rule: string): ParamRule {
	return function (params) {
		if (!isEmpty(params[name]) && !pattern.test(String(params[name]))) {
			throw invalidInput(this, field, rule);
		}
	};
}

export function wholeNumberRange(name: string, field: string, min: number, max: number): ParamRule {
	return function (params) {
		if (isEmpty(params[name])) return;
		const value = Number(params[name]);
		if (!Number.isInteger(value) || value < min || value > max) {
			throw invalidInput(this, field, `must be a whole number from ${min} to ${max} (got ${String(params[name])})`);
		}
	};
}

/** The report label of sends: `tag` in the contract. */
export const tagRule = matches(
	'tag',
	'Tag',
	/^[A-Za-z0-9_-]{1,200}$/,
	'at most 200 characters, English letters, digits, "-" and "_" only',
);
