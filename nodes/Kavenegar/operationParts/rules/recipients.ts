import { derivedLocalIds, isLong, LONG_RULE } from '../duplicateSends';
import { invalidInput } from './inputErrors';
import { splitList } from '../../../allNodes/lists';
import { MAX_MESSAGES_PER_ITEM, preventsDuplicateSends } from '../sendOptions';
import type { ParamRule } from '../wireParams';
import { quoted } from '../../../allNodes/bidi';

/*
 * The rules of a send of one message to a list of numbers (`receptor` a list, `localid` an
 * optional list beside it): SMS → Send and Voice Call → Send Voice Message. How such a send goes out, 200
 * recipients a request, is the engine's (sending/chunks.ts, recipientListChunks).
 */

export const recipientsPerItem: ParamRule = function (params) {
	const count = splitList(params.receptor).length;
	if (count > MAX_MESSAGES_PER_ITEM) {
		throw invalidInput(
			this,
			'Recipients',
			`at most ${MAX_MESSAGES_PER_ITEM} numbers per item (got ${count}); send larger lists as several items`,
		);
	}
};

export const localIdsMatchRecipients: ParamRule = function (params) {
	const ids = splitList(params.localid);
	if (ids.length === 0) return;
	const tooLarge = ids.find((id) => !isLong(id));
	if (tooLarge !== undefined) throw invalidInput(this, 'Local IDs', `${quoted(tooLarge)} ${LONG_RULE}`);
	const recipients = splitList(params.receptor).length;
	if (ids.length !== recipients) {
		throw invalidInput(
			this,
			'Local IDs',
			`give one local ID per recipient (${recipients} recipients, ${ids.length} local IDs)`,
		);
	}
};

/** Runs after the recipients are final, so that a repeat derives the same IDs from the same numbers. */
export const localIdsAgainstDuplicates: ParamRule = function (params) {
	if (splitList(params.localid).length > 0 || !preventsDuplicateSends(this)) return;
	params.localid = derivedLocalIds(
		this,
		params,
		['receptor', 'localid'],
		splitList(params.receptor).map((recipient) => [recipient]),
	);
};
