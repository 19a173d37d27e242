import type { INodeProperties } from 'n8n-workflow';
import { filtersCollection } from '../allNodes/collections';
import { messageFilterFields } from '../allNodes/messageFilters';
import { MESSAGE_STATUS_NAMES } from '../allNodes/readableRows';
import { DELIVERY_REPORT, INCOMING_MESSAGE } from './callbacks';

const incoming = { show: { event: [INCOMING_MESSAGE] } };
const delivery = { show: { event: [DELIVERY_REPORT] } };

const filterFields = messageFilterFields({ show: { '/event': [INCOMING_MESSAGE] } });

const statusOptions = Object.entries(MESSAGE_STATUS_NAMES)
	.map(([code, name]) => ({ name: `${name} (${code})`, value: Number(code) }))
	.sort((a, b) => a.name.localeCompare(b.name));

export const webhookTriggerProperties: INodeProperties[] = [
	{
		displayName:
			'Paste the Production URL above, followed by ?secret= and the Secret of the credential, in the Kavenegar panel, in the account settings, as the URL that receives incoming messages (the receive URL). Activate the workflow first: the Test URL works only while the editor listens.',
		name: 'incomingNotice',
		type: 'notice',
		default: '',
		displayOptions: incoming,
	},
	{
		displayName:
			'Paste the Production URL above, followed by ?secret= and the Secret of the credential, in the Kavenegar panel, in the account settings, as the URL that receives delivery reports. Activate the workflow first: the Test URL works only while the editor listens.',
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
				description: 'Kavenegar reports a new status of a message you sent (delivered, failed…)',
			},
			{
				name: 'Incoming Message',
				value: INCOMING_MESSAGE,
				description: 'One of your lines received a message',
			},
		],
		default: INCOMING_MESSAGE,
		description:
			'Each event has its own URL in the Kavenegar panel; a workflow that wants both uses two of these triggers',
	},
	{
		displayName:
			"The credential's Secret ends each URL as ?secret=…; a call without it is refused (401, or 403 when wrong) and starts nothing. Kavenegar signs nothing, so this is all that tells its calls from others: it keeps out whoever does not know the URL, but it does not prove a call came from Kavenegar, and whoever sees the URL (the panel, proxy logs) can call it.",
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
];
