'use strict';
/** Measure "upload" (a child process): Media → Upload of a 20 MB MP4, peak RSS growth over the file size. */
const { API_KEY, NODE_FILE, harness, mb, ms, peakDuring, row, runOrThrow, startFakeProcess, verdict } = require('./common');

const MP4_BYTES = 20_000_000;

/**
 * The smallest MP4 a checker accepts: `ftyp`, `moov/mvhd` with a 30 s duration, then an `mdat`
 * box of zeros up to `size` bytes. Returned as base64, the form n8n keeps binary data in memory.
 * @param {number} size
 */
function mp4Base64(size) {
	const box = (/** @type {string} */ type, /** @type {Buffer} */ payload) => {
		const header = Buffer.alloc(8);
		header.writeUInt32BE(8 + payload.length, 0);
		header.write(type, 4, 'latin1');
		return Buffer.concat([header, payload]);
	};
	const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')]));
	const mvhd = Buffer.alloc(100);
	mvhd.writeUInt32BE(1000, 12); // timescale: 1000 units per second
	mvhd.writeUInt32BE(30_000, 16); // duration: 30 s
	mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
	mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
	for (const [index, value] of [[0, 0x00010000], [4, 0x00010000], [8, 0x40000000]]) mvhd.writeUInt32BE(value, 36 + index * 4);
	mvhd.writeUInt32BE(2, 96); // next track id
	const moov = box('moov', box('mvhd', mvhd));
	const file = Buffer.alloc(size);
	let offset = ftyp.copy(file, 0);
	offset += moov.copy(file, offset);
	file.writeUInt32BE(size - offset, offset);
	file.write('mdat', offset + 4, 'latin1');
	return file.toString('base64');
}

/**
 * @param {string} base64
 * @param {number} size
 */
function binaryItem(base64, size) {
	return {
		json: {},
		binary: { data: { data: base64, mimeType: 'video/mp4', fileName: 'bench.mp4', fileExtension: 'mp4', fileSize: `${size} B` } },
	};
}

function uploadOperationExists() {
	const { Kavenegar } = require(NODE_FILE);
	/** @type {import('n8n-workflow').INodeProperties[]} */
	const properties = new Kavenegar().description.properties;
	return properties.some(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('media') && p.options?.some((o) => 'value' in o && o.value === 'upload'),
	);
}

/** 4. (child) Media → Upload of a 20 MB MP4: peak RSS growth over the file size. */
async function benchUpload() {
	if (!uploadOperationExists()) return [row('upload 20 MB MP4: peak RSS growth', 'not available yet (no Media → Upload)', '≤ 2× file', '—')];
	const fake = await startFakeProcess();
	const credentials = { apiKey: API_KEY, baseUrl: fake.url };
	const parameters = { resource: 'media', operation: 'upload', binaryPropertyName: 'data' };
	try {
		const small = 1_000_000;
		await runOrThrow('upload warm-up', { parameters, items: [binaryItem(mp4Base64(small), small)], credentials }, 1);
		// The input item, base64 in memory as n8n holds it, exists before the node runs.
		const items = [binaryItem(mp4Base64(MP4_BYTES), MP4_BYTES)];
		const measured = await peakDuring(() => runOrThrow('upload', { parameters, items, credentials }, 1));
		const ratio = measured.rssGrowth / MP4_BYTES;
		return [
			row('upload 20 MB MP4: time', ms(measured.ms)),
			row('upload: peak RSS growth (sampled + maxRSS)', mb(measured.rssGrowth)),
			row('upload: peak RSS growth / file size', `${ratio.toFixed(2)}×`, '≤ 2×', verdict(ratio <= 2)),
		];
	} finally {
		fake.stop();
		harness().shutdownEngine();
	}
}

module.exports = { benchUpload };
