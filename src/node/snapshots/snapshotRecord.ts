import { randomBytes } from 'node:crypto';

import type { SnapshotTaken } from '../../core/snapshots/snapshotFacts';
import type { SnapshotPlan } from '../../core/snapshots/snapshotPlan';
import type { RootEntry } from './compareTrees';

/** One place a snapshot holds: the workspace folder, or a path the call names that the workspace walk does not reach. */
export interface SnapshotRoot {
	/** Absolute, with forward slashes. */
	readonly path: string;
	readonly kind: 'workspace' | 'target';
	readonly entry: RootEntry;
}

/** The call a snapshot was taken for. */
export interface SnapshotCallFacts {
	readonly session: string;
	readonly tool: string;
	readonly summary: string;
	readonly useId?: string;
}

/**
 * A snapshot as the store keeps it: when and for which call it was taken, what the call was predicted to change, what
 * it holds at each root, and, once the call was compared, the state after it (so a restore can tell what this call
 * changed from what changed later).
 */
export interface SnapshotRecord {
	readonly v: 1;
	readonly id: string;
	/** Epoch milliseconds the capture began. */
	readonly takenAt: number;
	readonly workspace?: string;
	readonly call: SnapshotCallFacts;
	readonly plan: SnapshotPlan;
	/** The exclusions in force, so the comparison afterwards skips the same folders. */
	readonly exclude: readonly string[];
	readonly roots: readonly SnapshotRoot[];
	readonly taken: SnapshotTaken;
	readonly after?: { readonly at: number; readonly roots: readonly SnapshotRoot[] };
}

/** A call waiting for its comparison: which snapshot it has. */
export interface PendingCall {
	readonly v: 1;
	readonly record: string;
	readonly session: string;
	/** Epoch milliseconds the call was held. */
	readonly at: number;
}

/** A fresh record id: its time first, so ids sort oldest first, then randomness. */
export function newRecordId(now: number): string {
	return `${now.toString(36)}-${randomBytes(4).toString('hex')}`;
}
