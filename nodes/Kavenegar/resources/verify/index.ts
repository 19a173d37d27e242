import type { INodeProperties } from 'n8n-workflow';
import { checkCodeFields, checkCodeOperation } from './checkCode';
import { sendCodeFields, sendCodeOperation } from './sendCode';

export const verifyDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['verify'] } },
		options: [checkCodeOperation, sendCodeOperation],
		default: 'sendCode',
	},
	...sendCodeFields,
	...checkCodeFields,
];
