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
import { withoutInvisibleMarks } from '../allNodes/invisibleMarks';
import { comparableNumber, messageFilter } from '../allNodes/messageFilters';
import { getTimeZones, settingTimeZone } from '../allNodes/timeZoneSetting';
import { splitList } from '../allNodes/lists';
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

function secretProblem(data: IDataObject): string | undefined {
	return SECRET_RULE.test(String(data.secret ?? '')) ? undefined : `Secret: must be ${SECRET_RULE_TEXT}`;
}

/** What is wrong with the credential's values, in the words of its test. */
function credentialProblem(data: IDataObject): string | undefined {
	const secret = secretProblem(data);
	// The Base URL is read only with a key, by Fetch Message Details.
	if (secret || String(data.apiKey ?? '').trim() === '') return secret;
	return /^https?:\/\/[^\s/]+/i.test(withoutInvisibleMarks(String(data.baseUrl ?? '')).trim())
		? undefined
		: 'Base URL: must be an address starting with https:// (or http://), such as https://api.kavenegar.com';
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
		// Version 2 names the details' status as the service's at reading time (details.ts); version 3
		// writes the Jalali dates in Iran's time unless its Time Zone setting says otherwise, where the
		// versions before keep the workflow's zone (allNodes/timeZoneSetting.ts). The other parameters
		// and the credential are every version's.
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: `={{$parameter["event"] === "${DELIVERY_REPORT}" ? "Delivery Report" : "Incoming Message"}}`,
		description: 'Starts the workflow instantly when Kavenegar calls its webhook URL: a message your line received, or a delivery report',
		defaults: { name: 'Kavenegar Webhook Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// One credential, shown whatever the parameters: n8n's editor takes a parameter that a
		// credential's displayOptions depend on for the node's authentication choice and hides it
		// (Event and Fetch Message Details were never shown). The key for Fetch Message Details is
		// in this credential too: see KavenegarWebhookApi for why.
		credentials: [{ name: 'kavenegarWebhookApi', required: true, testedBy: 'kavenegarWebhookSecret' }],
		// responseData '': without it n8n answers on receipt with its default, the text "firstEntryJson";
		// empty, it answers with the node's webhookResponse.
		webhooks: [
			{ name: 'default', httpMethod: 'GET', responseMode: 'onReceived', responseData: '', path: PATH },
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: '', path: PATH },
		],
		properties: webhookTriggerProperties,
	};

	methods = {
		loadOptions: { getTimeZones },
		credentialTest: {
			/**
			 * Checked on this machine, without a request: the secret is only compared with what
			 * calls carry, and the API key is optional, for Fetch Message Details only (n8n gives a
			 * node's credential test no request helper but a deprecated one). A wrong key shows at
			 * the first Fetch Message Details, as Kavenegar's error with a hint naming this credential.
			 */
			async kavenegarWebhookSecret(
				this: ICredentialTestFunctions,
				credential: ICredentialsDecrypted,
			): Promise<INodeCredentialTestResult> {
				const problem = credentialProblem(credential.data ?? {});
				return problem ? { status: 'Error', message: problem } : { status: 'OK', message: 'The secret can end a URL as it is' };
			},
		},
	};

	webhookMethods = {
		default: {
			// Kavenegar has no API for its callback URLs: they are pasted in its panel by hand.
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			/**
			 * Activation is where a secret that a URL cannot carry as it is, or that is too short,
			 * stops. What only Fetch Message Details uses (a missing API key, a wrong Base URL) does
			 * not: refusing the activation would lose the callbacks of a workflow saved before the
			 * key moved into this credential, while an execution that fails keeps its callback (n8n
			 * saves it for a retry) and its error says what to fix.
			 */
			async create(this: IHookFunctions): Promise<boolean> {
				const problem = secretProblem(await this.getCredentials('kavenegarWebhookApi'));
				if (problem) throw new NodeOperationError(this.getNode(), problem);
				// A call that fails on its zone is answered with an error and starts nothing the user sees.
				settingTimeZone(this);
				// The details are read in execute, which n8n 2.41's Engine 2.0 never runs for a trigger
				// (docs/engine-2.md): there every report would come without them, and no error.
				if (this.getWorkflowSettings().engineType === 'v2' && this.getNodeParameter('event') === DELIVERY_REPORT && this.getNodeParameter('fetchDetails', false)) {
					throw new NodeOperationError(
						this.getNode(),
						'Fetch Message Details needs n8n\'s classic execution engine, not Engine 2.0: set "engineType" to "v1" in this workflow\'s settings (in its JSON: n8n 2.41 has no switch for it in Workflow Settings), or turn Fetch Message Details off',
					);
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
		const timeZone = settingTimeZone(this);
		const json = event === DELIVERY_REPORT ? deliveryReport(fields, now, timeZone) : incomingMessage(fields, now, timeZone);
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
