import type {
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { sendAs, showFor } from '../../shared/display';
import { required } from '../../shared/valueRules';
import { prepareRequest } from '../../shared/wireParams';
import { templateIdRule } from './rules';
import { singleWrite } from '../../shared/chunkedRequests';

/** The service answers a delete with its status alone: say which template went, not an empty item. */
async function deletedTemplate(this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
	const id = Number(this.getNodeParameter('templateId'));
	return [{ json: { id, deleted: true }, pairedItem: { item: this.getItemIndex() } }];
}

export const deleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a verification template',
	description: 'Delete a verification template by ID',
	routing: {
		request: { method: 'POST', url: '/verify/deletetemplate.json' },
		operations: { pagination: singleWrite },
		send: { preSend: [prepareRequest(required('id', 'Template ID'), templateIdRule('id', 'Template ID'))] },
		output: { postReceive: [deletedTemplate] },
	},
};

export const deleteFields: INodeProperties[] = [
	{
		displayName: 'Template ID',
		name: 'templateId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1234',
		description: 'ID of the template to delete',
		displayOptions: showFor('verifyTemplate', ['delete']),
		routing: sendAs('id'),
	},
];
