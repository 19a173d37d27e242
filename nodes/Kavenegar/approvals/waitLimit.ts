import { WAIT_INDEFINITELY, type IDataObject, type IExecuteSingleFunctions, type INodeProperties } from 'n8n-workflow';
import { quoted } from '../../allNodes/bidi';
import { dateInput } from '../operationParts/fields/dateInput';
import { toUnixSeconds } from '../operationParts/rules/dates';
import { invalidInput } from '../operationParts/rules/inputErrors';

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };
/** The interval Limit Wait Time holds when it is added. */
const DEFAULT_AMOUNT = 45;

export const limitWaitTimeOption: INodeProperties = {
	displayName: 'Limit Wait Time',
	name: 'limitWaitTime',
	type: 'fixedCollection',
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: DEFAULT_AMOUNT, resumeUnit: 'minutes' } },
	description: 'Stop waiting after a while or at a date; the items then go on with data.timedOut true',
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Limit Type',
					name: 'limitType',
					type: 'options',
					default: 'afterTimeInterval',
					options: [
						{ name: 'After Time Interval', value: 'afterTimeInterval' },
						{ name: 'At Specified Time', value: 'atSpecifiedTime' },
					],
				},
				{
					displayName: 'Amount',
					name: 'resumeAmount',
					type: 'number',
					default: DEFAULT_AMOUNT,
					typeOptions: { minValue: 1, numberPrecision: 0 },
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				{
					displayName: 'Unit',
					name: 'resumeUnit',
					type: 'options',
					default: 'minutes',
					options: [
						{ name: 'Minutes', value: 'minutes' },
						{ name: 'Hours', value: 'hours' },
						{ name: 'Days', value: 'days' },
					],
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				dateInput({
					displayName: 'Max Date and Time',
					name: 'maxDateAndTime',
					description: 'When to stop waiting',
					displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
				}),
			],
		},
	],
};

const FIELD = 'Limit Wait Time';

/** When the wait ends unanswered; read before anything is sent, so a bad limit sends nothing. */
export function waitUntil(context: IExecuteSingleFunctions, options: IDataObject): Date {
	const limit = (options.limitWaitTime as IDataObject | undefined)?.values as IDataObject | undefined;
	if (!limit) return WAIT_INDEFINITELY;
	if (limit.limitType === 'atSpecifiedTime') {
		const seconds = toUnixSeconds(context, limit.maxDateAndTime, `${FIELD} → Max Date and Time`);
		if (seconds === undefined) throw invalidInput(context, `${FIELD} → Max Date and Time`, 'is required when the limit is a date');
		if (seconds * 1000 <= Date.now()) throw invalidInput(context, `${FIELD} → Max Date and Time`, `${quoted(String(limit.maxDateAndTime))} has passed: give a time to come`);
		return new Date(seconds * 1000);
	}
	const amount = Number(limit.resumeAmount ?? DEFAULT_AMOUNT);
	const unit = UNIT_MS[(limit.resumeUnit as keyof typeof UNIT_MS) ?? 'minutes'] ?? UNIT_MS.minutes;
	if (!Number.isFinite(amount) || amount <= 0) throw invalidInput(context, `${FIELD} → Amount`, 'must be a number above 0');
	return new Date(Date.now() + amount * unit);
}
