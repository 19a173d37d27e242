import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { previewsMessages } from './sendOptions';

/** The GSM 03.38 default alphabet: text made only of these is sent as 7-bit GSM, 160 per part. */
const GSM_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the GSM extension table: allowed in 7-bit text, but each takes two places. */
const GSM_EXTENSION = '^{}\\[~]|€\f';

export interface MessageParts {
	parts: number;
	unicode: boolean;
}

/**
 * How many SMS parts a text takes, as GSM networks count them. One part holds 160 GSM-7
 * characters or 70 UCS-2 (Unicode) ones; a longer text is sent concatenated, and each part then
 * loses room to the header that joins them: 153 and 67. One character outside the GSM alphabet
 * (any Persian letter, an emoji, a backtick) makes the whole text Unicode. UCS-2 counts UTF-16
 * units, so an emoji takes two places, as `length` does. The service's own count is not in the
 * contract; this is the standard rule, for a preview of cost.
 */
export function messageParts(text: string): MessageParts {
	let gsmLength = 0;
	for (const character of text) {
		if (GSM_BASIC.includes(character)) gsmLength += 1;
		else if (GSM_EXTENSION.includes(character)) gsmLength += 2;
		else {
			const length = text.length;
			return { parts: length <= 70 ? 1 : Math.ceil(length / 67), unicode: true };
		}
	}
	return { parts: gsmLength <= 160 ? 1 : Math.ceil(gsmLength / 153), unicode: false };
}

/** Adds `parts` and `unicode` to each sent-message row when the user turned the preview on. */
export async function addMessageParts(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (!previewsMessages(this)) return items;
	for (const item of items) {
		if (typeof item.json.message === 'string') Object.assign(item.json, messageParts(item.json.message));
	}
	return items;
}
