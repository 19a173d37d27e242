import type { IDataObject, IN8nRequestOperationPaginationGeneric } from 'n8n-workflow';
import { withFormParam } from './wireParams';

/**
 * Return All for `sms/inboxpaged`: ask for the next page until `metadata` says it was the last.
 * The next request is the first one with only `pagenumber` changed in its form body, so every
 * filter reaches page 2 and later.
 */
export const inboxPagination: IN8nRequestOperationPaginationGeneric = {
	type: 'generic',
	properties: {
		continue:
			'={{ !!$response.body?.metadata && $response.body.metadata.currentpage < $response.body.metadata.totalpages }}',
		request: {
			// The expression yields the form-encoded string; the typing only knows object bodies.
			body: `={{ (${withFormParam.toString()})($request.body, 'pagenumber', $response.body?.metadata ? $response.body.metadata.currentpage + 1 : 1) }}` as unknown as IDataObject,
		},
	},
};

/**
 * Return All for `media/list`: ask for the next page until the pages seen cover `entries.total`.
 * The page and size come from the answer, so a service that caps the page size still pages
 * right. `request.qs` replaces the first request's query string, so it carries that one over.
 */
export const mediaPagination: IN8nRequestOperationPaginationGeneric = {
	type: 'generic',
	properties: {
		continue:
			'={{ !!$response.body?.entries && $response.body.entries.list?.length > 0 && $response.body.entries.page * $response.body.entries.size < $response.body.entries.total }}',
		request: {
			qs: '={{ { ...$request.qs, page: ($response.body?.entries?.page ?? 0) + 1 } }}' as unknown as IDataObject,
		},
	},
};
