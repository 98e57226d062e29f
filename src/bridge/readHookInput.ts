import { runnerHintOf } from '../core/events/harness';
import { parseHookInput } from '../core/events/hookInputText';
import type { WindowRequest } from './postToWindow';
import { readStdin } from './readStdin';

/** The hook payload read from stdin, with the request a window is asked; or why it cannot be read, for one line. */
export type HookInput =
	| { readonly kind: 'unreadable'; readonly cause: string }
	| { readonly kind: 'read'; readonly payload: unknown; readonly request: WindowRequest };

/**
 * Reads stdin once and parses it as JSON. Nothing about the payload is checked here: the window checks what it is
 * sent, and the headless path parses it into an event itself.
 */
export function readHookInput(hintArg: string | undefined): HookInput {
	const input = parseHookInput(readStdin());
	if (!input.ok) {
		return { kind: 'unreadable', cause: input.cause };
	}
	const { payload } = input;
	const cwd =
		typeof (payload as { cwd?: unknown } | null)?.cwd === 'string'
			? (payload as { cwd: string }).cwd
			: process.cwd();
	const runner = runnerHintOf(process.env);
	const traceparent = process.env.TRACEPARENT;
	return {
		kind: 'read',
		payload,
		request: {
			...(hintArg !== undefined && { event: hintArg }),
			payload,
			cwd,
			...(runner !== undefined && { runner }),
			...(traceparent !== undefined && traceparent.length <= 256 && { traceparent }),
		},
	};
}
