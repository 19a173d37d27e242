/**
 * What each `return.status` means, written for the person reading the error in n8n.
 * Where each code comes from, and how sure that is: docs/kavenegar-api.md, "Return codes".
 * The contract lists 403 and 418 as general errors and gives them no meaning: third-party copies
 * call them "invalid key" and "no credit", but the real service also answers 403 for a missing IP
 * access, so the title names no cause: it quotes the service's own message (GENERAL_CODES), and
 * the advice below points to it.
 */
export const SERVICE_ERROR_MEANINGS: Record<number, string> = {
	400: 'parameters are incomplete or out of range',
	401: 'the account is disabled',
	402: 'the operation failed',
	403: 'the request was refused',
	404: 'unknown method',
	405: 'wrong HTTP method for this operation',
	406: 'a required parameter is empty',
	407: "this operation needs IP access: add the caller's IP in the account panel",
	409: 'the server is busy: retry later',
	411: 'invalid recipient number',
	// The contract's other cause, more than 50 numbers on line/blocked/remove, never comes: the node
	// sends that list 50 at a time.
	412: 'invalid sender line',
	413: 'the message is empty or too long',
	414: 'too many records in one request',
	415: 'the start index is larger than the number of records',
	416: 'the source IP does not match the IPs allowed for this key',
	417: 'invalid, malformed or out-of-range date',
	418: 'the request was refused',
	419: 'the send-array lists have different lengths',
	420: 'links are not allowed in the text for this account',
	422: 'the data contains invalid characters',
	424: 'template not found (deleted, or never created), or, when sending a code, not approved yet',
	426: 'this operation needs the advanced service',
	427: 'this line needs access permission',
	428: 'a voice-call code must be digits only',
	429: "the caller's IP is restricted for this account (not a busy answer: it is not retried)",
	431: 'a token contains a space, newline or underscore',
	432: 'the template text has no %token placeholder',
	451: 'too many calls: slow down and retry later',
	501: "a test account sends only to the account owner's number",
	607: 'invalid tag',
	800: 'no file was sent',
	801: 'the file is invalid or cannot be processed',
	802: 'file size not allowed (images up to 10 MB, videos up to 20 MB)',
	803: 'aspect ratio not allowed',
	804: 'video duration not allowed (at most 60 seconds)',
	805: 'no permission to upload files (media works only on internal-messenger lines)',
	806: 'the upload quota is used up',
	807: 'this file was already uploaded',
};

/** Codes the service gives for several causes: the title leads with its message, which names the one. */
export const GENERAL_CODES = new Set([403, 418]);

/** The codes by which the service says it did not act and asks to be called again later. */
export const BUSY_CODES: ReadonlySet<number> = new Set([409, 451]);

/**
 * The codes that point at one field of the request: the parameters (wire names) it may be, and what
 * is wrong with its value there (`resources`: only in these resources' operations). The title of such an error names the field as the user reads it
 * (a 412 on a send says Sender Line), and with `withValue` the value given there (Sender Line
 * 30009999): a line, a date, a template name or a tag is short and tells which one was refused.
 * Recipients and message texts are left out (a list of 200 numbers, a long text), and so are
 * tokens: a one-time code does not belong in an error that n8n keeps in its executions.
 */
export const SERVICE_ERROR_FIELDS: Record<number, { params: string[]; problem: string; resources?: string[]; withValue?: boolean }> = {
	411: { params: ['receptor'], problem: 'invalid recipient number' },
	412: {
		params: ['sender', 'linenumber', 'defaultsender', 'primaryLineNumber', 'secondaryLineNumber'],
		problem: 'invalid sender line',
		withValue: true,
	},
	413: { params: ['message'], problem: 'the message is empty or too long' },
	417: { params: ['date', 'startdate', 'enddate'], problem: 'invalid, malformed or out-of-range date', withValue: true },
	420: { params: ['message'], problem: 'links are not allowed in the text for this account' },
	424: {
		params: ['template', 'id', 'sourceTemplateId', 'sourceTemplateName'],
		problem: 'no such template, or not approved yet',
		// A media file's ID is `id` too.
		resources: ['verify', 'verifyTemplate'],
		withValue: true,
	},
	427: { params: ['sender', 'linenumber'], problem: 'this line needs access permission', withValue: true },
	428: { params: ['token'], problem: 'a voice-call code must be digits only' },
	431: { params: ['token', 'token2', 'token3', 'token10', 'token20'], problem: 'contains a space, newline or underscore' },
	432: { params: ['textMessage'], problem: 'the template text has no %token placeholder' },
	501: { params: ['receptor'], problem: "a test account sends only to the account owner's number", resources: ['sms', 'verify', 'voiceCall'] },
	607: { params: ['tag'], problem: 'invalid tag', withValue: true },
};

export function describeServiceError(code: number): string {
	return SERVICE_ERROR_MEANINGS[code] ?? 'an error the Kavenegar documentation does not describe';
}

/** What to do, for the codes where the next step is known; read with the service's own message. */
export const SERVICE_ERROR_ADVICE: Record<number, string> = {
	403: "Check the API key in the Kavenegar credential and the account's state in the Kavenegar panel.",
	418: "Top up the account's credit in the Kavenegar panel if it is low, and check the API key in the Kavenegar credential.",
	407: "Allow the n8n server's IP in the Kavenegar panel (IP access).",
	416: "Allow the n8n server's IP in the Kavenegar panel (IP access).",
	409: 'Wait a little and run again; if it happens often, lower Max Requests in Flight or raise Retries on Busy Answers (Settings → Request Options; Concurrency and Retries in older nodes).',
	451: 'Wait a little and run again, with fewer requests at once: lower Max Requests in Flight (Settings → Request Options; Concurrency and Retries in older nodes). Batching does not bound them.',
	420: 'Remove the links from the text, or ask Kavenegar to allow links for the account.',
	427: 'Ask Kavenegar (or check the Kavenegar panel) for permission to send from this line.',
	429: "Allow the n8n server's IP in the Kavenegar panel (IP access), or ask Kavenegar why it is restricted.",
	501: "Send to the account owner's number, or upgrade the account from test to a live one in the Kavenegar panel.",
	607: "Use a tag already defined in the Kavenegar panel: English letters, digits, '-' and '_'.",
	424: 'Check the template name; a new template can be used only once Kavenegar has approved it: wait for approval.',
	426: 'Ask Kavenegar to enable the advanced service on the account.',
};

/** Operations that need IP access: their errors give that advice whatever the code (403 and 418 included). */
export const IP_ACCESS_OPERATIONS = new Set(['getOutbox', 'getLatestOutbox', 'getMessages']);
export const IP_ACCESS_ADVICE =
	"This operation needs IP access: allow the n8n server's IP in the Kavenegar panel if you have not.";
