'use strict';
/** What the n8n editor shows of the node: texts that fit where they are shown, and advice where it is seen. */
const { NodeHelpers } = require('n8n-workflow');
const { Kavenegar } = require('../nodes/Kavenegar/Kavenegar.node');

const { properties } = new Kavenegar().description;
const operations = properties.filter((property) => property.name === 'operation');

// The Operation picker shows two lines of about 45 characters each.
const PICKER_LINES = 90;

/** @type {[string, import('n8n-workflow').INodePropertyOptions][]} */
const pickerTexts = operations.flatMap((field) =>
	/** @type {import('n8n-workflow').INodePropertyOptions[]} */ (field.options).map(
		(option) => /** @type {[string, import('n8n-workflow').INodePropertyOptions]} */ ([String(field.displayOptions?.show?.resource?.[0]), option]),
	),
);
test.each(pickerTexts)(
	'the picker text of %s → %o fits two lines',
	(_resource, option) => {
		expect(option.description?.length).toBeLessThanOrEqual(PICKER_LINES);
	},
);

test.each(['getOutbox', 'getLatestOutbox', 'getMessages'])('%s shows the IP-access advice as a notice above its fields', (operation) => {
	const notices = properties.filter(
		(property) =>
			property.type === 'notice' &&
			NodeHelpers.displayParameter({ resource: 'sms', operation }, property, { typeVersion: 1 }, null),
	);
	expect(notices.map((notice) => notice.displayName)).toEqual([expect.stringContaining('needs IP access')]);
});

test('the Send Message field points to the operations for other kinds of sends', () => {
	const message = properties.find((property) => property.name === 'message' && property.displayOptions?.show?.operation?.includes('send'));
	expect(message?.hint).toContain('Verify → Send Code');
});
