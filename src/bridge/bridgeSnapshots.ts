import { homedir } from 'node:os';

import type { SnapshotOutcome } from '../core/snapshots/snapshotFacts';
import type { ComparedCall, SnapshotPort } from '../core/snapshots/snapshotPort';
import type { SnapshotSettings } from '../core/settings/snapshotSettings';
import { bridgeGlobalStorage } from '../node/audit/auditLogLocation';
import type { SnapshotBundle } from '../node/snapshots/loadSnapshotBundle';
import { loadSnapshotBundle } from '../node/snapshots/loadSnapshotBundle';
import { hasWaitingCalls } from '../node/snapshots/snapshotPaths';
import { join } from 'node:path';

/** Where this user's snapshot store is, computed as the window computes it (its global storage). */
export function storeRootOf(env: NodeJS.ProcessEnv = process.env): string | undefined {
	const storage = bridgeGlobalStorage(env, homedir());
	return storage === undefined ? undefined : join(storage, 'snapshots');
}

/** The snapshot bundle next to this one, loaded on first use. */
export function snapshotBundle(): SnapshotBundle {
	return loadSnapshotBundle(__dirname);
}

/**
 * Where this bridge holds and compares files: through the snapshot keeper (which watches the workspace between calls)
 * where one can run, else the store itself; a bridge that finds no keeper starts one for the next call. The store's
 * code is loaded only by a call that holds files or closes a call that did: an event that closes nothing costs one
 * `stat`.
 */
export function bridgeSnapshotPort(
	runtime: string | undefined,
	secret: string | undefined,
): SnapshotPort | undefined {
	const storeRoot = storeRootOf();
	if (storeRoot === undefined) {
		return undefined;
	}
	let port: SnapshotPort | undefined;
	const made = () => (port ??= makePort(snapshotBundle(), storeRoot, runtime, secret));
	return {
		hold: (request): Promise<SnapshotOutcome> => made().hold(request),
		observe: (request): Promise<readonly ComparedCall[]> =>
			hasWaitingCalls(storeRoot, request.workspaceFolder, request.sessionId, request.tool)
				? made().observe(request)
				: Promise.resolve([]),
	};
}

function makePort(
	bundle: SnapshotBundle,
	storeRoot: string,
	runtime: string | undefined,
	secret: string | undefined,
): SnapshotPort {
	const local = new bundle.FileSnapshots({ storeRoot });
	if (runtime === undefined || secret === undefined || process.platform !== 'linux') {
		return local;
	}
	return new bundle.KeeperSnapshots(local, {
		endpoint: bundle.keeperEndpoint(runtime, storeRoot),
		secret,
		start: (workspace) => bundle.startKeeperInBackground(__dirname, workspace ?? process.cwd()),
	});
}

/** Once a day, after a call that held files, starts a detached prune of the store (its days and size). */
export function pruneWhenDue(): void {
	const storeRoot = storeRootOf();
	if (storeRoot === undefined) {
		return;
	}
	const bundle = snapshotBundle();
	const opened = new bundle.FileSnapshots({ storeRoot }).store();
	if (opened.ok && bundle.pruneDue(opened.store, Date.now())) {
		bundle.pruneInBackground(__dirname, process.cwd());
	}
}

/** Drops snapshots past their days, then the oldest while the store is over its size. */
export function pruneNow(settings: SnapshotSettings): void {
	const storeRoot = storeRootOf();
	if (storeRoot !== undefined) {
		new (snapshotBundle().FileSnapshots)({ storeRoot }).prune(settings);
	}
}

/** Serves bridges as their snapshot keeper until idle; holds `warm` at once when given. */
export async function keepSnapshots(options: {
	readonly runtime: string;
	readonly secret: string;
	readonly warm?: { readonly workspace: string; readonly settings: SnapshotSettings };
	readonly log: (line: string) => void;
}): Promise<boolean> {
	const storeRoot = storeRootOf();
	if (storeRoot === undefined) {
		return false;
	}
	const bundle = snapshotBundle();
	await bundle.runSnapshotKeeper({
		secret: options.secret,
		endpoint: bundle.keeperEndpoint(options.runtime, storeRoot),
		storeRoot,
		...(options.warm && { warm: options.warm }),
		log: options.log,
	});
	return true;
}
