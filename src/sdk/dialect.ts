import type { HookEvent } from '../core/events/hookEvent';
import type { HookEventName } from '../core/events/hookEventName';
import { parseHookEventName } from '../core/events/hookEventName';
import { describeHookInputError } from '../core/events/hookInputError';
import { parseHookEvent } from '../core/reading/tools/parseHookEvent';
import { encodeHookOutput } from '../core/output/encodeHookOutput';
import type { HookDecision, MergedDecision } from '../core/terms/decision';
import { NO_OPINION } from '../core/terms/decision';
import { mergeDecisions } from '../core/provider/mergeDecisions';

/** A hook's stdin read into an event, or one line saying why it could not be. */
export type ReadHookEventResult =
	| { readonly ok: true; readonly event: HookEvent }
	| { readonly ok: false; readonly problem: string };

/**
 * Reads the JSON a hook runner writes on a hook command's stdin (VS Code, Copilot CLI or Claude dialect) into a
 * {@link HookEvent}; `eventName` (the hook command's own argument, in any spelling) names the event when the payload
 * does not. Never throws.
 */
export function readHookEvent(stdinText: string, eventName?: string): ReadHookEventResult {
	let payload: unknown;
	try {
		payload = JSON.parse(stdinText) as unknown;
	} catch (error) {
		return { ok: false, problem: `Hook input is not JSON: ${(error as Error).message}` };
	}
	const hint: HookEventName | undefined =
		eventName === undefined ? undefined : parseHookEventName(eventName);
	const parsed = parseHookEvent(payload, hint);
	return parsed.ok
		? { ok: true, event: parsed.event }
		: { ok: false, problem: describeHookInputError(parsed.error) };
}

/**
 * The JSON object a hook prints on stdout (exit code 0) for a decision on an event, in a form every host reads:
 * VS Code's `hookSpecificOutput`, the Copilot CLI's top-level fields and Claude's `decision`. Takes one provider's
 * decision, a chain's merged decision, or nothing (which gives `{}`, "no opinion").
 */
export function encodeDecision(
	event: HookEvent,
	decision: HookDecision | MergedDecision | undefined,
): Record<string, unknown> {
	const merged =
		decision === undefined
			? NO_OPINION
			: 'contributors' in decision
				? decision
				: mergeDecisions(event.name, [decision]);
	return encodeHookOutput(event, merged);
}
