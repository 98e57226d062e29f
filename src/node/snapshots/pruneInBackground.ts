import { join } from 'node:path';

import { childProcess } from '../childProcess';

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
