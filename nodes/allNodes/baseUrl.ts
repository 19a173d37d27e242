import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { withoutInvisibleMarks } from './invisibleMarks';

const DEFAULT_BASE_URL = 'https://api.kavenegar.com';

/**
 * `{base}/v1/{key}`: what the credential's KAVENEGAR_BASE_URL expression gives, for code that
 * builds its own requests (the trigger). The two must agree; a test holds them together.
 * The result holds the key: it must never reach an error, an item or a log line.
 */
export function kavenegarBaseUrl(credentials: ICredentialDataDecryptedObject): string {
	const base = withoutInvisibleMarks(String(credentials.baseUrl || DEFAULT_BASE_URL))
		.trim()
		.replace(/\/+$/, '');
	return `${base}/v1/${encodeURIComponent(String(credentials.apiKey).trim())}`;
}
