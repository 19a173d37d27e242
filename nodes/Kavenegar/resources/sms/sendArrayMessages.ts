import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { derivedLocalIds, isLong, LONG_RULE } from '../../operationParts/duplicateSends';
import { invalidInput } from '../../operationParts/rules/inputErrors';
import { phoneNumberReader } from '../../operationParts/rules/phoneNumbers';
import { MAX_MESSAGES_PER_ITEM, normalisesPhoneNumbers, preventsDuplicateSends } from '../../operationParts/sendOptions';
import { wrongTypeRule } from '../../operationParts/rules/valueRules';
import type { ParamRule } from '../../operationParts/wireParams';
import { quoted } from '../../../allNodes/bidi';
import { withoutInvisibleMarks } from '../../../allNodes/invisibleMarks';

/*
 * SMS → Send Different Messages: the messages as the user gives them (rows in the editor, or JSON
 * in either of two shapes), checked and turned into the service's parallel lists.
 */

interface MessageRow {
	recipient?: unknown;
	receptor?: unknown;
	sender?: unknown;
	message?: unknown;
	type?: unknown;
	localId?: unknown;
	localid?: unknown;
}

/** A row's line, display type or local ID as read: text without its invisible marks, anything else as it came. */
function asRead(value: unknown): unknown {
	return typeof value === 'string' ? withoutInvisibleMarks(value) : value;
}

/** The JSON input may be the contract's own shape, three parallel arrays: turn it into rows. */
function rowsFromJson(this: IExecuteSingleFunctions, value: unknown): MessageRow[] {
	let data = value;
	if (typeof data === 'string') {
		try {
			data = JSON.parse(data);
		} catch {
			throw invalidInput(this, 'Messages (JSON)', 'is not valid JSON');
		}
	}
	if (Array.isArray(data)) return data as MessageRow[];
	if (typeof data === 'object' && data !== null) {
		const lists = data as IDataObject;
		const names = ['receptor', 'sender', 'message'];
		for (const name of names) {
			if (!Array.isArray(lists[name])) {
				throw invalidInput(this, 'Messages (JSON)', `${quoted(name)} must be an array`);
			}
		}
		const lengths = names.map((name) => (lists[name] as unknown[]).length);
		// The wire name of the local IDs is accepted too, so that a request body can be pasted as is.
		const localIds = (lists.localid ?? lists.localmessageids) as unknown[] | undefined;
		for (const optional of [lists.type, localIds]) {
			if (Array.isArray(optional)) lengths.push(optional.length);
		}
		if (new Set(lengths).size !== 1) {
			throw invalidInput(
				this,
				'Messages (JSON)',
				`the receptor, sender and message arrays must have the same length (got ${lengths.join(', ')})`,
			);
		}
		return (lists.receptor as unknown[]).map((receptor, i) => ({
			receptor,
			sender: (lists.sender as unknown[])[i],
			message: (lists.message as unknown[])[i],
			type: (lists.type as unknown[] | undefined)?.[i],
			localid: localIds?.[i],
		}));
	}
	throw invalidInput(this, 'Messages (JSON)', 'must be an array of messages');
}

/**
 * Builds the three JSON-array fields (plus type and local IDs when given) from the rows. The
 * messages are fields of the editor only, read here rather than routed: the request carries the
 * arrays built from them.
 */
export const buildArrays: ParamRule = function (params) {
	const fromJson = this.getNodeParameter('messagesInput', 'rows') === 'json';
	const source = fromJson ? 'Messages (JSON)' : 'Messages';
	const rows: MessageRow[] = fromJson
		? rowsFromJson.call(this, this.getNodeParameter('messagesJson', undefined))
		: ((this.getNodeParameter('messages', {}) as IDataObject).message as MessageRow[] | undefined) ?? [];
	if (rows.length === 0) throw invalidInput(this, source, 'add at least one message');
	if (rows.length > MAX_MESSAGES_PER_ITEM) {
		throw invalidInput(
			this,
			source,
			`at most ${MAX_MESSAGES_PER_ITEM} messages per item (got ${rows.length}); send more as several items`,
		);
	}
	const readNumber = phoneNumberReader(this, normalisesPhoneNumbers);
	const receptor: string[] = [];
	const sender: string[] = [];
	const message: string[] = [];
	const type: number[] = [];
	const localIds: string[] = [];
	rows.forEach((row, i) => {
		const where = `${source} #${i + 1}`;
		for (const [key, value] of Object.entries({ recipient: row.recipient ?? row.receptor, sender: row.sender, message: row.message })) {
			const wrongType = value === undefined ? undefined : wrongTypeRule(value);
			if (wrongType) throw invalidInput(this, where, `${key} ${wrongType}`);
		}
		const rawRecipient = String(row.recipient ?? row.receptor ?? '').trim();
		const { number, wrong } = readNumber(rawRecipient);
		if (number === undefined) throw invalidInput(this, where, `recipient ${quoted(rawRecipient)} ${wrong}`);
		const line = String(asRead(row.sender) ?? '').trim();
		if (line === '') throw invalidInput(this, where, 'sender line is required');
		const text = String(row.message ?? '');
		if (text.trim() === '') throw invalidInput(this, where, 'message text is required');
		receptor.push(number);
		sender.push(line);
		message.push(text);
		const displayType = asRead(row.type);
		if (displayType !== undefined && displayType !== '') {
			if (!Number.isInteger(Number(displayType))) throw invalidInput(this, where, `display type ${quoted(String(row.type))} is not a whole number`);
			type.push(Number(displayType));
		}
		const givenLocalId = row.localId ?? row.localid;
		const localId = asRead(givenLocalId);
		if (localId !== undefined && localId !== '') {
			if (!/^\d+$/.test(String(localId))) throw invalidInput(this, where, `local ID ${quoted(String(givenLocalId))} is not numeric`);
			if (!isLong(String(localId))) throw invalidInput(this, where, `local ID ${quoted(String(givenLocalId))} ${LONG_RULE}`);
			localIds.push(String(localId));
		}
	});
	for (const [list, what] of [
		[type, 'display type'],
		[localIds, 'local ID'],
	] as const) {
		if (list.length > 0 && list.length !== rows.length) {
			throw invalidInput(this, source, `give a ${what} for every message or for none (${list.length} of ${rows.length})`);
		}
	}
	params.receptor = receptor;
	params.sender = sender;
	params.message = message;
	if (type.length) params.type = type.map(String);
	if (localIds.length === 0 && preventsDuplicateSends(this)) {
		// Each row's number, line and text tell its message apart; the row number keeps two
		// identical rows two messages, as the user listed them.
		localIds.push(
			...derivedLocalIds(
				this,
				params,
				['receptor', 'sender', 'message', 'type', 'localmessageids'],
				receptor.map((number, row) => [String(row), number, sender[row], message[row]]),
			),
		);
	}
	// Kept as digits, never through Number: a Long above 2^53 would lose digits.
	if (localIds.length) params.localmessageids = localIds;
};
