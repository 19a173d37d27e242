import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { checkedField } from '../../operationParts/fields/checked';
import { showFor } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { dropInvisibleMarks, mediaIdRule, required } from '../../operationParts/rules/valueRules';
import { prepareRequest } from '../../operationParts/wireParams';
import { singleWrite } from '../../sending/chunks';

const mediaId = checkedField(
	'id',
	{
		displayName: 'Media ID',
		name: 'mediaId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
		description: 'ID of the file, as returned by Upload or Get Many. The result says whether it was deleted.',
		displayOptions: showFor('media', ['delete']),
	},
	dropInvisibleMarks,
	required,
	mediaIdRule,
);

export const deleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a media file',
	description: 'Delete an uploaded image or video by its Media ID',
	routing: {
		request: { method: 'DELETE', url: '/media/delete.json' },
		operations: { pagination: singleWrite },
		send: {
			preSend: [prepareRequest(...mediaId.rules)],
		},
		output: { postReceive: [entriesToItems] },
	},
};

export const deleteFields: INodeProperties[] = [mediaId.property];
