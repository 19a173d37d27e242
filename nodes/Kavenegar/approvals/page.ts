/*
 * The page an approval SMS links to. It is the only thing an approver sees, on a phone, so it is
 * small, readable without zoom and usable without JavaScript: a plain form that posts back to the
 * link it was opened from. Opening the link decides nothing (link previews and scanners open every
 * link they see); only the form's POST does (webhook.ts).
 */

export type PageContent =
	| { kind: 'approval'; message: string; approveLabel: string; declineLabel?: string }
	| { kind: 'freeText'; message: string; buttonLabel: string }
	| { kind: 'sent'; answer: string }
	| { kind: 'notRecorded'; reason: string };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** Text a person wrote (the message, the labels): escaped, its line breaks kept, its direction its own. */
function written(text: string): string {
	return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

const STYLE = `
body{margin:0;font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Tahoma,sans-serif;background:#f4f4f5;color:#18181b}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.2rem;margin:0 0 1rem}
.message{background:#fff;border-radius:.75rem;padding:1rem;margin:0 0 1.25rem;box-shadow:0 1px 2px #0001;overflow-wrap:anywhere}
form{display:flex;flex-direction:column;gap:.75rem}
button{font:inherit;font-weight:600;padding:.9rem;border-radius:.75rem;border:0;background:#2563eb;color:#fff}
button.secondary{background:#fff;color:#b91c1c;border:1px solid #d4d4d8}
textarea{font:inherit;padding:.75rem;border-radius:.75rem;border:1px solid #d4d4d8;min-height:7rem}
label{font-weight:600}
p.note{color:#52525b}`;

function document(title: string, body: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderPage(content: PageContent): string {
	switch (content.kind) {
		case 'approval':
			return document(
				'Approval requested',
				`<h1>Approval requested</h1><p class="message" dir="auto">${written(content.message)}</p>` +
					'<form method="post">' +
					`<button type="submit" name="decision" value="approve" dir="auto">${written(content.approveLabel)}</button>` +
					(content.declineLabel === undefined
						? ''
						: `<button type="submit" name="decision" value="decline" class="secondary" dir="auto">${written(content.declineLabel)}</button>`) +
					'</form>',
			);
		case 'freeText':
			return document(
				'Answer requested',
				`<h1>Answer requested</h1><p class="message" dir="auto">${written(content.message)}</p>` +
					'<form method="post"><label for="answer">Your answer</label>' +
					'<textarea id="answer" name="text" dir="auto" required maxlength="4000"></textarea>' +
					`<button type="submit" dir="auto">${written(content.buttonLabel)}</button></form>`,
			);
		case 'sent':
			// The page is written before n8n resumes the run, and two people answering at once both get
			// it while n8n takes one answer: so it says only what is true for both.
			return document(
				'Answer sent',
				`<h1>Thank you</h1><p class="message" dir="auto">${written(content.answer)}</p><p class="note">Your answer was sent. If someone answered this question before you, their answer stands. You can close this page.</p>`,
			);
		case 'notRecorded':
			return document('Answer not recorded', `<h1>Answer not recorded</h1><p class="note">${written(content.reason)}</p>`);
	}
}

/**
 * Headers of every page: no script or outside resource at all, the form may post only back here,
 * and the link (it carries the signature that lets its holder answer) leaks to no other site.
 */
export const PAGE_HEADERS: Record<string, string> = {
	'Content-Type': 'text/html; charset=utf-8',
	'Cache-Control': 'no-store',
	'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
	'Referrer-Policy': 'no-referrer',
	'X-Robots-Tag': 'noindex, nofollow',
	'X-Content-Type-Options': 'nosniff',
};
