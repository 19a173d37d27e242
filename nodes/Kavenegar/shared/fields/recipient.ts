import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { phoneNumberList } from '../rules/phoneNumbers';
import type { ParamRule } from '../wireParams';
import { sendAs } from './routing';

const DISPLAY_NAME = 'Recipient';
const WIRE_NAME = 'receptor';

/** The one phone number of a lookup (`receptor`), and the rule that reads it as one number. */
export function oneRecipientField(description: string, displayOptions: IDisplayOptions) {
	const property: INodeProperties = {
		displayName: DISPLAY_NAME,
		name: 'recipient',
		type: 'string',
		required: true,
		default: '',
		placeholder: '09121234567',
		description,
		displayOptions,
		routing: sendAs(WIRE_NAME),
	};
	const rules: ParamRule[] = [phoneNumberList(WIRE_NAME, DISPLAY_NAME, 1)];
	return { property, rules };
}
