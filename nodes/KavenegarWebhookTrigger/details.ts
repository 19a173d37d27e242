import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';
import { readableRow, unixToJalali } from '../allNodes/readableRows';
import { callKavenegar, rowsOf } from '../allNodes/callKavenegar';
import { settingTimeZone } from '../allNodes/timeZoneSetting';

/** sms/select takes at most this many IDs a request. */
const MAX_IDS = 500;

const CREDENTIAL = 'kavenegarWebhookApi';

const IP_ACCESS_HINT =
	"Fetch Message Details reads the message with sms/select, which Kavenegar serves only to allowed IPs: add this n8n server's public IP in the Kavenegar panel, or turn Fetch Message Details off.";

const KEY_HINT =
	"Fetch Message Details reads with the API Key in this trigger's Kavenegar Webhook API credential: if the message is about the key, check it there.";

/**
 * Version 2 names the service's status of the message as what it is: the status when the details
 * were read, which may already differ from the one the callback reported (a report of 11 read back
 * as 10, delivered since). Beside the callback's `status` and `statusName`, nothing of the row reads
 * as the report's, and the time of the reading says how new it is. Version 1 keeps the row as
 * sms/select gives it, which saved workflows read.
 */
function detailsOf(row: IDataObject, readAt: Date, timeZone: string): IDataObject {
	const { status, statustext, statusName, ...message } = readableRow(row, timeZone);
	return {
		...message,
		currentStatus: status,
		currentStatusName: statusName,
		currentStatusText: statustext,
		readAtIso: readAt.toISOString(),
		readAtJalali: unixToJalali(Math.floor(readAt.getTime() / 1000), timeZone),
	};
}

/**
 * The reports with their message's row (text, recipient, sender, cost) as `details`, null when the
 * service has no row for the ID. Runs in the execution, on a worker in queue mode, so the callback
 * was answered before this request starts.
 */
export async function withDetails(context: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const { apiKey } = await context.getCredentials(CREDENTIAL);
	if (String(apiKey ?? '').trim() === '') {
		// Before a request: a key-less URL would reach Kavenegar as a path without a key.
		throw new NodeOperationError(
			context.getNode(),
			'Fetch Message Details needs an API key: add your Kavenegar API key to the API Key field of this trigger\'s Kavenegar Webhook API credential, or turn Fetch Message Details off',
			{ description: 'The trigger takes one credential; the key that reads the details lives in it, beside the secret.' },
		);
	}
	const version2 = context.getNode().typeVersion >= 2;
	const timeZone = settingTimeZone({
		getNodeParameter: (name, fallback) => context.getNodeParameter(name, 0, fallback),
		getTimezone: () => context.getTimezone(),
		getNode: () => context.getNode(),
	});
	const ids = [...new Set(items.map(({ json }) => String(json.messageid)))];
	const rows = new Map<string, IDataObject>();
	for (let start = 0; start < ids.length; start += MAX_IDS) {
		const answer = await callKavenegar(
			context,
			'sms/select',
			{ messageid: ids.slice(start, start + MAX_IDS).join(',') },
			{ 403: KEY_HINT, 407: IP_ACCESS_HINT, 416: IP_ACCESS_HINT },
			CREDENTIAL,
		);
		const readAt = new Date();
		for (const row of rowsOf(answer)) rows.set(String(row.messageid), version2 ? detailsOf(row, readAt, timeZone) : readableRow(row, timeZone));
	}
	return items.map(({ json }, item) => ({
		json: { ...json, details: rows.get(String(json.messageid)) ?? null },
		pairedItem: { item },
	}));
}
