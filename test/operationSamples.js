'use strict';
/**
 * What a run of each operation needs, found from the node's description: sample values by parameter
 * name, values that break a check of the node, and input items carrying what their requests need
 * from the fake's state. The walk over every operation (everyOperation.test.js) and the run through
 * Engine 2.0's adapter (scripts/engine2.js) share them.
 */
const { NodeHelpers } = require('n8n-workflow');
const { binaryItem, jpeg } = require('./mediaSamples');

/**
 * Values by parameter name, for parameters whose default does not make a valid request. What must
 * differ between items or runs (a template to delete, a new name) comes from the item (see `items`).
 * @type {Record<string, import('n8n-workflow').NodeParameterValueType>}
 */
const SAMPLES = {
	recipients: '={{ $json.phone }}',
	callRecipients: '={{ $json.phone }}',
	phoneNumbers: '={{ $json.phone }}',
	recipient: '={{ $json.phone }}',
	message: 'Hello',
	spokenMessage: 'Hello',
	messages: { message: [{ recipient: '={{ $json.phone }}', sender: '10004346', message: 'Hello' }] },
	messageIds: '={{ $json.messageId }}',
	localIds: '={{ $json.localId }}',
	lineNumber: '30004000',
	startDate: '={{ $json.startDate }}',
	templateId: '={{ $json.templateId }}',
	sourceTemplateId: '={{ $json.templateId }}',
	name: '={{ $json.newName }}',
	newTemplateName: '={{ $json.newName }}',
	textMessage: 'Your code: %token',
	template: 'otp',
	value: '1234',
	mediaId: '={{ $json.mediaId }}',
	settings: { apilogs: 'enabled' },
};

/**
 * Input that breaks a check of the node for one item, by parameter name: an operation with one of
 * these parameters is also run with a bad second item that only the node's own checks catch.
 * @type {Record<string, string>}
 */
const BAD = {
	recipients: 'not-a-number',
	callRecipients: 'not-a-number',
	phoneNumbers: 'not-a-number',
	recipient: 'not-a-number',
	messageIds: 'abc',
	localIds: 'abc',
	templateId: 'abc',
	mediaId: '1234',
};

/**
 * @param {import('n8n-workflow').INodeProperties[]} properties
 * @param {import('n8n-workflow').INodeProperties} property
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {number} typeVersion
 */
function isShown(properties, property, parameters, typeVersion) {
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	const valueOf = (/** @type {string} */ name) => {
		const own = parameters[name.replace(/^\//, '')];
		if (own !== undefined) return own;
		return properties.find((candidate) => candidate.name === name.replace(/^\//, ''))?.default;
	};
	const shown = Object.entries(show).every(([name, values]) =>
		name === '@version' ? NodeHelpers.checkConditions(values ?? [], [typeVersion]) : (values ?? []).includes(/** @type {any} */ (valueOf(name))),
	);
	const hidden = Object.entries(hide).some(([name, values]) => (values ?? []).includes(/** @type {any} */ (valueOf(name))));
	return shown && !hidden;
}

/**
 * The parameters of one operation: its displayed parameters from SAMPLES, the rest at their defaults.
 * @param {import('n8n-workflow').INodeProperties[]} properties
 * @param {{ resource: string, operation: string, typeVersion: number }} which
 * @returns {{ parameters: import('n8n-workflow').INodeParameters, shown: string[] }}
 */
function parametersFor(properties, { resource, operation, typeVersion }) {
	/** @type {import('n8n-workflow').INodeParameters} */
	const parameters = { resource, operation };
	const shown = [];
	for (const property of properties) {
		if (property.name in parameters || !isShown(properties, property, parameters, typeVersion)) continue;
		shown.push(property.name);
		if (property.name in SAMPLES) parameters[property.name] = SAMPLES[property.name];
		else if (property.required && (property.default === '' || property.default === undefined)) {
			throw new Error(`${resource} → ${operation}: add a sample value for the required parameter "${property.name}" to SAMPLES`);
		}
	}
	return { parameters, shown };
}

let serial = 0;
/**
 * Every operation the node offers: each option of each Operation field, with each resource the
 * field is shown for.
 * @param {import('n8n-workflow').INodeProperties[]} properties
 */
function operationsOf(properties) {
	return properties
		.filter((property) => property.name === 'operation' && property.type === 'options')
		.flatMap((property) =>
			(property.displayOptions?.show?.resource ?? []).flatMap((resource) =>
				(property.options ?? []).map((option) => ({ resource: String(resource), operation: String(/** @type {any} */ (option).value) })),
			),
		);
}

/** What every run takes from the fake's state, once: the template SAMPLES name. */
function prepareFake(/** @type {import('./fakeKavenegar').FakeKavenegar} */ fake) {
	fake.addApprovedTemplate('otp', 'Code %token');
}

/**
 * Two input items, each with what its request needs from the fake's state, fresh for every run.
 * @param {import('./fakeKavenegar').FakeKavenegar} fake
 * @returns {import('n8n-workflow').INodeExecutionData[]}
 */
function sampleItems(fake) {
	return [0, 1].map(() => {
		serial++;
		const template = fake.addApprovedTemplate(`every${serial}src`, 'Code %token');
		const [media] = fake.seedMedia(1);
		const json = {
			phone: `0912${String(8_000_000 + serial).padStart(7, '0')}`,
			messageId: String(fake.nextMessageId - 1),
			localId: String(serial),
			startDate: new Date((Math.floor(Date.now() / 1000) - 3600) * 1000).toISOString(),
			templateId: String(template.id),
			newName: `every${serial}new`,
			mediaId: media.id,
		};
		// The fake refuses a file it already holds: each item's file differs.
		return binaryItem(jpeg(100 + serial), { mimeType: 'image/jpeg', fileName: 'photo.jpg', json });
	});
}

/**
 * The parameters with `name` set to its BAD value for the items whose json has `bad: true`, and to its sample for the others.
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {string} name
 */
function withBadValue(parameters, name) {
	return { ...parameters, [name]: `={{ $json.bad ? ${JSON.stringify(BAD[name])} : ${JSON.stringify(SAMPLES[name]).replace(/^"=\{\{ (.*) \}\}"$/, '$1')} }}` };
}

/**
 * How many requests one item of an operation makes, where it is more than one: Get Reply reads
 * the inbox twice, its unread messages and its read ones.
 * @type {Record<string, number>}
 */
const REQUESTS_PER_ITEM = { 'sms → getReply': 2 };

module.exports = { SAMPLES, BAD, REQUESTS_PER_ITEM, operationsOf, parametersFor, prepareFake, sampleItems, withBadValue };
