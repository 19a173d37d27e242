import type { INodeProperties } from 'n8n-workflow';
import { checkEnvelope } from '../shared/envelope';
import { requestOnce } from '../shared/requestErrors';
import { accountDescription } from './account';
import { blocklistDescription } from './blocklist';
import { mediaDescription } from './media';
import { smsDescription } from './sms';
import { verifyDescription } from './verify';
import { verifyTemplateDescription } from './verifyTemplate';
import { voiceCallDescription } from './voiceCall';

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Account', value: 'account' },
			{ name: 'Blocklist', value: 'blocklist' },
			{ name: 'Media', value: 'media' },
			{ name: 'SMS', value: 'sms' },
			{ name: 'Verification Template', value: 'verifyTemplate' },
			{ name: 'Verify', value: 'verify' },
			{ name: 'Voice Call', value: 'voiceCall' },
		],
		default: 'sms',
		// What every operation shares, set on the field n8n reads first: each request goes through a
		// pagination function (requestOnce unless the operation pages or splits), and the envelope
		// check sees each response before anything reads it.
		routing: {
			send: { paginate: true },
			operations: { pagination: requestOnce },
			output: { postReceive: [checkEnvelope] },
		},
	},
	...smsDescription,
	...verifyDescription,
	...accountDescription,
	...verifyTemplateDescription,
	...blocklistDescription,
	...mediaDescription,
	...voiceCallDescription,
];
