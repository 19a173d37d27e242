import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';
import { showFor } from '../../operationParts/fields/routing';
import { lineNumberField } from '../../operationParts/fields/lineNumber';
import { keepsRowsBesideError, rowsBesideError, settleConsumingItem } from '../../sending/keptBesideError';
import { mayHaveActed } from '../../sending/retries';
import { sendRequest } from '../../sending/sendRequest';
import { prepareRequest, withWireLists } from '../../operationParts/wireParams';

/** `sms/receive` answers at most this many messages a call: a full answer means more may wait. */
const PER_CALL = 100;

/** Far more calls than an inbox needs: a service that keeps answering full cannot loop forever. */
const MAX_CALLS = 10_000;

const display = showFor('sms', ['receive']);
const line = lineNumberField('Your line that received the messages', display);

/** At most this many message IDs in an error: the rest are told by count and date range. */
const IDS_IN_ERROR = 500;

function isoDate(seconds: unknown): string {
	const date = new Date(Number(seconds) * 1000);
	return Number.isNaN(date.getTime()) ? String(seconds) : date.toISOString();
}

/** The messages an item read, as an error names them: how many, which, when received. */
function describeRead(rows: IDataObject[], lineNumber: string): string {
	const ids = rows.map((row) => String(row.messageid));
	const listed = ids.length > IDS_IN_ERROR ? `${ids.slice(0, IDS_IN_ERROR).join(', ')} and ${ids.length - IDS_IN_ERROR} more` : ids.join(', ');
	const dates = rows.map((row) => Number(row.date)).filter(Number.isFinite);
	const range = dates.length ? `, received ${isoDate(Math.min(...dates))} to ${isoDate(Math.max(...dates))}` : '';
	return `${rows.length} messages on line ${lineNumber}, message IDs ${listed}${range}.`;
}

const READ_AGAIN = 'Read them again with SMS → Get Inbox, Read State: Read, for that line and those dates.';

/**
 * What the error of a read that failed after earlier calls marked messages read says: how many,
 * which, and how to read them again (Get Inbox, Read State: Read, since they are no longer unread);
 * and, when the failed call's answer was lost, that it too may have marked messages read.
 */
function consumedNote(rows: IDataObject[], lineNumber: string, lostAnswer: boolean, keptAsItems: boolean): string {
	const notes: string[] = [];
	if (rows.length > 0) {
		notes.push(
			keptAsItems
				? `The ${rows.length} messages read before this failure are output as items before this error: Kavenegar has marked them read.`
				: `Read before this failure, and marked read at Kavenegar, so they will not come again as unread: ${describeRead(rows, lineNumber)} ${READ_AGAIN}`,
		);
	}
	if (lostAnswer) {
		notes.push(
			`The answer to the last call was lost: Kavenegar may have marked up to ${PER_CALL} more messages read that did not reach n8n. Find them with SMS → Get Inbox, Read State: Read.`,
		);
	}
	return notes.join(' ');
}

/**
 * Calls `sms/receive` again while it answers 100 messages, until Stop After is reached. Each call marks what it
 * answers as read, so every message that came back is output (never cut to Stop After: it would be
 * lost), and a call is repeated only when the service certainly did not act (it said busy), since a
 * repeat after a lost answer would lose the messages that answer held. When a call fails after
 * earlier ones, what they read is not lost: output beside the error with On Error: Continue, and
 * named in the error otherwise.
 */
async function readUntilEmpty(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const options = withWireLists(requestData.options);
	const limit = this.getNodeParameter('readUntilEmpty', true) === true ? Infinity : Number(this.getNodeParameter('stopAfter', PER_CALL));
	const rows: IDataObject[] = [];
	const item = this.getItemIndex();
	const lineNumber = String((options.body as IDataObject | undefined)?.linenumber ?? '');
	const asItems = () => rows.map((json) => ({ json, pairedItem: { item } }));
	for (let call = 0; call < MAX_CALLS && rows.length < limit; call++) {
		let answer: INodeExecutionData;
		try {
			[answer] = await sendRequest(this, requestData, { options, repeat: 'onRefusal' });
		} catch (error) {
			const failure = error as NodeApiError | NodeOperationError;
			const kept = rows.length > 0 && keepsRowsBesideError(this);
			const note = consumedNote(rows, lineNumber, mayHaveActed(failure), kept);
			if (note) failure.description = failure.description ? `${failure.description} ${note}` : note;
			settleConsumingItem(this, rows.length > 0 && !kept ? `${describeRead(rows, lineNumber)} ${READ_AGAIN}` : '', failure);
			if (kept) return rowsBesideError(this, asItems(), failure);
			throw failure;
		}
		const entries = answer.json.entries;
		const received = Array.isArray(entries) ? (entries as IDataObject[]) : [];
		rows.push(...received);
		if (received.length < PER_CALL) break;
	}
	settleConsumingItem(this, rows.length > 0 ? `${describeRead(rows, lineNumber)} ${READ_AGAIN}` : '');
	return asItems();
}

export const receiveOperation: INodePropertyOptions = {
	name: 'Get Inbox and Mark as Read',
	value: 'receive',
	action: 'Get unread messages and mark them as read',
	description: 'Get unread messages and mark them read: changes the inbox (Get Inbox only looks)',
	routing: {
		// Only unread messages: read ones would come back on every call, the same 100 each time.
		request: { method: 'POST', url: '/sms/receive.json', body: { isread: 0 } },
		send: { preSend: [prepareRequest(...line.rules)] },
		operations: { pagination: readUntilEmpty },
	},
};

export const receiveFields: INodeProperties[] = [
	{
		displayName:
			'Marks every message it returns as read at Kavenegar: Get Inbox (Unread), the trigger and other workflows then skip it',
		name: 'receiveNotice',
		type: 'notice',
		default: '',
		displayOptions: display,
	},
	line.property,
	{
		displayName: 'Read Until Empty',
		name: 'readUntilEmpty',
		type: 'boolean',
		default: true,
		description: 'Whether to read until no unread message is left, or to stop after a number of messages',
		displayOptions: display,
	},
	{
		displayName: 'Stop After',
		name: 'stopAfter',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 100,
		description:
			'Stop reading once this many messages have come. Kavenegar hands them out 100 at a time and marks each batch read, so all of the last batch is output too: up to 99 more than this.',
		displayOptions: { show: { ...display.show, readUntilEmpty: [false] } },
	},
];
