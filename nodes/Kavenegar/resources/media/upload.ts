import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { showFor } from '../../operationParts/fields/routing';
import { entriesToItems } from '../../../allNodes/envelope';
import { sendMediaFileAsMultipart } from '../../operationParts/upload';
import { singleWrite } from '../../sending/chunks';

const binaryField: INodeProperties = {
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	required: true,
	default: 'data',
	hint: 'JPEG or GIF up to 10 MB, MP4 up to 20 MB and 60 seconds. Internal-messenger lines only.',
	description:
		'The name of the input binary field containing the file to be uploaded. A file not used for 30 days is deleted.',
	displayOptions: showFor('media', ['upload']),
};

export const uploadOperation: INodePropertyOptions = {
	name: 'Upload',
	value: 'upload',
	action: 'Upload a media file',
	description: 'Upload an image or video to attach to messages on internal-messenger lines',
	routing: {
		request: { method: 'POST', url: '/media/upload.json' },
		operations: { pagination: singleWrite },
		send: { preSend: [sendMediaFileAsMultipart(binaryField.name, binaryField.displayName, 'File')] },
		output: { postReceive: [entriesToItems] },
	},
};

export const uploadFields: INodeProperties[] = [binaryField];
