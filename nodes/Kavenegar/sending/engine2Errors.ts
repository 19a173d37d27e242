/*
 * n8n 2.41's Engine 2.0 (opt-in per workflow, docs/engine-2.md) keeps only an error's name and
 * message: a failed step is stored as { name, message, stack } (@n8n/engine,
 * execution/step-ready-handler.js, toStepError) and shown as a new error made from that message
 * (@n8n/node-engine-compatibility, v1-execution-read.js, toV1Error). The description, where this
 * node says what a code means and what to do, would never reach the user, so there the message
 * carries it too. The classic engine shows the description under the title, and there the message
 * stays the title alone.
 */

/** n8n tells the two engines' executions apart by their IDs: Engine 2.0's are UUID v7 (n8n, executions/execution-id.js). */
const ENGINE_2_EXECUTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function runsOnEngine2(context: { getExecutionId(): string }): boolean {
	return ENGINE_2_EXECUTION_ID.test(context.getExecutionId());
}

const carrying = new WeakSet<object>();

/**
 * Under Engine 2.0, the error's message becomes its title followed by its description. The message
 * is made when n8n reads it, not now: in stop mode n8n reads the error only once every item has
 * settled, and a note the run adds to the description meanwhile (keptBesideError.ts) reaches it.
 */
export function descriptionInMessage<E>(context: { getExecutionId(): string }, error: E): E {
	if (!(error instanceof Error) || carrying.has(error) || !runsOnEngine2(context)) return error;
	carrying.add(error);
	let title = error.message;
	Object.defineProperty(error, 'message', {
		get: () => {
			const { description } = error as { description?: unknown };
			if (typeof description !== 'string' || description === '') return title;
			return /[.!?]$/.test(title) ? `${title} ${description}` : `${title}. ${description}`;
		},
		// Setting the message still sets the title, as it did before.
		set: (value: string) => {
			title = value;
		},
		configurable: true,
	});
	return error;
}
