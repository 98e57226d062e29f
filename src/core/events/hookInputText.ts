/**
 * The hook input as bytes, before it is an event: the headless bridge reads it from its stdin and a window from the
 * `sh` fast path, which streams the launcher's stdin to it unread. Both read it here, so the same bytes get the same
 * payload, or the same one-line reason why there is none, wherever they are decided.
 */

/** The largest hook input either side reads: a `create_file` of a big file is a few MiB; past this it is refused. */
export const MAX_HOOK_INPUT_BYTES = 8 * 1024 * 1024;

/** Hook input as it was read: its text, or why it has none. */
export type HookInputText =
	| { readonly text: string }
	| { readonly kind: 'tooLarge'; readonly limit: number }
	| { readonly kind: 'notText' };

/** The hook input parsed, or the one line that says why it cannot be. */
export type ParsedHookInput =
	{ readonly ok: true; readonly payload: unknown } | { readonly ok: false; readonly cause: string };

/** Decodes the bytes of a hook input as strict UTF-8: a runner writes JSON text, so anything else is not a payload. */
export function decodeHookInput(bytes: Uint8Array): HookInputText {
	try {
		return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
	} catch {
		return { kind: 'notText' };
	}
}

/** Parses hook input text as the one JSON value the runner wrote; nothing about its shape is checked yet. */
export function parseHookInput(input: HookInputText): ParsedHookInput {
	if (!('text' in input)) {
		return {
			ok: false,
			cause:
				input.kind === 'tooLarge'
					? `hook input is larger than ${input.limit} bytes`
					: 'hook input is not UTF-8 text',
		};
	}
	if (input.text.trim() === '') {
		return { ok: false, cause: 'hook input is empty; expected one JSON object on stdin' };
	}
	try {
		return { ok: true, payload: JSON.parse(input.text) as unknown };
	} catch (error) {
		return { ok: false, cause: `hook input is not valid JSON (${(error as Error).message})` };
	}
}
