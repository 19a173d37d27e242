import type { IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

/** What the approver is asked, read alike when the SMS goes out and when the link is opened. */
export type ApprovalQuestion =
	| { kind: 'approval'; message: string; approveLabel: string; declineLabel?: string }
	| { kind: 'freeText'; message: string; buttonLabel: string };

export const DEFAULT_LABELS = { approve: 'Approve', decline: 'Decline', send: 'Send' };

type Read = (name: string, fallback: unknown) => unknown;

/** A number or a yes/no from an expression reads as its text, as n8n shows it. */
function text(read: Read, name: string, fallback: string): string {
	const value = read(name, fallback);
	const written = value === null || value === undefined || typeof value === 'object' ? '' : String(value);
	return written.trim() !== '' ? written : fallback;
}

/**
 * The node's question, from its parameters. In the webhook n8n evaluates them over the item the
 * node waits with, so an expression in the message reads as it did in the SMS.
 */
export function approvalQuestion(context: IExecuteFunctions | IWebhookFunctions): ApprovalQuestion {
	const read: Read =
		'getInputData' in context
			? (name, fallback) => (context as IExecuteFunctions).getNodeParameter(name, 0, fallback)
			: (name, fallback) => (context as IWebhookFunctions).getNodeParameter(name, fallback);
	const message = text(read, 'message', '');
	if (read('responseType', 'approval') === 'freeText') {
		return { kind: 'freeText', message, buttonLabel: text(read, 'additionalFields.responseFormButtonLabel', DEFAULT_LABELS.send) };
	}
	const approveLabel = text(read, 'approvalOptions.values.approveLabel', DEFAULT_LABELS.approve);
	const withDecline = read('approvalOptions.values.approvalType', 'double') === 'double';
	return {
		kind: 'approval',
		message,
		approveLabel,
		...(withDecline && { declineLabel: text(read, 'approvalOptions.values.disapproveLabel', DEFAULT_LABELS.decline) }),
	};
}
