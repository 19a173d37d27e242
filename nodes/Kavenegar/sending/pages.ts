import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { inboxPage, type Page } from '../../allNodes/inboxPages';
import { DAY, oldestFirst } from '../../allNodes/rowTimes';
import { withWireLists } from '../operationParts/wireParams';
import { inParallel } from './inFlightBound';
import { sendRequest } from './sendRequest';

/** Far more than any inbox or media library holds: a service that never says "last page" cannot loop forever. */
const MAX_PAGES = 10_000;

/**
 * The rows of every page wanted: page 1 goes first, since only it tells how many pages there are;
 * then the pages still needed go side by side within the node run's bound, and the rows come out
 * in page order.
 */
async function pageRows(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	readPage: (answer: IDataObject) => Page,
	pageOptions: (page: number) => DeclarativeRestApiSettings.HttpRequestOptions,
	pagesWanted: (first: Page) => number,
): Promise<IDataObject[]> {
	const fetchPage = async (page: number) => {
		const [answer] = await sendRequest(context, requestData, { options: pageOptions(page), repeat: 'safe' });
		return readPage(answer.json);
	};
	const first = await fetchPage(1);
	const pages = Math.min(first.pages, pagesWanted(first), MAX_PAGES);
	const rest = await inParallel(context, Math.max(0, pages - 1), async (index) => await fetchPage(index + 2));
	const rows = [first.rows];
	for (const outcome of rest) {
		if (outcome.state === 'failed') throw outcome.error;
		if (outcome.state === 'done') rows.push(outcome.value.rows);
	}
	return rows.flat();
}

/**
 * The paged operations have no postReceive of their own: after the envelope check (on the
 * Resource field) their one item is the service's whole answer, from which `readPage` takes the
 * rows and the page count. Return All wants every page; otherwise pages up to the Limit (n8n cuts
 * the rows to it).
 */
export function pagedRequest(
	readPage: (answer: IDataObject) => Page,
	pageRequest: (options: DeclarativeRestApiSettings.HttpRequestOptions, page: number) => DeclarativeRestApiSettings.HttpRequestOptions,
) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const options = withWireLists(requestData.options);
		const returnAll = this.getNodeParameter('returnAll', false) === true;
		const rows = await pageRows(
			this,
			requestData,
			readPage,
			// Without Return All, page 1 goes as the user set it up (the service's default page).
			(page) => (page === 1 && !returnAll ? options : pageRequest(options, page)),
			(first) => (returnAll ? MAX_PAGES : Math.ceil(Number(this.getNodeParameter('limit', 50)) / Math.max(1, first.pageSize))),
		);
		const item = this.getItemIndex();
		return rows.map((json) => ({ json, pairedItem: { item } }));
	};
}

/** Get Inbox: every filter is in the form body, so each page changes only `pagenumber` there. */
export const inboxPages = pagedRequest(inboxPage, (options, page) => ({
	...options,
	body: { ...(options.body as IDataObject), pagenumber: page },
}));

/** The longest range one `sms/inboxpaged` request answers (the contract: two days). */
const INBOX_RANGE = 2 * DAY;

/**
 * Every message `line` received from `start` to `end` (Unix seconds, both included), each once,
 * oldest first, whether read or not: the span in ranges of two days, each read unread first, then
 * read, every page. In that order a message another reader marks read meanwhile (Get Inbox and
 * Mark as Read, the panel) is still found: it only moves from unread to read, into the list read
 * after. The request's other parameters are not the inbox's, so each request carries only its own.
 */
export async function everyMessageReceived(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	line: string,
	start: number,
	end: number,
): Promise<IDataObject[]> {
	const byId = new Map<string, IDataObject>();
	for (let from = start; ; from += INBOX_RANGE) {
		const to = Math.min(from + INBOX_RANGE, end);
		for (const isread of ['0', '1']) {
			const params = { linenumber: line, isread, startdate: String(from), enddate: String(to) };
			const rows = await pageRows(
				context,
				requestData,
				inboxPage,
				(page) => ({ ...requestData.options, body: { ...params, pagenumber: String(page) } }),
				() => MAX_PAGES,
			);
			for (const row of rows) byId.set(String(row.messageid), row);
		}
		if (to >= end) return oldestFirst([...byId.values()]);
	}
}

/** `media/list`: `entries` is `{ page, size, total, list }`. */
function mediaPage(answer: IDataObject): Page {
	const entries = (answer.entries ?? {}) as IDataObject;
	const rows = Array.isArray(entries.list) ? (entries.list as IDataObject[]) : [];
	const pageSize = Number(entries.size) || rows.length;
	const total = Number(entries.total) || 0;
	return { rows, pages: pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1, pageSize };
}

/**
 * Media → Get Many: the next `page` in the query string. The page size is the service's (Limit
 * is sent as `size`), so a service that caps it still pages right.
 */
export const mediaPages = pagedRequest(mediaPage, (options, page) => ({ ...options, qs: { ...options.qs, page } }));
