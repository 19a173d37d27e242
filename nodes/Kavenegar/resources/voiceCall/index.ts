import type { INodeProperties } from 'n8n-workflow';
import { sendVoiceFields, sendVoiceOperation } from './send';

export const voiceCallDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['voiceCall'] } },
		options: [sendVoiceOperation],
		default: 'send',
	},
	...sendVoiceFields,
];
