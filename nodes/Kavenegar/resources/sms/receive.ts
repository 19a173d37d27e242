import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { showFor } from '../../shared/fields/routing';
import { lineNumberField } from '../../shared/fields/lineNumber';
import { sendRequest } from '../../sending/sendRequest';
import { prepareRequest, withWireLists } from '../../shared/wireParams';

/** `sms/receive` answers at most this many messages a call: a full answer means more may wait. */
const PER_CALL = 100;

/** Far more calls than an inbox needs: a service that keeps answering full cannot loop forever. */
const MAX_CALLS = 10_000;

const display = showFor('sms', ['receive']);
const line = lineNumberField('Your line that received the messages', display);

/**
 * Calls `sms/receive` again while it answers 100 messages, until Stop After is reached. Each call marks what it
 * answers as read, so every message that came back is output (never cut to Stop After: it would be
 * lost), and a call is repeated only when the service certainly did not act (it said busy), since a
 * repeat after a lost answer would lose the messages that answer held.
 */
async function readUntilEmpty(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const options = withWireLists(requestData.options);
	const limit = this.getNodeParameter('readUntilEmpty', true) === true ? Infinity : Number(this.getNodeParameter('stopAfter', PER_CALL));
	const rows: IDataObject[] = [];
	for (let call = 0; call < MAX_CALLS && rows.length < limit; call++) {
		const [answer] = await sendRequest(this, requestData, { options, repeat: 'onRefusal' });
		const entries = answer.json.entries;
		const received = Array.isArray(entries) ? (entries as IDataObject[]) : [];
		rows.push(...received);
		if (received.length < PER_CALL) break;
	}
	const item = this.getItemIndex();
	return rows.map((json) => ({ json, pairedItem: { item } }));
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
