import type {
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { withoutInvisibleMarks } from '../../../allNodes/invisibleMarks';
import { showFor } from '../../operationParts/fields/routing';
import { templateIdField } from '../../operationParts/fields/templateId';
import { prepareRequest } from '../../operationParts/wireParams';
import { singleWrite } from '../../sending/chunks';

/** The service answers a delete with its status alone: say which template went, not an empty item. */
async function deletedTemplate(this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
	const id = Number(withoutInvisibleMarks(String(this.getNodeParameter('templateId'))));
	return [{ json: { id, deleted: true }, pairedItem: { item: this.getItemIndex() } }];
}

const templateId = templateIdField(showFor('verifyTemplate', ['delete']));

export const deleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a verification template',
	description: 'Delete a verification template by ID',
	routing: {
		request: { method: 'POST', url: '/verify/deletetemplate.json' },
		operations: { pagination: singleWrite },
		send: { preSend: [prepareRequest(...templateId.rules)] },
		output: { postReceive: [deletedTemplate] },
	},
};

export const deleteFields: INodeProperties[] = [templateId.property];
