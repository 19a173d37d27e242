const { useFake } = require('../../helpers');
const { jpeg, gif, mp4, binaryItem, MB } = require('../../mediaSamples');

const ctx = useFake();
/** @param {import('n8n-workflow').INodeParameters} [extra] */
const upload = (extra) => ({ resource: 'media', operation: 'upload', binaryPropertyName: 'data', ...extra });
/**
 * @param {import('n8n-workflow').INodeExecutionData} item
 * @param {import('n8n-workflow').INodeParameters} [extra]
 */
const runUpload = (item, extra) => ctx.run(upload(extra), { items: [item] });

/**
 * A bad file: the error names the field and the limit, and nothing reached the service.
 * @param {import('n8n-workflow').INodeExecutionData} item
 * @param {string} message
 * @param {import('n8n-workflow').INodeParameters} [extra]
 */
async function expectRejectedBeforeSending(item, message, extra) {
	const { items, error } = await runUpload(item, extra);
	expect(items).toEqual([]);
	expect(error?.message).toBe(message);
	expect(ctx.fake.requests).toHaveLength(0);
}

/**
 * MP4 bytes of exactly `size` bytes: the boxes plus an `mdat` filling the rest.
 * @param {number} size
 * @param {Parameters<typeof mp4>[0]} [options]
 */
const mp4OfSize = (size, options) => mp4({ ...options, mdatBytes: size - mp4({ ...options, mdatBytes: 0 }).length });

const ACCEPTED = 'Kavenegar accepts JPEG or GIF images up to 10 MB and MP4 videos up to 20 MB';

describe('Media → Upload', () => {
	test.each([
		['photo.jpg', 'image/jpeg', jpeg(2048), 'jpg', null],
		['anim.gif', 'image/gif', gif(), 'gif', null],
		['clip.mp4', 'video/mp4', mp4({ seconds: 12.4 }), 'mp4', 12],
	])('posts %s as multipart part "File" with its name, type and exact bytes, and returns the media file', async (fileName, mimeType, content, extension, duration) => {
		const { items, error } = await runUpload(binaryItem(content, { mimeType, fileName }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests).toHaveLength(1);
		const [request] = ctx.fake.requests;
		expect(request).toMatchObject({ method: 'POST', operation: 'media/upload', contentType: 'multipart/form-data', query: {} });
		expect(request.parts).toHaveLength(1);
		expect(request.parts?.[0]).toMatchObject({ name: 'File', filename: fileName, contentType: mimeType });
		expect(request.parts?.[0].data.equals(content)).toBe(true);
		expect(items).toEqual([
			{
				json: {
					id: expect.stringMatching(/^[0-9a-f-]{36}$/),
					name: fileName,
					mime_type: mimeType,
					extension,
					size: content.length,
					duration,
					resolution: '',
					status: 0,
					status_desc: expect.any(String),
					review: { status: null, status_desc: null, reason: null, reason_desc: null },
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('reads the binary field the user names; an untyped file is sent with the type its bytes show', async () => {
		const content = jpeg(4096);
		const item = binaryItem(content, { mimeType: 'application/octet-stream', property: 'photo' });
		const { items, error } = await runUpload(item, { binaryPropertyName: 'photo' });
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].parts?.[0]).toMatchObject({ name: 'File', filename: 'photo.jpg', contentType: 'image/jpeg' });
		expect(ctx.fake.requests[0].parts?.[0].data.equals(content)).toBe(true);
		expect(items[0].json.mime_type).toBe('image/jpeg');
	});

	test('one upload per input item, each output paired with its input', async () => {
		const { items } = await ctx.run(upload(), {
			items: [
				binaryItem(jpeg(300), { mimeType: 'image/jpeg', fileName: 'a.jpg' }),
				binaryItem(mp4({ seconds: 3 }), { mimeType: 'video/mp4', fileName: 'b.mp4' }),
			],
		});
		expect(ctx.fake.requests).toHaveLength(2);
		expect(items.map((item) => [item.json.name, item.pairedItem.item])).toEqual([
			['a.jpg', 0],
			['b.mp4', 1],
		]);
	});

	test('a 20 MB video, the largest allowed, arrives whole', async () => {
		const content = mp4OfSize(20 * MB, { seconds: 59 });
		const { items, error } = await runUpload(binaryItem(content, { mimeType: 'video/mp4', fileName: 'long.mp4' }));
		expect(error).toBeUndefined();
		expect(ctx.fake.requests[0].parts?.[0].data.equals(content)).toBe(true);
		expect(items[0].json).toMatchObject({ size: 20 * MB, duration: 59 });
	});

	test.each([
		['a PNG by its label', binaryItem(Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'), { mimeType: 'image/png', fileName: 'shot.png' }), `Input Binary Field: "shot.png" is image/png; ${ACCEPTED}`],
		['a PNG by its bytes', binaryItem(Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'), { mimeType: 'application/octet-stream', fileName: 'shot.bin' }), `Input Binary Field: "shot.bin" is not a JPEG, GIF or MP4 file (judged by its first bytes); ${ACCEPTED}`],
		['a label its bytes contradict', binaryItem(gif(), { mimeType: 'image/jpeg', fileName: 'fake.jpg' }), 'Input Binary Field: "fake.jpg" is labelled image/jpeg but its content is a GIF image'],
		['a QuickTime movie', binaryItem(mp4({ brand: 'qt  ' }), { mimeType: 'application/octet-stream', fileName: 'clip.mov' }), `Input Binary Field: "clip.mov" is not a JPEG, GIF or MP4 file (judged by its first bytes); ${ACCEPTED}`],
		['an image over 10 MB', binaryItem(jpeg(10 * MB + 1), { mimeType: 'image/jpeg', fileName: 'big.jpg' }), 'Input Binary Field: "big.jpg" is 10,485,761 bytes; a JPEG image may be at most 10 MB'],
		['a video over 20 MB', binaryItem(mp4OfSize(20 * MB + 1), { mimeType: 'video/mp4', fileName: 'big.mp4' }), 'Input Binary Field: "big.mp4" is 20,971,521 bytes; an MP4 video may be at most 20 MB'],
	])('rejects %s before sending', async (_what, item, message) => {
		await expectRejectedBeforeSending(item, message);
	});

	test('the size in the binary\'s metadata is checked before its bytes are read', async () => {
		const item = binaryItem(gif(), { mimeType: 'image/gif', fileName: 'huge.gif' });
		/** @type {import('n8n-workflow').IBinaryKeyData} */ (item.binary).data.bytes = 12 * MB;
		await expectRejectedBeforeSending(item, 'Input Binary Field: "huge.gif" is 12,582,912 bytes; a GIF image may be at most 10 MB');
	});

	test('a missing binary field gets n8n\'s own message, before sending', async () => {
		await expectRejectedBeforeSending(
			{ json: {} },
			"This operation expects the node's input data to contain a binary file 'data', but none was found [item 0]",
		);
	});

	test.each(['status', '200'])('service upload errors (sent with HTTP %s) come with their meaning: 804 too long, 807 uploaded before', async (mode) => {
		ctx.fake.errorMode = mode;
		try {
			const long = await runUpload(binaryItem(mp4({ seconds: 61, version: 1 }), { mimeType: 'video/mp4', fileName: 'long.mp4' }));
			expect(long.items).toEqual([]);
			expect(long.error.name).toBe('NodeApiError');
			expect(long.error.message).toBe('Kavenegar error 804: "error 804" – video duration not allowed (at most 60 seconds)');

			const content = jpeg(777 + mode.length);
			expect((await runUpload(binaryItem(content, { mimeType: 'image/jpeg', fileName: 'once.jpg' }))).error).toBeUndefined();
			const again = await runUpload(binaryItem(content, { mimeType: 'image/jpeg', fileName: 'twice.jpg' }));
			expect(again.error.message).toBe('Kavenegar error 807: "error 807" – this file was already uploaded');
		} finally {
			ctx.fake.errorMode = 'status';
		}
	});
});
