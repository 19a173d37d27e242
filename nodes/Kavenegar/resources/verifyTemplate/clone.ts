import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { checkedField } from '../../operationParts/fields/checked';
import { sendAs, showFor } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { invalidInput } from '../../operationParts/rules/inputErrors';
import { dropInvisibleMarks, required } from '../../operationParts/rules/valueRules';
import { prepareRequest, type ParamRule } from '../../operationParts/wireParams';
import { templateNameRule } from './rules';
import { templateIdRule } from '../../operationParts/fields/templateId';
import { singleWrite } from '../../sending/chunks';

const sourceGiven: ParamRule = function (params) {
	const given = (name: string) => String(params[name] ?? '').trim() !== '';
	if (!given('sourceTemplateId') && !given('sourceTemplateName')) {
		throw invalidInput(this, 'Source Template ID', 'give the ID or the name of the template to clone');
	}
};

const display = showFor('verifyTemplate', ['clone']);

const newTemplateName = checkedField(
	'newTemplateName',
	{
		displayName: 'New Template Name',
		name: 'newTemplateName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'loginCodeV2',
		description: 'Name of the new template: English letters and digits only, without spaces or "_"',
		displayOptions: display,
	},
	required,
	templateNameRule,
);

const sourceTemplateId = checkedField(
	'sourceTemplateId',
	{
		displayName: 'Source Template ID',
		name: 'sourceTemplateId',
		type: 'string',
		default: '',
		placeholder: '1234',
		description:
			'ID of the template to clone. Give this or Source Template Name; when both are given, the ID wins.',
		displayOptions: display,
	},
	dropInvisibleMarks,
	templateIdRule,
);

export const cloneOperation: INodePropertyOptions = {
	name: 'Clone',
	value: 'clone',
	action: 'Clone a verification template',
	description: 'Copy a verification template under a new name (also how to rename one)',
	routing: {
		request: { method: 'POST', url: '/verify/clonetemplate.json' },
		operations: { pagination: singleWrite },
		send: {
			preSend: [
				prepareRequest(
					...newTemplateName.rules,
					...sourceTemplateId.rules,
					sourceGiven,
				),
			],
		},
		output: { postReceive: [entriesToItems] },
	},
};

export const cloneFields: INodeProperties[] = [
	newTemplateName.property,
	sourceTemplateId.property,
	{
		displayName: 'Source Template Name',
		name: 'sourceTemplateName',
		type: 'string',
		default: '',
		placeholder: 'loginCode',
		description:
			'Name of the template to clone. Give this or Source Template ID; when both are given, the ID wins and this name is ignored.',
		displayOptions: display,
		routing: sendAs('sourceTemplateName'),
	},
];
