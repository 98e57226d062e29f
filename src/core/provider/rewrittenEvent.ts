import type { HookEvent } from '../events/hookEvent';
import { toolCallOf } from '../reading/tools/toolCallOf';

/**
 * The tool input a rewrite makes: the original input with the rewrite's keys replacing the same keys. Hosts replace the
 * whole input with what a hook answers (VS Code validates it against the tool's schema and drops it when a required
 * key is missing), so a rewrite always travels complete.
 */
export function completeInput(
	original: Readonly<Record<string, unknown>>,
	rewrite: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
	return { ...original, ...rewrite };
}

/**
 * The event as it reads once `rewrite` is applied: a tool call with the rewritten input (its command line, shell and
 * paths read again from it), or a prompt replaced by a string `prompt`. `undefined` when the event carries nothing a
 * rewrite can change, or the rewrite changes nothing.
 */
export function rewrittenEvent(
	event: HookEvent,
	rewrite: Readonly<Record<string, unknown>>,
): HookEvent | undefined {
	if (event.name === 'UserPromptSubmit') {
		const prompt = rewrite.prompt;
		return typeof prompt === 'string' && prompt !== event.prompt ? { ...event, prompt } : undefined;
	}
	if (event.name !== 'PreToolUse' && event.name !== 'PermissionRequest') {
		return undefined;
	}
	const input = completeInput(event.tool.input, rewrite);
	if (sameJson(input, event.tool.input)) {
		return undefined;
	}
	const tool = toolCallOf(event.tool.name, input, {
		...(event.tool.useId !== undefined && { useId: event.tool.useId }),
		...(event.cwd !== undefined && { cwd: event.cwd }),
	});
	return { ...event, tool };
}

/**
 * The payload a harness would have sent for the rewritten event: the original payload with its tool input
 * (`tool_input`, or the CLI's `toolArgs`, kept a JSON string when it was one) or its `prompt` replaced, so an external
 * provider later in the chain reads the call that will run. Anything that is not a payload object is returned as is.
 */
export function rewrittenPayload(payload: unknown, event: HookEvent): unknown {
	if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
		return payload;
	}
	const original = payload as Readonly<Record<string, unknown>>;
	if (event.name === 'UserPromptSubmit') {
		return { ...original, prompt: event.prompt };
	}
	if (!('tool' in event)) {
		return payload;
	}
	const key = 'toolArgs' in original ? 'toolArgs' : 'tool_input';
	const input =
		typeof original[key] === 'string' ? JSON.stringify(event.tool.input) : event.tool.input;
	return { ...original, [key]: input };
}

function sameJson(a: unknown, b: unknown): boolean {
	return JSON.stringify(a) === JSON.stringify(b);
}
