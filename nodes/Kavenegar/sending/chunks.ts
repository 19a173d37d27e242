import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { MESSAGES_PER_REQUEST } from '../operationParts/sendOptions';
import { withWireLists, type JsonLists } from '../operationParts/wireParams';
import { explainFailure, sentWithLocalIds, type ChunkNouns } from './chunkFailures';
import { inParallel } from './inFlightBound';
import { keepsRowsBesideError, rowsBesideError } from './keptBesideError';
import type { Repeat } from './retries';
import { sendRequest } from './sendRequest';

export interface ChunkPlan extends ChunkNouns {
	/**
	 * Wire names of the lists that belong together element by element (recipient n, local ID n…);
	 * the first one is required and counts the elements. Lists the request lacks are skipped.
	 */
	lists: string[];
	/** Lists written as JSON-array text rather than comma lists. */
	json?: JsonLists;
	/**
	 * Output fields filled from a list element, because the service's rows do not echo it
	 * (the local ID a message was sent with): output field name → wire list name.
	 */
	rowFields?: Record<string, string>;
	/** For writes other than sends: how safe a repeat is (reads are always safe). A send without local IDs goes again only when Kavenegar certainly did not send it. */
	repeat?: Repeat;
}

/** A Long as n8n users compare it: a number when a double holds it exactly, else its digits. */
function longValue(digits: string): number | string {
	return Number.isSafeInteger(Number(digits)) ? Number(digits) : digits;
}

function asList(value: unknown): string[] {
	return Array.isArray(value) ? value.map(String) : String(value).split(',');
}

/**
 * A `pagination` function that sends one item's request as several when a list in it is longer
 * than the service takes, and joins the rows in order as if it were one call. The preSend has
 * already checked the whole list, so bad input stops the item before the first request. The
 * requests go side by side within the node run's bound; after a failure no further one starts,
 * and the error says which elements went through, which may have, and which were not sent.
 * A short list is simply one request.
 */
export function inChunks(plan: ChunkPlan) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const { options } = requestData;
		const inBody = options.body !== undefined;
		const params = { ...((inBody ? options.body : options.qs) as IDataObject) };
		const lists: Record<string, string[]> = {};
		for (const name of plan.lists) {
			if (params[name] !== undefined) lists[name] = asList(params[name]);
		}
		const total = lists[plan.lists[0]]?.length ?? 0;
		const requests = Math.max(1, Math.ceil(total / plan.perRequest));
		const repeat: Repeat = plan.send ? (sentWithLocalIds(plan, params) ? 'safe' : 'onRefusal') : (plan.repeat ?? 'safe');
		const outcomes = await inParallel(this, requests, async (index) => {
			const start = index * plan.perRequest;
			const chunk = { ...params };
			for (const [name, elements] of Object.entries(lists)) chunk[name] = elements.slice(start, start + plan.perRequest);
			const chunkOptions = withWireLists(
				requests === 1 ? options : { ...options, headers: { ...options.headers }, ...(inBody ? { body: chunk } : { qs: chunk }) },
				plan.json,
			);
			const rows = await sendRequest(this, requestData, { options: chunkOptions, repeat });
			// The service answers one row per element in order; only then can a row be told its element.
			if (rows.length === Math.min(plan.perRequest, total - start)) {
				for (const [field, list] of Object.entries(plan.rowFields ?? {})) {
					const elements = lists[list];
					if (elements === undefined) continue;
					rows.forEach((row, i) => (row.json[field] = longValue(elements[start + i])));
				}
			}
			return rows;
		});
		const failed = outcomes.find((outcome) => outcome.state === 'failed');
		const rows = outcomes.flatMap((outcome) => (outcome.state === 'done' ? outcome.value : []));
		if (failed?.state === 'failed') {
			explainFailure(plan, failed.error, outcomes, params, total);
			const changedState = plan.send !== undefined || plan.changesState === true;
			if (changedState && rows.length > 0 && keepsRowsBesideError(this)) return rowsBesideError(this, rows, failed.error);
			throw failed.error;
		}
		return rows;
	};
}

/** The default for every operation (set on the Resource field): its one request, through the node run's engine. */
export const singleRequest = inChunks({ lists: [], perRequest: 1, noun: 'requests' });

/** Writes whose repeat would act twice (create, clone, upload, delete): retried only when the service certainly did not act. */
export const singleWrite = inChunks({ lists: [], perRequest: 1, noun: 'requests', repeat: 'onRefusal', changesState: true });

/** A send without local IDs, such as a one-time code: retried only on an answer that says nothing was sent, and its errors say what a re-run risks. */
export function sendWithoutLocalIds(noun: string) {
	return inChunks({ lists: [], perRequest: 1, noun, send: {} });
}

/** `sms/select` and `sms/status` take at most 500 message IDs per request; more go in several. */
export const messageIdChunks = inChunks({
	lists: ['messageid'],
	perRequest: 500,
	noun: 'IDs',
});

/**
 * A send of one message to a list of numbers (SMS → Send, Voice Call → Send Voice Message): 200
 * recipients a request, each row told the local ID it was sent with, and a failure that says
 * which recipients went through and whether running again is safe.
 */
export const recipientListChunks = inChunks({
	lists: ['receptor', 'localid'],
	perRequest: MESSAGES_PER_REQUEST,
	noun: 'recipients',
	rowFields: { localid: 'localid' },
	send: { localIdList: 'localid' },
});
