import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { withoutInvisibleMarks } from '../../../allNodes/invisibleMarks';
import { normalisePhoneNumber } from '../../../allNodes/phoneNumbers';
import { nodeOwnError } from '../../../allNodes/requestErrors';
import { quoted } from '../../../allNodes/bidi';
import { eachItem } from '../../operationParts/eachItem';
import { showFor } from '../../operationParts/fields/routing';
import { briefly } from '../../operationParts/rules/valueRules';
import { errorAsToolResult, runsAsTool } from '../../sending/toolResults';
import { expiresAtIso, hashMatches, isCodeHash, notACode, typedCode } from './oneTimeCodes';

/*
 * Verify → Check Code: whether what a person typed is the code Send Code sent. It asks nothing of
 * Kavenegar, so it is code rather than routing (a declarative operation must make a request); the
 * attempt limit and the single use live in the workflow's Data table (docs/one-time-codes.md).
 *
 * Not offered to AI models: a model can be talked into calling it again and again, and without the
 * Data table's count nothing here would limit the guesses. An agent checks a code through a workflow
 * tool that runs the "Check a code" example, limits included.
 */

const FIELD = { recipient: 'Recipient', code: 'Code Entered', hash: 'Code Hash', expiresAt: 'Expires At' };

/** ISO 8601 with a time and a zone, as Send Code writes it (a date without a zone would be read in the server's). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

const display = showFor('verify', ['checkCode']);

export const checkCodeOperation: INodePropertyOptions = {
	name: 'Check Code',
	value: 'checkCode',
	action: 'Check a one-time code a person typed',
	description: 'Check a code a person typed against what Send Code gave, with no request to Kavenegar',
	displayOptions: { hide: { '@tool': [true] } },
};

export const checkCodeFields: INodeProperties[] = [
	{
		displayName:
			"Map Send Code's codeHash and expiresAt; use its credential (it keys the hash). Attempts are not counted here: limit them in the workflow.",
		name: 'checkCodeNotice',
		type: 'notice',
		default: '',
		displayOptions: display,
	},
	{
		displayName: FIELD.recipient,
		name: 'recipient',
		type: 'string',
		required: true,
		default: '',
		placeholder: '09121234567',
		description: 'The number the code was sent to, written any way Send Code accepts (+98 and Persian digits are fine)',
		displayOptions: display,
	},
	{
		displayName: FIELD.code,
		name: 'codeEntered',
		type: 'string',
		required: true,
		default: '',
		placeholder: '52841',
		description: 'What the person typed: 4 to 10 digits. Persian and Arabic-Indic digits, spaces and dashes read as the same code.',
		displayOptions: display,
	},
	{
		displayName: FIELD.hash,
		name: 'codeHash',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'v1.Qm9…',
		description: "Send Code's codeHash for this code, from its output or where you kept it (a Data table row)",
		displayOptions: display,
	},
	{
		displayName: FIELD.expiresAt,
		name: 'expiresAt',
		type: 'string',
		required: true,
		default: '',
		placeholder: '2026-11-28T08:02:00.000Z',
		description: "Send Code's expiresAt for this code, from its output or where you kept it (a Data table row)",
		displayOptions: display,
	},
];

/** A field's value as given, trimmed: what the errors quote. The checks read it without its invisible marks. */
function text(context: IExecuteFunctions, name: string, item: number): string {
	const value = context.getNodeParameter(name, item, '') as unknown;
	if (value instanceof Date) return value.toISOString();
	if (typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return String((value as { toISO(): string }).toISO());
	}
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : JSON.stringify(value) ?? '';
}

function checkOne(context: IExecuteFunctions, item: number, apiKey: string, nowMs: number): IDataObject {
	const fail = (field: string, rule: string) => nodeOwnError(context.getNode(), `${field}: ${rule}`, { itemIndex: item });
	const rawNumber = text(context, 'recipient', item);
	if (rawNumber === '') throw fail(FIELD.recipient, 'is required');
	const receptor = normalisePhoneNumber(rawNumber);
	if (receptor === undefined) throw fail(FIELD.recipient, `${quoted(rawNumber)} is not a phone number`);
	const typed = text(context, 'codeEntered', item);
	if (typed === '') throw fail(FIELD.code, 'is required');
	const code = typedCode(typed);
	const notCode = notACode(code);
	if (notCode !== undefined) throw fail(FIELD.code, `${quoted(typed)} ${notCode}`);
	const givenHash = text(context, 'codeHash', item);
	const hash = withoutInvisibleMarks(givenHash).trim();
	if (!isCodeHash(hash)) {
		throw fail(FIELD.hash, `${givenHash === '' ? 'is required' : `${briefly(givenHash)} is not a codeHash that Send Code gave`}: map the codeHash of Send Code's output`);
	}
	const givenExpiry = text(context, 'expiresAt', item);
	const expiry = withoutInvisibleMarks(givenExpiry).trim();
	const expiresAtMs = ISO_INSTANT.test(expiry) ? Date.parse(expiry) : Number.NaN;
	if (Number.isNaN(expiresAtMs)) {
		throw fail(FIELD.expiresAt, `${givenExpiry === '' ? 'is required' : `${briefly(givenExpiry)} is not an expiresAt that Send Code gave`}: map the expiresAt of Send Code's output (such as 2026-11-28T08:02:00.000Z)`);
	}
	// The hash is compared even for an expired code, so the answer takes as long either way.
	const matched = hashMatches(hash, apiKey, receptor, code, expiresAtMs);
	const reason = nowMs > expiresAtMs ? 'expired' : matched ? 'matched' : 'wrong';
	return { valid: reason === 'matched', reason, receptor, expiresAt: expiresAtIso(expiresAtMs) };
}

export async function checkCode(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	if (runsAsTool(this)) {
		const refusal = nodeOwnError(this.getNode(), 'Check Code is not offered to AI models', {
			description: 'Without an attempt limit a model could be talked into guessing: check codes in a workflow tool that keeps the count (docs/one-time-codes.md)',
		});
		return [errorAsToolResult(refusal)];
	}
	const { apiKey } = await this.getCredentials<{ apiKey: string }>('kavenegarApi');
	const nowMs = Date.now();
	return await eachItem(this, (item) => checkOne(this, item, String(apiKey), nowMs));
}
