import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { sendAs } from './display';

/** A dateTime field sent as Unix seconds (the operation's rules run `unixTime` on it). */
export function dateField(
	displayName: string,
	name: string,
	wireName: string,
	description: string,
	displayOptions?: IDisplayOptions,
	required = false,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'dateTime',
		default: '',
		required,
		description,
		displayOptions,
		routing: sendAs(wireName),
	};
}

/** The read state filter of the inbox operations (`isread`: 0 unread, 1 read). */
export function readStateField(name: string, displayOptions?: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Read State',
		name,
		type: 'options',
		options: [
			{ name: 'Unread', value: 0 },
			{ name: 'Read', value: 1 },
		],
		default: 0,
		description: 'Whether to get the messages not read yet or those already read',
		displayOptions,
		routing: sendAs('isread'),
	};
}

export function senderLineField(description: string): INodeProperties {
	return {
		displayName: 'Sender Line',
		name: 'sender',
		type: 'string',
		default: '',
		description,
		routing: sendAs('sender'),
	};
}
