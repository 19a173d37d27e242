import type { IDisplayOptions, IExecuteSingleFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { asciiDigits } from '../../allNodes/phoneNumbers';
import { withoutInvisibleMarks } from '../../allNodes/invisibleMarks';
import { invalidInput } from './rules/inputErrors';
import type { ParamRule } from './wireParams';

/*
 * Iran's rules for what a send is (docs/iran-sending-rules.md): since Shahrivar 1401 the regulator
 * wants club and customer messages from service lines to end with «لغو ۱۱», so that a reply of 11
 * stops them; advertising reaches Hamrah-e Aval numbers only between 07:00 and 22:00, and is charged
 * when it does not. The kind is the user's word for the send; the node does the rest.
 */

export type MessageKind = 'service' | 'informational' | 'advertising';

const LABEL = 'Message Kind';

/** What the regulator asks informational and advertising texts to end with, as it writes it. */
export const OPT_OUT_LINE = 'لغو ۱۱';

/** Advertising goes out in these hours of Tehran's clock, every day, whatever the node's Time Zone. */
export const ADVERTISING_HOURS = { from: 7 * 60, until: 22 * 60, timeZone: 'Asia/Tehran', label: '07:00–22:00 Tehran time' };

/**
 * The kind of a send, on each send's panel. Service is the default: it sends as written, as every
 * saved workflow did before the field existed. No expression, so that a model as a tool cannot
 * call an advertisement a service message ($fromAI).
 */
export function messageKindField(displayOptions: IDisplayOptions, { serviceOnly }: { serviceOnly?: string } = {}): INodeProperties {
	return {
		displayName: LABEL,
		name: 'messageKind',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Service',
				value: 'service',
				description: 'Codes, orders, receipts, notices a customer asked for: sent as written, at any hour',
			},
			{
				name: 'Informational',
				value: 'informational',
				description: `Club and customer messages: "${OPT_OUT_LINE}" added if missing; opted-out numbers skipped`,
			},
			{
				name: 'Advertising',
				value: 'advertising',
				description: `Promotions: as Informational, and held to ${ADVERTISING_HOURS.label}`,
			},
		],
		default: 'service',
		description: "What the message is, in Iran's rules for sending",
		...(serviceOnly !== undefined && { hint: serviceOnly }),
		displayOptions,
	};
}

/**
 * The kind, read once per item: every send's checks and rows ask for it, and n8n's getNodeParameter
 * checks a value against the node's properties on every call.
 */
const kinds = new WeakMap<object, MessageKind>();

export function messageKind(context: IExecuteSingleFunctions): MessageKind {
	let kind = kinds.get(context);
	if (kind === undefined) {
		const value = context.getNodeParameter('messageKind', 'service');
		kind = value === 'informational' || value === 'advertising' ? value : 'service';
		kinds.set(context, kind);
	}
	return kind;
}

/** Whether a reply can stop the send: the kinds that carry «لغو ۱۱» and skip those who sent 11. */
export const stoppableByReply = (context: IExecuteSingleFunctions) => messageKind(context) !== 'service';

/** Spaces, half-spaces and other invisible marks between «لغو» and 11 change nothing, nor which digits. */
const HAS_OPT_OUT_LINE = /لغو\s*11/;

export function hasOptOutLine(text: string): boolean {
	return HAS_OPT_OUT_LINE.test(asciiDigits(withoutInvisibleMarks(text.replace(/\u200c/g, ' '))));
}

export function withOptOutLine(text: string): string {
	return hasOptOutLine(text) ? text : `${text.trimEnd()}\n${OPT_OUT_LINE}`;
}

/** Which items had «لغو ۱۱» added, for their rows (the same context reaches an item's postReceive). */
const added = new WeakMap<object, boolean>();

/**
 * Adds «لغو ۱۱» to the text (`message`, one text or one per recipient) of an informational or
 * advertising send, before the parts are counted and the cap is checked, so that both count it.
 */
export const optOutLineAdded: ParamRule = function (params) {
	if (!stoppableByReply(this)) return;
	const texts = Array.isArray(params.message) ? params.message.map(String) : [String(params.message ?? '')];
	const withLine = texts.map(withOptOutLine);
	added.set(this, withLine.some((text, i) => text !== texts[i]));
	params.message = Array.isArray(params.message) ? withLine : withLine[0];
};

/** The rule of a send that carries service messages only, `what` saying which send and why. */
function serviceOnly(what: string): ParamRule {
	return function () {
		const kind = messageKind(this);
		if (kind === 'service') return;
		throw invalidInput(this, LABEL, `${what}, not ${kind} ones: send ${kind} messages with SMS → Send, where "${OPT_OUT_LINE}" lets the recipient stop them`);
	};
}

/** A call cannot carry «لغو ۱۱» for a reply, and its line takes no SMS. */
export const serviceCallsOnly = serviceOnly('a voice call carries service messages only');

/** A question that waits for an answer is asked of people who must answer it: «لغو ۱۱» would invite them to stop the line that asks. */
export const serviceQuestionsOnly = serviceOnly('Send and Wait for Response asks service questions only');

/** Each row of an informational or advertising send says its kind, and whether «لغو ۱۱» was added. */
export async function addMessageKind(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	if (!stoppableByReply(this)) return items;
	const kind = messageKind(this);
	for (const item of items) {
		item.json.messageKind = kind;
		item.json.optOutLineAdded = added.get(this) ?? false;
	}
	return items;
}
