import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';
import { keepCodeThroughEngineWrap } from './envelope';

/** n8n words a timeout as "The connection was aborted, perhaps the server is offline". */
export function isTimeout(error: NodeApiError | NodeOperationError): error is NodeApiError {
	return error instanceof NodeApiError && ['ECONNABORTED', 'ETIMEDOUT'].includes(String(error.httpCode));
}

/**
 * n8n keeps the raw network error of a failed request as the cause of the error it throws, and
 * that error's request config holds the URL, API key included; with On Error: Continue the
 * error rides on the output item. Its message and code are all a user needs, so only they go on,
 * and a timeout says it was one.
 */
export function withoutRequestDetails(node: INode, error: unknown): NodeApiError | NodeOperationError {
	const failure =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeApiError(node, error as JsonObject);
	delete failure.cause;
	// n8n's wrap would put its own wording for ECONNABORTED over this title: a timeout keeps the title.
	if (isTimeout(failure)) failure.message = 'Kavenegar did not answer within the timeout (Request Options → Timeout)';
	else if (failure instanceof NodeApiError) keepCodeThroughEngineWrap(failure);
	return failure;
}
