import type { INodeProperties } from 'n8n-workflow';
import { cloneFields, cloneOperation } from './clone';
import { createFields, createOperation } from './create';
import { deleteFields, deleteOperation } from './delete';
import { getFields, getOperation } from './get';

export const verifyTemplateDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['verifyTemplate'] } },
		options: [createOperation, getOperation, cloneOperation, deleteOperation],
		default: 'create',
	},
	...createFields,
	...getFields,
	...cloneFields,
	...deleteFields,
];
