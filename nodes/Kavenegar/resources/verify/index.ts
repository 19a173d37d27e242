import type { INodeProperties } from 'n8n-workflow';
import { sendCodeFields, sendCodeOperation } from './sendCode';

export const verifyDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['verify'] } },
		options: [sendCodeOperation],
		default: 'sendCode',
	},
	...sendCodeFields,
];
