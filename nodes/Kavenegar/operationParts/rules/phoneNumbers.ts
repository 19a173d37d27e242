import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { invalidInput } from './inputErrors';
import { normalisePhoneNumber, notAnIranianNumber, PHONE_NUMBER, type IranianNumbers } from '../../../allNodes/phoneNumbers';
import { splitList } from '../../../allNodes/lists';
import { wrongListEntry } from './lists';
import type { ParamRule, WireParams } from '../wireParams';
import { quoted } from '../../../allNodes/bidi';
import { withoutInvisibleMarks } from '../../../allNodes/invisibleMarks';

/**
 * Numbers outside Iran must not be rewritten (a `0098` rule could corrupt them), so with
 * normalisation off an entry is only trimmed, of spaces and invisible marks, and must already be
 * in the service's form.
 */
function numberAsTyped(raw: string): string | undefined {
	const number = withoutInvisibleMarks(raw).trim();
	return PHONE_NUMBER.test(number) ? number : undefined;
}

/** One entry read: the number as it goes out, or what is wrong with it (after the entry in quotes). */
export type ReadNumber = { number: string; wrong?: undefined } | { number?: undefined; wrong: string };

/**
 * Reads one recipient the way the item's options say: normalised, or as typed. `normalises` reads
 * the node option that can turn normalisation off; without it, it is on. Normalised means in Iran:
 * "0912-12" reads as 091212, which no Iranian number is, so it is refused rather than sent.
 */
export function phoneNumberReader(
	context: IExecuteSingleFunctions,
	normalises?: (context: IExecuteSingleFunctions) => boolean,
	kind: IranianNumbers = 'mobile',
): (raw: string) => ReadNumber {
	if (normalises !== undefined && !normalises(context)) {
		return (raw) => {
			const number = numberAsTyped(raw);
			return number === undefined ? { wrong: 'is not a phone number' } : { number };
		};
	}
	return (raw) => {
		const number = normalisePhoneNumber(raw);
		if (number === undefined) return { wrong: 'is not a phone number' };
		const wrong = notAnIranianNumber(number, kind);
		return wrong === undefined ? { number } : { wrong };
	};
}

/** A recipient list rule: split, read each number, check the count; the list goes out as a comma list. */
export function phoneNumberList(
	name: string,
	field: string,
	max = Number.POSITIVE_INFINITY,
	normalises?: (context: IExecuteSingleFunctions) => boolean,
	kind: IranianNumbers | ((params: WireParams) => IranianNumbers) = 'mobile',
): ParamRule {
	return function (params) {
		const wrongType = wrongListEntry(params[name]);
		if (wrongType) throw invalidInput(this, field, wrongType);
		const read = phoneNumberReader(this, normalises, typeof kind === 'function' ? kind(params) : kind);
		const numbers = splitList(params[name]).map((entry) => {
			const { number, wrong } = read(entry);
			if (number === undefined) throw invalidInput(this, field, `${quoted(entry)} ${wrong}`);
			return number;
		});
		if (numbers.length === 0) throw invalidInput(this, field, 'at least one number is required');
		if (numbers.length > max) {
			throw invalidInput(this, field, `at most ${max} numbers in one request (got ${numbers.length})`);
		}
		params[name] = numbers;
	};
}
