import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

/**
 * The request's parameters by their wire names, as the fields' routing put them in the body.
 * A list is an array until the request goes out (see `withWireLists`), so that splitting it into
 * several requests never has to read text back.
 */
export type WireParams = IDataObject;

/** Checks or rewrites the parameters of one item's request; throws `invalidInput` to stop it. */
export type ParamRule = (this: IExecuteSingleFunctions, params: WireParams) => void | Promise<void>;

const FORM = 'application/x-www-form-urlencoded';

/**
 * Every field routes its value into the body under its wire name; this preSend runs the
 * operation's rules over them (so a bad item fails before anything is sent) and then puts them
 * where the contract wants them: the body of a POST, which n8n sends form-encoded because of the
 * content type, or the query string of a GET or DELETE. Empty values are dropped, so an optional
 * parameter is sent only when it has a value. The sending engine learns of a failed check
 * (sending/allItemsChecked.ts), which is what lets stop mode send nothing when one item is bad.
 */
export function prepareRequest(...rules: ParamRule[]) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const params: WireParams = { ...((requestOptions.body as IDataObject) ?? {}) };
		for (const rule of rules) await rule.call(this, params);
		const wire: WireParams = {};
		for (const [name, value] of Object.entries(params)) {
			if (value === undefined || value === null || value === '') continue;
			if (Array.isArray(value)) {
				if (value.length > 0) wire[name] = value.map(String);
			} else wire[name] = String(value);
		}
		if ((requestOptions.method ?? 'GET').toUpperCase() === 'POST') {
			requestOptions.body = wire;
			requestOptions.headers = { ...requestOptions.headers, 'Content-Type': FORM };
		} else {
			requestOptions.qs = { ...requestOptions.qs, ...wire };
			delete requestOptions.body;
		}
		return requestOptions;
	};
}

/**
 * How a list is written on the wire: by default a comma list (`a,b,c`); `sms/sendarray` takes
 * JSON-array text instead, of strings or of numbers. Numbers are written digit for digit, so a
 * Long local ID above 2^53 keeps every digit.
 */
export type JsonLists = Record<string, 'strings' | 'numbers'>;

function wireValue(name: string, value: unknown, json: JsonLists): unknown {
	if (!Array.isArray(value)) return value;
	if (json[name] === 'strings') return `[${value.map((element) => JSON.stringify(String(element))).join(',')}]`;
	if (json[name] === 'numbers') return `[${value.map(String).join(',')}]`;
	return value.map(String).join(',');
}

function withListsWritten(params: IDataObject, json: JsonLists): IDataObject {
	return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, wireValue(name, value, json)])) as IDataObject;
}

/** The request as it goes out: its lists written as the service reads them (a FormData body stays as it is). */
export function withWireLists<Options extends { body?: unknown; qs?: IDataObject }>(options: Options, json: JsonLists = {}): Options {
	const body = options.body;
	const plainBody = typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype;
	return {
		...options,
		...(plainBody && { body: withListsWritten(body as IDataObject, json) }),
		...(options.qs && { qs: withListsWritten(options.qs, json) }),
	};
}
