import type { IDisplayOptions, INodeProperties, INodePropertyRouting } from 'n8n-workflow';
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

/** The report label the send operations take: `tag` in the contract, checked by `tagRule`. */
export const tagField: INodeProperties = {
	displayName: 'Tag',
	name: 'tag',
	type: 'string',
	default: '',
	description:
		'Report label already defined in your panel: at most 200 characters, English letters, digits, "-" and "_"',
	routing: sendAs('tag'),
};

export const mediaIdField: INodeProperties = {
	displayName: 'Media ID',
	name: 'mediaId',
	type: 'string',
	default: '',
	description: 'ID of an uploaded media file; only for internal-messenger lines',
	routing: sendAs('mediaid'),
};

export const policyField: INodeProperties = {
	displayName: 'Policy',
	name: 'policy',
	type: 'string',
	default: '',
	description: 'Name of a send policy defined on your account',
	routing: sendAs('policy'),
};

/** `hide=1` hides the numbers in reports; the service reads no other value, so false sends nothing. */
export function hideRecipientsField(displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name: 'hide',
		type: 'boolean',
		default: false,
		description,
		routing: { send: { ...sendAs('hide').send, value: '={{ $value ? 1 : "" }}' } },
	};
}

/** The IDs a send returned, for the operations that look messages up or cancel them. */
export function messageIdsField(operation: string, more = ''): INodeProperties {
	return {
		displayName: 'Message IDs',
		name: 'messageIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: '8792343, 8792344',
		description: `IDs returned by a send, separated by commas or new lines, or an array from an expression${more}`,
		displayOptions: { show: { resource: ['sms'], operation: [operation] } },
		routing: sendAs('messageid'),
	};
}

/**
 * Return All, and Limit when not returning all, for the operations that page (their pagination
 * function reads `returnAll`). Limit cuts the output; `limitSend` also sends it where the service
 * takes a page size.
 */
export function returnAllAndLimitFields(
	displayOptions: IDisplayOptions,
	limitMax?: number,
	limitSend?: INodePropertyRouting['send'],
): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions,
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, ...(limitMax !== undefined && { maxValue: limitMax }) },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...displayOptions.show, returnAll: [false] } },
			routing: { ...(limitSend && { send: limitSend }), output: { maxResults: '={{ $value }}' } },
		},
	];
}

/**
 * The recipient list of a send of one message to many numbers. Each operation gives it its own
 * parameter name: n8n evaluates a parameter once per property of that name, hidden or not.
 */
export function recipientListField(name: string, displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Recipients',
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder: '09121234567, 09351234567',
		description:
			'Phone numbers separated by commas or new lines, or an array from an expression. More than 200 are sent in several requests of 200, and the rows come back in order.',
		displayOptions,
		routing: sendAs('receptor'),
	};
}

/** Local IDs beside a recipient list (`localid`), checked by `localIdsMatchRecipients`. */
export const localIdsField: INodeProperties = {
	displayName: 'Local IDs',
	name: 'localIds',
	type: 'string',
	default: '',
	description:
		'Your own numeric ID for each recipient, in the same order, so that a repeated request is not sent twice; as many IDs as recipients. Without them, Prevent Duplicate Sends (in Options) makes IDs for you.',
	routing: sendAs('localid'),
};

/** When a send goes out (`date`, Unix seconds after the `unixTime` rule). */
export const sendAtField: INodeProperties = {
	displayName: 'Send At',
	name: 'date',
	type: 'dateTime',
	default: '',
	description: 'Schedule the message for this time; empty sends it now',
	routing: sendAs('date'),
};

/** The advice the Operation picker cuts off, where it is seen: above the operation's fields. */
export function ipAccessNotice(operation: string): INodeProperties {
	return {
		displayName: "This operation needs IP access: allow the n8n server's IP in the Kavenegar panel, or Kavenegar refuses it.",
		name: 'ipAccessNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: ['sms'], operation: [operation] } },
	};
}
