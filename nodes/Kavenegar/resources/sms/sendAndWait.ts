import {
	NodeApiError,
	NodeOperationError,
	SEND_AND_WAIT_OPERATION,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';
import { callKavenegar } from '../../../allNodes/callKavenegar';
import { splitList } from '../../../allNodes/lists';
import { approvalLink } from '../../approvals/link';
import { approvalQuestion } from '../../approvals/question';
import { limitWaitTimeOption, waitUntil } from '../../approvals/waitLimit';
import { localIdFrom } from '../../operationParts/duplicateSends';
import { showFor } from '../../operationParts/fields/routing';
import { messageParts } from '../../operationParts/messageParts';
import { phoneNumberList } from '../../operationParts/rules/phoneNumbers';
import { dropInvisibleMarks, required, singleValue } from '../../operationParts/rules/valueRules';
import {
	creditFloor,
	creditFloorPlace,
	messageCap,
	messageCapPlace,
	MESSAGES_PER_REQUEST,
	normalisesPhoneNumbers,
	preventsDuplicateSends,
	sendOptionsCollections,
} from '../../operationParts/sendOptions';
import { messageKindField, serviceQuestionsOnly } from '../../operationParts/messageKind';
import { requestOptionsTransport } from '../../operationParts/n8nRequestOptions';
import { asSingleItem } from '../../operationParts/singleItem';
import type { WireParams } from '../../operationParts/wireParams';
import { explainFailure } from '../../sending/chunkFailures';
import { belowFloorError, readCredit } from '../../sending/creditFloor';
import { overCapError } from '../../sending/messageCap';
import { DEFAULT_BUSY_RETRIES } from '../../sending/nodeRun';
import { triedAgainAsAllowed } from '../../sending/retries';

/*
 * SMS → Send and Wait for Response: n8n's human-in-the-loop over SMS. The SMS carries one link to
 * a page with the question (approvals/); the workflow waits until a person answers there, or until
 * Limit Wait Time. The value `sendAndWait` is n8n's: by it n8n finds the node for its waiting
 * webhooks and lists the node under an AI Agent's Human review.
 *
 * As in n8n's own channels, one question per run of the node, asked with the first item's fields.
 * It is a send like the others: its recipients and SMS parts, the link included, count against Max
 * Messages per Run, Stop Below Credit reads the credit first, and local IDs make a retry of the
 * same question in the same execution a no-op at Kavenegar.
 */

const display = showFor('sms', [SEND_AND_WAIT_OPERATION]);

const FIELD = { recipients: 'Recipients', message: 'Message', sender: 'Sender Line' };

export const sendAndWaitOperation: INodePropertyOptions = {
	name: 'Send and Wait for Response',
	value: SEND_AND_WAIT_OPERATION,
	action: 'Send an SMS and wait for a response',
	description: 'Send an SMS with a link to answer, and wait until someone answers',
};

export const sendAndWaitFields: INodeProperties[] = [
	{
		displayName: 'Recipients',
		name: 'approvers',
		type: 'string',
		required: true,
		default: '',
		placeholder: '09121234567',
		description: 'Phone numbers of the people who may answer. Each gets the same link; the first answer decides, and the link then says the question was decided.',
		displayOptions: display,
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		description: 'The question. The SMS ends with the link to answer it, about 150 characters more.',
		displayOptions: display,
	},
	messageKindField(display, { serviceOnly: 'A question to answer is a service message: informational and advertising go by SMS → Send' }),
	{
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		default: 'approval',
		options: [
			{ name: 'Approval', value: 'approval', description: 'The approver chooses Approve or Decline' },
			{ name: 'Free Text', value: 'freeText', description: 'The approver writes an answer' },
		],
		displayOptions: display,
	},
	{
		displayName: 'Approval Options',
		name: 'approvalOptions',
		type: 'fixedCollection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [
					{
						displayName: 'Type of Approval',
						name: 'approvalType',
						type: 'options',
						default: 'double',
						options: [
							{ name: 'Approve Only', value: 'single' },
							{ name: 'Approve and Decline', value: 'double' },
						],
					},
					{ displayName: 'Approve Button Label', name: 'approveLabel', type: 'string', default: 'Approve' },
					{
						displayName: 'Decline Button Label',
						name: 'disapproveLabel',
						type: 'string',
						default: 'Decline',
						displayOptions: { show: { approvalType: ['double'] } },
					},
				],
			},
		],
		displayOptions: { show: { ...display.show, responseType: ['approval'] } },
	},
	...sendOptionsCollections(
		display,
		[
			limitWaitTimeOption,
			{
				displayName: 'Response Button Label',
				name: 'responseFormButtonLabel',
				type: 'string',
				default: 'Send',
				displayOptions: { show: { '/responseType': ['freeText'] } },
			},
			{ displayName: 'Sender Line', name: 'sender', type: 'string', default: '', placeholder: '10004346', description: "Line to send from; empty uses the account's default line" },
		],
		{ messagePreview: false },
	),
];

/** Kavenegar's 420: no approval by link until the account allows links; one by reply needs none. */
const LINK_REFUSED = {
	420: "An approval SMS must carry its link: ask Kavenegar to allow links for this account (in the panel or through support); until then nothing can be sent. Without links, ask with SMS → Send and read the approver's reply (such as 1) with SMS → Get Reply: docs/approvals.md, Approvals by reply.",
};

/**
 * The same ID for each recipient whenever this question is sent again in this execution (Retry On
 * Fail, a worker that died mid-send): the link already names the execution and the node, and the
 * run index tells apart the questions of a node in a loop.
 */
function localIdsFor(context: IExecuteFunctions, link: string, recipients: string[]): string {
	const runIndex = String(context.getWorkflowDataProxy(0).$runIndex);
	return recipients.map((recipient) => localIdFrom(['kavenegar-approval-v1', link, runIndex, recipient])).join(',');
}

const QUESTION_SEND = { perRequest: MESSAGES_PER_REQUEST, noun: 'recipients', send: { localIdList: 'localid', mayHaveBeenSent: 'the question may have been sent' } };

export async function sendAndWait(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const item = asSingleItem(this, 0);
	const fields = this.getNodeParameter('additionalFields', 0, {}) as IDataObject;
	const question = approvalQuestion(this);
	const params: WireParams = {
		receptor: this.getNodeParameter('approvers', 0, '') as string,
		message: question.message,
		sender: fields.sender === '' ? undefined : (fields.sender as string | undefined),
	};
	for (const rule of [
		phoneNumberList('receptor', FIELD.recipients, MESSAGES_PER_REQUEST, normalisesPhoneNumbers),
		required('message', FIELD.message),
		singleValue('sender', FIELD.sender), dropInvisibleMarks('sender'), serviceQuestionsOnly,
	]) {
		await rule.call(item, params);
	}
	const waitTill = waitUntil(item, fields);
	const via = requestOptionsTransport(this);

	const link = approvalLink(this);
	const text = `${String(params.message)}\n${link}`;
	const recipients = splitList(params.receptor);
	const messages = recipients.length * messageParts(text).parts;
	const cap = messageCap(item);
	if (cap > 0 && messages > cap) throw overCapError(this.getNode(), 0, { messages, cap, items: 1, place: messageCapPlace(item) });
	const floor = creditFloor(item);
	if (floor > 0) {
		const below = belowFloorError(this, await readCredit(this, creditFloorPlace(item), via), floor, creditFloorPlace(item));
		if (below) throw below;
	}

	const withLocalIds = preventsDuplicateSends(item);
	const send = {
		receptor: recipients.join(','),
		message: text,
		...(withLocalIds && { localid: localIdsFor(this, link, recipients) }),
		...(params.sender !== undefined && params.sender !== '' && { sender: String(params.sender) }),
	};
	// Tried again as every send is (docs/errors.md): without local IDs only where Kavenegar sent nothing;
	// a failure says, as theirs do, whether the question may have gone and whether a re-run is safe.
	await triedAgainAsAllowed(
		withLocalIds ? 'safe' : 'onRefusal',
		DEFAULT_BUSY_RETRIES,
		() => callKavenegar(this, 'sms/send', send, LINK_REFUSED, 'kavenegarApi', { receptor: FIELD.recipients, message: FIELD.message, sender: FIELD.sender }, via),
		this.getExecutionCancelSignal(),
	).catch((error: unknown) => {
		if (error instanceof NodeApiError || error instanceof NodeOperationError) explainFailure(QUESTION_SEND, error, [{ state: 'failed', error }], send, recipients.length);
		throw error;
	});

	// What n8n passes on if the wait ends unanswered: the items that came in, saying so.
	const unanswered = question.kind === 'approval' ? { approved: false, timedOut: true } : { text: '', timedOut: true };
	const waiting = this.getExecuteData();
	waiting.data = { ...waiting.data, main: [items.map((input, index) => ({ json: { ...input.json, data: unanswered }, pairedItem: { item: index } }))] };
	await this.putExecutionToWait(waitTill);
	return [items];
}
