import type { IDataObject, IExecuteFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { quoted } from '../../allNodes/bidi';
import { invalidInput } from './rules/inputErrors';
import { asSingleItem } from './singleItem';

/*
 * n8n's own Request Options of a declarative node (n8n-core's nodes-loader/constants.js, the same in
 * n8n 2.8 and 2.41), which its loader adds to a declarative node only if the node has no `webhook`
 * method. This node has one (SMS → Send and Wait for Response), so it declares them itself, as the
 * loader would have merged them: n8n's routing reads them by these names, and saved workflows keep them.
 * Their names, types and defaults are n8n's; four texts are worded as n8n's verified-node rules
 * require of a community node.
 */
export const n8nRequestOptions: INodeProperties[] = [
	{
		displayName: 'Batching',
		name: 'batching',
		placeholder: 'Add Batching',
		type: 'fixedCollection',
		typeOptions: { multipleValues: false },
		default: { batch: {} },
		options: [
			{
				displayName: 'Batching',
				name: 'batch',
				values: [
					{
						displayName: 'Items per Batch',
						name: 'batchSize',
						type: 'number',
						typeOptions: { minValue: -1 },
						default: 50,
						description: 'Input will be split in batches to throttle requests. -1 for disabled. 0 will be treated as 1.',
					},
					{
						displayName: 'Batch Interval',
						name: 'batchInterval',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 1000,
						description: 'Time in milliseconds between each batch of requests. 0 for disabled.',
					},
				],
			},
		],
	},
	{
		displayName: 'Ignore SSL Issues (Insecure)',
		name: 'allowUnauthorizedCerts',
		type: 'boolean',
		noDataExpression: true,
		default: false,
		description: 'Whether to connect even if SSL certificate validation is not possible',
	},
	{
		displayName: 'Proxy',
		name: 'proxy',
		type: 'string',
		default: '',
		placeholder: 'e.g. http://myproxy:3128',
		description: 'HTTP proxy to use. With authentication: http://username:password@myproxy:3128.',
	},
	{
		displayName: 'Timeout',
		name: 'timeout',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 10000,
		description: 'Time in ms to wait for the server to send response headers (and start the response body) before aborting the request',
	},
];

/**
 * n8n's Request Options → Timeout, Proxy and Ignore SSL Issues, which its routing applies to the
 * other operations, applied to the one request of this one (a proxy written as n8n's routing reads it).
 */
export function requestOptionsTransport(context: IExecuteFunctions): Pick<IHttpRequestOptions, 'timeout' | 'proxy' | 'skipSslCertificateValidation'> {
	const { timeout, proxy, allowUnauthorizedCerts } = context.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	let proxyOption: IHttpRequestOptions['proxy'];
	if (typeof proxy === 'string' && proxy !== '') {
		let url: URL;
		try {
			url = new URL(proxy);
		} catch {
			throw invalidInput(asSingleItem(context, 0), 'Request Options → Proxy', `${quoted(proxy)} is not a proxy address such as http://myproxy:3128`);
		}
		proxyOption = {
			host: url.hostname,
			port: Number(url.port),
			protocol: url.protocol.replace(/:$/, ''),
			...(url.username && { auth: { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } }),
		};
	}
	return {
		...(typeof timeout === 'number' && { timeout }),
		...(proxyOption && { proxy: proxyOption }),
		...(allowUnauthorizedCerts === true && { skipSslCertificateValidation: true }),
	};
}
