import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** The service's limit of messages per send request; longer lists go in several requests. */
export const MESSAGES_PER_REQUEST = 200;

/**
 * Longer lists are split, but not without end: one item's requests go one after the other, so
 * 50 of them already keep the item busy for a while, and a list this long is more often an
 * expression that picked up a whole table than a plan. Bigger campaigns go as several items.
 */
export const MAX_MESSAGES_PER_ITEM = 10_000;

/*
 * The node parameters of the send operations' "Options": how the node behaves, not what it
 * sends, so none of them routes into the request; the rules and postReceive read them. An option
 * that was never added reads as its default.
 */
export const PREVENT_DUPLICATE_SENDS = 'options.preventDuplicateSends';
export const NORMALISE_PHONE_NUMBERS = 'options.normalisePhoneNumbers';
export const MESSAGE_PREVIEW = 'options.messagePreview';

export function sendOptionsField(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Options',
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
					'Whether to add to each output item the number of SMS parts ("parts") and whether the text goes as Unicode ("unicode"). One part holds 160 Latin (GSM) characters or 70 Persian or other Unicode ones; a longer text is split into parts of 153 or 67.',
			},
			{
				displayName: 'Normalise Phone Numbers',
				name: 'normalisePhoneNumbers',
				type: 'boolean',
				default: true,
				description:
					'Whether to turn what people type (+98, 0098, Persian or Arabic digits, spaces, dashes, brackets) into the 0912… form. Turn off for numbers outside Iran: they are then only trimmed and must be digits with an optional leading +.',
			},
			{
				displayName: 'Prevent Duplicate Sends',
				name: 'preventDuplicateSends',
				type: 'boolean',
				default: true,
				description:
					'Whether to give each message without a local ID of yours one made from the data it sends (the workflow, this node and its settings as written, the input item and the recipient) and the 12-hour window it goes out in, so that Kavenegar delivers it once however often n8n sends the same data: Retry On Fail, a retry from the executions list, or running the workflow again after fixing one item. The same data within the window goes out once, also the same number twice in one list; other data (another text, recipient or input item) or a later window is a new send. For a deliberate repeat of the same data, turn this off or give your own Local IDs. The IDs are in the output as "localid".',
			},
		],
	};
}
