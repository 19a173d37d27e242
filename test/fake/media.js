'use strict';
/** Media files for internal-messenger lines: `media/upload`, `list`, `delete` (docs/kavenegar-api.md). */
const crypto = require('node:crypto');
const { fail } = require('./service');
const { GUID, countingNumber } = require('./params');
const { mediaKind, mp4DurationSeconds } = require('./mediaFile');

/** @typedef {import('../fakeKavenegar').FakeKavenegar} FakeKavenegar */
/** @typedef {import('./service').Media} Media */

/** @type {Record<number, string>} */
const MEDIA_STATUS = { 0: 'در حال پردازش', 1: 'آماده', 2: 'خطا' };

/**
 * @param {FakeKavenegar} fake
 * @param {{ name: string, mime_type: string, extension: string, size: number, duration: number | null, status?: number, hash?: string }} media
 */
function storeMedia(fake, { name, mime_type, extension, size, duration, status = 0, hash }) {
	const media = { id: crypto.randomUUID(), name, mime_type, extension, size, duration, resolution: '', status, status_desc: MEDIA_STATUS[status], hash };
	fake.media.push(media);
	return mediaRow(media);
}

/** @param {Media} media */
function mediaRow(media) {
	const { hash, ...row } = media;
	return row;
}

/**
 * @param {FakeKavenegar} fake
 * @returns {import('./service').Operations}
 */
function operations(fake) {
	return {
		'media/upload': {
			methods: ['POST'],
			// Named so that a form-encoded `File` reaches the handler and gets the service's 800.
			params: ['File'],
			handle: (_p, record) => {
				const parts = record.parts ?? [];
				const unknown = parts.map((part) => part.name).filter((name) => name !== 'File');
				if (unknown.length) fail(400, `unknown parameter: ${unknown.join(', ')}`);
				const file = parts.find((part) => part.filename !== undefined);
				if (!file || file.data.length === 0) fail(800);
				const kind = mediaKind(file.data);
				if (!kind || file.contentType !== kind.mimeType) fail(801);
				if (file.data.length > kind.maxBytes) fail(802);
				const duration = kind.video ? mp4DurationSeconds(file.data) : null;
				if (duration === undefined) fail(801);
				if (duration !== null && duration > 60) fail(804);
				const hash = crypto.createHash('sha256').update(file.data).digest('hex');
				if (fake.media.some((media) => media.hash === hash)) fail(807);
				const row = storeMedia(fake, {
					name: /** @type {string} */ (file.filename),
					mime_type: kind.mimeType,
					extension: kind.extension,
					size: file.data.length,
					duration: duration === null ? null : Math.round(duration),
					hash,
				});
				return { ...row, review: { status: null, status_desc: null, reason: null, reason_desc: null } };
			},
		},
		'media/list': {
			methods: ['GET'],
			params: ['page', 'size'],
			handle: (p) => {
				const page = p.page === undefined ? 1 : countingNumber(p.page, 'page');
				const size = p.size === undefined ? 50 : countingNumber(p.size, 'size');
				const list = fake.media.slice((page - 1) * size, page * size).map(mediaRow);
				return { page, size, total: fake.media.length, list };
			},
		},
		'media/delete': {
			methods: ['DELETE'],
			params: ['id'],
			handle: (p) => {
				if (!p.id || !GUID.test(p.id)) fail(400, 'id must be a media file id (GUID)');
				const index = fake.media.findIndex((media) => media.id === p.id);
				if (index >= 0) fake.media.splice(index, 1);
				return { id: p.id, deleted: index >= 0 };
			},
		},
	};
}

module.exports = { operations, storeMedia };
