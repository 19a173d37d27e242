import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeProperties,
	type IPollFunctions,
} from 'n8n-workflow';
import { inboxPage } from '../allNodes/inboxPages';
import { filtersCollection } from '../allNodes/collections';
import { messageFilter, messageFilterFields, wrongSenderNumber } from '../allNodes/messageFilters';
import { readableRow } from '../allNodes/readableRows';
import { callKavenegar } from '../allNodes/callKavenegar';
import { withoutInvisibleMarks } from '../allNodes/invisibleMarks';
import { DAY, nowSeconds, oldestFirst } from '../allNodes/rowTimes';
import { settingTimeZone } from '../allNodes/timeZoneSetting';

export const NEW_INCOMING_MESSAGE = 'newIncomingMessage';

/**
 * The rule for a message the inbox lists late: each poll reads the inbox from this long before
 * the previous poll, so a message listed up to 30 minutes after its own date (clocks that
 * disagree, the service's processing, pages shifting while they are read) is still found, and the
 * IDs seen in that stretch keep it from being emitted twice. One listed later than that is not
 * emitted: reading further back on every poll would re-read that much of the inbox, page by page,
 * every minute, on a busy line. The Line Number's description says so.
 */
const LOOK_BACK = 30 * 60;

/** The inbox answers ranges of at most two days; a minute inside that stays clear of its edge. */
const MAX_RANGE = 2 * DAY - 60;

/** What the trigger remembers between polls, in the workflow's static data. */
interface InboxCursor extends IDataObject {
	line: string;
	/** When the last poll ran (n8n's clock, Unix seconds). */
	checkedAt: number;
	/** IDs of the messages received since `checkedAt - LOOK_BACK`, with their dates. */
	seen: Record<string, number>;
}

const display = { show: { event: [NEW_INCOMING_MESSAGE] } };

const filterFields = messageFilterFields();

export const incomingMessageFields: INodeProperties[] = [
	{
		displayName: 'Line Number',
		name: 'lineNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: '10004346',
		description:
			'Your line whose received messages start the workflow. Messages already in the inbox when the workflow is published are not emitted.',
		displayOptions: display,
	},
	filtersCollection(display, [filterFields.senders, filterFields.textContains]),
];

type ReceivedMessage = IDataObject & { messageid: number; date: number; sender: string; message: string };

/** Every message received on the line in the range, read and unread, all pages. */
async function receivedMessages(
	context: IPollFunctions,
	line: string,
	start: number,
	end: number,
): Promise<ReceivedMessage[]> {
	const byId = new Map<string, ReceivedMessage>();
	// Unread and read both: a message opened in the panel (or taken by another system) before
	// this poll is still new to the workflow.
	for (const isread of ['0', '1']) {
		let page = 1;
		let more: boolean;
		do {
			const envelope = await callKavenegar(context, 'sms/inboxpaged', {
				linenumber: line,
				isread,
				startdate: String(start),
				enddate: String(end),
				pagenumber: String(page),
			}, undefined, 'kavenegarApi', { linenumber: 'Line Number' });
			const { rows, pages } = inboxPage(envelope as unknown as IDataObject);
			for (const row of rows) byId.set(String(row.messageid), row as ReceivedMessage);
			more = page < pages;
			page++;
		} while (more);
	}
	return oldestFirst([...byId.values()]);
}

function toItem(message: ReceivedMessage, timeZone: string): INodeExecutionData {
	return { json: readableRow(message, timeZone) };
}

export async function pollIncomingMessages(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const line = withoutInvisibleMarks(String(this.getNodeParameter('lineNumber', ''))).trim();
	if (line === '') throw new NodeOperationError(this.getNode(), 'Line Number: is required');
	const filters = this.getNodeParameter('filters', {}) as IDataObject;
	const wrongFilter = wrongSenderNumber(filters);
	if (wrongFilter !== undefined) throw new NodeOperationError(this.getNode(), wrongFilter);
	const matches = messageFilter(filters);
	const now = nowSeconds();

	if (this.getMode() === 'manual') {
		const latest = (await receivedMessages(this, line, now - MAX_RANGE, now)).filter(matches).pop();
		// n8n's own answer to nothing would be "No Kavenegar data found": say what the test needs.
		if (latest === undefined) {
			throw new NodeOperationError(this.getNode(), `No message received on line ${line} in the last two days`, {
				description: 'The test event is the latest message the line received in the last two days that passes the Filters. Send a message to the line, then fetch again.',
			});
		}
		return [[toItem(latest, settingTimeZone(this))]];
	}

	const state = this.getWorkflowStaticData('node');
	const cursor = state.incomingMessages as InboxCursor | undefined;
	// A first activation, or another line: remember what is there and emit nothing.
	const known = cursor?.line === line ? cursor : undefined;
	const start = known ? Math.max(now - MAX_RANGE, known.checkedAt - LOOK_BACK) : now - LOOK_BACK;
	const messages = await receivedMessages(this, line, start, now);
	const fresh = known ? messages.filter((message) => !(String(message.messageid) in known.seen)) : [];

	const nextStart = now - LOOK_BACK;
	const seen: Record<string, number> = {};
	for (const [id, date] of Object.entries(known?.seen ?? {})) if (date >= nextStart) seen[id] = date;
	for (const message of messages) if (Number(message.date) >= nextStart) seen[String(message.messageid)] = Number(message.date);
	state.incomingMessages = { line, checkedAt: now, seen } satisfies InboxCursor;

	const items = fresh.filter(matches).map((message) => toItem(message, settingTimeZone(this)));
	return items.length > 0 ? [items] : null;
}
