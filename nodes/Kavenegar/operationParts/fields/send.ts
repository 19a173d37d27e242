import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { localIdsMatchRecipients, recipientsPerItem } from '../rules/recipients';
import { unixTime } from '../rules/dates';
import { idList } from '../rules/lists';
import { phoneNumberList } from '../rules/phoneNumbers';
import type { IranianNumbers } from '../../../allNodes/phoneNumbers';
import { normalisesPhoneNumbers } from '../sendOptions';
import { dropInvisibleMarks, matches, mediaIdRule, singleValue } from '../rules/valueRules';
import type { ParamRule } from '../wireParams';
import { checkedField, type CheckedField } from './checked';
import { dateInput } from './dateInput';
import { sendAs } from './routing';

/** The Sender Line filter of the outbox reads (`sender`). */
export function senderLineField(description: string): CheckedField {
	return checkedField(
		'sender',
		{ displayName: 'Sender Line', name: 'sender', type: 'string', default: '', placeholder: '10004346', description },
		dropInvisibleMarks,
	);
}

const TAG = { displayName: 'Tag', wireName: 'tag' };

/** The report label the send operations take: `tag` in the contract. */
export const tagField: INodeProperties = {
	displayName: TAG.displayName,
	name: 'tag',
	type: 'string',
	default: '',
	description:
		'Report label already defined in your panel: at most 200 characters, English letters, digits, "-" and "_"',
	routing: sendAs(TAG.wireName),
};

export const tagRule = matches(
	TAG.wireName,
	TAG.displayName,
	/^[A-Za-z0-9_-]{1,200}$/,
	'at most 200 characters, English letters, digits, "-" and "_" only',
);

/** The media file a send attaches (`mediaid`). */
export const mediaId = checkedField(
	'mediaid',
	{
		displayName: 'Media ID',
		name: 'mediaId',
		type: 'string',
		default: '',
		description: 'ID of an uploaded media file; only for internal-messenger lines',
	},
	dropInvisibleMarks,
	mediaIdRule,
);

const POLICY = { displayName: 'Policy', wireName: 'policy' };

export const policyField: INodeProperties = {
	displayName: POLICY.displayName,
	name: 'policy',
	type: 'string',
	default: '',
	description: 'Name of a send policy defined on your account',
	routing: sendAs(POLICY.wireName),
};

export const policyRule: ParamRule = singleValue(POLICY.wireName, POLICY.displayName);

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

/**
 * The recipient list of a send of one message to many numbers. Each operation gives it its own
 * parameter name: n8n evaluates a parameter once per property of that name, hidden or not.
 */
const RECIPIENTS = { displayName: 'Recipients', wireName: 'receptor' };

export function recipientListField(name: string, displayOptions: IDisplayOptions, numbers: IranianNumbers = 'mobile') {
	const property: INodeProperties = {
		displayName: RECIPIENTS.displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder: '09121234567, 09351234567',
		description:
			'Phone numbers separated by commas or new lines, or an array from an expression. More than 200 are sent in several requests of 200, and the rows come back in order.',
		// Prevent Duplicate Sends is on without being added, out of sight: a user who runs the same
		// test again and gets nothing would otherwise not know why. A hint shown only while it is on
		// would be truer, but n8n 2.8 cannot resolve a display condition on a collection's option
		// (getNodeParameters stops: "Max iterations reached"). Normalize Phone Numbers needs none: a
		// number it refuses gets an error that says what to write.
		hint: 'The same item run again today is not sent twice; to change it, see Additional Fields',
		displayOptions,
		routing: sendAs(RECIPIENTS.wireName),
	};
	const rules: ParamRule[] = [
		phoneNumberList(RECIPIENTS.wireName, RECIPIENTS.displayName, undefined, normalisesPhoneNumbers, numbers),
		recipientsPerItem,
	];
	return { property, rules };
}

const LOCAL_IDS = { displayName: 'Local IDs', wireName: 'localid' };

/** Local IDs beside a recipient list (`localid`), as many as the recipients. */
export const localIdsField: INodeProperties = {
	displayName: LOCAL_IDS.displayName,
	name: 'localIds',
	type: 'string',
	default: '',
	description:
		'Your own numeric ID for each recipient, in the same order, so that a repeated request is not sent twice. Without them, Prevent Duplicate Sends makes IDs.',
	routing: sendAs(LOCAL_IDS.wireName),
};

export const localIdsRules: ParamRule[] = [
	idList(LOCAL_IDS.wireName, LOCAL_IDS.displayName, undefined, true),
	localIdsMatchRecipients,
];

const SEND_AT = { displayName: 'Send At', wireName: 'date' };

/** When a send goes out (`date`, Unix seconds after `sendAtRule`). */
export function sendAtField(description = 'Schedule the message for this time; empty sends it now'): INodeProperties {
	return dateInput({
		displayName: SEND_AT.displayName,
		name: 'date',
		description,
		routing: sendAs(SEND_AT.wireName),
	});
}

export const sendAtRule: ParamRule = unixTime(SEND_AT.wireName, SEND_AT.displayName);

