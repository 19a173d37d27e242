import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { splitList } from './lists';
import { normalisePhoneNumber, notAnIranianNumber } from './phoneNumbers';
import { quoted } from './bidi';
import { withoutInvisibleMarks } from './invisibleMarks';

/*
 * The Sender Numbers and Text Contains filters of both triggers' incoming messages: the fields and
 * the test they stand for, in one place, so that the two triggers filter alike.
 */

/** A number as filters compare it: any way of writing it (+98…, 0098…, Persian digits) matches. */
export const comparableNumber = (number: string) => normalisePhoneNumber(number) ?? withoutInvisibleMarks(number).trim();

/** Sender Numbers and Text Contains, for a Filters collection; `displayOptions` where it holds more. */
export function messageFilterFields(displayOptions?: IDisplayOptions): { senders: INodeProperties; textContains: INodeProperties } {
	const shown = displayOptions && { displayOptions };
	return {
		senders: {
			displayName: 'Sender Numbers',
			name: 'senders',
			type: 'string',
			default: '',
			placeholder: '09121234567, 09351234567',
			description: 'Only messages from these numbers, separated by commas; any way of writing a number matches (+98…, 0098…, 09…)',
			...shown,
		},
		textContains: {
			displayName: 'Text Contains',
			name: 'textContains',
			type: 'string',
			default: '',
			description: 'Only messages whose text contains this, ignoring letter case',
			...shown,
		},
	};
}

/**
 * What is wrong with the Sender Numbers filter, naming the entry, or `undefined`: an entry that can
 * be no sender's number would silently match nothing.
 */
export function wrongSenderNumber(filters: IDataObject): string | undefined {
	for (const entry of splitList(filters.senders)) {
		const number = normalisePhoneNumber(entry);
		const wrong = number === undefined ? 'is not a phone number' : notAnIranianNumber(number, 'mobileOrLandline');
		if (wrong !== undefined) return `Sender Numbers: ${quoted(entry)} ${wrong}`;
	}
	return undefined;
}

/** Whether a message (`sender`, `message`) passes the filters the user set. */
export function messageFilter(filters: IDataObject): (message: IDataObject) => boolean {
	const senders = new Set(splitList(filters.senders).map(comparableNumber));
	const text = String(filters.textContains ?? '').toLocaleLowerCase();
	return (message) =>
		(senders.size === 0 || senders.has(comparableNumber(String(message.sender ?? '')))) &&
		String(message.message ?? '').toLocaleLowerCase().includes(text);
}
