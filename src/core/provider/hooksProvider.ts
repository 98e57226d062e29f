import type { HookEventOf } from '../events/hookEvent';
import type { HookEventName } from '../events/hookEventName';
import type { HookDecision } from '../terms/decision';

/** What a provider knows about the call besides the event: the workspace, and a signal that fires when the answer is no longer wanted. */
export interface HookContext {
	/** The workspace folder the event belongs to (absolute), when one was found. */
	readonly workspaceFolder?: string;
	/** Aborted when the chain's timeout for this provider passes or the hook process goes away. */
	readonly signal: AbortSignal;
	/** The payload exactly as the harness sent it, when the host has it: what an external hook script expects on stdin. */
	readonly payload?: unknown;
	/**
	 * The ids of the providers whose rewrites made the call this provider is asked about, in chain order: asked again
	 * about its own rewrite, a provider judges the call that will run and does not rewrite it a second time.
	 */
	readonly rewrittenBy?: readonly string[];
}

/** A provider's answer: a decision, or nothing for "no opinion"; may be async. */
export type HookResult = HookDecision | undefined | Promise<HookDecision | undefined>;

type Handler<N extends HookEventName> = (input: HookEventOf<N>, context: HookContext) => HookResult;

/**
 * Something that has opinions on hook events: one optional method per event.
 * A missing method, or one that returns `undefined`, means "no opinion" on that event.
 */
export interface HooksProvider {
	/** Stable id used in provenance, the audit log and the tree (`hookwarden.policy`, `acme.secrets`). */
	readonly id: string;
	onSessionStart?: Handler<'SessionStart'>;
	onUserPromptSubmit?: Handler<'UserPromptSubmit'>;
	onPreToolUse?: Handler<'PreToolUse'>;
	onPostToolUse?: Handler<'PostToolUse'>;
	onPreCompact?: Handler<'PreCompact'>;
	onSubagentStart?: Handler<'SubagentStart'>;
	onSubagentStop?: Handler<'SubagentStop'>;
	onStop?: Handler<'Stop'>;
	onSessionEnd?: Handler<'SessionEnd'>;
	onErrorOccurred?: Handler<'ErrorOccurred'>;
	/** A tool call that failed (Copilot runtime only); a decision's `additionalContext` reaches the model. */
	onPostToolUseFailure?: Handler<'PostToolUseFailure'>;
	/**
	 * The Copilot runtime is about to ask the person to approve a call (CLI only); `allow` or `deny` answers for them,
	 * no opinion leaves the question to the runtime.
	 */
	onPermissionRequest?: Handler<'PermissionRequest'>;
	/** The runtime is showing the person a notification (CLI only, never blocks); only `additionalContext` is read. */
	onNotification?: Handler<'Notification'>;
}

/** The provider method name for each event. */
export const HANDLER_NAME = {
	SessionStart: 'onSessionStart',
	UserPromptSubmit: 'onUserPromptSubmit',
	PreToolUse: 'onPreToolUse',
	PostToolUse: 'onPostToolUse',
	PreCompact: 'onPreCompact',
	SubagentStart: 'onSubagentStart',
	SubagentStop: 'onSubagentStop',
	Stop: 'onStop',
	SessionEnd: 'onSessionEnd',
	ErrorOccurred: 'onErrorOccurred',
	PostToolUseFailure: 'onPostToolUseFailure',
	PermissionRequest: 'onPermissionRequest',
	Notification: 'onNotification',
} as const satisfies Record<HookEventName, keyof HooksProvider>;
