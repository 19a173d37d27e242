/**
 * What the nodes panel says of the Kavenegar item. n8n's panel lists the Kavenegar Trigger
 * (`kavenegarTrigger`: the node's type and "Trigger") inside the Kavenegar node's item, among its
 * actions, and gives that item the trigger's description (n8n-editor-ui, useActionsGenerator:
 * `app.description = trigger.description`). Both nodes carry this one text, so the item reads as
 * what it holds; the trigger's own description is shown nowhere else.
 */
export const KAVENEGAR_DESCRIPTION =
	'Send SMS and one-time codes, read the inbox and manage templates, blocklists and media with Kavenegar';
