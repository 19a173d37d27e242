import type { IBinaryData, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { invalidInput } from './rules/inputErrors';
import { quoted } from '../../allNodes/bidi';

const MB = 1024 * 1024;

interface MediaKind {
	mimeType: string;
	/** Other MIME types tools give the same kind of file. */
	aliases: string[];
	extension: string;
	label: string;
	maxBytes: number;
	/** Recognises the kind from the file's first bytes (its magic number). */
	startsLike(head: Buffer): boolean;
}

/** What Kavenegar takes (docs/kavenegar-api.md, `media/upload`): JPEG or GIF up to 10 MB, MP4 up to 20 MB. */
const MEDIA_KINDS: MediaKind[] = [
	{
		mimeType: 'image/jpeg',
		aliases: ['image/jpg', 'image/pjpeg'],
		extension: 'jpg',
		label: 'a JPEG image',
		maxBytes: 10 * MB,
		startsLike: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
	},
	{
		mimeType: 'image/gif',
		aliases: [],
		extension: 'gif',
		label: 'a GIF image',
		maxBytes: 10 * MB,
		startsLike: (head) => /^GIF8[79]a$/.test(head.toString('latin1', 0, 6)),
	},
	{
		mimeType: 'video/mp4',
		aliases: [],
		extension: 'mp4',
		label: 'an MP4 video',
		maxBytes: 20 * MB,
		// An ISO media file opens with its `ftyp` box; the QuickTime brand is a MOV file, not MP4.
		startsLike: (head) => head.toString('latin1', 4, 8) === 'ftyp' && head.toString('latin1', 8, 12) !== 'qt  ',
	},
];

const ACCEPTED = 'Kavenegar accepts JPEG or GIF images up to 10 MB and MP4 videos up to 20 MB';

/** Types that say nothing about the content, as files from a plain download often carry. */
const UNTYPED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** Exact bytes, because a file just over a limit would round to the limit itself in megabytes. */
function tooLarge(name: string, bytes: number, kind: MediaKind | undefined): string {
	const limit = kind ? `${kind.label} may be at most ${kind.maxBytes / MB} MB` : ACCEPTED;
	return `${quoted(name)} is ${bytes.toLocaleString('en-US')} bytes; ${limit}`;
}

function kindOfMimeType(mimeType: string): MediaKind | undefined {
	return MEDIA_KINDS.find((kind) => kind.mimeType === mimeType || kind.aliases.includes(mimeType));
}

/**
 * Checks what the binary's metadata says before its bytes are read, so a wrong or oversized
 * file fails without loading it; returns the kind it claims, if it claims one.
 */
function checkMetadata(context: IExecuteSingleFunctions, field: string, binary: IBinaryData, name: string) {
	const declared = String(binary.mimeType ?? '').split(';')[0].trim().toLowerCase();
	const claimed = kindOfMimeType(declared);
	if (!claimed && !UNTYPED.has(declared)) {
		throw invalidInput(context, field, `${quoted(name)} is ${declared}; ${ACCEPTED}`);
	}
	const ceiling = claimed?.maxBytes ?? Math.max(...MEDIA_KINDS.map((kind) => kind.maxBytes));
	if (typeof binary.bytes === 'number' && binary.bytes > ceiling) {
		throw invalidInput(context, field, tooLarge(name, binary.bytes, claimed));
	}
	return claimed;
}

/** The first bytes decide what the file is; a label that disagrees with them is an error too. */
function checkContent(
	context: IExecuteSingleFunctions,
	field: string,
	content: Buffer,
	name: string,
	claimed: MediaKind | undefined,
): MediaKind {
	const head = content.subarray(0, 12);
	const kind = MEDIA_KINDS.find((candidate) => candidate.startsLike(head));
	if (!kind) {
		throw invalidInput(context, field, `${quoted(name)} is not a JPEG, GIF or MP4 file (judged by its first bytes); ${ACCEPTED}`);
	}
	if (claimed && claimed !== kind) {
		throw invalidInput(context, field, `${quoted(name)} is labelled ${claimed.mimeType} but its content is ${kind.label}`);
	}
	if (content.length > kind.maxBytes) {
		throw invalidInput(context, field, tooLarge(name, content.length, kind));
	}
	return kind;
}

const STREAM_CHUNK = 64 * 1024;

/**
 * The file as a Blob-shaped view of n8n's buffer, streamed out in 64 KB views of it. A real
 * Blob would copy the file once when made and once more when the HTTP client reads it (Node 20
 * hands a Blob's stream out as one chunk of the whole file): for a 20 MB video, 40 MB more.
 */
function blobView(content: Buffer, type: string): Blob {
	return {
		size: content.length,
		type,
		[Symbol.toStringTag]: 'Blob',
		stream() {
			let offset = 0;
			return new ReadableStream<Uint8Array>({
				pull(controller) {
					if (offset >= content.length) return controller.close();
					controller.enqueue(content.subarray(offset, (offset += STREAM_CHUNK)));
				},
			});
		},
		async arrayBuffer() {
			return new Uint8Array(content).buffer;
		},
	} as unknown as Blob;
}

/** Node's FormData keeps a Blob-shaped object as it is; a FormData that wants a real Blob gets one. */
function appendFile(form: FormData, part: string, content: Buffer, type: string, fileName: string): void {
	try {
		form.append(part, blobView(content, type), fileName);
	} catch {
		// Refused as not a Blob: the real one costs a copy. n8n's buffers are never shared memory;
		// the DOM typing only allows for it.
		form.append(part, new Blob([content as Uint8Array<ArrayBuffer>], { type }), fileName);
	}
}

/**
 * A preSend that sends the item's binary file as the multipart part `part`, checked against what
 * the service takes first. Node's own FormData keeps the node free of runtime dependencies, and
 * the file is not copied on its way out: the HTTP client reads it from n8n's buffer.
 */
export function sendMediaFileAsMultipart(binaryPropertyParameter: string, field: string, part: string) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const property = String(this.getNodeParameter(binaryPropertyParameter)).trim();
		const binary = this.helpers.assertBinaryData(property);
		const name = binary.fileName ?? property;
		const claimed = checkMetadata(this, field, binary, name);
		const content = await this.helpers.getBinaryDataBuffer(property);
		const kind = checkContent(this, field, content, name, claimed);

		const form = new FormData();
		appendFile(form, part, content, kind.mimeType, binary.fileName ?? `${property}.${kind.extension}`);
		requestOptions.body = form;
		// The multipart boundary belongs in the Content-Type, so the HTTP client must write it.
		for (const header of Object.keys(requestOptions.headers ?? {})) {
			if (header.toLowerCase() === 'content-type') delete requestOptions.headers?.[header];
		}
		return requestOptions;
	};
}
