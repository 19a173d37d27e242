import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { showFor } from '../../operationParts/fields/routing';
import { templateIdField } from '../../operationParts/fields/templateId';
import { prepareRequest } from '../../operationParts/wireParams';

const APPROVED = 'Approved';

/**
 * The contract's fields unchanged, plus whether the template can be used yet: `approvalstatus`
 * is a service word (`PendingReview`), and a template is usable with Send Code only once approved.
 */
async function withApproval(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const template = (response.body as IDataObject).entries as IDataObject;
	const status = String(template.approvalstatus ?? '');
	const usable = status === APPROVED;
	const approval = usable
		? 'Approved: ready to use with Send Code'
		: status === 'PendingReview'
			? 'Pending review: not usable until Kavenegar approves it'
			: `Not approved (${status || 'no status given'}): not usable with Send Code`;
	return [{ json: { ...template, usable, approval }, pairedItem: { item: this.getItemIndex() } }];
}

const templateId = templateIdField(showFor('verifyTemplate', ['get']));

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a verification template',
	description: 'Get a verification template and its approval status by ID',
	routing: {
		request: { method: 'GET', url: '/verify/gettemplate.json' },
		send: { preSend: [prepareRequest(...templateId.rules)] },
		output: { postReceive: [withApproval] },
	},
};

export const getFields: INodeProperties[] = [templateId.property];
