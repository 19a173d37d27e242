import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The Kavenegar Webhook Trigger's secret. A credential rather than a node parameter: n8n copies a
 * node's parameters into every execution record, into its errors and into exported workflows, and
 * keeps a credential encrypted and out of all three. The node tests it (its rule is the node's).
 */
export class KavenegarWebhookApi implements ICredentialType {
	name = 'kavenegarWebhookApi';

	displayName = 'Kavenegar Webhook API';

	icon: Icon = { light: 'file:../icons/kavenegar.svg', dark: 'file:../icons/kavenegar.dark.svg' };

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-kavenegar#kavenegar-webhook-trigger';

	properties: INodeProperties[] = [
		{
			displayName: 'Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Ends the URLs you paste in the Kavenegar panel as ?secret=…: 16 to 200 characters, letters, digits, - _ . ~ only. Make one up with a password generator.',
		},
	];
}
