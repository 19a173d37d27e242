import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { phoneNumberList } from '../rules/phoneNumbers';
import type { ParamRule } from '../wireParams';
import { sendAs } from './routing';

const DISPLAY_NAME = 'Phone Numbers';
const WIRE_NAME = 'receptor';

/*
 * Not named "recipients" like Send's field: n8n evaluates every top-level property of that
 * name for every item, so sharing it would make each send evaluate the expression four times over.
 */
export function phoneNumbersField(description: string, displayOptions: IDisplayOptions, max?: number) {
	const property: INodeProperties = {
		displayName: DISPLAY_NAME,
		name: 'phoneNumbers',
		type: 'string',
		required: true,
		default: '',
		placeholder: '09121234567, 09351234567',
		description,
		displayOptions,
		routing: sendAs(WIRE_NAME),
	};
	const rules: ParamRule[] = [phoneNumberList(WIRE_NAME, DISPLAY_NAME, max, undefined, 'mobileOrLandline')];
	return { property, rules };
}
