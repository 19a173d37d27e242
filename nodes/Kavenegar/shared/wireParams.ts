import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

/** The request's parameters by their wire names, as the fields' routing put them in the body. */
export type WireParams = IDataObject;

/** Checks or rewrites the parameters of one item's request; throws `invalidInput` to stop it. */
export type ParamRule = (this: IExecuteSingleFunctions, params: WireParams) => void | Promise<void>;

const FORM = 'application/x-www-form-urlencoded';

/**
 * Every field routes its value into the body under its wire name; this preSend runs the
 * operation's rules over them (so a bad item fails before anything is sent) and then encodes
 * them as the contract wants: a form body for POST, the query string for GET and DELETE.
 * Empty values are dropped, so an optional parameter is sent only when it has a value.
 */
export function prepareRequest(...rules: ParamRule[]) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const params: WireParams = { ...((requestOptions.body as IDataObject) ?? {}) };
		for (const rule of rules) await rule.call(this, params);
		const wire: Record<string, string> = {};
		for (const [name, value] of Object.entries(params)) {
			if (value !== undefined && value !== null && value !== '') wire[name] = String(value);
		}
		if ((requestOptions.method ?? 'GET').toUpperCase() === 'POST') {
			requestOptions.body = new URLSearchParams(wire).toString();
			requestOptions.headers = { ...requestOptions.headers, 'Content-Type': FORM };
		} else {
			requestOptions.qs = { ...requestOptions.qs, ...wire };
			delete requestOptions.body;
		}
		return requestOptions;
	};
}

/** A copy of a form-encoded body with one parameter set: what a next-page request sends. */
export function withFormParam(body: string, name: string, value: string | number): string {
	const params = new URLSearchParams(body);
	params.set(name, String(value));
	return params.toString();
}
