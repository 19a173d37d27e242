import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { dateRange, unixTime } from '../rules/dates';
import { required } from '../rules/valueRules';
import type { ParamRule } from '../wireParams';
import { dateInput } from './dateInput';
import { sendAs } from './routing';

const START = { displayName: 'Start Date', name: 'startDate', wireName: 'startdate' };
const END = { displayName: 'End Date', name: 'endDate', wireName: 'enddate' };

interface DateRangeLimits {
	/** Longest allowed span, in days. */
	maxDays: number;
	/** How far back the start may lie, in days. */
	maxPastDays?: number;
	/** The service reads an empty end as now, so the span is checked against now. */
	emptyEndIsNow?: boolean;
	startRequired?: boolean;
}

function dateField(
	field: typeof START,
	description: string,
	displayOptions?: IDisplayOptions,
	isRequired = false,
): INodeProperties {
	return dateInput({
		displayName: field.displayName,
		name: field.name,
		required: isRequired,
		description,
		displayOptions,
		routing: sendAs(field.wireName),
	});
}

/**
 * The Start Date and End Date of the operations that look messages up in a range: both fields and
 * the rules that turn them into Unix seconds and check the range, from one set of names. The
 * operation places the fields (the start on top or in Filters, the end in Filters).
 */
export function dateRangeFields(limits: DateRangeLimits) {
	const { startRequired = false, ...rangeLimits } = limits;
	const rules: ParamRule[] = [
		unixTime(START.wireName, START.displayName),
		...(startRequired ? [required(START.wireName, START.displayName)] : []),
		unixTime(END.wireName, END.displayName),
		dateRange({
			start: [START.wireName, START.displayName],
			end: [END.wireName, END.displayName],
			...rangeLimits,
		}),
	];
	return {
		rules,
		start: (description: string, displayOptions?: IDisplayOptions) =>
			dateField(START, description, displayOptions, startRequired),
		end: (description: string) => dateField(END, description),
	};
}
