'use strict';
/**
 * Where Send Window is offered: the Additional Fields of SMS → Send, Send Different Messages and
 * Voice Call → Send Voice Message, in every node version, and nowhere else: not Verify → Send Code
 * (a code is wanted now) nor SMS → Send and Wait for Response (its time limit runs from the send).
 */
const { NodeHelpers } = require('n8n-workflow');
const { Kavenegar } = require('../../../nodes/Kavenegar/Kavenegar.node');
const { kavenegarNode, operationsOf } = require('../../helpers');

/** @typedef {import('n8n-workflow').INodeProperties} Property */

const { description } = new Kavenegar();
const versions = /** @type {number[]} */ (description.version);
const OFFERED = ['sms → send', 'sms → sendArray', 'voiceCall → send'];
const WEEK = ['saturday', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/**
 * The options the Additional Fields' Add list offers for this operation, as the editor asks.
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {number} version
 */
function additionalFieldsOffered(parameters, version) {
	const node = kavenegarNode(version);
	const values = /** @type {import('n8n-workflow').INodeParameters} */ (NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node, description));
	const collection = description.properties.find(
		(property) => property.name === 'additionalFields' && NodeHelpers.displayParameter(values, property, node, description),
	);
	if (!collection) return [];
	return /** @type {Property[]} */ (collection.options).filter((option) => NodeHelpers.displayParameterPath(values, option, 'additionalFields', node, null)).map((option) => option.name);
}

describe.each(versions)('node version %i', (version) => {
	test.each(operationsOf(description.properties))('$resource → $operation', ({ resource, operation }) => {
		const offered = additionalFieldsOffered({ resource, operation }, version).includes('sendWindow');
		expect(offered).toBe(OFFERED.includes(`${resource} → ${operation}`));
	});
});

test('each send offers the same field; its hours show as soon as it is added, 08:00 to 21:00 every day, the times before the days', () => {
	const collection = /** @type {Property} */ (description.properties.find((property) => property.name === 'additionalFields'));
	const windows = /** @type {Property[]} */ (collection.options)
		.filter((option) => option.name === 'sendWindow')
		.map(({ displayOptions, ...field }) => field);
	expect(windows).toHaveLength(OFFERED.length);
	for (const other of windows) expect(other).toEqual(windows[0]);
	const [window] = windows;
	expect(window).toMatchObject({ displayName: 'Send Window', type: 'fixedCollection', default: { hours: {} } });
	const hours = /** @type {any} */ (window.options)[0];
	expect(hours.values.map((/** @type {Property} */ field) => [field.displayName, field.default])).toEqual([
		['From', '08:00'],
		['Until', '21:00'],
		['Days', WEEK],
	]);
});

test("the days in the week's order, as Iran counts it from Saturday; the times say their format and their zone", () => {
	const collection = /** @type {Property} */ (description.properties.find((property) => property.name === 'additionalFields'));
	const window = /** @type {any} */ (/** @type {Property[]} */ (collection.options).find((option) => option.name === 'sendWindow'));
	const [from, until, days] = window.options[0].values;
	expect(days.options.map((/** @type {{ name: string, value: string }} */ day) => [day.name, day.value])).toEqual(WEEK.map((day) => [day[0].toUpperCase() + day.slice(1), day]));
	for (const time of [from, until]) expect(time.hint).toBe('24-hour HH:MM (Persian digits too), in the zone of Settings → Time Zone');
	expect(window.description).toContain('in the zone of Settings → Time Zone');
});
