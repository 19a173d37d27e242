import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { KAVENEGAR_DESCRIPTION } from '../allNodes/nodesPanel';
import { getTimeZones, settingTimeZone, timeZoneSetting } from '../allNodes/timeZoneSetting';
import { incomingMessageFields, NEW_INCOMING_MESSAGE, pollIncomingMessages } from './incomingMessages';
import { MESSAGE_STATUS_CHANGED, pollStatusChanges, statusChangeFields } from './statusChanges';

export class KavenegarTrigger implements INodeType {
	description: INodeTypeDescription = {
		// "Polling" tells it apart from the Kavenegar Webhook Trigger on the canvas; in the nodes panel
		// it is listed inside the Kavenegar item (allNodes/nodesPanel.ts).
		displayName: 'Kavenegar Polling Trigger',
		name: 'kavenegarTrigger',
		icon: { light: 'file:../../icons/kavenegar.svg', dark: 'file:../../icons/kavenegar.dark.svg' },
		group: ['trigger'],
		// Version 2 writes the items' Jalali dates in Iran's time unless its Time Zone setting says
		// otherwise; version 1, in saved workflows, keeps the workflow's zone (allNodes/timeZoneSetting.ts).
		version: [1, 2],
		defaultVersion: 2,
		subtitle: `={{$parameter["event"] === "${MESSAGE_STATUS_CHANGED}" ? "Message Status Changed" : "New Incoming Message"}}`,
		description: KAVENEGAR_DESCRIPTION,
		defaults: { name: 'Kavenegar Polling Trigger' },
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
						// The nodes panel lists it beside the Webhook Trigger's events: "scheduled check" and "instant webhook" tell them apart.
						action: 'On message status changed (scheduled check)',
						description: 'Polled: a message you sent was delivered, failed, blocked or cancelled (needs IP access)',
					},
					{
						name: 'New Incoming Message',
						value: NEW_INCOMING_MESSAGE,
						action: 'On new incoming message (scheduled check)',
						description: 'Polled: one of your lines received a message',
					},
				],
				default: NEW_INCOMING_MESSAGE,
			},
			...incomingMessageFields,
			...statusChangeFields,
			...timeZoneSetting(2),
		],
	};

	methods = { loadOptions: { getTimeZones } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		// The items' Jalali dates are written after the poll has read and moved its cursor: a setting
		// that names no zone must fail the poll before, or the messages it read would be lost.
		settingTimeZone(this);
		return this.getNodeParameter('event') === MESSAGE_STATUS_CHANGED
			? await pollStatusChanges.call(this)
			: await pollIncomingMessages.call(this);
	}
}
