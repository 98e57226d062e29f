import type { RunnerHint } from '../events/harness';
import type { RecordedEvent } from '../sessions/recordedEvent';

/** One hook call as it reaches a decider: the event argument of the hook command, the payload, where it runs, and a signal that fires if its process goes away. */
export interface HookCall {
	/** The event argument from the hook file (`hookwarden-hook PreToolUse`): authoritative when it names a known event. */
	readonly eventArg?: string;
	readonly payload: unknown;
	/** The hook process's working directory, used when the payload carries no `cwd`. */
	readonly cwd?: string;
	/** What the hook process's environment said about the runtime that spawned it. */
	readonly runner?: RunnerHint;
	readonly signal?: AbortSignal;
	/** The hook process's `TRACEPARENT` (W3C trace context), so an exported decision joins the caller's trace. */
	readonly traceparent?: string;
}

/**
 * How a decider answered one hook call: the JSON to print with what was recorded, or, when the payload cannot be
 * trusted (unreadable, or naming another event than the hook command), the verdict for that (a deny for a mismatch,
 * an ask or deny for a tool call, else the fail mode) with one line saying why.
 */
export type HookAnswer =
	| {
			readonly kind: 'answered';
			readonly output: Record<string, unknown>;
			readonly recorded: RecordedEvent;
			/** Why the fail mode answered instead of the providers, when it did. */
			readonly problem?: string;
	  }
	| {
			readonly kind: 'unreadable';
			readonly output: Record<string, unknown>;
			readonly problem: string;
	  };
