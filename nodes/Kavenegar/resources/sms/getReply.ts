import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { comparableNumber } from '../../../allNodes/messageFilters';
import { splitList } from '../../../allNodes/lists';
import { unixToIso } from '../../../allNodes/readableRows';
import { DAY, nowSeconds } from '../../../allNodes/rowTimes';
import { checkedField, type ValueRule } from '../../operationParts/fields/checked';
import { dateInput } from '../../operationParts/fields/dateInput';
import { lineNumberField } from '../../operationParts/fields/lineNumber';
import { oneRecipientField } from '../../operationParts/fields/recipient';
import { showFor } from '../../operationParts/fields/routing';
import { unixTime } from '../../operationParts/rules/dates';
import { invalidInput } from '../../operationParts/rules/inputErrors';
import { prepareRequest, type ParamRule } from '../../operationParts/wireParams';
import { everyMessageReceived } from '../../sending/pages';
import { answerOf, bareAnswerOf, replyWords, type ReplyWords } from './replies';

/*
 * SMS → Get Reply: whether the number a question went to has answered it yes or no by SMS. It is
 * the approval of accounts that may not send links (Kavenegar error 420), where Send and Wait for
 * Response cannot go: the question asks for "1" or «بله» back, and the workflow reads the reply
 * from the line's inbox, again after a Wait node until one decides (docs/approvals.md). n8n lets
 * no node resume a waiting execution from another workflow, so the reply is read, not awaited.
 * `sms/inboxpaged` marks nothing read: the line's other readers (the trigger, Get Inbox and Mark
 * as Read) lose nothing to it.
 */

const display = showFor('sms', ['getReply']);
const LABELS = { yes: 'Yes Words', no: 'No Words', reference: 'Reference' };

/** Far enough back for an approval that waits days; every two days more costs two requests more a read. */
const MOST_DAYS_BACK = 7;
/** A send's date is Kavenegar's clock, which may run a little ahead of n8n's. */
const CLOCK_AHEAD = 5 * 60;

/**
 * n8n tells a node nothing of when its execution started. What it keeps through an execution,
 * waits and resumes included, is each node's context: the first run of this node in the execution
 * writes its moment there, and each later run (the loop through a Wait node) reads it back.
 */
function firstRunOfThisNode(context: IExecuteSingleFunctions): number {
	const kept = context.getContext('node');
	kept.getReplyFirstRun ??= nowSeconds();
	return Number(kept.getReplyFirstRun);
}

const sinceRule: ValueRule = (wireName, label) =>
	function (params) {
		const now = nowSeconds();
		const given = params[wireName] as number | undefined;
		const since = given ?? firstRunOfThisNode(this);
		const iso = unixToIso(since);
		if (since > now + CLOCK_AHEAD) throw invalidInput(this, label, `must not be in the future (got ${iso})`);
		if (since < now - MOST_DAYS_BACK * DAY) {
			throw invalidInput(
				this,
				label,
				given === undefined
					? `empty means when this node first ran in this execution (${iso}), more than ${MOST_DAYS_BACK} days ago: set a moment within the last ${MOST_DAYS_BACK} days`
					: `must be at most ${MOST_DAYS_BACK} days in the past (got ${iso})`,
			);
		}
		params[wireName] = since;
	};

const recipient = oneRecipientField('The number the question was sent to: only its replies count. +98, 0098 and Persian digits are fine.', display, 'mobile');
const line = lineNumberField('Your line the question was sent from, which gets the replies', display, { digitsOnly: true });
const since = checkedField(
	'startdate',
	dateInput({
		displayName: 'Since',
		name: 'since',
		description: `When the question was sent: map the send's dateIso. Empty: when this node first ran in this execution (n8n gives no execution start). At most ${MOST_DAYS_BACK} days back.`,
		displayOptions: display,
	}),
	unixTime,
	sinceRule,
);

/** The three word fields are the editor's only: the pagination reads them again, as checked here. */
function checkedWords(context: IExecuteSingleFunctions): ReplyWords {
	const read = replyWords(
		{ yes: context.getNodeParameter('yesWords', ''), no: context.getNodeParameter('noWords', ''), reference: context.getNodeParameter('reference', '') },
		LABELS,
	);
	if ('rule' in read) throw invalidInput(context, read.field, read.rule);
	return read;
}

const wordsRule: ParamRule = function () {
	checkedWords(this);
};

/**
 * Every reply from the number to the line since the moment, oldest first; the first that says yes
 * or no decides, later ones are listed and change nothing. When none does, the first reply is
 * shown with `other`; when none came, `null`.
 */
async function readReplies(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const params = requestData.options.body as IDataObject;
	const moment = Number(params.startdate);
	const from = comparableNumber(splitList(params.receptor)[0]);
	const words = checkedWords(this);
	const now = nowSeconds();
	const received = await everyMessageReceived(this, requestData, String(params.linenumber), Math.min(moment, now), now);
	const replies = received
		.filter((row) => Number(row.date) >= moment && comparableNumber(String(row.sender ?? '')) === from)
		.map((row) => ({
			messageId: row.messageid,
			text: row.message,
			receivedAt: row.dateIso,
			receivedAtJalali: row.dateJalali,
			answer: answerOf(String(row.message ?? ''), words),
			bareAnswer: bareAnswerOf(String(row.message ?? ''), words),
		}));
	const shown = replies.find((reply) => reply.answer !== 'other') ?? replies[0];
	const json: IDataObject = {
		replied: replies.length > 0,
		answer: shown?.answer ?? null,
		text: shown?.text ?? null,
		receivedAt: shown?.receivedAt ?? null,
		receivedAtJalali: shown?.receivedAtJalali ?? null,
		messageId: shown?.messageId ?? null,
		replies,
		since: unixToIso(moment) ?? null,
	};
	return [{ json, pairedItem: { item: this.getItemIndex() } }];
}

export const getReplyOperation: INodePropertyOptions = {
	name: 'Get Reply',
	value: 'getReply',
	action: 'Get the yes or no a number replied by SMS',
	description: 'Whether a number replied yes or no to your SMS question (marks nothing read)',
	routing: {
		request: { method: 'POST', url: '/sms/inboxpaged.json' },
		send: { preSend: [prepareRequest(...recipient.rules, ...line.rules, ...since.rules, wordsRule)] },
		operations: { pagination: readReplies },
	},
};

export const getReplyFields: INodeProperties[] = [
	recipient.property,
	line.property,
	since.property,
	{
		displayName: LABELS.yes,
		name: 'yesWords',
		type: 'string',
		default: '1, ۱, بله, بلی, آره, اره, yes, ok',
		description:
			'Replies that approve, separated by commas. Spaces, punctuation, letter case and Persian or Arabic digits and letters do not matter; another word beside it does.',
		displayOptions: display,
	},
	{
		displayName: LABELS.no,
		name: 'noWords',
		type: 'string',
		default: '2, ۲, خیر, نه, no',
		description: 'Replies that decline, separated by commas, read as Yes Words are. Empty: nothing declines.',
		displayOptions: display,
	},
	{
		displayName: LABELS.reference,
		name: 'reference',
		type: 'string',
		default: '',
		placeholder: '4821',
		description:
			'For two questions to one number at once: a code the question asks back, as in "reply 1 4821 to approve". Then only replies with it beside the word count.',
		displayOptions: display,
	},
];
