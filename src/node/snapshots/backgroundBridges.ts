import { join } from 'node:path';

import { childProcess } from '../childProcess';

/** Starts a detached snapshot keeper (`--snapshot-keeper <workspace>`), which holds the workspace at once. */
export function startKeeperInBackground(bundleFolder: string, workspace: string): void {
	const child = childProcess().spawn(
		process.execPath,
		[join(bundleFolder, 'bridge.js'), '--snapshot-keeper', workspace],
		{ cwd: workspace, detached: true, stdio: 'ignore', windowsHide: true },
	);
	child.on('error', () => undefined);
	child.unref();
}

/**
 * Starts a detached bridge that prunes the snapshot store (`--prune-snapshots`): a bridge calls this after its answer
 * is out, once a day, so the hook call never waits for a prune. The child shares no pipe with the hook runner.
 */
export function pruneInBackground(bundleFolder: string, cwd: string): void {
	const child = childProcess().spawn(
		process.execPath,
		[join(bundleFolder, 'bridge.js'), '--prune-snapshots'],
		{ cwd, detached: true, stdio: 'ignore', windowsHide: true },
	);
	child.on('error', () => undefined);
	child.unref();
}
