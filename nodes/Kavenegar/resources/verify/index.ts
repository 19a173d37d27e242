import type { INodeProperties } from 'n8n-workflow';
import { classicEngineOnly } from '../../operationParts/classicEngineOnly';
import { checkCodeFields, checkCodeOperation } from './checkCode';
import { sendCodeFields, sendCodeOperation } from './sendCode';

export const verifyDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['verify'] } },
		options: [classicEngineOnly(checkCodeOperation), sendCodeOperation],
		default: 'sendCode',
	},
	...sendCodeFields,
	...checkCodeFields,
];
