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

/*
 * Not named "recipients" like Send's field: n8n evaluates every top-level property of that
 * name for every item, so sharing it would make each send evaluate the expression four times over.
 */
export function phoneNumbersField(description: string, displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Phone Numbers',
		name: 'phoneNumbers',
		type: 'string',
		required: true,
		default: '',
		placeholder: '09121234567, 09351234567',
		description,
		displayOptions,
		routing: sendAs('receptor'),
	};
}
