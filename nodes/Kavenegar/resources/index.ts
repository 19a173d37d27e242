import type { INodeProperties } from 'n8n-workflow';
import { checkEnvelope } from '../shared/envelope';
import { accountDescription } from './account';
import { smsDescription } from './sms';
import { verifyDescription } from './verify';

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Account', value: 'account' },
			{ name: 'SMS', value: 'sms' },
			{ name: 'Verify', value: 'verify' },
		],
		default: 'sms',
		// Runs first for every operation: the envelope check sees each response before anything reads it.
		routing: { output: { postReceive: [checkEnvelope] } },
	},
	...smsDescription,
	...verifyDescription,
	...accountDescription,
];
