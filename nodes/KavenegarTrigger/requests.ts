import {
	NodeApiError,
	type IDataObject,
	type IN8nHttpFullResponse,
	type IPollFunctions,
	type JsonObject,
} from 'n8n-workflow';
import { kavenegarBaseUrl } from '../shared/baseUrl';
import { assertServiceSuccess, type Envelope } from '../shared/envelope';

export const DAY = 86_400;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A poll must not hang on a silent connection: the next scheduled poll would stack behind it. */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * One form-encoded POST to `{base}/v1/{key}/{operation}.json`, its envelope checked the way the
 * node checks it, with `hints` by service code (see assertServiceSuccess). The URL holds the key,
 * so it goes nowhere but into the request itself.
 */
export async function callKavenegar(
	context: IPollFunctions,
	operation: string,
	params: Record<string, string>,
	hints?: Record<number, string>,
): Promise<Envelope> {
	const credentials = await context.getCredentials('kavenegarApi');
	let response: IN8nHttpFullResponse;
	try {
		response = (await context.helpers.httpRequestWithAuthentication.call(context, 'kavenegarApi', {
			method: 'POST',
			url: `${kavenegarBaseUrl(credentials)}/${operation}.json`,
			body: new URLSearchParams(params).toString(),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
			timeout: REQUEST_TIMEOUT_MS,
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		// n8n's error for a failed connection keeps the request, URL and key included, as its
		// cause: only its words go on.
		const failed = error as NodeApiError;
		throw new NodeApiError(context.getNode(), { code: failed.httpCode ?? null } as JsonObject, {
			message: failed.message,
			description: failed.description ?? undefined,
			httpCode: failed.httpCode ?? undefined,
		});
	}
	assertServiceSuccess(context.getNode(), response.statusCode, response.body, hints);
	return response.body;
}

/** The rows of an answer; `entries` is an array for every operation the trigger reads. */
export function rowsOf(envelope: Envelope): IDataObject[] {
	return Array.isArray(envelope.entries) ? (envelope.entries as IDataObject[]) : [];
}

/** Rows sorted as they happened: by date, then by ID. */
export function oldestFirst<T extends IDataObject>(rows: T[]): T[] {
	return [...rows].sort(
		(a, b) => Number(a.date) - Number(b.date) || Number(a.messageid) - Number(b.messageid),
	);
}
