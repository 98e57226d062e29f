import * as vscode from 'vscode';

import type { SnapshotSettings } from '../core/settings/snapshotSettings';
import type { FileSnapshots } from '../node/snapshots/fileSnapshots';

const FIRST_PRUNE_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the snapshot store within its days and size while the window runs: a minute after start, then daily. A bridge
 * deciding with no window prunes itself after its answer (see the bridge's `--prune-snapshots`).
 */
export function startSnapshotPruning(
	snapshots: FileSnapshots,
	settings: () => SnapshotSettings,
	log: vscode.LogOutputChannel,
): vscode.Disposable {
	const prune = () => {
		try {
			snapshots.prune(settings());
		} catch (error) {
			log.warn(
				`could not prune snapshots: ${error instanceof Error ? error.message : String(error)}`,
			);
		}
	};
	let daily: ReturnType<typeof setInterval> | undefined;
	const first = setTimeout(() => {
		prune();
		daily = setInterval(prune, DAY_MS);
	}, FIRST_PRUNE_MS);
	return new vscode.Disposable(() => {
		clearTimeout(first);
		clearInterval(daily);
	});
}
