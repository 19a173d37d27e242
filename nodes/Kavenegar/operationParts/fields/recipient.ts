import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { phoneNumberList } from '../rules/phoneNumbers';
import type { ParamRule, WireParams } from '../wireParams';
import type { IranianNumbers } from '../../../allNodes/phoneNumbers';
import { sendAs } from './routing';

const DISPLAY_NAME = 'Recipient';
const WIRE_NAME = 'receptor';

/** The one phone number of a lookup (`receptor`), and the rule that reads it as one number. */
export function oneRecipientField(
	description: string,
	displayOptions: IDisplayOptions,
	numbers: IranianNumbers | ((params: WireParams) => IranianNumbers),
) {
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
	const rules: ParamRule[] = [phoneNumberList(WIRE_NAME, DISPLAY_NAME, 1, undefined, numbers)];
	return { property, rules };
}
