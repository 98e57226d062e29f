/** Why a path a call may change is not held by its snapshot. */
export type NotHeldReason =
	/** Larger than `hookwarden.snapshots.maxFileSizeMB`. */
	| 'fileTooLarge'
	/** Holding it would grow the store past `hookwarden.snapshots.maxTotalSizeMB`. */
	| 'storeFull'
	/** It could not be read (permissions, a device, a file that vanished while it was read). */
	| 'unreadable'
	/** It lies in a folder `hookwarden.snapshots.exclude` skips. */
	| 'excluded'
	/** The snapshot ran out of time before it reached it. */
	| 'outOfTime'
	/** The disk holding the store is full or refused the write. */
	| 'diskFull'
	/** It is a device, socket or pipe: nothing a file copy can bring back. */
	| 'special'
	/** The workspace holds more names than `hookwarden.snapshots.maxFiles`: it is not walked whole. */
	| 'tooManyFiles';

/** One path not held, and why. */
export interface NotHeld {
	/** Absolute. */
	readonly path: string;
	readonly why: NotHeldReason;
}

/** A count of files and the bytes they hold. */
export interface FileCount {
	readonly files: number;
	readonly bytes: number;
}

/**
 * What a snapshot taken before a call holds, as the records and the prompts tell it: its id in the store, what it holds
 * of the paths the call may change and of the whole workspace, what it could not hold and why.
 */
export interface SnapshotTaken {
	/** The store's id for it: what *Restore* and `--restore` find it by. */
	readonly id: string;
	/** Held under the paths the call is predicted to change (the whole workspace for code nobody read). */
	readonly atRisk: FileCount;
	/** Held in all: the workspace and any path outside it the call deletes or overwrites. */
	readonly held: FileCount;
	/** Paths the call may change that are not held, the first few of them; {@link notHeldCount} counts them all. */
	readonly notHeld: readonly NotHeld[];
	readonly notHeldCount: number;
	/** Folders skipped by `hookwarden.snapshots.exclude` that exist in the workspace, by name. */
	readonly excluded: readonly string[];
	/** Why the snapshot is not the whole workspace, when it is not (out of time, too many files, the disk). */
	readonly incomplete?: string;
	/** What the call destroys that no file snapshot holds (from the plan), in words. */
	readonly uncovered: readonly string[];
	/** Whether the call was predicted to change nothing in particular: code nobody read, or the whole working tree. */
	readonly wholeWorkspace: boolean;
	/** The limits in force when it was taken, which the words about what was not held name. */
	readonly limits?: SnapshotLimits;
}

/** The limits a snapshot is taken under, as its record keeps them. */
export interface SnapshotLimits {
	readonly maxFileBytes: number;
	readonly maxTotalBytes: number;
	readonly maxFiles: number;
}

/**
 * No snapshot: why, when the call needed one (snapshots off, no store, the disk), or nothing, when the call changes no
 * file but destroys what no snapshot holds (a database, a remote branch), which `uncovered` names.
 */
export interface SnapshotMissed {
	readonly missed?: string;
	readonly uncovered: readonly string[];
}

/** What holding the workspace before a call gave: a snapshot, or why there is none. */
export type SnapshotOutcome = SnapshotTaken | SnapshotMissed;

/** How one path changed between a snapshot and a later look at the disk. */
export type ChangeKind = 'created' | 'changed' | 'deleted' | 'emptied' | 'mode';

/** One path that changed. */
export interface ObservedChange {
	/** Absolute. */
	readonly path: string;
	readonly change: ChangeKind;
}

/**
 * What a call changed, seen by comparing the disk after it ran with its snapshot: counts of each kind of change, the
 * first changes by path, and those no prediction covered (`unforeseen`), so a miss of the reading is noticed at once.
 */
export interface Observation {
	/** The snapshot taken before the call. */
	readonly snapshot: string;
	/** The tool and what it was called with (as the record summarises it), for events that settle another call. */
	readonly tool: string;
	readonly summary: string;
	readonly counts: Readonly<Record<ChangeKind, number>>;
	/** The first changes, in path order; the counts say how many there were. */
	readonly changes: readonly ObservedChange[];
	/** Changes no prediction of the call covered, the first of them; {@link unforeseenCount} counts them all. */
	readonly unforeseen: readonly ObservedChange[];
	readonly unforeseenCount: number;
	/** Why the comparison did not cover everything the snapshot held, when it did not. */
	readonly incomplete?: string;
}

/** How many changes a record lists by path; the counts cover the rest. */
export const LISTED_CHANGES = 50;

/** Whether an outcome is a snapshot (rather than why there is none). */
export function isSnapshotTaken(outcome: SnapshotOutcome): outcome is SnapshotTaken {
	return 'id' in outcome;
}

/**
 * The snapshot that restores the files of the call an event is about: the one taken before it (its PreToolUse), or
 * the one its comparison was made against (its PostToolUse, or the end of a turn that settled it).
 */
export function snapshotIdOf(event: {
	readonly snapshot?: SnapshotOutcome;
	readonly observed?: readonly Observation[];
}): string | undefined {
	if (event.snapshot && isSnapshotTaken(event.snapshot)) {
		return event.snapshot.id;
	}
	return event.observed?.[0]?.snapshot;
}
