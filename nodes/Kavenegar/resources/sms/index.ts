import type { INodeProperties } from 'n8n-workflow';
import { sendFields, sendOperation } from './send';

export const smsDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sms'] } },
		options: [sendOperation],
		default: 'send',
	},
	...sendFields,
];
