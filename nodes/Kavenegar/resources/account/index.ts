import type { INodeProperties } from 'n8n-workflow';
import { getInfoFields, getInfoOperation } from './getInfo';
import { getSettingsFields, getSettingsOperation } from './getSettings';
import { updateSettingsFields, updateSettingsOperation } from './updateSettings';

export const accountDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [getInfoOperation, getSettingsOperation, updateSettingsOperation],
		default: 'getInfo',
	},
	...getInfoFields,
	...getSettingsFields,
	...updateSettingsFields,
];
