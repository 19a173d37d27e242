import {
	NodeApiError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type JsonObject,
} from 'n8n-workflow';
import {
	describeServiceError,
	GENERAL_CODES,
	IP_ACCESS_ADVICE,
	IP_ACCESS_OPERATIONS,
	SERVICE_ERROR_ADVICE,
	SERVICE_ERROR_FIELDS,
} from './serviceErrors';
import { quoted } from './bidi';

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
 * A field of the request as the user reads it: its wire name, its label, whether the request
 * carried a value, and that value as given (named in the title of the codes that show it).
 */
export interface RequestField {
	param: string;
	label: string;
	given: boolean;
	value?: string;
}

/** Longer values (a list, an expression's whole object) would bury the title's point. */
const VALUE_IN_TITLE_CHARS = 40;

export interface ErrorContext {
	/** What the caller knows about the operation, for the codes they name (see assertServiceSuccess). */
	hints?: Record<number, string>;
	/** Replaces the advice for every code. */
	operationAdvice?: string;
	/** The request's fields, so that a code that points at one names it (SERVICE_ERROR_FIELDS). */
	fields?: RequestField[];
	/** The node's resource, for codes that point at a field in some resources only. */
	resource?: string;
}

/**
 * The labels a code points at: of the fields the request carried a value in, each with its value
 * where the code shows it (Sender Line 30009999), else of every field it may be (a 412 on a send
 * without Sender Line still tells the user where to set one).
 */
function fieldsNamed(code: number, fields: RequestField[] = [], resource?: string): string[] {
	const pointed = SERVICE_ERROR_FIELDS[code];
	if (!pointed || (resource !== undefined && pointed.resources && !pointed.resources.includes(resource))) return [];
	const candidates = fields.filter((field) => pointed.params.includes(field.param));
	const given = candidates.filter((field) => field.given);
	const named = (field: RequestField) => {
		const value = field.value?.trim() ?? '';
		const shown = pointed.withValue && field.given && value !== '' && value.length <= VALUE_IN_TITLE_CHARS && !value.includes('\n');
		if (!shown) return field.label;
		// A line or a date reads as it is (Sender Line 30009999); a name is quoted, so it reads as one.
		return `${field.label} ${/^[\d۰-۹+\-/: ]+$/.test(value) ? value : quoted(value)}`;
	};
	return [...new Set((given.length > 0 ? given : candidates).map(named))];
}

/**
 * Only the title of an error shows where a run from the canvas fails (the toast) and on an item of
 * On Error: Continue (`json.error`), so it says what went wrong in this request: the field the code
 * points at, and the service's own message (Kavenegar writes it in Persian, so the English meaning
 * stays beside it); the description keeps the code, its meaning and what to do.
 */
function serviceErrorTitle(code: number, serviceMessage: string, fields: string[]): string {
	const said = serviceMessage === '' ? '' : quoted(serviceMessage);
	if (fields.length > 0) {
		const problem = SERVICE_ERROR_FIELDS[code].problem;
		return `${fields.join(', ')}: ${problem} (Kavenegar error ${code}${said && `: ${said}`})`;
	}
	// A general code's meaning says nothing a user can act on; the service's own message names the cause.
	if (said && GENERAL_CODES.has(code)) return `Kavenegar error ${code}: ${said}`;
	return said
		? `Kavenegar error ${code}: ${said} – ${describeServiceError(code)}`
		: `Kavenegar error ${code}: ${describeServiceError(code)}`;
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
	{ hints = {}, operationAdvice, fields, resource }: ErrorContext = {},
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
		const hint = operationAdvice ?? hints[code] ?? SERVICE_ERROR_ADVICE[code];
		const explained =
			serviceMessage !== '' && GENERAL_CODES.has(code)
				? `Code ${code} is Kavenegar's general refusal, given for several causes; its message above names this one (HTTP ${httpStatus}).`
				: `Kavenegar error ${code} means: ${describeServiceError(code)}. ${
						serviceMessage ? `The service said: ${quoted(serviceMessage)}` : 'The service gave no message'
					} (HTTP ${httpStatus}).`;
		throw answeredWith(
			new NodeApiError(
				node,
				{ status: code, message: serviceMessage } as JsonObject,
				{
					message: serviceErrorTitle(code, serviceMessage, fieldsNamed(code, fields, resource)),
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

/** A field of an operation that sends a value under `param`, read at `path` (`additionalFields.tag`). */
export interface OperationField {
	param: string;
	label: string;
	path: string;
}

/**
 * The node's check of every response (see assertServiceSuccess), given the fields of each
 * operation (`fieldsOf`) so that an error can name the one its code points at. A success, the usual
 * answer, is let through before anything is looked up for an error: getNode() deep-copies the
 * node, and this runs once per request.
 */
export function checkEnvelopeOf(fieldsOf: (resource: string, operation: string) => OperationField[]) {
	return async function checkEnvelope(
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		if (isSuccess(response.statusCode, response.body)) return items;
		const operation = String(this.getNodeParameter('operation', ''));
		const resource = String(this.getNodeParameter('resource', ''));
		const fields = fieldsOf(resource, operation).map(({ param, label, path }) => {
			const value = this.getNodeParameter(path, '') as unknown;
			const given = value !== '' && value !== null && value !== undefined;
			return { param, label, given, value: given && typeof value !== 'object' ? String(value) : undefined };
		});
		assertServiceSuccess(this.getNode(), response.statusCode, response.body, {
			operationAdvice: IP_ACCESS_OPERATIONS.has(operation) ? IP_ACCESS_ADVICE : undefined,
			fields,
			resource,
		});
		return items;
	};
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
