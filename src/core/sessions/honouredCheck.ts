import { HARNESS_NAMES, harnessOf } from '../events/harness';
import type { HookEvent } from '../events/hookEvent';
import type { MergedDecision } from '../provider/decision';

/** The name of the harness that sent an event, for the sentence that says it ignored a verdict. */
export function harnessNameOf(event: Pick<HookEvent, 'dialect' | 'harness'>): string {
	return HARNESS_NAMES[event.harness ?? harnessOf(event.dialect)];
}

/**
 * What identifies one tool call across its PreToolUse and PostToolUse: the runner's tool call id, or, for runners that
 * send none (the Copilot CLI 1.0.x), the tool and its exact input.
 */
export function callKeyOf(event: HookEvent): string | undefined {
	if (event.name !== 'PreToolUse' && event.name !== 'PostToolUse') {
		return undefined;
	}
	const { tool } = event;
	return tool.useId !== undefined
		? `id:${tool.useId}`
		: `input:${JSON.stringify([tool.name, tool.input])}`;
}

/** For a PreToolUse: whether its answer denied the call (or stopped the agent), so the tool must then never run. */
export function deniesCall(decision: MergedDecision): boolean {
	return decision.verdict === 'deny' || decision.stop !== undefined;
}

/**
 * One line saying a harness ran a tool Hookwarden had denied, when `event` proves it: a PostToolUse (the tool ran and
 * succeeded) for a call that was denied earlier in the session. `undefined` otherwise. A PostToolUseFailure is
 * not proof: harnesses report a refused call that way. Without a tool call id, the same tool and input count as the
 * same call.
 */
export function notHonoured(
	event: HookEvent,
	wasDenied: (callKey: string) => boolean,
): string | undefined {
	const key = callKeyOf(event);
	if (event.name !== 'PostToolUse' || key === undefined || !wasDenied(key)) {
		return undefined;
	}
	const which = event.tool.useId === undefined ? '' : ` (${event.tool.useId})`;
	return `Not honoured by ${harnessNameOf(event)}: ${event.tool.name} ran although Hookwarden denied this call${which}.`;
}
