import {
	NodeApiError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type JsonObject,
} from 'n8n-workflow';
import { describeServiceError, GENERAL_CODES, IP_ACCESS_ADVICE, IP_ACCESS_OPERATIONS, SERVICE_ERROR_ADVICE } from './serviceErrors';

export interface Envelope {
	return: { status: number | string; message?: string };
	entries?: unknown;
	metadata?: IDataObject;
}

function isEnvelope(body: unknown): body is Envelope {
	return (
		typeof body === 'object' &&
		body !== null &&
		typeof (body as IDataObject).return === 'object' &&
		(body as IDataObject).return !== null
	);
}

/**
 * Kavenegar reports errors in `return.status`, sometimes with HTTP 200 and sometimes with a
 * matching HTTP status, so every response is read here whatever its HTTP status, by the node and
 * by the trigger alike. Nothing from the request (its URL holds the API key) goes into the error;
 * `hints` add, for the codes they name, what the caller knows about the operation (for example
 * why it needs IP access, for 407 and 416 only: a wrong key or a lack of credit has other causes);
 * `operationAdvice` replaces them for every code, for operations whose errors always call for it
 * (IP access on the outbox operations, which the service refuses with 403 as well as 407). Without
 * either, the description says what to do where the next step is known (SERVICE_ERROR_ADVICE).
 */
export function assertServiceSuccess(
	node: INode,
	httpStatus: number,
	body: unknown,
	hints: Record<number, string> = {},
	operationAdvice?: string,
	serviceMessageInTitle = false,
): asserts body is Envelope {
	if (!isEnvelope(body)) {
		const what = typeof body === 'string' && body.trim().startsWith('<') ? 'an HTML page' : 'a body that is not Kavenegar JSON';
		throw new NodeApiError(
			node,
			{ httpStatus } as JsonObject,
			{
				message: `Kavenegar answered HTTP ${httpStatus} with ${what}`,
				description:
					'The answer did not come from the Kavenegar API as expected (a proxy error page, a cut-off response or a wrong Base URL in the credential). Try again; if it persists, check the Base URL.',
				httpCode: String(httpStatus),
			},
		);
	}
	const code = Number(body.return.status);
	if (code !== 200 || httpStatus < 200 || httpStatus > 299) {
		const serviceMessage = String(body.return.message ?? '');
		const said = serviceMessage
			? `The service said: "${serviceMessage}" (HTTP ${httpStatus}).`
			: `The service gave no message (HTTP ${httpStatus}).`;
		const hint = operationAdvice ?? hints[code] ?? SERVICE_ERROR_ADVICE[code];
		// A general code says nothing a user can act on; the service's own message names the cause.
		const leadWithMessage = serviceMessage !== '' && GENERAL_CODES.has(code);
		const title = leadWithMessage
			? `Kavenegar error ${code}: "${serviceMessage}"`
			: serviceMessageInTitle && serviceMessage
				? `Kavenegar error ${code}: ${describeServiceError(code)}. The service said: "${serviceMessage}"`
				: `Kavenegar error ${code}: ${describeServiceError(code)}`;
		const explained = leadWithMessage
			? `Code ${code} is Kavenegar's general refusal, given for several causes; its message above names this one (HTTP ${httpStatus}).`
			: said;
		throw answeredWith(
			new NodeApiError(
				node,
				{ status: code, message: serviceMessage } as JsonObject,
				{
					message: title,
					description: hint ? `${explained} ${hint}` : explained,
					httpCode: String(code),
				},
			),
			code,
		);
	}
}

/**
 * Marks an error as Kavenegar's own answer with its return code, whatever the HTTP status: what
 * the service said it did decides a retry (sending/retries.ts), not the HTTP status, which a
 * proxy's page or a cut-off answer has too. Not enumerable: it stays out of the stored execution.
 */
function answeredWith(error: NodeApiError, code: number): NodeApiError {
	Object.defineProperty(error, 'kavenegarCode', { value: code, configurable: true });
	return error;
}

/** The return code of an error that is Kavenegar's own answer; undefined for a network failure or an answer that is not Kavenegar's JSON. */
export function serviceCodeOf(error: Error): number | undefined {
	const code = (error as Error & { kavenegarCode?: unknown }).kavenegarCode;
	return typeof code === 'number' ? code : undefined;
}

function isSuccess(httpStatus: number, body: unknown): boolean {
	return isEnvelope(body) && Number(body.return.status) === 200 && httpStatus >= 200 && httpStatus <= 299;
}

/**
 * The node's check of every response (see assertServiceSuccess). A success, the usual answer, is
 * let through before anything is looked up for an error: getNode() deep-copies the node, and this
 * runs once per request.
 */
export async function checkEnvelope(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	if (isSuccess(response.statusCode, response.body)) return items;
	const operation = String(this.getNodeParameter('operation', ''));
	const advice = IP_ACCESS_OPERATIONS.has(operation) ? IP_ACCESS_ADVICE : undefined;
	// With On Error: Continue, n8n keeps only the error's title on the item (`json.error`): the
	// service's own message, otherwise in the description, goes into the title there.
	assertServiceSuccess(this.getNode(), response.statusCode, response.body, {}, advice, this.continueOnFail());
	return items;
}

/** The contract's payload: an array of rows for most operations, one object for a few. */
export async function entriesToItems(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const entries = (response.body as Envelope).entries;
	const rows = Array.isArray(entries) ? entries : entries == null ? [] : [entries];
	const item = this.getItemIndex();
	return rows.map((json) => ({ json: json as IDataObject, pairedItem: { item } }));
}
