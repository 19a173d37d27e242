import type { INodeProperties } from 'n8n-workflow';
import { addFields, addOperation } from './add';
import { checkFields, checkOperation } from './check';
import { getManyFields, getManyOperation } from './getMany';
import { removeFields, removeOperation } from './remove';

export const blocklistDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['blocklist'] } },
		options: [addOperation, checkOperation, getManyOperation, removeOperation],
		default: 'add',
	},
	...addFields,
	...checkFields,
	...getManyFields,
	...removeFields,
];
