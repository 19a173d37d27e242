import type { INodeProperties } from 'n8n-workflow';
import { classicEngineOnly } from '../../operationParts/classicEngineOnly';
import { cancelFields, cancelOperation } from './cancel';
import { countInboxFields, countInboxOperation } from './countInbox';
import { countOutboxFields, countOutboxOperation } from './countOutbox';
import { getInboxFields, getInboxOperation } from './getInbox';
import { getLatestOutboxFields, getLatestOutboxOperation } from './getLatestOutbox';
import { getMessagesFields, getMessagesOperation } from './getMessages';
import { getReplyFields, getReplyOperation } from './getReply';
import { getOutboxFields, getOutboxOperation } from './getOutbox';
import { getStatusFields, getStatusOperation } from './getStatus';
import { getStatusByLocalIdFields, getStatusByLocalIdOperation } from './getStatusByLocalId';
import { getStatusByRecipientFields, getStatusByRecipientOperation } from './getStatusByRecipient';
import { receiveFields, receiveOperation } from './receive';
import { sendFields, sendOperation } from './send';
import { sendAndWaitFields, sendAndWaitOperation } from './sendAndWait';
import { sendArrayFields, sendArrayOperation } from './sendArray';

export const smsDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sms'] } },
		options: [
			sendOperation,
			sendArrayOperation,
			classicEngineOnly(sendAndWaitOperation),
			getReplyOperation,
			getInboxOperation,
			countInboxOperation,
			receiveOperation,
			getOutboxOperation,
			getMessagesOperation,
			getLatestOutboxOperation,
			countOutboxOperation,
			getStatusOperation,
			getStatusByLocalIdOperation,
			getStatusByRecipientOperation,
			cancelOperation,
		],
		default: 'send',
	},
	...sendFields,
	...sendArrayFields,
	...sendAndWaitFields,
	...getReplyFields,
	...getInboxFields,
	...countInboxFields,
	...receiveFields,
	...getOutboxFields,
	...getMessagesFields,
	...getLatestOutboxFields,
	...countOutboxFields,
	...getStatusFields,
	...getStatusByLocalIdFields,
	...getStatusByRecipientFields,
	...cancelFields,
];
