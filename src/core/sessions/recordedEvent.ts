import type { ApprovalResolution } from '../approvals/pendingApproval';
import type { HookEvent } from '../events/hookEvent';
import type { MergedDecision } from '../terms/decision';
import type { Observation, SnapshotOutcome } from '../snapshots/snapshotFacts';

/** Who produced an answer: the running window, or the bridge deciding alone because no window was reachable. */
export type DecisionOrigin = 'window' | 'headless';

/** One hook event as Hookwarden answered it: the input, the final decision, who decided and how long it took. */
export interface RecordedEvent {
	/** Unique for the life of the host, increasing. */
	readonly sequence: number;
	readonly event: HookEvent;
	/** The session the event belongs to (`no-session` when the runner sent none). */
	readonly sessionId: string;
	/** The subagent the event is attributed to, when one was running in the session. */
	readonly agentId?: string;
	/** The answer that went back to the hook runner. */
	readonly decision: MergedDecision;
	/** Present when a person was asked: how the approval ended. */
	readonly approval?: ApprovalResolution;
	readonly workspaceFolder?: string;
	readonly origin: DecisionOrigin;
	/** Epoch milliseconds when the request arrived and when its answer left. */
	readonly receivedAt: number;
	readonly answeredAt: number;
	/** Set when this event proves the harness ignored an earlier verdict: one line saying which and how. */
	readonly notHonoured?: string;
	/** The hook process's W3C `traceparent`, when it had one: the parent of the decision's exported span. */
	readonly traceparent?: string;
	/** What was held before the call ran, or why nothing could be (a PreToolUse that may change files). */
	readonly snapshot?: SnapshotOutcome;
	/** What the calls this event closed changed, compared with their snapshots (PostToolUse, the end of a turn). */
	readonly observed?: readonly Observation[];
}
