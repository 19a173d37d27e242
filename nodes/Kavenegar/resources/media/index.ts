import type { INodeProperties } from 'n8n-workflow';
import { deleteFields, deleteOperation } from './delete';
import { getAllFields, getAllOperation } from './getAll';
import { uploadFields, uploadOperation } from './upload';

export const mediaDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['media'] } },
		options: [uploadOperation, getAllOperation, deleteOperation],
		default: 'upload',
	},
	...uploadFields,
	...getAllFields,
	...deleteFields,
];
