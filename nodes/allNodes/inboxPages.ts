import type { IDataObject } from 'n8n-workflow';

/** One page of a paged answer: its rows, and how many pages the service says there are. */
export interface Page {
	rows: IDataObject[];
	pages: number;
	pageSize: number;
}

/**
 * `sms/inboxpaged`: `entries` and `metadata` (currentpage, totalpages, pagesize), read the same
 * way by Get Inbox's paging and by the trigger's New Incoming Message.
 */
export function inboxPage({ entries, metadata }: IDataObject): Page {
	const rows = Array.isArray(entries) ? (entries as IDataObject[]) : [];
	const page = (metadata ?? {}) as IDataObject;
	return { rows, pages: Number(page.totalpages) || 1, pageSize: Number(page.pagesize) || rows.length };
}
