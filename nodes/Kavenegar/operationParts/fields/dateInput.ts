import type { INodeProperties } from 'n8n-workflow';

/**
 * A date field as people type it: text, not n8n's date picker. The picker keeps only what it reads
 * in its own Gregorian format and empties itself, on leaving the field, of `1406/01/01 09:00` and of
 * Persian digits (measured in n8n 2.8.4: docs/jalali-dates-and-send-cap.md), the forms Kavenegar's
 * users write. What the picker saved is text as well, so saved workflows read the same; the rules
 * (rules/dates.ts) read every form.
 */
export function dateInput(
	field: Pick<INodeProperties, 'displayName' | 'name' | 'description'> & Partial<INodeProperties>,
): INodeProperties {
	return {
		type: 'string',
		default: '',
		placeholder: 'e.g. 1406/01/01 09:00',
		// Gregorian keeps n8n's rule, the workflow's zone, which needs no saying.
		hint: 'Jalali (1406/01/01 09:00) or Gregorian (2027-03-21 09:00); Jalali in Settings → Time Zone',
		...field,
	};
}
