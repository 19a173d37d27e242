import type { INodeProperties } from 'n8n-workflow';
import { classicEngineOnly } from '../../operationParts/classicEngineOnly';
import { addFields, addOperation } from './add';
import { applyReplyFields, applyReplyOperation } from './applyReply';
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
		options: [addOperation, classicEngineOnly(applyReplyOperation), checkOperation, getManyOperation, removeOperation],
		default: 'add',
	},
	...addFields,
	...applyReplyFields,
	...checkFields,
	...getManyFields,
	...removeFields,
];
