/**
 * Node's FormData keeps the node's Blob-shaped view of the file; a FormData that insists on a
 * real Blob refuses it with a TypeError, and the node then appends a real Blob. This runs that
 * second path by making FormData refuse anything that is not a Blob, for this test only.
 */
const { useFake } = require('../../helpers');
const { jpeg, binaryItem } = require('../../mediaSamples');

const ctx = useFake();

test('Media → Upload: when FormData refuses the Blob-shaped view, a real Blob sends the exact bytes', async () => {
	const original = FormData.prototype.append;
	/** @type {string[]} */
	const refused = [];
	/**
	 * @this {FormData}
	 * @param {string} name
	 * @param {any} value
	 * @param {string} [fileName]
	 */
	function refusingAppend(name, value, fileName) {
		if (typeof value === 'object' && value !== null && !(value instanceof Blob)) {
			refused.push(name);
			throw new TypeError("Failed to execute 'append' on 'FormData': parameter 2 is not of type 'Blob'.");
		}
		return original.call(this, name, value, fileName);
	}
	FormData.prototype.append = refusingAppend;
	const content = jpeg(6000);
	let result;
	try {
		result = await ctx.run({ resource: 'media', operation: 'upload', binaryPropertyName: 'data' }, {
			items: [binaryItem(content, { mimeType: 'image/jpeg', fileName: 'fallback.jpg' })],
		});
	} finally {
		FormData.prototype.append = original;
	}
	const { items, error } = result;
	expect(error).toBeUndefined();
	expect(refused).toEqual(['File']);
	expect(ctx.fake.requests).toHaveLength(1);
	const [request] = ctx.fake.requests;
	expect(request).toMatchObject({ method: 'POST', operation: 'media/upload', contentType: 'multipart/form-data' });
	expect(request.parts).toHaveLength(1);
	expect(request.parts?.[0]).toMatchObject({ name: 'File', filename: 'fallback.jpg', contentType: 'image/jpeg' });
	expect(request.parts?.[0].data.equals(content)).toBe(true);
	expect(items).toEqual([
		{
			json: expect.objectContaining({ name: 'fallback.jpg', mime_type: 'image/jpeg', extension: 'jpg', size: content.length, status: 0 }),
			pairedItem: { item: 0 },
		},
	]);
});
