'use strict';
/*
 * The bar the texts of the panels are held to, by test/editor.test.js (over the node descriptions)
 * and by the editor check (scripts/editorCheck.js, over what n8n draws): CONTRIBUTING.md, "Hints,
 * notices and errors", says why these figures.
 */

/** A hint under a field: at most two lines as n8n 2.8.4 draws them (about 60 characters a line). */
const HINT_CHARS = 90;
/** A notice: at most three lines in its box. */
const NOTICE_CHARS = 140;

/** Right-to-left letters and Arabic-Indic digits, as nodes/allNodes/bidi.ts finds them. */
const RIGHT_TO_LEFT = /[\u0590-\u06EF\u06FA-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/;
const ISOLATE_OPENERS = new Set(['\u2066', '\u2067', '\u2068']);
const ISOLATE_CLOSER = '\u2069';
/** A right-to-left run: from its first letter up to the next Latin letter or bracket or quote. */
const RUN = new RegExp(`${RIGHT_TO_LEFT.source}[^A-Za-z"()[\\]{}]*`, 'g');

/**
 * The right-to-left runs of a text that stand outside any bidirectional isolate (LRI, RLI or FSI
 * … PDI) while the text also holds left-to-right letters: the browser draws such a run with the
 * punctuation around it moved out of order. A text that is all right-to-left needs no isolate.
 * @param {string} text
 * @returns {string[]}
 */
function unisolatedRightToLeft(text) {
	let outside = '';
	let depth = 0;
	for (const character of text) {
		if (ISOLATE_OPENERS.has(character)) depth++;
		else if (character === ISOLATE_CLOSER) depth = Math.max(0, depth - 1);
		else outside += depth === 0 ? character : ' ';
	}
	if (!/[A-Za-z]/.test(outside)) return [];
	return (outside.match(RUN) ?? []).map((run) => run.trim());
}

module.exports = { HINT_CHARS, NOTICE_CHARS, unisolatedRightToLeft };
