import { NodeOperationError, type IExecutePaginationFunctions, type IExecuteSingleFunctions, type INode } from 'n8n-workflow';
import { splitList } from '../../allNodes/lists';
import { messageParts } from '../operationParts/messageParts';
import { messageCap, messageCapPlace } from '../operationParts/sendOptions';
import type { ParamRule, WireParams } from '../operationParts/wireParams';
import { currentRun, type NodeRun } from './nodeRun';

/*
 * A cap on what one run of the node may send, against a workflow that loops by mistake, an
 * expression that expands a list, or a public form that calls a send. Each send item counts its
 * messages (recipients × SMS parts) as the last of its checks, and no item's request leaves before
 * every item of the run is checked (allItemsChecked.ts; a capped send waits for it in continue mode
 * too): over the cap, every item of the run fails and nothing is sent.
 */

/** Messages a send's checked parameters make: the service bills each SMS part of each recipient. */
export type MessageCount = (params: WireParams) => number;

/** SMS → Send: one text to each recipient. */
export const textToEachRecipient: MessageCount = (params) =>
	splitList(params.receptor).length * messageParts(String(params.message ?? '')).parts;

/** SMS → Send Different Messages: a text per recipient. */
export const textPerRecipient: MessageCount = (params) =>
	(Array.isArray(params.message) ? params.message : []).reduce((sum: number, text) => sum + messageParts(String(text)).parts, 0);

/** Voice Call → Send Voice Message: one call per recipient. */
export const callPerRecipient: MessageCount = (params) => splitList(params.receptor).length;

/** The last rule of a send: adds the item's messages to its run's count, under the item's cap. */
export function countedMessages(count: MessageCount): ParamRule {
	return function (this: IExecuteSingleFunctions, params) {
		const cap = messageCap(this);
		if (cap === 0) return;
		const run = currentRun(this);
		run.messages += count(params);
		run.messageCap = Math.min(run.messageCap ?? cap, cap);
		run.messagePlace = messageCapPlace(this);
	};
}

export function overMessageCap(run: NodeRun): boolean {
	return run.messageCap !== undefined && run.messages > run.messageCap;
}

export const figure = (n: number) => n.toLocaleString('en-US');

export function messageCapError(context: IExecutePaginationFunctions, run: NodeRun): NodeOperationError {
	return overCapError(context.getNode(), context.getItemIndex(), {
		messages: run.messages,
		cap: run.messageCap ?? 0,
		items: run.checked.size,
		place: run.messagePlace ?? 'Max Messages per Run',
	});
}

/** The error of a run over its cap, in the words of the send that counted it. */
export function overCapError(
	node: INode,
	itemIndex: number,
	{ messages, cap, items, place }: { messages: number; cap: number; items: number; place: string },
): NodeOperationError {
	const counted = items === 1 ? 'one item' : `${figure(items)} items`;
	return new NodeOperationError(node, `Max Messages per Run: this run would send ${figure(messages)} messages, more than its cap of ${figure(cap)}`, {
		itemIndex,
		description: `Counted as recipients × SMS parts over ${counted} before anything was sent; nothing was sent to Kavenegar for any item. If the send is meant, raise the cap in ${place} (0 for no cap); if not, look for a loop or an expression that picked up more rows than intended.`,
	});
}
