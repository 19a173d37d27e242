import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The Kavenegar Webhook Trigger's one credential: the callback secret, and the API key that only
 * Fetch Message Details uses.
 *
 * A credential rather than a node parameter: n8n copies a node's parameters into every execution
 * record, into its errors and into exported workflows, and keeps a credential encrypted and out of
 * all three. The trigger takes this one credential only (n8n's editor offers one credential picker
 * per node and hides the fields a second one depends on), so the key for Fetch Message Details
 * lives here too, optional, rather than in the Kavenegar API credential:
 * - a trigger without details needs no key and no IP access at all, and its credential test checks
 *   the secret on this machine, without asking Kavenegar;
 * - the secret travels in a URL (the Kavenegar panel, proxy logs) and may have to be changed after a
 *   leak; kept apart, changing it touches no sending workflow, and whoever may use the trigger's
 *   credential does not get a key that sends (and spends) unless it is given here.
 * The price is typing the API key a second time for Fetch Message Details.
 *
 * The node tests it (its rules are the node's): see KavenegarWebhookTrigger's credentialTest.
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
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Only for Fetch Message Details: the API key from your Kavenegar panel (Account → API key). Leave empty otherwise.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.kavenegar.com',
			description: 'Only for Fetch Message Details: the address of the Kavenegar API. Change it only to use a proxy or a test service.',
		},
	];
}
