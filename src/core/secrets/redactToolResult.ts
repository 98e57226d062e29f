import { findSecrets, maskSecrets } from './findSecrets';

/** The rule id a redaction is recorded under: part of the `secrets` pack. */
export const REDACT_RESULT_RULE_ID = 'secrets.redactResult';

/** A tool result with credentials in it: the masked text the model may read instead, and what to tell the model. */
export interface ToolResultRedaction {
	/** The result with every credential masked (first 4 and last 2 characters kept). */
	readonly masked: string;
	/** The kinds of credential found, in order, unique (`GitHub token`, `private key`). */
	readonly kinds: readonly string[];
	/**
	 * Context for the model, whether or not the harness could replace the result: what was found, masked, and that it
	 * must not be repeated or used.
	 */
	readonly note: string;
}

/**
 * Finds credentials in a tool's result with the `secrets` pack's patterns and masks them; `undefined` when there are
 * none. Where the harness replaces results the model reads only the masked text; elsewhere the note is all it gets.
 */
export function redactToolResult(result: string): ToolResultRedaction | undefined {
	const found = findSecrets(result);
	const [first] = found;
	if (!first) {
		return undefined;
	}
	const kinds = [...new Set(found.map((match) => match.kind))];
	const more =
		found.length > 1
			? ` and ${found.length - 1} more credential${found.length > 2 ? 's' : ''}`
			: '';
	return {
		masked: maskSecrets(result),
		kinds,
		note: `Hookwarden found a ${first.kind} (${first.masked})${more} in the result of this tool call. Do not repeat it, write it into files, commands or messages, or use it; if the task needs it, ask the person.`,
	};
}
