import { asciiDigits } from '../../../allNodes/phoneNumbers';
import { quoted } from '../../../allNodes/bidi';
import { splitList } from '../../../allNodes/lists';

/*
 * What an SMS reply says, for SMS → Get Reply: a reply is read as people type one on a phone, in
 * Persian or English. Both the reply and the words it is compared with are cleaned the same way:
 * generous with what does not change the word (spaces, punctuation, letter case, which digits and
 * which keyboard), strict about what does (another word beside it).
 */

export type Answer = 'approved' | 'declined' | 'other';

/** Marks that change how text is drawn, not what it says: zero-width spaces and joiners, direction marks and isolates, the byte-order mark, the soft hyphen. */
const INVISIBLE = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The tatweel (ـ) stretches a letter, and short-vowel marks are seldom typed: neither makes another word. */
const STRETCH_AND_VOWELS = /\u0640|[\u064b-\u065f]|\u0670/g;

/** An Arabic keyboard types ي, ى and ك where a Persian one types ی and ک. */
const ARABIC_LETTERS = /[\u064a\u0649\u0643]/g;
const PERSIAN_LETTER: Record<string, string> = { '\u064a': '\u06cc', '\u0649': '\u06cc', '\u0643': '\u06a9' };

/** Spaces and punctuation («», ؟, ،, !, .) separate words; neither is part of one. */
const BETWEEN_WORDS = /[\s\p{P}]+/u;

/** The words of a text, cleaned: the same word however it was typed. */
export function wordsOf(text: string): string[] {
	const cleaned = asciiDigits(text.normalize('NFKC'))
		.replace(ARABIC_LETTERS, (letter) => PERSIAN_LETTER[letter])
		.replace(INVISIBLE, '')
		.replace(STRETCH_AND_VOWELS, '')
		.toLowerCase();
	return cleaned.split(BETWEEN_WORDS).filter((word) => word !== '');
}

/** What counts as yes and as no, cleaned, and the reference a reply must carry (or none). */
export interface ReplyWords {
	answers: Map<string, Answer>;
	reference?: string;
}

/** A field of the three whose value cannot be read as words, and why. */
export interface WrongWords {
	field: string;
	rule: string;
}

type Labels = { yes: string; no: string; reference: string };

/** The Yes Words, No Words and Reference as given, read; or the field that is wrong and why. */
export function replyWords(given: { yes: unknown; no: unknown; reference: unknown }, labels: Labels): ReplyWords | WrongWords {
	const answers = new Map<string, Answer>();
	const lists: Array<[unknown, string, Answer]> = [
		[given.yes, labels.yes, 'approved'],
		[given.no, labels.no, 'declined'],
	];
	const listOf = (answer: Answer | undefined) => (answer === 'approved' ? labels.yes : labels.no);
	for (const [list, field, answer] of lists) {
		for (const entry of splitList(list)) {
			const word = wordsOf(entry).join('');
			if (word === '') return { field, rule: `${quoted(entry)} has no letter or digit` };
			const other = answers.get(word);
			if (other !== undefined && other !== answer) return { field, rule: `${quoted(entry)} is also one of the ${listOf(other)}` };
			answers.set(word, answer);
		}
	}
	if (![...answers.values()].includes('approved')) return { field: labels.yes, rule: 'at least one word is required' };
	const text = String(given.reference ?? '').trim();
	if (text === '') return { answers };
	const reference = wordsOf(text);
	if (reference.length !== 1) {
		return { field: labels.reference, rule: `${quoted(text)} must be one word or number, without spaces or punctuation (such as 4821)` };
	}
	if (answers.has(reference[0])) return { field: labels.reference, rule: `${quoted(text)} is also one of the ${listOf(answers.get(reference[0]))}` };
	return { answers, reference: reference[0] };
}

/**
 * What a reply answers: its whole text one of the words; with a Reference, one of the words with
 * the Reference as a word of its own before or after it ("1 4821", "4821 1"). Anything else, a
 * yes without this question's Reference included, decides nothing.
 */
export function answerOf(text: string, { answers, reference }: ReplyWords): Answer {
	const words = wordsOf(text);
	if (reference === undefined) return answers.get(words.join('')) ?? 'other';
	const beside = [words[0] === reference && words.slice(1), words.at(-1) === reference && words.slice(0, -1)];
	for (const rest of beside) {
		if (rest && rest.length > 0) {
			const answer = answers.get(rest.join(''));
			if (answer !== undefined) return answer;
		}
	}
	return 'other';
}

/**
 * The yes or no of a reply that is a yes or no word alone, without any Reference: whether such a
 * reply may decide is for the workflow, which alone knows how many questions the number has open.
 */
export function bareAnswerOf(text: string, { answers }: ReplyWords): Answer | null {
	return answers.get(wordsOf(text).join('')) ?? null;
}
