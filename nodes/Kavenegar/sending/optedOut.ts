import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { callKavenegar, rowsOf } from '../../allNodes/callKavenegar';
import { splitList } from '../../allNodes/lists';
import { messageKind, stoppableByReply } from '../operationParts/messageKind';
import { invalidInput } from '../operationParts/rules/inputErrors';
import type { ParamRule } from '../operationParts/wireParams';
import { releaseSlot, takeSlot } from './inFlightBound';
import { currentRun, type NodeRun } from './nodeRun';
import { triedAgainAsAllowed } from './retries';
import type { Pagination } from './allItemsChecked';

/*
 * An informational or advertising send skips the numbers that opted out of its line: Kavenegar keeps
 * a blocklist per line (a reply of 11 is one way onto it, Blocklist → Apply Opt-Out Reply another),
 * and the send asks it which of its recipients are on it before anything goes. A skipped number is
 * a row of its own in the output, sent nothing and charged nothing. The check is a read, made with
 * the item's other checks and after them (a bad field is refused before any request), so that a
 * line Kavenegar refuses stops the item before any send. Local IDs are derived for every recipient
 * first, each from its own number, so that a number that opts out between two runs changes no
 * other's ID. A skipped number is not counted in Max Messages per Run, which is checked after.
 */

/** `line/blocked/exists` takes at most this many numbers per request. */
const NUMBERS_PER_CHECK = 200;

/** Where the lists of a send are: the recipients, the list of lines beside them (or one line for all), and the lists that go with each recipient. */
export interface OptOutPlan {
	senderList?: string;
	/** Lists element by element with the recipients, filtered with them (local IDs, texts…). */
	lists: string[];
}

interface Skipped {
	rows: INodeExecutionData[];
	/** Recipients left to send to: none, and the item makes no request. */
	remaining: number;
}

/** A list as the send's rules left it: an array element by element (a text may hold commas), or a list still to split. */
const elementsOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : splitList(value));

/** By item context; the pagination's context is made from it (Object.create), and finds it through its prototype. */
const skippedOfItems = new WeakMap<object, Skipped>();

function skippedOf(context: IExecutePaginationFunctions): Skipped | undefined {
	return skippedOfItems.get(context) ?? skippedOfItems.get(Object.getPrototypeOf(context) as object);
}

async function bounded<T>(context: IExecuteSingleFunctions, run: NodeRun, request: () => Promise<T>): Promise<T> {
	return await triedAgainAsAllowed('safe', run.busyRetries, async () => {
		await takeSlot(context, run);
		try {
			return await request();
		} finally {
			releaseSlot(run);
		}
	});
}

/** The account's default line, read once per node run, for a send that names none. */
async function defaultLine(context: IExecuteSingleFunctions, run: NodeRun): Promise<string> {
	run.defaultLine ??= bounded(context, run, async () => {
		const answer = await callKavenegar(context, 'account/config', {});
		return String((answer.entries as IDataObject | undefined)?.defaultsender ?? '').trim();
	});
	const line = await run.defaultLine;
	if (line === '') {
		throw invalidInput(
			context,
			'Sender Line',
			'is required for informational and advertising messages on an account with no default line: opt-outs are kept per line, and the line decides who opted out',
		);
	}
	return line;
}

/** The numbers of `numbers` that are blocked on `line`. */
async function blockedOn(context: IExecuteSingleFunctions, run: NodeRun, line: string, numbers: string[]): Promise<Set<string>> {
	const blocked = new Set<string>();
	for (let start = 0; start < numbers.length; start += NUMBERS_PER_CHECK) {
		const receptor = numbers.slice(start, start + NUMBERS_PER_CHECK).join(',');
		const answer = await bounded(context, run, () =>
			callKavenegar(context, 'line/blocked/exists', { linenumber: line, receptor }, undefined, 'kavenegarApi', { linenumber: 'Sender Line', receptor: 'Recipients' }, { method: 'GET' }),
		);
		for (const row of rowsOf(answer)) if (row.status === 'Active') blocked.add(String(row.receptor));
	}
	return blocked;
}

/** The rule: drops the recipients that opted out of their line, with what goes beside each. */
export function optedOutSkipped(plan: OptOutPlan): ParamRule {
	return async function (params) {
		if (!stoppableByReply(this)) return;
		const run = currentRun(this);
		const recipients = elementsOf(params.receptor).map(String);
		const given = plan.senderList === undefined ? String(params.sender ?? '').trim() : '';
		const lines = plan.senderList === undefined ? recipients.map(() => given) : elementsOf(params[plan.senderList]).map((line) => String(line).trim());
		if (lines.includes('')) {
			const line = await defaultLine(this, run);
			lines.forEach((value, i) => (lines[i] = value === '' ? line : value));
		}
		const byLine = new Map<string, string[]>();
		recipients.forEach((number, i) => {
			const numbers = byLine.get(lines[i]);
			if (numbers === undefined) byLine.set(lines[i], [number]);
			else numbers.push(number);
		});
		const blocked = new Map<string, Set<string>>();
		for (const [line, numbers] of byLine) blocked.set(line, await blockedOn(this, run, line, [...new Set(numbers)]));
		const skip = recipients.map((number, i) => blocked.get(lines[i])?.has(number) === true);
		const kind = messageKind(this);
		const rows = recipients.flatMap((receptor, i) =>
			skip[i] ? [{ json: { receptor, sender: lines[i], skipped: true, skipReason: 'optedOut', cost: 0, messageKind: kind } }] : [],
		);
		if (rows.length === 0) return;
		for (const list of ['receptor', ...plan.lists]) {
			const elements = elementsOf(params[list]);
			if (elements.length === recipients.length) params[list] = elements.filter((_, i) => !skip[i]);
		}
		skippedOfItems.set(this, { rows, remaining: recipients.length - rows.length });
	};
}

/** A send's pagination, with the skipped recipients' rows after the sent ones; none left to send, and no request goes. */
export function besideOptedOut(pagination: Pagination): Pagination {
	return async function (this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) {
		const skipped = skippedOf(this);
		if (skipped === undefined) return await pagination.call(this, requestData);
		const sent = skipped.remaining > 0 ? await pagination.call(this, requestData) : [];
		return [...sent, ...skipped.rows];
	};
}
