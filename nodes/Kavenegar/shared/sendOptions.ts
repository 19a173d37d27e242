import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** The service's limit of messages per send request; longer lists go in several requests. */
export const MESSAGES_PER_REQUEST = 200;

/**
 * Longer lists are split, but not without end: 50 requests already hold a good share of the node
 * run's requests in flight for a while, and a list this long is more often an expression that
 * picked up a whole table than a plan. Bigger campaigns go as several items.
 */
export const MAX_MESSAGES_PER_ITEM = 10_000;

/*
 * The node parameters of the send operations' "Sending Behavior" (`options`, its name in saved
 * workflows): how the node behaves, not what it sends, so none of them routes into the request; the rules and postReceive read them. An option
 * that was never added reads as its default.
 */
export const PREVENT_DUPLICATE_SENDS = 'options.preventDuplicateSends';
export const NORMALISE_PHONE_NUMBERS = 'options.normalisePhoneNumbers';
export const MESSAGE_PREVIEW = 'options.messagePreview';

/** `messagePreview: false` for sends that are not SMS: a voice message has no parts. */
export function sendOptionsField(displayOptions: IDisplayOptions, { messagePreview = true } = {}): INodeProperties {
	const field: INodeProperties = {
		// Named for what it holds, apart from n8n's Request Options and Concurrency and Retries.
		displayName: 'Sending Behavior',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Message Preview',
				name: 'messagePreview',
				type: 'boolean',
				default: false,
				description:
					'Whether to add to each output item the number of SMS parts ("parts") and whether the text goes as Unicode ("unicode")',
			},
			{
				displayName: 'Normalize Phone Numbers',
				name: 'normalisePhoneNumbers',
				type: 'boolean',
				default: true,
				description:
					'Whether to turn +98, 0098, Persian digits, spaces and dashes into the 0912… form. On by default; turn it off for numbers outside Iran.',
			},
			{
				displayName: 'Prevent Duplicate Sends',
				name: 'preventDuplicateSends',
				type: 'boolean',
				default: true,
				description:
					'Whether Kavenegar sends each message once, however often the same item runs through this node today (retries, re-runs). On by default. The ID it uses is "localid" in the output.',
			},
		],
	};
	if (!messagePreview) field.options = field.options?.filter((option) => option.name !== 'messagePreview');
	return field;
}
