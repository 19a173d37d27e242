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
