import type { IDataObject } from 'n8n-workflow';

/* Time as the service counts it (Unix seconds), and its rows in the order they happened. */

export const DAY = 86_400;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Rows sorted as they happened: by date, then by ID. */
export function oldestFirst<T extends IDataObject>(rows: T[]): T[] {
	return [...rows].sort(
		(a, b) => Number(a.date) - Number(b.date) || Number(a.messageid) - Number(b.messageid),
	);
}
