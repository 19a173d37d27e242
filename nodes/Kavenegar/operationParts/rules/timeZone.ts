import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { settingTimeZone } from '../../../allNodes/timeZoneSetting';
import { invalidInput } from './inputErrors';

/** The zone of the item's Send Window and Jalali dates (the node's Time Zone setting); a value that names none is bad input. */
export function chosenTimeZone(context: IExecuteSingleFunctions): string {
	return settingTimeZone(context, (field, rule) => invalidInput(context, field, rule));
}

/**
 * Every operation's rows get their Jalali dates in the setting's zone, after the answer: a value
 * that names no zone must stop the item before its request, not after it went.
 */
export async function timeZoneChecked(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	chosenTimeZone(this);
	return requestOptions;
}
