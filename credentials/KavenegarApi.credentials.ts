import type {
	IAuthenticateRuleResponseSuccessBody,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { INVISIBLE_MARKS } from '../nodes/allNodes/invisibleMarks';

/**
 * Kavenegar authenticates by the API key as a path segment (`/v1/<key>/...`), which
 * `authenticate` cannot express: the node and the test request build that base URL themselves.
 * The expression strips trailing slashes and URL-encodes the key so that any key gives a valid path,
 * and drops the invisible marks a Base URL copied from a right-to-left page may carry
 * (allNodes/invisibleMarks.ts), which no host name holds.
 */
export const KAVENEGAR_BASE_URL = `={{ String($credentials.baseUrl || 'https://api.kavenegar.com').replace(/${INVISIBLE_MARKS.source}/g, '').trim().replace(/\\/+$/, '') + '/v1/' + encodeURIComponent(String($credentials.apiKey).trim()) }}`;

export class KavenegarApi implements ICredentialType {
	name = 'kavenegarApi';

	displayName = 'Kavenegar API';

	icon: Icon = { light: 'file:../icons/kavenegar.svg', dark: 'file:../icons/kavenegar.dark.svg' };

	// The package's own page exists only once it is published; Kavenegar's API page explains the key.
	documentationUrl = 'https://kavenegar.com/rest.html';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The API key from your Kavenegar panel (Account → API key)',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.kavenegar.com',
			description:
				'Address of the Kavenegar API. Change it only to use a proxy or a test service.',
		},
	];

	test: ICredentialTestRequest = {
		request: {
			baseURL: KAVENEGAR_BASE_URL,
			url: '/account/info.json',
			method: 'GET',
			// The key's problems arrive as HTTP errors or inside HTTP 200 answers: read the body in both cases.
			ignoreHttpStatusErrors: true,
		},
		rules: [
			failWhenStatus(403, 'Invalid API key: check the key in your Kavenegar panel'),
			failWhenStatus(401, 'The Kavenegar account is disabled'),
			failWhenStatus(416, "This key is restricted to other IPs: allow this n8n server's IP in the Kavenegar panel"),
			failWhenStatus(undefined, 'The Base URL did not answer like the Kavenegar API: check it'),
		],
	};
}

function failWhenStatus(status: number | undefined, message: string): IAuthenticateRuleResponseSuccessBody {
	return { type: 'responseSuccessBody', properties: { key: 'return.status', value: status, message } };
}
