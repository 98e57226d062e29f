import { describeObservation } from '../../core/snapshots/describeSnapshot';
import type { ChangeKind, Observation } from '../../core/snapshots/snapshotFacts';
import type { RestoreItem, RestoreResult } from '../../node/snapshots/restoreSnapshot';

/** One path of the restore preview, as the pick list shows it; no VS Code types. */
export interface RestorePickView {
	readonly path: string;
	readonly label: string;
	readonly description: string;
	readonly detail?: string;
	/** Chosen at first: everything that can be written back; a file created since only when the person ticks it. */
	readonly picked: boolean;
	/** Whether it can be restored at all (a path the snapshot did not hold is shown, not offered). */
	readonly restorable: boolean;
	readonly iconId: string;
	/** What *Show Changes* opens: the held copy beside the file now, the held copy alone, or the file now alone. */
	readonly compare: 'both' | 'held' | 'current' | 'none';
}

const WORDS: Readonly<Record<ChangeKind, string>> = {
	deleted: 'deleted since',
	changed: 'changed since',
	emptied: 'emptied since',
	mode: 'permissions changed since',
	created: 'created since: removed only if you tick it',
};

const ICONS: Readonly<Record<ChangeKind, string>> = {
	deleted: 'diff-removed',
	changed: 'diff-modified',
	emptied: 'diff-modified',
	mode: 'diff-modified',
	created: 'diff-added',
};

/**
 * The restore preview, path by path: the path relative to the workspace, how it differs from the snapshot, whether this
 * call changed it (or something after it), and why a path cannot be restored. Created files are listed unticked: a
 * restore never deletes what the snapshot does not know unless the person asks.
 */
export function restorePicks(
	items: readonly RestoreItem[],
	workspace: string | undefined,
): RestorePickView[] {
	return items.map((item) => ({
		path: item.path,
		label: relativeTo(item.path, workspace),
		description: `${WORDS[item.change]}${item.byThisCall ? ', by this call' : ''}`,
		...(!item.restorable && {
			detail: `Cannot be restored: ${item.why ?? 'the snapshot did not hold it'}.`,
		}),
		picked: item.restorable && item.change !== 'created',
		restorable: item.restorable,
		iconId: item.restorable ? ICONS[item.change] : 'circle-slash',
		compare:
			item.change === 'created'
				? 'current'
				: item.change === 'deleted'
					? 'held'
					: item.restorable
						? 'both'
						: 'none',
	}));
}

/** What a restore did, in one sentence, naming what failed. */
export function restoreOutcome(results: readonly RestoreResult[]): string {
	const failed = results.filter((result) => !result.ok);
	const done = results.length - failed.length;
	const first = failed[0];
	return failed.length === 0
		? `Hookwarden restored ${done} file${done === 1 ? '' : 's'}.`
		: `Hookwarden restored ${done} of ${results.length} files; ${first?.path ?? ''} could not be: ${first?.problem ?? 'unknown error'}${failed.length > 1 ? ` (and ${failed.length - 1} more; see the log)` : ''}.`;
}

/** The warning shown at once when a call changed what no prediction covered; plain text, as notifications show it. */
export function unforeseenNotice(observation: Observation, workspace?: string): string {
	const shown = observation.unforeseen
		.slice(0, 2)
		.map((change) => `${change.change} ${relativeTo(change.path, workspace)}`);
	const more = observation.unforeseenCount - shown.length;
	return `Hookwarden: “${observation.summary}” ${describeObservation(observation)}: ${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''}. The files as they were before the call are held.`;
}

function relativeTo(path: string, workspace: string | undefined): string {
	if (workspace !== undefined) {
		const root = workspace.replace(/\\/g, '/').replace(/\/$/, '');
		if (path.startsWith(`${root}/`)) {
			return path.slice(root.length + 1);
		}
	}
	return path;
}
