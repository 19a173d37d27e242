import type { Envelope } from './envelope';

/** Whether `sms/inboxpaged`'s `metadata` says that pages follow the one it answered. */
export function morePagesAfter(envelope: Envelope): boolean {
	const { metadata } = envelope;
	return !!metadata && Number(metadata.currentpage) < Number(metadata.totalpages);
}
