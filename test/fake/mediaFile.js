'use strict';
/** Reading an upload: the parts of a multipart body, and what a file's bytes say it is. */

const MB = 1024 * 1024;

/**
 * The parts of a `multipart/form-data` body: [{ name, filename, contentType, data }], `data`
 * a view into the body (no copy). Empty when the body has no boundary or no parts.
 * @param {Buffer} raw
 * @param {string | undefined} contentTypeHeader
 */
function parseMultipart(raw, contentTypeHeader) {
	const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentTypeHeader ?? '');
	if (!boundary) return [];
	const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
	const parts = [];
	let start = raw.indexOf(delimiter);
	while (start !== -1) {
		const afterDelimiter = start + delimiter.length;
		if (raw.toString('latin1', afterDelimiter, afterDelimiter + 2) === '--') break;
		const next = raw.indexOf(delimiter, afterDelimiter);
		if (next === -1) break;
		// A part sits between the CRLF ending one delimiter line and the CRLF before the next delimiter.
		const part = raw.subarray(afterDelimiter + 2, next - 2);
		const headerEnd = part.indexOf('\r\n\r\n');
		if (headerEnd === -1) break;
		const headers = part.toString('utf8', 0, headerEnd);
		const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
		parts.push({
			name: /\bname="([^"]*)"/i.exec(disposition)?.[1],
			filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
			contentType: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1].trim(),
			data: part.subarray(headerEnd + 4),
		});
		start = next;
	}
	return parts;
}

/** What the service takes, recognised by the first bytes (docs/kavenegar-api.md, `media/upload`). */
/** @param {Buffer} data */
function mediaKind(data) {
	if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
		return { mimeType: 'image/jpeg', extension: 'jpg', maxBytes: 10 * MB, video: false };
	}
	if (/^GIF8[79]a$/.test(data.toString('latin1', 0, 6))) {
		return { mimeType: 'image/gif', extension: 'gif', maxBytes: 10 * MB, video: false };
	}
	if (data.toString('latin1', 4, 8) === 'ftyp' && data.toString('latin1', 8, 12) !== 'qt  ') {
		return { mimeType: 'video/mp4', extension: 'mp4', maxBytes: 20 * MB, video: true };
	}
	return undefined;
}

/** The ISO boxes [{ type, start, end }] laid out in data[from, to). */
/**
 * @param {Buffer} data
 * @param {number} from
 * @param {number} to
 */
function boxes(data, from, to) {
	const found = [];
	let offset = from;
	while (offset + 8 <= to) {
		let size = data.readUInt32BE(offset);
		let header = 8;
		if (size === 1) {
			size = Number(data.readBigUInt64BE(offset + 8));
			header = 16;
		} else if (size === 0) {
			size = to - offset;
		}
		if (size < header || offset + size > to) break;
		found.push({ type: data.toString('latin1', offset + 4, offset + 8), start: offset + header, end: offset + size });
		offset += size;
	}
	return found;
}

/** A video's length in seconds from its `moov/mvhd` box; undefined when the file has none. */
/** @param {Buffer} data */
function mp4DurationSeconds(data) {
	const moov = boxes(data, 0, data.length).find((box) => box.type === 'moov');
	const mvhd = moov && boxes(data, moov.start, moov.end).find((box) => box.type === 'mvhd');
	if (!mvhd) return undefined;
	const version = data[mvhd.start];
	// version 0: 4-byte creation and modification times and duration; version 1: 8-byte ones.
	const timescale = data.readUInt32BE(mvhd.start + (version === 1 ? 20 : 12));
	const duration = version === 1 ? Number(data.readBigUInt64BE(mvhd.start + 24)) : data.readUInt32BE(mvhd.start + 16);
	return timescale > 0 ? duration / timescale : undefined;
}

module.exports = { parseMultipart, mediaKind, mp4DurationSeconds };
