import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The link the approver opens: n8n's signed resume URL for this execution and node, so that n8n
 * refuses a forged or altered link before the node sees it. n8n 2.8 checks the signature only once
 * the node asks for it (setSignatureValidationRequired); later lines always check it for a node
 * whose operation is sendAndWait and have no such call.
 */
export function approvalLink(context: IExecuteFunctions): string {
	const withSwitch = context as IExecuteFunctions & { setSignatureValidationRequired?: () => void };
	if (typeof withSwitch.setSignatureValidationRequired === 'function') withSwitch.setSignatureValidationRequired();
	return context.getSignedResumeUrl();
}
