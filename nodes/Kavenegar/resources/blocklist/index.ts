import type { INodeProperties } from 'n8n-workflow';
import { addFields, addOperation } from './add';
import { checkFields, checkOperation } from './check';
import { removeFields, removeOperation } from './remove';

export const blocklistDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['blocklist'] } },
		options: [addOperation, checkOperation, removeOperation],
		default: 'add',
	},
	...addFields,
	...checkFields,
	...removeFields,
];
