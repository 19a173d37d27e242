'use strict';
/**
 * Small media files built in the tests, valid as far as the node and the fake read them: the first
 * bytes (magic numbers) and, for MP4, the `moov/mvhd` box that holds the video's length.
 */

/** A JPEG: SOI, a JFIF APP0 segment, `padTo` bytes in all when asked, then EOI. */
function jpeg(padTo = 0) {
	const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
	const end = Buffer.from([0xff, 0xd9]);
	const filler = Math.max(0, padTo - head.length - end.length);
	return Buffer.concat([head, Buffer.alloc(filler, 0x20), end]);
}

/** A 1×1 GIF89a. */
function gif() {
	return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}

/**
 * @param {string} type
 * @param {...Buffer} payload
 */
function box(type, ...payload) {
	const body = Buffer.concat(payload);
	const header = Buffer.alloc(8);
	header.writeUInt32BE(8 + body.length);
	header.write(type, 4, 'latin1');
	return Buffer.concat([header, body]);
}

/**
 * An MP4: `ftyp`, then `moov` holding an `mvhd` (version 0 or 1) with the given timescale and
 * duration, then an `mdat` of `mdatBytes` to reach a size.
 */
function mp4({ seconds = 10, timescale = 1000, version = 0, mdatBytes = 16, brand = 'isom' } = {}) {
	const ftyp = box('ftyp', Buffer.from(`${brand}\0\0\x02\0isomiso2mp41`, 'latin1'));
	const duration = Math.round(seconds * timescale);
	const times = Buffer.alloc(version === 1 ? 28 : 16);
	if (version === 1) {
		times.writeUInt32BE(timescale, 16);
		times.writeBigUInt64BE(BigInt(duration), 20);
	} else {
		times.writeUInt32BE(timescale, 8);
		times.writeUInt32BE(duration, 12);
	}
	const mvhd = box('mvhd', Buffer.from([version, 0, 0, 0]), times, Buffer.alloc(80));
	return Buffer.concat([ftyp, box('moov', mvhd), box('mdat', Buffer.alloc(mdatBytes))]);
}

/**
 * An n8n input item carrying `content` as binary property `property`, as n8n keeps it in memory.
 * @param {Buffer} content
 * @param {{ mimeType?: string, fileName?: string, property?: string, json?: import('n8n-workflow').IDataObject }} [options]
 * @returns {import('n8n-workflow').INodeExecutionData} its mimeType may be missing, as in an item some nodes give
 */
function binaryItem(content, { mimeType, fileName, property = 'data', json = {} } = {}) {
	/** @type {{ data: string, mimeType?: string, fileName?: string, fileExtension?: string }} */
	const binary = { data: content.toString('base64'), mimeType };
	if (fileName !== undefined) {
		binary.fileName = fileName;
		binary.fileExtension = fileName.split('.').pop();
	}
	return /** @type {import('n8n-workflow').INodeExecutionData} */ ({ json, binary: { [property]: binary } });
}

const MB = 1024 * 1024;

module.exports = { jpeg, gif, mp4, binaryItem, MB };
