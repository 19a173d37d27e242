import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { quoted } from '../../../allNodes/bidi';
import { callKavenegar, rowsOf } from '../../../allNodes/callKavenegar';
import { inboxPage } from '../../../allNodes/inboxPages';
import { withoutInvisibleMarks } from '../../../allNodes/invisibleMarks';
import { normalisePhoneNumber } from '../../../allNodes/phoneNumbers';
import { nodeOwnError } from '../../../allNodes/requestErrors';
import { DAY } from '../../../allNodes/rowTimes';
import { eachItem } from '../../operationParts/eachItem';
import { showFor } from '../../operationParts/fields/routing';
import { wordsOf } from '../sms/replies';
import { blocklistLineField } from './line';

/*
 * Blocklist → Apply Opt-Out Reply: what Iran's rule asks of a line that sends informational or
 * advertising messages (docs/iran-sending-rules.md). A reply of 11 stops the line's messages to the
 * number: the number goes on the line's blocklist in Kavenegar, which every informational and
 * advertising send then skips. A reply of 12 starts them again, but lifts only a block a reply can
 * have made here: one Kavenegar lists as placed through the web service, never one placed in the
 * panel, by an operator, or by Kavenegar's own opt-out handling (which lifts its own). It is code,
 * not routing: one reply takes up to five requests, each decided by the one before.
 *
 * Not offered to AI models: a text a model reads could talk it into blocking customers.
 */

const FIELD = { line: 'Line Number', from: 'From', text: 'Reply Text' };

/** The replies that stop and start a line's messages, as wordsOf cleans them (any digits, case, spacing). */
const OPT_OUT = new Set(['11', 'لغو', 'لغو11', 'stop']);
const OPT_IN = new Set(['12', 'شروع', 'شروع12', 'start']);

/** The block a reply may lift, as line/blocked/list codes who placed it: the web service, as this operation does. */
const WEB_SERVICE = 0;
const REASON_NAMES: Record<number, string> = { 0: 'webService', 1: 'panel', 2: 'optedOut', 3: 'operator', 10: 'unknown' };

/** How far back the blocklist is read for a block's reason: the service lists only blocks placed since a start date. */
const BLOCKS_READ_SINCE_DAYS = 365;
const MAX_PAGES = 500;

export type ReplyMeaning = 'optOut' | 'optIn' | 'other';

/** What a reply asks of the line: the whole reply one of the words, however it was typed. */
export function replyMeaning(text: string): ReplyMeaning {
	const word = wordsOf(text).join('');
	if (OPT_OUT.has(word)) return 'optOut';
	if (OPT_IN.has(word)) return 'optIn';
	return 'other';
}

const display = showFor('blocklist', ['applyReply']);
const line = blocklistLineField(display);

export const applyReplyOperation: INodePropertyOptions = {
	name: 'Apply Opt-Out Reply',
	value: 'applyReply',
	action: 'Apply an opt-out reply to a line',
	description: 'Block a number that replied 11 (or STOP) to your line, and unblock it when it replies 12',
	displayOptions: { hide: { '@tool': [true] } },
};

export const applyReplyFields: INodeProperties[] = [
	line.property,
	{
		displayName: FIELD.from,
		name: 'replyFrom',
		type: 'string',
		required: true,
		default: '',
		placeholder: '09121234567',
		description: 'The number that sent the reply (the "sender" or "from" of an incoming message)',
		displayOptions: display,
	},
	{
		displayName: FIELD.text,
		name: 'replyText',
		type: 'string',
		default: '',
		placeholder: '11',
		description:
			'What the reply says. 11, لغو, لغو ۱۱ or STOP blocks the number on the line; 12, شروع or START unblocks it. Any other reply changes nothing.',
		displayOptions: display,
	},
];

type Context = IExecuteFunctions;
const LABELS = { linenumber: FIELD.line, receptor: FIELD.from };

function field(context: Context, name: string, item: number): string {
	const value = context.getNodeParameter(name, item, '') as unknown;
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

async function isBlocked(context: Context, linenumber: string, receptor: string): Promise<boolean> {
	const answer = await callKavenegar(context, 'line/blocked/exists', { linenumber, receptor }, undefined, 'kavenegarApi', LABELS, { method: 'GET' });
	return rowsOf(answer).some((row) => row.status === 'Active');
}

/** Who placed the number's block, from the line's blocklist, or undefined when the list does not show it. */
async function blockReason(context: Context, linenumber: string, receptor: string): Promise<number | undefined> {
	const startdate = String(Math.floor(Date.now() / 1000) - BLOCKS_READ_SINCE_DAYS * DAY);
	for (let page = 1, pages = 1; page <= Math.min(pages, MAX_PAGES); page++) {
		const answer = await callKavenegar(context, 'line/blocked/list', { linenumber, startdate, pagenumber: String(page) }, undefined, 'kavenegarApi', LABELS);
		const read = inboxPage({ entries: answer.entries, metadata: answer.metadata } as IDataObject);
		const row = read.rows.find((entry) => normalisePhoneNumber(String(entry.number)) === receptor);
		if (row !== undefined) return Number(row.blockreason);
		pages = read.pages;
	}
	return undefined;
}

async function applyOne(context: Context, item: number): Promise<IDataObject> {
	const fail = (name: string, rule: string) => nodeOwnError(context.getNode(), `${name}: ${rule}`, { itemIndex: item });
	const linenumber = withoutInvisibleMarks(field(context, 'lineNumber', item));
	if (linenumber === '') throw fail(FIELD.line, 'is required');
	const given = field(context, 'replyFrom', item);
	if (given === '') throw fail(FIELD.from, 'is required');
	const receptor = normalisePhoneNumber(given);
	if (receptor === undefined) throw fail(FIELD.from, `${quoted(given)} is not a phone number`);
	const reply = replyMeaning(field(context, 'replyText', item));
	const row = { linenumber, receptor, reply };
	if (reply === 'other') return { ...row, action: 'none' };
	const blocked = await isBlocked(context, linenumber, receptor);
	if (reply === 'optOut') {
		if (blocked) return { ...row, action: 'alreadyBlocked' };
		await callKavenegar(context, 'line/blocked/add', { linenumber, receptor }, undefined, 'kavenegarApi', LABELS);
		return { ...row, action: 'blocked' };
	}
	if (!blocked) return { ...row, action: 'notBlocked' };
	const reason = await blockReason(context, linenumber, receptor);
	const placedBy = reason === undefined ? 'unknown' : (REASON_NAMES[reason] ?? 'unknown');
	if (reason !== WEB_SERVICE) return { ...row, action: 'keptBlocked', blockedBy: placedBy };
	await callKavenegar(context, 'line/blocked/remove', { linenumber, receptor }, undefined, 'kavenegarApi', LABELS, { method: 'DELETE' });
	// The removal answers in words only: whether the number is free now is asked, not read from them.
	const lifted = !(await isBlocked(context, linenumber, receptor));
	return { ...row, action: lifted ? 'unblocked' : 'keptBlocked', blockedBy: placedBy };
}

export async function applyReply(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (item) => await applyOne(this, item));
}
