import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { readableRow } from '../shared/readableRows';
import { callKavenegar, rowsOf } from '../KavenegarTrigger/requests';

/** sms/select takes at most this many IDs a request. */
const MAX_IDS = 500;

const IP_ACCESS_HINT =
	"Fetch Message Details reads the message with sms/select, which Kavenegar serves only to allowed IPs: add this n8n server's public IP in the Kavenegar panel, or turn Fetch Message Details off.";

/**
 * The reports with their message's row (text, recipient, sender, cost) as `details`, null when the
 * service has no row for the ID. Runs in the execution, on a worker in queue mode, so the callback
 * was answered before this request starts.
 */
export async function withDetails(context: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const ids = [...new Set(items.map(({ json }) => String(json.messageid)))];
	const rows = new Map<string, IDataObject>();
	for (let start = 0; start < ids.length; start += MAX_IDS) {
		const answer = await callKavenegar(context, 'sms/select', { messageid: ids.slice(start, start + MAX_IDS).join(',') }, {
			407: IP_ACCESS_HINT,
			416: IP_ACCESS_HINT,
		});
		for (const row of rowsOf(answer)) rows.set(String(row.messageid), readableRow(row, context.getTimezone()));
	}
	return items.map(({ json }, item) => ({
		json: { ...json, details: rows.get(String(json.messageid)) ?? null },
		pairedItem: { item },
	}));
}
