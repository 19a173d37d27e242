/**
 * The bad-input matrix: across every resource, what a user can get wrong, the message they read,
 * and proof that nothing was sent. Each row: [what, parameters, extra run options, message].
 */
const { useFake, DAY, isoFromNow } = require('./helpers');
const { jpeg, gif, mp4 } = require('./mediaSamples');

const ctx = useFake();
/** @param {number} count */
const numbers = (count) => Array.from({ length: count }, (_, i) => `0912${String(i).padStart(7, '0')}`);
/**
 * One input item whose binary `data` holds these bytes, as n8n keeps it in memory.
 * @param {Buffer} data
 * @param {string} mimeType
 * @param {string} fileName
 * @returns {import('n8n-workflow').INodeExecutionData[]}
 */
const binaryItem = (data, mimeType, fileName) => [
	{ json: {}, binary: { data: { data: data.toString('base64'), mimeType, fileName } } },
];
const longVideo = mp4({ mdatBytes: 20 * 1024 * 1024 });
/** @param {string} field */
const notRequired = (field) => `The 'Kavenegar' node has issues:\n- Parameter "${field}" is required.`;

/**
 * @param {string} operation
 * @param {import('n8n-workflow').INodeParameters} [extra]
 */
const sms = (operation, extra) => ({ resource: 'sms', operation, ...extra });
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const send = (extra) => sms('send', { recipients: '09121234567', message: 'Hello', ...extra });
/** @param {import('n8n-workflow').NodeParameterValueType} messages */
const sendArray = (messages) => sms('sendArray', { messagesInput: 'json', messagesJson: messages });
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const template = (extra) => ({
	resource: 'verifyTemplate',
	operation: 'create',
	name: 'shopOtp',
	sourceType: 0,
	sendMethod: 1,
	fallbackMethod: 3,
	textMessage: 'Your code: %token',
	...extra,
});
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const code = (extra) => ({ resource: 'verify', operation: 'sendCode', recipient: '09121234567', template: 'shopOtp', value: '1234', type: 'sms', ...extra });
/**
 * @param {string} operation
 * @param {import('n8n-workflow').INodeParameters} [extra]
 */
const blocklist = (operation, extra) => ({ resource: 'blocklist', operation, lineNumber: '30004000', phoneNumbers: '09121234567', ...extra });
const upload = { resource: 'media', operation: 'upload', binaryPropertyName: 'data' };
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const voice = (extra) => ({ resource: 'voiceCall', operation: 'send', callRecipients: '09121234567', spokenMessage: 'Hello', ...extra });

/** @type {[string, import('n8n-workflow').INodeParameters, import('./helpers').RunOptions, string][]} */
const cases = [
	// SMS → Send
	['send: empty recipients', send({ recipients: '' }), {}, notRequired('Recipients')],
	['send: recipients only separators', send({ recipients: ' ,\n, ' }), {}, 'Recipients: at least one number is required'],
	['send: a word among numbers', send({ recipients: '09121234567, call me' }), {}, 'Recipients: "call me" is not a phone number'],
	['send: number with letters', send({ recipients: '0912ABC4567' }), {}, 'Recipients: "0912ABC4567" is not a phone number'],
	['send: foreign number without normalisation keeps letters out', send({ recipients: '+44 20 7946 0958x', options: { normalisePhoneNumbers: false } }), {}, 'Recipients: "+44 20 7946 0958x" is not a phone number'],
	['send: empty message from an expression', send({ message: '={{ $json.text }}' }), {}, 'Message: is required'],
	['send: fewer local IDs than recipients', send({ recipients: '09121111111,09122222222', additionalFields: { localIds: '7' } }), {}, 'Local IDs: give one local ID per recipient (2 recipients, 1 local IDs)'],
	['send: non-numeric local ID', send({ additionalFields: { localIds: 'order-7' } }), {}, 'Local IDs: "order-7" is not a numeric ID'],
	['send: tag with a space', send({ additionalFields: { tag: 'black friday' } }), {}, 'Tag: at most 200 characters, English letters, digits, "-" and "_" only'],
	['send: tag in Persian', send({ additionalFields: { tag: 'تخفیف' } }), {}, 'Tag: at most 200 characters, English letters, digits, "-" and "_" only'],
	['send: tag over 200 characters', send({ additionalFields: { tag: 'a'.repeat(201) } }), {}, 'Tag: at most 200 characters, English letters, digits, "-" and "_" only'],
	['send: schedule date in words', send({ additionalFields: { date: 'tomorrow morning' } }), {}, 'Send At: "tomorrow morning" is not a date: use a Jalali date such as 1405/01/01 09:00, a Gregorian one such as 2026-11-22 10:00 or 2026-11-22T10:00:00+03:30, or Unix seconds'],
	['send: a word pasted among numbers is quoted as pasted, isolated', send({ recipients: '09121234567, \u2066call me\u2069' }), {}, 'Recipients: "\u2068\u2066call me\u2069\u2069" is not a phone number'],
	['send: schedule date in words, pasted with marks', send({ additionalFields: { date: '\u2066tomorrow\u2069' } }), {}, 'Send At: "\u2068\u2066tomorrow\u2069\u2069" is not a date: use a Jalali date such as 1405/01/01 09:00, a Gregorian one such as 2026-11-22 10:00 or 2026-11-22T10:00:00+03:30, or Unix seconds'],
	['send: schedule date in dd/mm/yyyy', send({ additionalFields: { date: '22/11/2026' } }), {}, 'Send At: "22/11/2026" is not a date: use a Jalali date such as 1405/01/01 09:00, a Gregorian one such as 2026-11-22 10:00 or 2026-11-22T10:00:00+03:30, or Unix seconds'],
	// SMS → Send Different Messages
	['send array: not JSON', sendArray('[{ recipient: 0912 }'), {}, 'Messages (JSON): is not valid JSON'],
	['send array: a number instead of an array', sendArray('42'), {}, 'Messages (JSON): must be an array of messages'],
	['send array: unequal arrays', sendArray(JSON.stringify({ receptor: ['09121111111', '09122222222'], sender: ['3000'], message: ['a', 'b'] })), {}, 'Messages (JSON): the receptor, sender and message arrays must have the same length (got 2, 1, 2)'],
	['send array: empty array', sendArray('[]'), {}, 'Messages (JSON): add at least one message'],
	['send array: missing sender', sendArray(JSON.stringify([{ recipient: '09121111111', message: 'a' }])), {}, 'Messages (JSON) #1: sender line is required'],
	['send array: bad recipient in row 2', sendArray(JSON.stringify([{ recipient: '09121111111', sender: '3000', message: 'a' }, { recipient: 'x', sender: '3000', message: 'b' }])), {}, 'Messages (JSON) #2: recipient "x" is not a phone number'],
	['send array: empty text', sendArray(JSON.stringify([{ recipient: '09121111111', sender: '3000', message: ' ' }])), {}, 'Messages (JSON) #1: message text is required'],
	['send array: local ID for some rows only', sendArray(JSON.stringify([{ recipient: '09121111111', sender: '3000', message: 'a', localId: 1 }, { recipient: '09122222222', sender: '3000', message: 'b' }])), {}, 'Messages (JSON): give a local ID for every message or for none (1 of 2)'],
	// SMS reads
	['inbox: range over two days', sms('getInbox', { lineNumber: '3000', filters: { startDate: isoFromNow(-3 * DAY), endDate: isoFromNow(0) } }), {}, 'End Date: the range from Start Date to End Date must be at most 2 days'],
	['inbox: end before start', sms('getInbox', { lineNumber: '3000', filters: { startDate: isoFromNow(0), endDate: isoFromNow(-60) } }), {}, 'End Date: must not be before Start Date'],
	['inbox: empty line number', sms('getInbox', { lineNumber: '' }), {}, notRequired('Line Number')],
	['inbox: a line number of invisible marks alone', sms('getInbox', { lineNumber: '\u2066\u2069' }), {}, 'Line Number: is required'],
	['count inbox: start 61 days back', sms('countInbox', { startDate: isoFromNow(-61 * DAY) }), {}, 'Start Date: must be at most 60 days in the past'],
	['count inbox: range over a day', sms('countInbox', { startDate: isoFromNow(-2 * DAY), filters: { endDate: isoFromNow(0) } }), {}, 'End Date: the range from Start Date to End Date must be at most 1 day'],
	['outbox: start 4 days back', sms('getOutbox', { startDate: isoFromNow(-4 * DAY) }), {}, 'Start Date: must be at most 3 days in the past'],
	['outbox: open range over a day', sms('getOutbox', { startDate: isoFromNow(-2 * DAY) }), {}, 'End Date: the range from Start Date to End Date must be at most 1 day'],
	['messages by ID: not an ID', sms('getMessages', { messageIds: '8792343, abc' }), {}, 'Message IDs: "abc" is not a numeric ID'],
	['latest outbox: limit over 500', sms('getLatestOutbox', { limit: 501 }), {}, 'Limit: must be a whole number from 1 to 500 (got 501)'],
	['latest outbox: limit over 500, pasted with marks', sms('getLatestOutbox', { limit: '={{ "\u2066501\u2069" }}' }), {}, 'Limit: must be a whole number from 1 to 500 (got \u2068"\u2066501\u2069"\u2069)'],
	['status by recipient: two numbers', sms('getStatusByRecipient', { recipient: '09121111111 09122222222', startDate: isoFromNow(-60) }), {}, 'Recipient: "09121111111 09122222222" is not a phone number'],
	['status by recipient: end before start', sms('getStatusByRecipient', { recipient: '09121111111', startDate: isoFromNow(0), filters: { endDate: isoFromNow(-60) } }), {}, 'End Date: must not be before Start Date'],
	['status: not an ID', sms('getStatus', { messageIds: '12;x' }), {}, 'Message IDs: "x" is not a numeric ID'],
	['cancel: empty IDs from an expression', sms('cancel', { messageIds: '={{ [] }}' }), {}, 'Message IDs: at least one ID is required'],
	// Verify → Send Code
	['code: two recipients', code({ recipient: '09121111111,09122222222' }), {}, 'Recipient: one number only (got 2)'],
	['code: token with a space', code({ value: '12 34' }), {}, 'Code: must not contain spaces, new lines or "_"'],
	['code: token with an underscore', code({ value: 'ab_cd' }), {}, 'Code: must not contain spaces, new lines or "_"'],
	['code: voice call with letters', code({ type: 'call', value: 'AB12' }), {}, 'Code: a voice call needs a code of digits only'],
	// Verify → Check Code
	['check code: letters among digits', { resource: 'verify', operation: 'checkCode', recipient: '09121234567', codeEntered: '12a45', codeHash: `v1.${'A'.repeat(43)}`, expiresAt: '2026-11-28T08:02:00.000Z' }, {}, 'Code Entered: "12a45" holds characters other than digits: a code has 4 to 10 digits (Send Code\'s Code Length)'],
	// Verification Template
	['template get: a template ID of invisible marks alone', { resource: 'verifyTemplate', operation: 'get', templateId: '\u200f\u200b' }, {}, 'Template ID: is required'],
	['template: name with a space', template({ name: 'shop otp' }), {}, 'Name: must be written in English (Latin letters, digits and signs such as "-"), without spaces or "_"'],
	['template: name with an underscore', template({ name: 'shop_otp' }), {}, 'Name: must be written in English (Latin letters, digits and signs such as "-"), without spaces or "_"'],
	['template: text without %token', template({ textMessage: 'Your code' }), {}, 'Text Message: must contain %token where the code goes'],
	['template: voice fallback without voice text', template({ fallbackMethod: 2 }), {}, notRequired('Voice Message')],
	['template: voice fallback with a voice text that comes out empty', template({ fallbackMethod: 2, voiceMessage: '={{ $json.missing }}' }), {}, 'Voice Message: is required because the fallback method is Voice Call'],
	['template: fallback wait over 5 minutes', template({ fallbackMethod: 2, voiceMessage: 'Code %token', additionalFields: { switchTtl: 6 } }), {}, 'Minutes Before Fallback: must be a whole number from 1 to 5 (got 6)'],
	['template clone: no source', { resource: 'verifyTemplate', operation: 'clone', newTemplateName: 'copy' }, {}, 'Source Template ID: give the ID or the name of the template to clone'],
	// Blocklist
	['blocklist add: 201 numbers', blocklist('add', { phoneNumbers: numbers(201) }), {}, 'Phone Numbers: at most 200 numbers in one request (got 201)'],
	['blocklist check: a word', blocklist('check', { phoneNumbers: 'everyone' }), {}, 'Phone Numbers: "everyone" is not a phone number'],
	// Media
	['media delete: a media ID of invisible marks alone', { resource: 'media', operation: 'delete', mediaId: '\u2066\u2069' }, {}, 'Media ID: is required'],
	['upload: missing binary property', upload, {}, 'This operation expects the node\'s input data to contain a binary file \'data\', but none was found [item 0]'],
	['upload: a PNG', upload, { items: binaryItem(Buffer.from('89504e470d0a1a0a0000', 'hex'), 'image/png', 'logo.png') }, 'Input Binary Field: "logo.png" is image/png; Kavenegar accepts JPEG or GIF images up to 10 MB and MP4 videos up to 20 MB'],
	['upload: text disguised as JPEG', upload, { items: binaryItem(Buffer.from('hello world, not an image'), 'image/jpeg', 'fake.jpg') }, 'Input Binary Field: "fake.jpg" is not a JPEG, GIF or MP4 file (judged by its first bytes); Kavenegar accepts JPEG or GIF images up to 10 MB and MP4 videos up to 20 MB'],
	['upload: a GIF labelled JPEG', upload, { items: binaryItem(gif(), 'image/jpeg', 'anim.jpg') }, 'Input Binary Field: "anim.jpg" is labelled image/jpeg but its content is a GIF image'],
	['upload: image over 10 MB', upload, { items: binaryItem(jpeg(10 * 1024 * 1024 + 1), 'image/jpeg', 'big.jpg') }, 'Input Binary Field: "big.jpg" is 10,485,761 bytes; a JPEG image may be at most 10 MB'],
	['upload: video over 20 MB', upload, { items: binaryItem(longVideo, 'video/mp4', 'long.mp4') }, `Input Binary Field: "long.mp4" is ${longVideo.length.toLocaleString('en-US')} bytes; an MP4 video may be at most 20 MB`],
	// Voice Call → Send Voice Message
	['voice: empty recipients', voice({ callRecipients: '' }), {}, notRequired('Recipients')],
	['voice: a word among numbers', voice({ callRecipients: '09121234567, call me' }), {}, 'Recipients: "call me" is not a phone number'],
	['voice: empty message from an expression', voice({ spokenMessage: '={{ $json.text }}' }), {}, 'Message: is required'],
	['voice: fewer local IDs than recipients', voice({ callRecipients: '09121111111,09122222222', additionalFields: { localIds: '7' } }), {}, 'Local IDs: give one local ID per recipient (2 recipients, 1 local IDs)'],
	['voice: local ID over a Long', voice({ additionalFields: { localIds: '9223372036854775808' } }), {}, 'Local IDs: "9223372036854775808" is larger than a local ID can be (at most 9223372036854775807)'],
	['voice: call time in words', voice({ additionalFields: { date: 'tomorrow morning' } }), {}, 'Send At: "tomorrow morning" is not a date: use a Jalali date such as 1405/01/01 09:00, a Gregorian one such as 2026-11-22 10:00 or 2026-11-22T10:00:00+03:30, or Unix seconds'],
];

test('the matrix has at least 40 cases across every resource', () => {
	expect(cases.length).toBeGreaterThanOrEqual(40);
	expect(new Set(cases.map(([, parameters]) => parameters.resource))).toEqual(
		new Set(['sms', 'verify', 'verifyTemplate', 'blocklist', 'media', 'voiceCall']),
	);
});

test.each(cases)('%s', async (_what, parameters, extra, message) => {
	const { items, error } = await ctx.run(parameters, extra);
	expect(items).toEqual([]);
	expect(error?.message).toBe(message);
	expect(ctx.fake.requests).toHaveLength(0);
});
