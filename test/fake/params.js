'use strict';
/** Parameter readers: each one throws the service's own error code for a bad value. */
const { MESSAGES_FA, fail } = require('./service');

/** @param {unknown} value */
function list(value) {
	return String(value ?? '')
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean);
}

/**
 * @param {string | undefined} value
 * @param {number} [code]
 */
function unixTime(value, code = 417) {
	if (value === undefined || value === '') return undefined;
	if (!/^\d{10}$/.test(value)) fail(code, `${MESSAGES_FA[417]} (${value})`);
	return Number(value);
}

/**
 * @param {string} value
 * @param {string} name
 * @returns {unknown[]}
 */
function jsonArray(value, name) {
	let parsed;
	try {
		parsed = JSON.parse(value);
	} catch {
		fail(400, `${name} must be a JSON array`);
	}
	if (!Array.isArray(parsed)) fail(400, `${name} must be a JSON array`);
	return parsed;
}

const LONG_MAX = (1n << 63n) - 1n;

/** A local ID is a Long: digits that fit a signed 64-bit integer, compared as a number. */
/**
 * @param {unknown} value
 * @param {string} name
 */
function long(value, name) {
	const text = String(value).trim();
	if (!/^\d{1,19}$/.test(text) || BigInt(text) > LONG_MAX) fail(400, `${name} must be a Long (${value})`);
	return BigInt(text).toString();
}

/** Array<Long> read from its JSON text, so that an ID above 2^53 keeps every digit. */
/**
 * @param {string} value
 * @param {string} name
 */
function longArray(value, name) {
	if (!/^\s*\[\s*("?\d+"?\s*(,\s*"?\d+"?\s*)*)?\]\s*$/.test(value)) fail(400, `${name} must be a JSON array of Longs`);
	return [...value.matchAll(/\d+/g)].map((match) => long(match[0], name));
}

/** @param {string} value */
function phone(value) {
	if (!/^\+?\d{4,15}$/.test(value)) fail(411, `${MESSAGES_FA[411]} (${value})`);
	return value;
}

/** A numeric choice read from the wire, such as a template's send method. */
/**
 * @param {string} value
 * @param {number[]} allowed
 * @param {string} name
 */
function oneOf(value, allowed, name) {
	const number = Number(value);
	if (!/^\d+$/.test(String(value)) || !allowed.includes(number)) fail(400, `${name} must be one of ${allowed.join(', ')}`);
	return number;
}

/** An Integer parameter such as the display type: digits only, as the contract types it. */
/**
 * @param {string} value
 * @param {string} name
 */
function integer(value, name) {
	if (!/^\d+$/.test(String(value))) fail(400, `${name} must be an integer (${value})`);
	return Number(value);
}

/** Array<Integer> read from its JSON text: numbers, not strings of digits. */
/**
 * @param {string} value
 * @param {string} name
 */
function integerArray(value, name) {
	const parsed = /** @type {number[]} */ (jsonArray(value, name));
	if (!parsed.every((item) => Number.isInteger(item) && item >= 0)) fail(400, `${name} must be a JSON array of integers`);
	return parsed;
}

/**
 * @param {string} value
 * @param {string} name
 */
function guid(value, name) {
	if (!GUID.test(value)) fail(400, `${name} must be a media file id (GUID)`);
	return value;
}

/**
 * @param {string} value
 * @param {string} name
 */
function byte01(value, name) {
	if (value !== '0' && value !== '1') fail(400, `${name} must be 0 or 1`);
	return value;
}

/**
 * @param {string} value
 * @param {string} name
 */
function countingNumber(value, name) {
	if (!/^\d+$/.test(value) || Number(value) < 1) fail(400, `${name} must be a whole number from 1`);
	return Number(value);
}

/** The contract's template name rule (`verify/addtemplate`): English, no spaces, no `_`. */
const TEMPLATE_NAME = /^[!-^`-~]+$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

module.exports = { list, unixTime, jsonArray, long, longArray, phone, oneOf, integer, integerArray, guid, byte01, countingNumber, TEMPLATE_NAME, GUID };
