import type { INodeProperties } from 'n8n-workflow';
import { getInfoFields, getInfoOperation } from './getInfo';

export const accountDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [getInfoOperation],
		default: 'getInfo',
	},
	...getInfoFields,
];
