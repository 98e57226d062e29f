import { normalizedPathInside, normalizePath } from '../paths/pathMath';
import type {
	ChangeKind,
	FileCount,
	NotHeld,
	NotHeldReason,
	Observation,
	SnapshotLimits,
	SnapshotOutcome,
} from './snapshotFacts';
import { isSnapshotTaken } from './snapshotFacts';

/** A byte count as a person reads it: `512 B`, `48 KB`, `1.2 MB`, `3 GB`. */
export function formatBytes(bytes: number): string {
	const units = ['B', 'KB', 'MB', 'GB', 'TB'];
	let value = bytes;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
	return `${shown} ${units[unit]}`;
}

/**
 * A whole number with thousands separated by commas (`25,000`): written out because `toLocaleString` loads the
 * runtime's locale data, about 20 ms of a hook call's cold process.
 */
export function withThousands(value: number): string {
	return Math.round(value)
		.toString()
		.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `12 files, 48 KB`, `1 file, 3 B`. */
export function formatCount(count: FileCount): string {
	return `${withThousands(count.files)} file${count.files === 1 ? '' : 's'}, ${formatBytes(count.bytes)}`;
}

/** Why one path is not held, in words, with the limit it crossed. */
function describeNotHeld(
	notHeld: NotHeld,
	settings: SnapshotLimits,
	workspaceFolder: string | undefined,
): string {
	const outside =
		workspaceFolder !== undefined &&
		normalizedPathInside(normalizePath(notHeld.path), normalizePath(workspaceFolder)) === undefined;
	const where = outside ? 'outside the workspace and ' : '';
	const reasons: Record<NotHeldReason, string> = {
		fileTooLarge: `${where}over the ${formatBytes(settings.maxFileBytes)} file limit`,
		storeFull: `${where}over the ${formatBytes(settings.maxTotalBytes)} limit`,
		unreadable: `${where}unreadable`,
		excluded: 'in a folder snapshots skip (hookwarden.snapshots.exclude)',
		outOfTime: `${where}not reached in time`,
		diskFull: 'the disk is full',
		special: 'a device, socket or pipe',
		tooManyFiles: `too large to hold whole (over ${withThousands(settings.maxFiles)} files and folders)`,
	};
	return `${notHeld.path} is ${reasons[notHeld.why]}`;
}

/**
 * What can be undone of a call about to run, in one sentence for an approval and for the record: `Restorable: 12
 * files, 48 KB.`, what is not and why (a path over a limit, a snapshot out of time), and what no snapshot covers
 * (a database, a remote, a cloud resource). A call that changes no file says nothing.
 */
export function describeRestorability(
	outcome: SnapshotOutcome | undefined,
	settings: SnapshotLimits,
	workspaceFolder: string | undefined,
): string | undefined {
	if (!outcome) {
		return undefined;
	}
	const never =
		outcome.uncovered.length > 0
			? `${joinWords(outcome.uncovered)} cannot be restored: snapshots hold only files.`
			: undefined;
	if (!isSnapshotTaken(outcome)) {
		const missed = outcome.missed === undefined ? undefined : `Not restorable: ${outcome.missed}.`;
		return [missed, never].filter(Boolean).join(' ') || undefined;
	}
	const limits = outcome.limits ?? settings;
	const parts: string[] = [];
	const nothingHeld = outcome.atRisk.files === 0 && outcome.notHeldCount > 0;
	if (!nothingHeld) {
		parts.push(
			outcome.wholeWorkspace
				? `Restorable: the workspace as it is now (${formatCount(outcome.held)}).`
				: outcome.atRisk.files === 0
					? // Only new files: "0 files, 0 B" would read as if nothing could be undone.
						'Restorable: no existing file is at risk.'
					: `Restorable: ${formatCount(outcome.atRisk)}.`,
		);
	}
	if (outcome.notHeldCount > 0) {
		const first = outcome.notHeld
			.slice(0, 2)
			.map((notHeld) => describeNotHeld(notHeld, limits, workspaceFolder));
		const more = outcome.notHeldCount - first.length;
		parts.push(
			`Not restorable: ${first.join('; ')}${more > 0 ? `; and ${more} more path${more === 1 ? '' : 's'}` : ''}.`,
		);
	}
	if (outcome.incomplete !== undefined && !outcome.wholeWorkspace) {
		parts.push(`The snapshot is partial: ${outcome.incomplete}.`);
	} else if (outcome.incomplete !== undefined) {
		parts.push(`Only part of the workspace is held: ${outcome.incomplete}.`);
	}
	if (never) {
		parts.push(never);
	}
	return parts.join(' ');
}

const CHANGE_WORDS: readonly (readonly [ChangeKind, string])[] = [
	['deleted', 'deleted'],
	['emptied', 'emptied'],
	['changed', 'changed'],
	['created', 'created'],
	['mode', 'changed the mode of'],
];

/**
 * What a call changed, in a few words for a row and a message: `deleted 3 files, changed 2`; `changed nothing`.
 */
export function describeChanges(counts: Readonly<Record<ChangeKind, number>>): string {
	const said: string[] = [];
	for (const [kind, words] of CHANGE_WORDS) {
		const count = counts[kind];
		if (count > 0) {
			// The noun is said once, after the first number: "deleted 3 files, changed 2".
			said.push(
				said.length === 0 ? `${words} ${count} file${count === 1 ? '' : 's'}` : `${words} ${count}`,
			);
		}
	}
	return said.length > 0 ? said.join(', ') : 'changed nothing';
}

/** One line for a record or a message: what the call changed, and how much of it nobody predicted. */
export function describeObservation(observation: Observation): string {
	const changes = describeChanges(observation.counts);
	const unforeseen =
		observation.unforeseenCount > 0
			? `; ${observation.unforeseenCount} ${observation.unforeseenCount === 1 ? 'change' : 'changes'} nobody predicted`
			: '';
	return `${changes}${unforeseen}`;
}

/** Counts of each kind of change, all zero. */
export function noChanges(): Record<ChangeKind, number> {
	return { created: 0, changed: 0, deleted: 0, emptied: 0, mode: 0 };
}

function joinWords(words: readonly string[]): string {
	const first = words[0] ?? '';
	const said = words.length <= 1 ? first : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
	return said.charAt(0).toUpperCase() + said.slice(1);
}

/** The command that restores a snapshot from a terminal (the launcher every hook file runs). */
export function restoreCommandFor(snapshot: string): string {
	return `~/.hookwarden/bin/hookwarden-hook --restore ${snapshot}`;
}

/**
 * The message a person reads in chat when a call changed what no prediction covered: what changed, and how to put it
 * back from VS Code or a terminal.
 */
export function describeUnforeseen(observation: Observation): string {
	const shown = observation.unforeseen.slice(0, 3);
	const first = shown.map((change) => `${change.change} ${change.path}`).join(', ');
	const more = observation.unforeseenCount - shown.length;
	return `Hookwarden: \`${observation.summary}\` made changes nobody predicted (${first}${more > 0 ? `, and ${more} more` : ''}). Restore them with *Restore Files to Before This Call…* on the call in Hookwarden's Events view, or \`${restoreCommandFor(observation.snapshot)}\`.`;
}
