import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { approvalWebhook, approvalWebhooks } from './approvals/webhook';
import { applyReply } from './resources/blocklist/applyReply';
import { sendAndWait } from './resources/sms/sendAndWait';
import { checkCode } from './resources/verify/checkCode';
import { KAVENEGAR_BASE_URL } from '../../credentials/KavenegarApi.credentials';
import { KAVENEGAR_DESCRIPTION } from '../allNodes/nodesPanel';
import { getTimeZones } from '../allNodes/timeZoneSetting';
import { properties } from './resources';
import { LATEST_VERSION, NODE_VERSIONS } from './operationParts/nodeVersions';

export class Kavenegar implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Kavenegar',
		name: 'kavenegar',
		icon: { light: 'file:../../icons/kavenegar.svg', dark: 'file:../../icons/kavenegar.dark.svg' },
		group: ['output'],
		// What each version changed, and why the older ones stay: operationParts/nodeVersions.ts.
		version: NODE_VERSIONS,
		defaultVersion: LATEST_VERSION,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: KAVENEGAR_DESCRIPTION,
		defaults: { name: 'Kavenegar' },
		usableAsTool: true,
		// SMS → Send and Wait for Response: the link's page answers through these (approvals/).
		webhooks: approvalWebhooks,
		waitingNodeTooltip: 'Waiting for an answer to the SMS: the workflow goes on when someone answers through its link',
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'kavenegarApi', required: true }],
		requestDefaults: {
			baseURL: KAVENEGAR_BASE_URL,
			// Errors arrive both as HTTP errors and inside HTTP 200 answers; checkEnvelope reads both.
			ignoreHttpStatusErrors: true,
			headers: { Accept: 'application/json' },
		},
		properties,
	};

	webhook = approvalWebhook;

	// The Time Zone setting's list (allNodes/timeZoneSetting.ts).
	methods = { loadOptions: { getTimeZones } };

	// The operations that are code, not routing: one sends, then puts the execution to wait; one asks
	// nothing of Kavenegar; one makes up to three requests, each decided by the one before.
	customOperations = { sms: { sendAndWait }, verify: { checkCode }, blocklist: { applyReply } };
}
