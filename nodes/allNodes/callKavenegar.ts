import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { kavenegarBaseUrl } from './baseUrl';
import { assertServiceSuccess, type Envelope } from './envelope';
import { isTimeout, withoutRequestDetails } from './requestErrors';

/**
 * A poll must not hang on a silent connection: the next scheduled poll would stack behind it (the
 * webhook trigger's detail fetch and the node's credit check likewise hold their execution).
 */
const REQUEST_TIMEOUT_SECONDS = 60;

/**
 * One request to `{base}/v1/{key}/{operation}.json` outside n8n's routing (the triggers, the node's
 * credit check, Send and Wait for Response, the opt-out checks): a form-encoded POST, or a GET or
 * DELETE with the parameters in the query string for operations that take only those; its envelope checked the way the node checks it, with `hints` by
 * service code (see assertServiceSuccess) and the `labels` of the caller's fields by the parameter
 * they fill, so that an error names the field its code points at. The URL holds the key, so a failed request's error goes on without it, as the node's do.
 * `credentialType` names where the key and Base URL are: the webhook trigger's own credential
 * holds them too.
 * `transport` carries what the node's Request Options say of timeout, proxy and certificates, and the method when it is GET or DELETE.
 */
export async function callKavenegar(
	context: IPollFunctions | IExecuteFunctions | IExecuteSingleFunctions,
	operation: string,
	params: Record<string, string>,
	hints?: Record<number, string>,
	credentialType: 'kavenegarApi' | 'kavenegarWebhookApi' = 'kavenegarApi',
	labels: Record<string, string> = {},
	transport: Pick<IHttpRequestOptions, 'timeout' | 'proxy' | 'skipSslCertificateValidation'> & { method?: 'GET' | 'DELETE' } = {},
): Promise<Envelope> {
	const credentials = await context.getCredentials(credentialType);
	let response: IN8nHttpFullResponse;
	try {
		response = (await context.helpers.httpRequestWithAuthentication.call(context, credentialType, {
			url: `${kavenegarBaseUrl(credentials)}/${operation}.json`,
			...(transport.method !== undefined
				? { method: transport.method, qs: params, headers: { Accept: 'application/json' } }
				: {
						method: 'POST',
						body: new URLSearchParams(params).toString(),
						headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
					}),
			timeout: REQUEST_TIMEOUT_SECONDS * 1000,
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
			...transport,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const failure = withoutRequestDetails(context.getNode(), error);
		if (isTimeout(failure)) failure.message = `Kavenegar did not answer ${operation} within ${(transport.timeout ?? REQUEST_TIMEOUT_SECONDS * 1000) / 1000} seconds`;
		throw failure;
	}
	const fields = Object.entries(labels).map(([param, label]) => ({ param, label, given: (params[param] ?? '') !== '', value: params[param] }));
	assertServiceSuccess(context.getNode(), response.statusCode, response.body, { hints, fields });
	return response.body;
}

/** The rows of an answer; `entries` is an array for every operation the trigger reads. */
export function rowsOf(envelope: Envelope): IDataObject[] {
	return Array.isArray(envelope.entries) ? (envelope.entries as IDataObject[]) : [];
}

