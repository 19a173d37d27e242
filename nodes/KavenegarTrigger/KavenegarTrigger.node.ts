import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { incomingMessageFields, NEW_INCOMING_MESSAGE, pollIncomingMessages } from './incomingMessages';
import { MESSAGE_STATUS_CHANGED, pollStatusChanges, statusChangeFields } from './statusChanges';

export class KavenegarTrigger implements INodeType {
	description: INodeTypeDescription = {
		// Not merged into the Kavenegar app's page of the nodes panel, which would show this description
		// for all 29 actions, and told apart from the Kavenegar Webhook Trigger.
		displayName: 'Kavenegar Polling Trigger',
		name: 'kavenegarTrigger',
		icon: { light: 'file:../../icons/kavenegar.svg', dark: 'file:../../icons/kavenegar.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: `={{$parameter["event"] === "${MESSAGE_STATUS_CHANGED}" ? "Message Status Changed" : "New Incoming Message"}}`,
		description: 'Checks Kavenegar on a schedule (polling, no webhook needed) for messages your line received and sent messages whose status changed',
		defaults: { name: 'Kavenegar Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'kavenegarApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Message Status Changed',
						value: MESSAGE_STATUS_CHANGED,
						description: 'Polled: a message you sent was delivered, failed, blocked or cancelled (needs IP access)',
					},
					{
						name: 'New Incoming Message',
						value: NEW_INCOMING_MESSAGE,
						description: 'Polled: one of your lines received a message',
					},
				],
				default: NEW_INCOMING_MESSAGE,
			},
			...incomingMessageFields,
			...statusChangeFields,
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return this.getNodeParameter('event') === MESSAGE_STATUS_CHANGED
			? await pollStatusChanges.call(this)
			: await pollIncomingMessages.call(this);
	}
}
