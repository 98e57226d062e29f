import { HARNESS_NAMES, harnessOf } from '../events/harness';
import type { HookEvent } from '../events/hookEvent';
import type { MergedDecision } from '../terms/decision';

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

/**
 * The tool calls last denied in each session, bounded, so a later PostToolUse can prove a harness ran one anyway: what
 * the window's session tracker and the SDK adapter both keep (the bridge keeps it in its session ledger).
 */
export class DeniedCalls {
	private readonly bySession = new Map<string, Set<string>>();

	constructor(
		private readonly maxPerSession = 1_000,
		private readonly maxSessions = 500,
	) {}

	/** Notes a PreToolUse's final answer: a denied call is remembered; the same call allowed later is forgotten. */
	note(sessionId: string, event: HookEvent, decision: MergedDecision): void {
		const key = event.name === 'PreToolUse' ? callKeyOf(event) : undefined;
		if (key === undefined) {
			return;
		}
		const keys = this.bySession.get(sessionId);
		if (!deniesCall(decision)) {
			keys?.delete(key);
			return;
		}
		const next = keys ?? new Set<string>();
		next.add(key);
		// A session's denials are few; the caps only bound a runaway session or a long-lived host.
		if (next.size > this.maxPerSession) {
			next.delete(next.values().next().value!);
		}
		this.bySession.delete(sessionId);
		this.bySession.set(sessionId, next);
		if (this.bySession.size > this.maxSessions) {
			this.bySession.delete(this.bySession.keys().next().value!);
		}
	}

	/** Whether the call with this key (see {@link callKeyOf}) was last denied in the session. */
	has(sessionId: string, callKey: string): boolean {
		return this.bySession.get(sessionId)?.has(callKey) ?? false;
	}
}
