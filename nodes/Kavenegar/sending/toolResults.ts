import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

/*
 * As an AI agent's tool, the node answers its errors instead of throwing them. n8n hands a tool's
 * thrown error to the model in no useful form: AI Agent 3.x ends the whole execution on it (the
 * model never sees it), and with On Error: Continue n8n's routing turns the item into `{}`, which
 * AI Agent 2.x gives the model as `[{}]`, a failed code that reads as sent. Answered as the tool's
 * result, the error reaches the model whole under every agent version: what was wrong, whether
 * anything was sent, what to do (docs/ai-agents.md).
 */

/** n8n runs a node as a tool under its type name with "Tool" appended (kavenegarTool). */
export function runsAsTool(context: { getNode(): INode }): boolean {
	return context.getNode().type.endsWith('Tool');
}

/** The error as the tool's one result row: its title, its description, and Kavenegar's code when the service answered. */
export function errorAsToolResult(error: unknown): INodeExecutionData[] {
	const { message, description, httpCode } = error as { message?: string; description?: string | null; httpCode?: string | null };
	const json: IDataObject = { error: message ?? String(error) };
	if (description) json.details = description;
	if (httpCode) json.code = httpCode;
	return [{ json }];
}
