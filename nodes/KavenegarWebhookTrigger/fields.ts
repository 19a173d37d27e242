import type { INodeProperties } from 'n8n-workflow';
import { filtersCollection } from '../allNodes/collections';
import { messageFilterFields } from '../allNodes/messageFilters';
import { MESSAGE_STATUS_NAMES } from '../allNodes/readableRows';
import { timeZoneSetting } from '../allNodes/timeZoneSetting';
import { DELIVERY_REPORT, INCOMING_MESSAGE } from './callbacks';

const incoming = { show: { event: [INCOMING_MESSAGE] } };
const delivery = { show: { event: [DELIVERY_REPORT] } };

const filterFields = messageFilterFields({ show: { '/event': [INCOMING_MESSAGE] } });

const statusOptions = Object.entries(MESSAGE_STATUS_NAMES)
	.map(([code, name]) => ({ name: `${name} (${code})`, value: Number(code) }))
	.sort((a, b) => a.name.localeCompare(b.name));

export const webhookTriggerProperties: INodeProperties[] = [
	{
		displayName: "Publish the workflow, then paste the Production URL with ?secret= and the credential's Secret as the receive URL in Kavenegar's panel",
		name: 'incomingNotice',
		type: 'notice',
		default: '',
		displayOptions: incoming,
	},
	{
		displayName: "Publish the workflow, then paste the Production URL with ?secret= and the credential's Secret as the delivery URL in Kavenegar's panel",
		name: 'deliveryNotice',
		type: 'notice',
		default: '',
		displayOptions: delivery,
	},
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Delivery Report',
				value: DELIVERY_REPORT,
				// Told apart from the polling trigger's events, which the nodes panel lists beside these.
				action: 'On delivery report (instant webhook)',
				description: 'Kavenegar reports a new status of a message you sent (delivered, failed…)',
			},
			{
				name: 'Incoming Message',
				value: INCOMING_MESSAGE,
				action: 'On incoming message (instant webhook)',
				description: 'One of your lines received a message',
			},
		],
		default: INCOMING_MESSAGE,
		description:
			'Each event has its own URL in the Kavenegar panel; a workflow that wants both uses two of these triggers',
	},
	{
		// Kavenegar signs nothing: the secret keeps out whoever does not know the URL, no more
		// (docs/webhook-trigger.md says what it does and does not prove).
		displayName: 'Calls without the Secret are refused. Keep the URL private: anyone who has it can start this workflow.',
		name: 'secretNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Fetch Message Details',
		name: 'fetchDetails',
		type: 'boolean',
		default: false,
		description:
			"Whether to add the message's row from Kavenegar as `details` (text, recipient, cost, its status now). Needs the credential's API Key and IP access for n8n's IP.",
		displayOptions: delivery,
	},
	{
		displayName: 'Ignore Repeats',
		name: 'ignoreRepeats',
		type: 'boolean',
		default: false,
		description:
			"Whether a call for an event already taken in the last 24 hours (same `eventKey`) starts nothing. Kept by this n8n process only; to be sure, use Remove Duplicates on `eventKey`.",
	},
	filtersCollection({}, [
		{
			displayName: 'Lines',
			name: 'lines',
			type: 'string',
			default: '',
			placeholder: '10004346, 2000660110',
			description: 'Only messages received on these lines of yours, separated by commas',
			displayOptions: { show: { '/event': [INCOMING_MESSAGE] } },
		},
		filterFields.senders,
		{
			displayName: 'Statuses',
			name: 'statuses',
			type: 'multiOptions',
			options: statusOptions,
			default: [],
			description: 'Only reports of these statuses; none chosen means all',
			displayOptions: { show: { '/event': [DELIVERY_REPORT] } },
		},
		filterFields.textContains,
	]),
	...timeZoneSetting(3),
];
