import { NodeApiError, NodeOperationError, type IExecuteFunctions, type IExecutePaginationFunctions, type IExecuteSingleFunctions } from 'n8n-workflow';
import { callKavenegar } from '../../allNodes/callKavenegar';
import { creditFloor, creditFloorPlace } from '../operationParts/sendOptions';
import { figure } from './messageCap';
import { DEFAULT_BUSY_RETRIES, type NodeRun } from './nodeRun';
import { triedAgainAsAllowed } from './retries';

/*
 * A floor under the account's credit, beside the cap on messages (messageCap.ts): a send with Stop
 * Below Credit set reads the credit once per node run, after every item is checked and before the
 * first send, and sends nothing if it is below the floor. The floor guards the start of a run: the
 * run's own sends then spend below it, which Max Messages per Run bounds.
 */

const NOTHING_SENT = 'nothing was sent to Kavenegar for any item';

/** The account's credit in rials; a failed read says that `place` needed it and nothing was sent. */
export async function readCredit(
	context: IExecuteFunctions | IExecuteSingleFunctions,
	place: string,
	transport?: Parameters<typeof callKavenegar>[6],
): Promise<number> {
	try {
		const answer = await triedAgainAsAllowed('safe', DEFAULT_BUSY_RETRIES, () => callKavenegar(context, 'account/info', {}, undefined, 'kavenegarApi', {}, transport));
		const credit = Number((answer.entries as { remaincredit?: unknown } | undefined)?.remaincredit);
		if (!Number.isFinite(credit)) throw new NodeOperationError(context.getNode(), "Kavenegar's account information holds no credit (remaincredit)");
		return credit;
	} catch (error) {
		const failure =
			error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(context.getNode(), error as Error);
		const why = `${place} needs the account's credit, and reading it failed: ${NOTHING_SENT}.`;
		failure.description = failure.description ? `${failure.description} ${why}` : why;
		throw failure;
	}
}

/** Throws, for every item of the run, when the account's credit is below the item's floor. */
export async function creditAboveFloor(context: IExecutePaginationFunctions, run: NodeRun): Promise<void> {
	const floor = creditFloor(context);
	if (floor === 0) return;
	run.credit ??= readCredit(context, creditFloorPlace(context));
	const error = belowFloorError(context, await run.credit, floor, creditFloorPlace(context));
	if (error) throw error;
}

/** The error of a send whose account has less credit than its floor, if it has. */
export function belowFloorError(
	context: IExecuteFunctions | IExecuteSingleFunctions,
	credit: number,
	floor: number,
	place: string,
): NodeOperationError | undefined {
	if (credit >= floor) return undefined;
	return new NodeOperationError(
		context.getNode(),
		`Stop Below Credit: the account has ${figure(credit)} rials of credit, below this send's floor of ${figure(floor)}`,
		{
			itemIndex: 'getItemIndex' in context ? context.getItemIndex() : 0,
			description: `Read from Kavenegar before the run's first send; ${NOTHING_SENT}. Top up the account, or lower ${place} (0 turns the check off).`,
		},
	);
}
