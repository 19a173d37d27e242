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

test('each send offers the same field; its hours show as soon as it is added, 08:00 to 21:00 every day', () => {
	const collection = /** @type {Property} */ (description.properties.find((property) => property.name === 'additionalFields'));
	const windows = /** @type {Property[]} */ (collection.options)
		.filter((option) => option.name === 'sendWindow')
		.map(({ displayOptions, ...field }) => field);
	expect(windows).toHaveLength(OFFERED.length);
	for (const other of windows) expect(other).toEqual(windows[0]);
	const [window] = windows;
	expect(window).toMatchObject({ displayName: 'Send Window', type: 'fixedCollection', default: { hours: {} } });
	const hours = /** @type {any} */ (window.options)[0];
	expect(Object.fromEntries(hours.values.map((/** @type {Property} */ field) => [field.displayName, field.default]))).toEqual({
		Days: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
		From: '08:00',
		Until: '21:00',
	});
});
