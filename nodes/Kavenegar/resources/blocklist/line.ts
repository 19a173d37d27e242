import type { IDisplayOptions } from 'n8n-workflow';
import { lineNumberField } from '../../operationParts/fields/lineNumber';

/**
 * The line of the blocklist operations, written alike so that n8n gets one Line Number
 * property for them (operationParts/onePropertyPerName.ts merges only fields alike).
 */
export function blocklistLineField(displayOptions: IDisplayOptions) {
	return lineNumberField('Your line; each line has its own blocklist', displayOptions);
}
