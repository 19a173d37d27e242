import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { entriesToItems, type Envelope } from '../../shared/envelope';
import { morePagesAfter } from '../../shared/inboxPages';
import { requestOnce } from '../../shared/requestErrors';
import { withFormParam } from './wireParams';

/**
 * Where a page's rows say which page they were: the operation's postReceive sets it on the array
 * of rows it returns, and the paging function, which gets that array back, reads it. The rows
 * themselves stay exactly the service's.
 */
const PAGE = Symbol('kavenegar page');

interface PageInfo {
	/** Whether the service has pages after this one. */
	more: boolean;
}

type PagedRows = INodeExecutionData[] & { [PAGE]?: PageInfo };

function withPage(rows: INodeExecutionData[], more: boolean): PagedRows {
	return Object.assign(rows, { [PAGE]: { more } });
}

/** Far more than any inbox or media library holds: a service that never says "last page" cannot loop forever. */
const MAX_PAGES = 10_000;

/**
 * Requests page after page, `nextPage(page)` building each request, until a page says it is the
 * last. Without Return All, the first request alone, as the user set it up.
 */
async function allPages(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	nextPage: (page: number) => DeclarativeRestApiSettings.HttpRequestOptions,
): Promise<INodeExecutionData[]> {
	if (!context.getNodeParameter('returnAll', false)) return await requestOnce.call(context, requestData);
	const rows: INodeExecutionData[] = [];
	for (let page = 1; page <= MAX_PAGES; page++) {
		const pageRows: PagedRows = await requestOnce.call(context, { ...requestData, options: nextPage(page) });
		rows.push(...pageRows);
		if (!pageRows[PAGE]?.more) break;
	}
	return rows;
}

/** `sms/inboxpaged`'s rows, with whether `metadata` says more pages follow. */
export async function inboxRows(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const rows = await entriesToItems.call(this, items, response);
	return withPage(rows, morePagesAfter(response.body as Envelope));
}

/**
 * Return All for `sms/inboxpaged`: the first request with only `pagenumber` changed in its form
 * body, page after page, so every filter reaches page 2 and later.
 */
export async function inboxPages(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const { options } = requestData;
	return await allPages(this, requestData, (page) => ({
		...options,
		body: withFormParam(options.body as unknown as string, 'pagenumber', page) as unknown as IDataObject,
	}));
}

/** `media/list`'s files, one item each, with whether the pages so far fall short of `total`. */
export async function mediaRows(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const page = (response.body as Envelope).entries as IDataObject | undefined;
	const files = Array.isArray(page?.list) ? (page.list as IDataObject[]) : [];
	const item = this.getItemIndex();
	const more = files.length > 0 && Number(page?.page) * Number(page?.size) < Number(page?.total);
	return withPage(
		files.map((json) => ({ json, pairedItem: { item } })),
		more,
	);
}

/**
 * Return All for `media/list`: the next `page` until the pages seen cover `total`. The page size
 * is the service's, so a service that caps it still pages right.
 */
export async function mediaPages(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const { options } = requestData;
	return await allPages(this, requestData, (page) => ({ ...options, qs: { ...options.qs, page } }));
}
