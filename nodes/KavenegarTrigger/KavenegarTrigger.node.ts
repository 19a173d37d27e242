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
		displayName: 'Kavenegar Trigger',
		name: 'kavenegarTrigger',
		icon: { light: 'file:../../icons/kavenegar.svg', dark: 'file:../../icons/kavenegar.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: `={{$parameter["event"] === "${MESSAGE_STATUS_CHANGED}" ? "Message Status Changed" : "New Incoming Message"}}`,
		description: 'Starts the workflow when a Kavenegar line receives a message or a sent message reaches a final status',
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
						description: 'A message you sent was delivered, failed, was blocked or cancelled (needs IP access)',
					},
					{
						name: 'New Incoming Message',
						value: NEW_INCOMING_MESSAGE,
						description: 'One of your lines received a message',
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
