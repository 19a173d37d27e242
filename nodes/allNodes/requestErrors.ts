import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';

/** n8n words a timeout as "The connection was aborted, perhaps the server is offline". */
export function isTimeout(error: NodeApiError | NodeOperationError): error is NodeApiError {
	return error instanceof NodeApiError && ['ECONNABORTED', 'ETIMEDOUT'].includes(String(error.httpCode));
}

/**
 * n8n's routing wraps a node's error that is not an instance of its own NodeApiError in one of its
 * own: it keeps the title and the description but reads the code only from an HTTP client error's
 * `response.status`, and the editor then shows "Error code: none". Every error of this package is
 * such an error when the package has its own copy of n8n-workflow, as `npm install` into
 * ~/.n8n/nodes leaves it (npm 7 and later install peer dependencies). So the code also goes where
 * that wrap reads it, in properties that stay out of JSON and so out of the stored execution. Every
 * failure of the node's requests, the service's errors included, leaves through withoutRequestDetails.
 */
function keepCodeThroughEngineWrap(error: NodeApiError): void {
	if (!error.httpCode) return;
	Object.defineProperties(error, {
		isAxiosError: { value: true, configurable: true },
		response: { value: { status: error.httpCode }, configurable: true },
	});
}

/**
 * An error of the node's own (bad input, a request not started), not the service's answer. n8n's
 * routing re-wraps it as an API error (only its own NodeApiError passes through), with the code
 * "none" unless it finds an HTTP client error's status, and the editor then shows it under "From
 * Kavenegar – Error code: none". An empty status leaves the wrap no code, so the editor shows the
 * title and description with n8n's own details only.
 */
export function nodeOwnError(node: INode, message: string, options: ConstructorParameters<typeof NodeOperationError>[2]): NodeOperationError {
	const error = new NodeOperationError(node, message, options);
	Object.defineProperties(error, {
		isAxiosError: { value: true, configurable: true },
		response: { value: { status: '' }, configurable: true },
	});
	return error;
}

/**
 * A raw error of the HTTP stack, kept by n8n as the error's `errorResponse`, may hold the request's
 * URL, API key included: Node's URL parser puts a Base URL it cannot read into `input`, an HTTP
 * client its `config`. What n8n reads of it (the message, the code it words a network failure by)
 * is kept.
 */
function whatIsSafeToKeep(raw: Error): JsonObject {
	const { code, errno, syscall } = raw as Error & { code?: unknown; errno?: unknown; syscall?: unknown };
	const kept: JsonObject = { name: raw.name, message: raw.message };
	for (const [key, value] of Object.entries({ code, errno, syscall })) {
		if (typeof value === 'string' || typeof value === 'number') kept[key] = value;
	}
	return kept;
}

/** An Error of any realm: Node's own errors are not instances of the Error a sandbox sees. */
function isRawError(value: unknown): value is Error {
	return Object.prototype.toString.call(value) === '[object Error]';
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
	if (isRawError(failure.errorResponse)) failure.errorResponse = whatIsSafeToKeep(failure.errorResponse);
	// n8n's wrap would put its own wording for ECONNABORTED over this title: a timeout keeps the title.
	if (isTimeout(failure)) failure.message = 'Kavenegar did not answer within the timeout (Request Options → Timeout)';
	else if (failure instanceof NodeApiError) keepCodeThroughEngineWrap(failure);
	return failure;
}
