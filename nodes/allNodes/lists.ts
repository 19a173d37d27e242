/**
 * People give lists as a comma list, one per line, or an array from an expression;
 * all of them become a clean array: entries trimmed, empty ones dropped.
 */
export function splitList(value: unknown): string[] {
	if (value === undefined || value === null) return [];
	const parts = Array.isArray(value) ? value.flatMap(splitList) : String(value).split(/[,\n\r،;]+/);
	return parts.map((part) => String(part).trim()).filter((part) => part !== '');
}
