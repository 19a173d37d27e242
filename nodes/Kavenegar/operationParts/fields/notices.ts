import type { INodeProperties } from 'n8n-workflow';

/** The advice the Operation picker cuts off, where it is seen: above the operation's fields. */
export function ipAccessNotice(operation: string): INodeProperties {
	return {
		displayName: "This operation needs IP access: allow the n8n server's IP in the Kavenegar panel, or Kavenegar refuses it.",
		name: 'ipAccessNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: ['sms'], operation: [operation] } },
	};
}
