import { withoutInvisibleMarks } from './invisibleMarks';

/**
 * People give lists as a comma list, one per line, or an array from an expression;
 * all of them become a clean array: entries trimmed, empty ones dropped. An entry of invisible
 * marks alone (the closing isolate of a pasted list, after its last comma) is empty too; the others
 * keep theirs, so that an error quotes the entry as it was given: each reader drops them.
 */
export function splitList(value: unknown): string[] {
	if (value === undefined || value === null) return [];
	const parts = Array.isArray(value) ? value.flatMap(splitList) : String(value).split(/[,\n\r،;]+/);
	return parts.map((part) => String(part).trim()).filter((part) => withoutInvisibleMarks(part).trim() !== '');
}
