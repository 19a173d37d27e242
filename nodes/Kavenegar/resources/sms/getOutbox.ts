import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { showFor } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { dateRangeFields } from '../../operationParts/fields/dateRange';
import { filtersCollection } from '../../../allNodes/collections';
import { ipAccessNotice } from '../../operationParts/fields/notices';
import { senderLineField } from '../../operationParts/fields/send';
import { prepareRequest } from '../../operationParts/wireParams';

const range = dateRangeFields({ startRequired: true, maxDays: 1, maxPastDays: 3, emptyEndIsNow: true });
const sender = senderLineField('Only messages sent from this line');

export const getOutboxOperation: INodePropertyOptions = {
	name: 'Get Outbox by Date',
	value: 'getOutbox',
	action: 'Get sent messages in a date range',
	description:
		'Get the messages sent in a range of up to one day (needs IP access)',
	routing: {
		request: { method: 'POST', url: '/sms/selectoutbox.json' },
		send: { preSend: [prepareRequest(...range.rules, ...sender.rules)] },
		output: { postReceive: [entriesToItems] },
	},
};

const display = showFor('sms', ['getOutbox']);

export const getOutboxFields: INodeProperties[] = [
	ipAccessNotice('getOutbox'),
	range.start('Start of the range; at most 3 days in the past.', display),
	filtersCollection(display, [
		range.end('End of the range (empty means now); at most one day after the start'),
		sender.property,
	]),
];
