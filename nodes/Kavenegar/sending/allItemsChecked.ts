import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type DeclarativeRestApiSettings,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeExecutionData,
} from 'n8n-workflow';
import { creditAboveFloor } from './creditFloor';
import { descriptionInMessage } from './engine2Errors';
import { keepsRowsBesideError, rowsBesideError } from './keptBesideError';
import { messageCapError, overMessageCap } from './messageCap';
import { currentRun, register, type NodeRun } from './nodeRun';

/*
 * Stop mode is all or nothing: no request of the run leaves before every item has passed its
 * checks, so that one bad item stops the run with nothing sent. An item has passed them when n8n
 * enters its pagination function, which it does only after every preSend of the item; an item
 * has failed them when one of its preSends threw. engine.ts puts both watches on every operation.
 */

export type PreSend = (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
export type Pagination = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/** What the error of an item that broke a rule says about what was sent. */
function nothingSentNote(run: NodeRun, index: number): string {
	if (!run.stopOnError || run.items === 1) return 'Nothing was sent to Kavenegar for this item.';
	return `Nothing was sent to Kavenegar for any item: the node checks all ${run.items} items before the first request goes out, and item ${index + 1} failed this check. Fix it (or set On Error to Continue to send the good items) and run again.`;
}

/**
 * In stop mode, n8n failed the run at an item it could not build (an expression error) and threw
 * at once: it awaits none of the items built before it. They must not be sent, and a rejection
 * would only go unhandled, so they are left unsettled. (In continue mode n8n makes that item an
 * error item, goes on, and awaits every other.)
 */
function abandonedByN8n(run: NodeRun): boolean {
	return run.stopOnError && run.registrationClosed && run.registered < run.items;
}

const NEVER = new Promise<never>(() => {});

function openGate(run: NodeRun): void {
	if (!run.registrationClosed) return;
	if (abandonedByN8n(run)) {
		run.gate.length = 0;
		return;
	}
	if (run.badItem === undefined && run.checked.size + run.failed.size < run.registered) return;
	for (const waiter of run.gate.splice(0)) {
		if (run.badItem) waiter.reject(run.badItem.error);
		else waiter.resolve();
	}
}

function closeRegistration(run: NodeRun): void {
	run.registrationClosed = true;
	for (const resolve of run.closing.splice(0)) resolve();
	openGate(run);
}

/**
 * Whether n8n has built every request of the run. It builds them in one synchronous loop, so by
 * the time anything here runs the loop is over, unless Batching pauses it between items: then
 * the run waits for the remaining items, and once a pause longer than Batching's passes without
 * one, concludes that n8n stopped at an item it could not build (an expression error) and failed
 * the run without telling the items built before it.
 */
function checkRegistration(run: NodeRun): void {
	if (run.registrationClosed) return;
	if (run.registered === run.items || run.batchInterval === 0) {
		closeRegistration(run);
		return;
	}
	if (run.watching) return;
	run.watching = true;
	const seen = run.registered;
	void sleep(run.batchInterval * 2 + 1000).then(() => {
		run.watching = false;
		if (run.registered === seen) closeRegistration(run);
		else checkRegistration(run);
	});
}

async function registrationClosed(run: NodeRun): Promise<void> {
	if (run.registrationClosed) return;
	await new Promise<void>((resolve) => {
		run.closing.push(resolve);
		checkRegistration(run);
	});
}

/**
 * The first preSend of every item (on the Resource field, which every operation passes): the
 * item joins its node run before any check of any item runs.
 */
export async function joinRun(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	register(this);
	return requestOptions;
}

/**
 * A preSend whose failure the run learns of. The failure is reported only once n8n has built
 * every request: with Batching, n8n collects the items' outcomes only after its loop, and an
 * earlier rejection would go unhandled. With On Error: Continue, and as a tool, the item goes on
 * past its other checks to its pagination function, which answers the error as an item
 * (keptBesideError.ts).
 */
export function reportingFailure(preSend: PreSend): PreSend {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const run = currentRun(this);
		const index = this.getItemIndex();
		if (run.failedChecks.has(index)) return requestOptions;
		return await preSend.call(this, requestOptions).catch(async (error: Error) => {
			run.failed.add(index);
			if (run.stopOnError && run.badItem === undefined) run.badItem = { index, error };
			await registrationClosed(run);
			if (abandonedByN8n(run)) return await NEVER;
			if (error instanceof NodeOperationError || error instanceof NodeApiError) {
				const note = nothingSentNote(run, index);
				error.description = error.description ? `${error.description} ${note}` : note;
			}
			openGate(run);
			if (keepsRowsBesideError(this)) {
				run.failedChecks.set(index, error);
				return requestOptions;
			}
			throw descriptionInMessage(this, error);
		});
	};
}

/**
 * In stop mode, waits until every item of the run has passed its checks; rejects if one failed.
 * A capped send waits in continue mode too, until every item is checked or failed: the run's
 * count of messages is complete only then (messageCap.ts).
 */
async function allItemsChecked(run: NodeRun): Promise<void> {
	if (!run.stopOnError && run.messageCap === undefined) return;
	await new Promise<void>((resolve, reject) => {
		run.gate.push({ resolve, reject });
		checkRegistration(run);
		openGate(run);
	});
}

/**
 * A pagination function that starts once every item of the run has passed its checks. With On
 * Error: Continue, and as a tool, it answers the item's error as an item (keptBesideError.ts).
 */
export function afterAllItemsChecked(pagination: Pagination): Pagination {
	return async function (this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) {
		const run = currentRun(this);
		const index = this.getItemIndex();
		const failedCheck = run.failedChecks.get(index);
		if (failedCheck) return rowsBesideError(this, [], failedCheck);
		run.checked.add(index);
		try {
			await allItemsChecked(run);
			if (overMessageCap(run)) throw messageCapError(this, run);
			await creditAboveFloor(this, run);
			return await pagination.call(this, requestData);
		} catch (error) {
			if (keepsRowsBesideError(this)) return rowsBesideError(this, [], error);
			throw descriptionInMessage(this, error);
		}
	};
}
