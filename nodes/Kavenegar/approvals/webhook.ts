import type { IDataObject, INodeExecutionData, IWebhookDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { renderPage, PAGE_HEADERS, type PageContent } from './page';
import { approvalQuestion, type ApprovalQuestion } from './question';

/*
 * The link in an approval SMS leads here, to the waiting execution's node, as n8n routes its waiting
 * webhooks: `restartWebhook` under the node's ID, which is what n8n's signed resume link holds
 * (its signature is checked by n8n before this runs). A GET shows the question; only a POST from the
 * page's form answers it and resumes the workflow. Once the workflow has gone on, n8n itself answers
 * the link ("No action required"): the operation's value, sendAndWait, is how it knows.
 */
export const approvalWebhooks: IWebhookDescription[] = (['GET', 'POST'] as const).map((httpMethod) => ({
	name: 'default',
	httpMethod,
	responseMode: 'onReceived',
	responseData: '',
	path: '={{ $nodeId }}',
	restartWebhook: true,
	isFullPath: true,
}));

/*
 * Link previews, scanners and crawlers of messengers and mail services, HTTP libraries, and clients
 * that send no user agent at all: they may open a link, and some follow a form, but no person
 * decides through them. A bot names itself in a word ending in "bot" or "Bot" (Googlebot,
 * TelegramBot), matched so that a phone model in capitals (CUBOT) is not; the in-app browsers of
 * messengers (Telegram-Android/…) are people's and pass.
 */
const BOT_WORD = /[a-z]bot\b|Bot\b/;
const AUTOMATED_CLIENT = /crawler|spider|slurp|preview|facebookexternalhit|^whatsapp\/|embedly|vkshare|curl\/|wget\/|python-requests|go-http-client|okhttp|axios\/|node-fetch|undici/i;

function isAutomatedClient(userAgent: string | undefined): boolean {
	return !userAgent || BOT_WORD.test(userAgent) || AUTOMATED_CLIENT.test(userAgent);
}

/** The page's textarea holds at most this much; a longer free text is not a person's answer. */
const MAX_ANSWER_LENGTH = 4000;

function answerWith(context: IWebhookFunctions, status: number, content: PageContent): void {
	const response = context.getResponseObject();
	response.status(status);
	for (const [name, value] of Object.entries(PAGE_HEADERS)) response.setHeader(name, value);
	response.send(renderPage(content));
}

/** What the page's form posted, as the question allows it; undefined for anything else. */
function answerOf(question: ApprovalQuestion, body: IDataObject): { data: IDataObject; shown: string } | undefined {
	if (question.kind === 'approval') {
		if (body.decision === 'approve') return { data: { approved: true }, shown: question.approveLabel };
		if (body.decision === 'decline' && question.declineLabel !== undefined) return { data: { approved: false }, shown: question.declineLabel };
		return undefined;
	}
	const text = typeof body.text === 'string' ? body.text.trim() : '';
	return text === '' || text.length > MAX_ANSWER_LENGTH ? undefined : { data: { text }, shown: text };
}

/**
 * n8n ends the waiting execution with the error when a node's webhook throws: whatever the link
 * brings (an empty or odd body, an expression that fails), the page says so and the question waits on.
 */
export async function approvalWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	try {
		return answer.call(this);
	} catch {
		answerWith(this, 500, { kind: 'notRecorded', reason: 'The question could not be shown or answered. Open the link again later.' });
		return { noWebhookResponse: true };
	}
}

function answer(this: IWebhookFunctions): IWebhookResponseData {
	const question = approvalQuestion(this);
	const request = this.getRequestObject();
	if (request.method !== 'POST') {
		answerWith(this, 200, question);
		return { noWebhookResponse: true };
	}
	if (isAutomatedClient(request.headers['user-agent'])) {
		answerWith(this, 403, { kind: 'notRecorded', reason: 'This looked like an automatic link check, not a person. Open the link in a browser to answer.' });
		return { noWebhookResponse: true };
	}
	const body = this.getBodyData() as unknown;
	const answer = answerOf(question, body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as IDataObject) : {});
	if (answer === undefined) {
		answerWith(this, 400, { kind: 'notRecorded', reason: 'The answer was empty or not one this question offers. Open the link again to answer.' });
		return { noWebhookResponse: true };
	}
	answerWith(this, 200, { kind: 'sent', answer: answer.shown });
	const item: INodeExecutionData = { json: { data: { ...answer.data, timedOut: false, respondedAt: new Date().toISOString() } } };
	return { noWebhookResponse: true, workflowData: [[item]] };
}
