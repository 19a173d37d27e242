import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { KAVENEGAR_BASE_URL } from '../../credentials/KavenegarApi.credentials';
import { KAVENEGAR_DESCRIPTION } from '../allNodes/nodesPanel';
import { properties } from './resources';
import { LATEST_VERSION, NODE_VERSIONS } from './operationParts/nodeVersions';

export class Kavenegar implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Kavenegar',
		name: 'kavenegar',
		icon: { light: 'file:../../icons/kavenegar.svg', dark: 'file:../../icons/kavenegar.dark.svg' },
		group: ['output'],
		// What version 2 changed, and why version 1 stays: operationParts/nodeVersions.ts.
		version: NODE_VERSIONS,
		defaultVersion: LATEST_VERSION,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: KAVENEGAR_DESCRIPTION,
		defaults: { name: 'Kavenegar' },
		usableAsTool: true,
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
}
