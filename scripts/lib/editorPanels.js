'use strict';
/*
 * What the editor check (scripts/editorCheck.js) expects each node panel to show, computed from the
 * node descriptions with n8n-workflow's own NodeHelpers: the panels to open (every resource and
 * operation of the node's newest version, every trigger event, the tool variant, a saved version 1
 * node) and, for each, the fields, notices and credentials the description displays for that
 * choice. The editor hides some fields of its own accord (one it takes for the node's
 * authentication selector): those stay expected here, since the user needs them.
 */

/** @typedef {import('n8n-workflow').INodeTypeDescription} Description */
/** @typedef {import('n8n-workflow').INodeProperties} Property */
/** @typedef {import('n8n-workflow').INodeParameters} Parameters */
/** @typedef {{ NodeHelpers: typeof import('n8n-workflow').NodeHelpers }} Workflow the n8n-workflow of the n8n under test */
/**
 * One node to open: its panel is expected to show what its description displays for `parameters`.
 * @typedef {{ name: string, type: string, typeVersion: number, parameters: Parameters, what: string, connectTo?: string }} Panel
 */

const SWITCH_TYPES = new Set(['options', 'boolean']);

/** @param {number | number[]} version */
function newest(version) {
	return Array.isArray(version) ? Math.max(...version) : version;
}

/**
 * @param {Workflow} workflow
 * @param {Description} description
 * @param {number} typeVersion
 * @param {Parameters} parameters
 */
function nodeOf(workflow, description, typeVersion, parameters) {
	const node = { id: 'panel', name: 'panel', type: description.name, typeVersion, position: /** @type {[number, number]} */ ([0, 0]), parameters };
	const values = /** @type {Parameters} */ (workflow.NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node, description));
	return { node: { ...node, parameters: values }, values };
}

/**
 * The top-level properties and credentials the description displays for these parameters, with the
 * parameters as n8n completes them (defaults filled in).
 * @param {Workflow} workflow
 * @param {Description} description
 * @param {number} typeVersion
 * @param {Parameters} parameters
 */
function displayed(workflow, description, typeVersion, parameters) {
	const { node, values } = nodeOf(workflow, description, typeVersion, parameters);
	const shown = (/** @type {Property} */ property) => workflow.NodeHelpers.displayParameter(values, property, node, description);
	const properties = description.properties.filter((property) => property.type !== 'hidden' && shown(property));
	const credentials = (description.credentials ?? []).filter((credential) => workflow.NodeHelpers.displayParameter(values, /** @type {Property} */ (/** @type {unknown} */ (credential)), node, description));
	return { values, properties, credentials, node };
}

/**
 * The options of a collection the Add list offers for these values (n8n's displayParameterPath with
 * the collection's path, as the editor asks it).
 * @param {Workflow} workflow
 * @param {ReturnType<typeof displayed>} shown
 * @param {Property} collection
 * @returns {Property[]}
 */
function collectionOptions(workflow, shown, collection) {
	const options = /** @type {Property[]} */ (collection.options ?? []).filter((option) => 'type' in option);
	return options.filter((option) =>
		workflow.NodeHelpers.displayParameterPath(shown.values, option, collection.name, shown.node, null),
	);
}

/**
 * Variants of a choice: each other value of a top-level switch (an options or boolean field other
 * than resource, operation and event) that another displayed field's display depends on.
 * @param {Workflow} workflow
 * @param {Description} description
 * @param {number} typeVersion
 * @param {Parameters} parameters
 * @returns {Parameters[]}
 */
function variants(workflow, description, typeVersion, parameters) {
	const { properties, values } = displayed(workflow, description, typeVersion, parameters);
	const dependedOn = new Set(
		description.properties.flatMap((property) => [
			...Object.keys(property.displayOptions?.show ?? {}),
			...Object.keys(property.displayOptions?.hide ?? {}),
		]),
	);
	for (const credential of description.credentials ?? []) for (const name of Object.keys(credential.displayOptions?.show ?? {})) dependedOn.add(name);
	/** @type {Parameters[]} */
	const found = [];
	for (const property of properties) {
		if (!SWITCH_TYPES.has(property.type) || !dependedOn.has(property.name) || property.name in parameters) continue;
		const choices = property.type === 'boolean' ? [true, false] : /** @type {{ value: string | number }[]} */ (property.options ?? []).map((option) => option.value);
		for (const value of choices) if (value !== values[property.name]) found.push({ ...parameters, [property.name]: value });
	}
	return found;
}

/**
 * A choice in the words of the panel: the options' names, a switch's label and value.
 * @param {Workflow} workflow
 * @param {Description} description
 * @param {number} typeVersion
 * @param {Parameters} parameters
 */
function describe(workflow, description, typeVersion, parameters) {
	const { properties } = displayed(workflow, description, typeVersion, parameters);
	return Object.entries(parameters)
		.map(([name, value]) => {
			const property = properties.find((candidate) => candidate.name === name);
			const option = /** @type {{ name: string, value: unknown }[]} */ (property?.options ?? []).find((candidate) => candidate.value === value);
			return ['resource', 'operation', 'event'].includes(name) && option ? option.name : `${property?.displayName ?? name}: ${option ? option.name : JSON.stringify(value)}`;
		})
		.join(', ');
}

/**
 * Every choice of a node version: the values of its first switches (resource → operation, or
 * event), then each variant of those.
 * @param {Workflow} workflow
 * @param {Description} description
 * @param {number} typeVersion
 * @returns {Parameters[]}
 */
function choices(workflow, description, typeVersion) {
	/** @type {Parameters[]} */
	let chosen = [{}];
	for (const name of ['resource', 'operation', 'event']) {
		/** @type {Parameters[]} */
		const next = [];
		for (const parameters of chosen) {
			const { properties } = displayed(workflow, description, typeVersion, parameters);
			const field = properties.find((property) => property.name === name && property.type === 'options');
			if (!field) next.push(parameters);
			else for (const option of /** @type {{ value: string }[]} */ (field.options)) next.push({ ...parameters, [name]: option.value });
		}
		chosen = next;
	}
	return chosen.flatMap((parameters) => [parameters, ...variants(workflow, description, typeVersion, parameters)]);
}

/**
 * The options of an options field the editor offers for these values: n8n leaves out an option whose
 * own displayOptions hide it (as the tool variant's Verify leaves out Check Code).
 * @param {Workflow} workflow
 * @param {ReturnType<typeof displayed>} shown
 * @param {Property} property
 * @param {Description} description
 * @returns {{ offered: import('n8n-workflow').INodePropertyOptions[], hidden: import('n8n-workflow').INodePropertyOptions[] }}
 */
function listOptions(workflow, shown, property, description) {
	const options = /** @type {import('n8n-workflow').INodePropertyOptions[]} */ (property.options ?? []);
	const isOffered = (/** @type {import('n8n-workflow').INodePropertyOptions} */ option) =>
		!option.displayOptions || workflow.NodeHelpers.displayParameter(shown.values, /** @type {Property} */ (/** @type {unknown} */ (option)), shown.node, description);
	return { offered: options.filter(isOffered), hidden: options.filter((option) => !isOffered(option)) };
}

/**
 * The panels the check opens, from the descriptions the editor serves (n8n's /types/nodes.json).
 * @param {Workflow} workflow
 * @param {Description[]} descriptions the package's node types, tool variant included
 * @param {{ versionOne?: { type: string, parameters: Parameters }, agentType?: string }} extra a saved
 *   version 1 node of the main node, and the AI agent node type a tool variant connects to
 * @returns {Panel[]}
 */
function panelsOf(workflow, descriptions, { versionOne, agentType } = {}) {
	/** @type {Panel[]} */
	const panels = [];
	for (const description of descriptions) {
		const typeVersion = newest(description.version);
		const short = description.displayName;
		if (/Tool$/.test(description.name)) {
			// As an AI agent adds it: one tool node connected to an agent, its default choice.
			panels.push({ name: `${short}, as a tool`, type: description.name, typeVersion, parameters: {}, what: `${short} v${typeVersion} as an AI agent's tool`, connectTo: agentType });
			// And each resource whose Operation list a tool shortens, so the check sees the option left out.
			for (const resource of shortenedForTools(workflow, description, typeVersion)) {
				panels.push({ name: `${short}, as a tool: ${resource}`, type: description.name, typeVersion, parameters: { resource }, what: `${short} v${typeVersion} as an AI agent's tool, resource ${resource}`, connectTo: agentType });
			}
			continue;
		}
		for (const parameters of choices(workflow, description, typeVersion)) {
			const what = describe(workflow, description, typeVersion, parameters);
			panels.push({ name: `${short}: ${what || 'default'}`.slice(0, 120), type: description.name, typeVersion, parameters, what: `${short} v${typeVersion}: ${what || 'as added'}` });
		}
		if (versionOne && versionOne.type === description.name && newest(description.version) > 1) {
			panels.push({ name: `${short}, saved as version 1`, type: description.name, typeVersion: 1, parameters: versionOne.parameters, what: `${short} v1 as saved: ${describe(workflow, description, 1, versionOne.parameters)}` });
		}
	}
	return panels;
}

/**
 * The resources whose Operation picker hides an option from this description.
 * @param {Workflow} workflow
 * @param {Description} description
 * @param {number} typeVersion
 * @returns {string[]}
 */
function shortenedForTools(workflow, description, typeVersion) {
	const pickers = description.properties.filter((property) => property.name === 'operation' && property.type === 'options');
	return pickers
		.flatMap((picker) => /** @type {string[]} */ (picker.displayOptions?.show?.resource ?? []).map((resource) => ({ picker, resource })))
		.filter(({ picker, resource }) => listOptions(workflow, displayed(workflow, description, typeVersion, { resource }), picker, description).hidden.length > 0)
		.map(({ resource }) => resource);
}

module.exports = { panelsOf, displayed, collectionOptions, listOptions, newest };
