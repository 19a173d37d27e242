import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type ICredentialsDecrypted,
	type ICredentialTestFunctions,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeCredentialTestResult,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { comparableNumber, messageFilter } from '../shared/messageFilters';
import { splitList } from '../shared/lists';
import { callFields, deliveryReport, DELIVERY_REPORT, incomingMessage, Refusal } from './callbacks';
import { withDetails } from './details';
import { webhookTriggerProperties } from './fields';
import { firstTime } from './repeats';
import { SECRET_RULE, SECRET_RULE_TEXT, secretRefusal, splitSecret } from './secret';

/** Each event its own path under the node's webhook ID: the panel has one URL field per event. */
const PATH = `={{$parameter["event"] === "${DELIVERY_REPORT}" ? "delivery-report" : "incoming-message"}}`;

/** Answered by the node itself, before n8n starts anything: nothing runs for a refused call. */
function refuse(context: IWebhookFunctions, refusal: Refusal): IWebhookResponseData {
	const response = context.getResponseObject();
	response.writeHead(refusal.status, { 'Content-Type': 'application/json; charset=utf-8' });
	response.end(JSON.stringify({ error: refusal.reason }));
	return { noWebhookResponse: true };
}

function eventFilter(event: unknown, filters: IDataObject): (json: IDataObject) => boolean {
	if (event === DELIVERY_REPORT) {
		const statuses = new Set((Array.isArray(filters.statuses) ? filters.statuses : []).map(Number));
		return (json) => statuses.size === 0 || statuses.has(Number(json.status));
	}
	const lines = new Set(splitList(filters.lines).map(comparableNumber));
	const message = messageFilter(filters);
	return (json) => (lines.size === 0 || lines.has(comparableNumber(String(json.receptor)))) && message(json);
}

export class KavenegarWebhookTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Kavenegar Webhook Trigger',
		name: 'kavenegarWebhookTrigger',
		icon: { light: 'file:../../icons/kavenegar.svg', dark: 'file:../../icons/kavenegar.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: `={{$parameter["event"] === "${DELIVERY_REPORT}" ? "Delivery Report" : "Incoming Message"}}`,
		description: 'Starts the workflow the moment Kavenegar calls back: a message received on your line, or a delivery report',
		defaults: { name: 'Kavenegar Webhook Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'kavenegarWebhookApi', required: true, testedBy: 'kavenegarWebhookSecret' },
			{ name: 'kavenegarApi', required: true, displayOptions: { show: { event: [DELIVERY_REPORT], fetchDetails: [true] } } },
		],
		// responseData '': without it n8n answers on receipt with its default, the text "firstEntryJson";
		// empty, it answers with the node's webhookResponse.
		webhooks: [
			{ name: 'default', httpMethod: 'GET', responseMode: 'onReceived', responseData: '', path: PATH },
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: '', path: PATH },
		],
		properties: webhookTriggerProperties,
	};

	methods = {
		credentialTest: {
			async kavenegarWebhookSecret(
				this: ICredentialTestFunctions,
				credential: ICredentialsDecrypted,
			): Promise<INodeCredentialTestResult> {
				return SECRET_RULE.test(String(credential.data?.secret ?? ''))
					? { status: 'OK', message: 'The secret can end a URL as it is' }
					: { status: 'Error', message: `Secret: must be ${SECRET_RULE_TEXT}` };
			},
		},
	};

	webhookMethods = {
		default: {
			// Kavenegar has no API for its callback URLs: they are pasted in its panel by hand.
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			/** Activation is where a secret that a URL cannot carry as it is, or that is too short, stops. */
			async create(this: IHookFunctions): Promise<boolean> {
				if (!SECRET_RULE.test(String((await this.getCredentials('kavenegarWebhookApi')).secret ?? ''))) {
					throw new NodeOperationError(this.getNode(), `Secret: must be ${SECRET_RULE_TEXT}`);
				}
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const { given, extraQuery } = splitSecret(request.query);
		const wrongSecret = secretRefusal(given, String((await this.getCredentials('kavenegarWebhookApi')).secret ?? ''));
		if (wrongSecret) return refuse(this, wrongSecret);

		const fields = callFields(request, extraQuery);
		if (fields instanceof Refusal) return refuse(this, fields);
		const event = this.getNodeParameter('event');
		const now = Date.now();
		const json = event === DELIVERY_REPORT ? deliveryReport(fields, now, this.getTimezone()) : incomingMessage(fields, now, this.getTimezone());
		if (json instanceof Refusal) return refuse(this, json);

		if (!eventFilter(event, this.getNodeParameter('filters', {}) as IDataObject)(json)) {
			return { webhookResponse: { received: true, started: false, reason: 'filtered' } };
		}
		// The editor's test URL takes one call per listen: a repeat there is a deliberate retry.
		const nodeKey = `${this.getWorkflow().id}:${this.getNode().id}`;
		if (this.getNodeParameter('ignoreRepeats', false) && this.getMode() !== 'manual' && !firstTime(nodeKey, String(json.eventKey), now)) {
			return { webhookResponse: { received: true, started: false, reason: 'repeat' } };
		}
		return { webhookResponse: { received: true }, workflowData: [[{ json }]] };
	}

	/**
	 * The webhook's items pass through n8n's engine here, after the callback was answered: the
	 * detail fetch belongs to the execution (a worker's, in queue mode), not to the answer.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		if (this.getNodeParameter('event', 0) !== DELIVERY_REPORT || !this.getNodeParameter('fetchDetails', 0, false)) {
			return [items];
		}
		return [await withDetails(this, items)];
	}
}
