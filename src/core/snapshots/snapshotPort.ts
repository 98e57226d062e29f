import type { ToolCall } from '../events/hookEvent';
import type { ObservedChange, SnapshotOutcome } from './snapshotFacts';
import type { SnapshotPlan } from './snapshotPlan';
import type { SnapshotSettings } from '../settings/snapshotSettings';

/** A call about to run whose workspace is to be held first. */
export interface HoldRequest {
	readonly sessionId: string;
	/** The call as it will run (a rewrite or a person's edit applied). */
	readonly tool: ToolCall;
	/** What the call is, in one masked line, for the store's record and a later restore. */
	readonly summary: string;
	readonly workspaceFolder?: string;
	readonly plan: SnapshotPlan;
	readonly settings: SnapshotSettings;
	/** Hookwarden's own files that may sit in the workspace (an audit log there): never held, never compared. */
	readonly ownFiles?: readonly string[];
	/** Epoch milliseconds the call arrived: a snapshot begun after it shows the disk as the call will find it. */
	readonly arrivedAt: number;
}

/** A call that ran (its PostToolUse), or, without a tool, every call of a session still waiting to be compared. */
export interface ObserveRequest {
	readonly sessionId: string;
	readonly tool?: ToolCall;
	readonly workspaceFolder?: string;
	readonly settings: SnapshotSettings;
	/** Hookwarden's own files that may sit in the workspace: never compared. */
	readonly ownFiles?: readonly string[];
}

/** One call compared with its snapshot: every change found, with the plan it is judged against. */
export interface ComparedCall {
	readonly snapshot: string;
	readonly plan: SnapshotPlan;
	readonly tool: string;
	readonly summary: string;
	readonly workspaceFolder?: string;
	/** Every change, in path order. */
	readonly changes: readonly ObservedChange[];
	readonly incomplete?: string;
}

/**
 * Where snapshots are kept: the node layer holds the disk state before a call runs and compares it after. Both
 * methods answer within their own time budget and never throw: what could not be done is said in the result.
 */
export interface SnapshotPort {
	/** Holds the workspace (and what the call deletes or overwrites outside it) before the call runs. */
	hold(request: HoldRequest): Promise<SnapshotOutcome>;
	/** Compares the disk with the snapshot of the call (or of every waiting call of the session) and lets it go. */
	observe(request: ObserveRequest): Promise<readonly ComparedCall[]>;
}
