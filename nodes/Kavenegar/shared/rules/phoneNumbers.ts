import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { invalidInput } from './inputErrors';
import { normalisePhoneNumber, PHONE_NUMBER } from '../../../shared/phoneNumbers';
import { splitList } from '../../../shared/lists';
import { wrongListEntry } from './lists';
import type { ParamRule } from '../wireParams';

/**
 * Numbers outside Iran must not be rewritten (a `0098` rule could corrupt them), so with
 * normalisation off an entry is only trimmed and must already be in the service's form.
 */
function numberAsTyped(raw: string): string | undefined {
	const number = raw.trim();
	return PHONE_NUMBER.test(number) ? number : undefined;
}

/**
 * Reads one recipient the way the item's options say: normalised, or as typed. `normalises` reads
 * the node option that can turn normalisation off; without it, it is on.
 */
export function phoneNumberReader(
	context: IExecuteSingleFunctions,
	normalises?: (context: IExecuteSingleFunctions) => boolean,
): (raw: string) => string | undefined {
	return normalises === undefined || normalises(context) ? normalisePhoneNumber : numberAsTyped;
}

/** A recipient list rule: split, read each number, check the count; the list goes out as a comma list. */
export function phoneNumberList(
	name: string,
	field: string,
	max = Number.POSITIVE_INFINITY,
	normalises?: (context: IExecuteSingleFunctions) => boolean,
): ParamRule {
	return function (params) {
		const wrongType = wrongListEntry(params[name]);
		if (wrongType) throw invalidInput(this, field, wrongType);
		const read = phoneNumberReader(this, normalises);
		const numbers = splitList(params[name]).map((entry) => {
			const number = read(entry);
			if (number === undefined) {
				throw invalidInput(this, field, `"${entry}" is not a phone number`);
			}
			return number;
		});
		if (numbers.length === 0) throw invalidInput(this, field, 'at least one number is required');
		if (numbers.length > max) {
			throw invalidInput(this, field, `at most ${max} numbers in one request (got ${numbers.length})`);
		}
		params[name] = numbers;
	};
}
