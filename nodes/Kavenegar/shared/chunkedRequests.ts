import {
	type NodeApiError,
	type DeclarativeRestApiSettings,
	type IDataObject,
	type IExecutePaginationFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';
import { isTimeout, withoutRequestDetails } from '../../shared/requestErrors';

/** How the operation's preSend wrote its lists: `a,b,c` or a JSON array string. */
type ListEncoding = 'commaList' | 'jsonArray';

export interface ChunkPlan {
	/**
	 * Wire names of the lists that belong together element by element (recipient n, local ID n…);
	 * the first one is required and counts the elements. Lists the request lacks are skipped.
	 */
	lists: string[];
	encoding: ListEncoding;
	/** The most elements the service accepts in one request. */
	perRequest: number;
	/** What one element is, for the partial-failure message: "recipients", "IDs". */
	noun: string;
	/**
	 * Output fields filled from a list element, because the service's rows do not echo it
	 * (the local ID a message was sent with): output field name → wire list name.
	 */
	rowFields?: Record<string, string>;
	/** For sends: the wire list of local IDs, whose presence makes re-running after a failure safe. */
	localIdList?: string;
}

/**
 * Elements are cut out of the JSON text rather than parsed, so that a Long ID keeps every
 * digit (JSON.parse would round it to a double). The arrays are flat arrays of strings and
 * numbers written by the operation's own preSend.
 */
function jsonArrayElements(text: string): string[] {
	const element = /\s*("(?:[^"\\]|\\.)*"|[^\s,\]]+)\s*([,\]])/y;
	element.lastIndex = text.indexOf('[') + 1;
	const elements: string[] = [];
	let match = element.exec(text);
	while (match) {
		elements.push(match[1]);
		match = match[2] === ']' ? null : element.exec(text);
	}
	return elements;
}

function splitWireList(value: string, encoding: ListEncoding): string[] {
	return encoding === 'commaList' ? value.split(',') : jsonArrayElements(value);
}

function joinWireList(elements: string[], encoding: ListEncoding): string {
	return encoding === 'commaList' ? elements.join(',') : `[${elements.join(',')}]`;
}

/** A Long as n8n users compare it: a number when a double holds it exactly, else its digits. */
function longValue(digits: string): number | string {
	return Number.isSafeInteger(Number(digits)) ? Number(digits) : digits;
}

/** For sends: whether running the node again could send to the same numbers twice. */
function rerunNote(plan: ChunkPlan, params: IDataObject): string | undefined {
	if (plan.localIdList === undefined) return undefined;
	return params[plan.localIdList] === undefined
		? 'They were sent without local IDs: running the node again sends to them again. Turn on Prevent Duplicate Sends or give Local IDs to make a re-run safe.'
		: 'They were sent with local IDs, so running the node again in the same execution (Retry On Fail) or with the same Local IDs does not send to them twice.';
}

function partialFailureNote(plan: ChunkPlan, params: IDataObject, done: number, total: number, request: number, requests: number): string {
	const note = `Request ${request} of ${requests} failed; the first ${done} of ${total} ${plan.noun} had already gone through in the requests before it.`;
	const rerun = rerunNote(plan, params);
	return rerun ? `${note} ${rerun}` : note;
}

/**
 * A timeout leaves it unknown whether Kavenegar took the request, which is what a user deciding
 * whether to run a send again needs to hear.
 */
function explainTimeout(failure: NodeApiError, plan: ChunkPlan, params: IDataObject): void {
	const unknown = `Whether Kavenegar received this request is unknown: it may have sent to these ${plan.noun}.`;
	const rerun = rerunNote(plan, params);
	failure.description = plan.localIdList === undefined ? unknown : `${unknown} ${rerun}`;
}

/**
 * A `pagination` function that sends one item's request as several when a list in it is longer
 * than the service takes, and joins the rows in order as if it were one call. The preSend has
 * already checked the whole list, so bad input stops the item before the first request. Chunks
 * go one after the other: the rows stay in order, and a failure stops the rest instead of
 * leaving an unknown mix of sent and unsent chunks. When a chunk after the first fails, the
 * error says how far the send got. Runs for every request of the operation (the operation
 * sets `paginate`), so a short list is simply one chunk.
 */
export function inChunks(plan: ChunkPlan) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const { options } = requestData;
		const inBody = typeof options.body === 'string';
		const params: Record<string, string> = inBody
			? Object.fromEntries(new URLSearchParams(options.body as string))
			: { ...(options.qs as Record<string, string>) };
		const lists: Record<string, string[]> = {};
		for (const name of plan.lists) {
			if (params[name] !== undefined) lists[name] = splitWireList(params[name], plan.encoding);
		}
		const total = lists[plan.lists[0]]?.length ?? 0;
		const requests = Math.max(1, Math.ceil(total / plan.perRequest));
		const rows: INodeExecutionData[] = [];
		for (let index = 0; index < requests; index++) {
			const start = index * plan.perRequest;
			const chunk = { ...params };
			for (const [name, elements] of Object.entries(lists)) {
				chunk[name] = joinWireList(elements.slice(start, start + plan.perRequest), plan.encoding);
			}
			const chunkOptions = {
				...options,
				headers: { ...options.headers },
				...(inBody ? { body: new URLSearchParams(chunk).toString() } : { qs: chunk }),
			};
			let chunkRows: INodeExecutionData[];
			try {
				chunkRows = await this.makeRoutingRequest({ ...requestData, options: chunkOptions });
			} catch (error) {
				const failure = withoutRequestDetails(this.getNode(), error);
				if (isTimeout(failure)) explainTimeout(failure, plan, params);
				if (index > 0) {
					const note = partialFailureNote(plan, params, start, total, index + 1, requests);
					failure.description = failure.description ? `${failure.description} ${note}` : note;
				}
				throw failure;
			}
			const sent = Math.min(plan.perRequest, total - start);
			// The service answers one row per element in order; only then can a row be told its element.
			if (chunkRows.length === sent) {
				for (const [field, list] of Object.entries(plan.rowFields ?? {})) {
					const elements = lists[list];
					if (elements === undefined) continue;
					chunkRows.forEach((row, i) => (row.json[field] = longValue(elements[start + i])));
				}
			}
			rows.push(...chunkRows);
		}
		return rows;
	};
}

/** `sms/select` and `sms/status` take at most 500 message IDs per request; more go in several. */
export const messageIdChunks = inChunks({
	lists: ['messageid'],
	encoding: 'commaList',
	perRequest: 500,
	noun: 'IDs',
});
