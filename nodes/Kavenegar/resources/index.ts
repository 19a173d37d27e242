import type { INodeProperties } from 'n8n-workflow';
import { checkEnvelope } from '../shared/envelope';
import { smsDescription } from './sms';

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [{ name: 'SMS', value: 'sms' }],
		default: 'sms',
		// Runs first for every operation: the envelope check sees each response before anything reads it.
		routing: { output: { postReceive: [checkEnvelope] } },
	},
	...smsDescription,
];
