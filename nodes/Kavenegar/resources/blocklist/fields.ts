import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { sendAs } from '../../shared/display';

export function lineNumberField(description: string, displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Line Number',
		name: 'lineNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: '10004346',
		description,
		displayOptions,
		routing: sendAs('linenumber'),
	};
}

export function recipientsField(description: string, displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Recipients',
		name: 'recipients',
		type: 'string',
		required: true,
		default: '',
		placeholder: '09121234567, 09351234567',
		description,
		displayOptions,
		routing: sendAs('receptor'),
	};
}
