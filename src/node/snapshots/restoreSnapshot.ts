import {
	chmodSync,
	lstatSync,
	mkdirSync,
	renameSync,
	rmSync,
	statSync,
	symlinkSync,
	unlinkSync,
	writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

import type { ChangeKind, ObservedChange } from '../../core/snapshots/snapshotFacts';
import { normalizedPathInside } from '../../core/paths/pathMath';
import type { RootEntry } from './compareTrees';
import { compareRoots, TreeReader } from './compareTrees';
import type { ObjectStore } from './objectStore';
import type { SnapshotRecord, SnapshotRoot } from './snapshotRecord';
import type { TreeEntry } from './treeObject';
import { safeName } from './treeObject';

/** One path that differs between a snapshot and the disk now, and whether the snapshot can bring it back. */
export interface RestoreItem {
	/** Absolute, with forward slashes. */
	readonly path: string;
	/**
	 * How the disk differs from the snapshot: `deleted` (gone since), `changed`, `emptied`, `mode`, or `created` (a file
	 * the snapshot does not know, which a restore removes only when asked to).
	 */
	readonly change: ChangeKind;
	/** Whether the snapshot holds what was there (always, for a created file: removing it needs nothing held). */
	readonly restorable: boolean;
	/** Why it cannot be restored. */
	readonly why?: string;
	/** Whether the call the snapshot was taken for made this change (its own comparison found it). */
	readonly byThisCall: boolean;
}

/** How restoring one path went. */
export interface RestoreResult {
	readonly path: string;
	readonly ok: boolean;
	readonly problem?: string;
}

/**
 * What restoring a snapshot would do: every path that differs now, compared root by root with the disk as it is now
 * (`current`, captured by the caller), each marked with whether the snapshot holds it and whether the snapshot's own
 * call changed it.
 */
export function restoreItems(
	store: ObjectStore,
	record: SnapshotRecord,
	current: readonly SnapshotRoot[],
): RestoreItem[] {
	const reader = new TreeReader(store);
	const byThisCall = new Set<string>();
	if (record.after) {
		record.roots.forEach((root, at) => {
			const after = record.after?.roots[at];
			if (after) {
				for (const change of compareRoots(reader, root.path, root.entry, after.entry).changes) {
					byThisCall.add(change.path);
				}
			}
		});
	}
	const items: RestoreItem[] = [];
	record.roots.forEach((root, at) => {
		const now = current[at];
		if (!now) {
			return;
		}
		for (const change of compareRoots(reader, root.path, root.entry, now.entry).changes) {
			items.push(itemOf(reader, root, change, byThisCall.has(change.path)));
		}
	});
	return items.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function itemOf(
	reader: TreeReader,
	root: SnapshotRoot,
	change: ObservedChange,
	byThisCall: boolean,
): RestoreItem {
	if (change.change === 'created') {
		return { path: change.path, change: 'created', restorable: true, byThisCall };
	}
	const held = entryAt(reader, root, change.path);
	const why =
		held === undefined
			? "the snapshot's copy cannot be read"
			: held.type === 'noted'
				? notHeldWords(held.why)
				: undefined;
	return {
		path: change.path,
		change: change.change,
		restorable: why === undefined,
		...(why !== undefined && { why }),
		byThisCall,
	};
}

function notHeldWords(why: string): string {
	switch (why) {
		case 'fileTooLarge':
			return 'it was over the file size limit, so the snapshot did not hold it';
		case 'storeFull':
			return 'the store was full, so the snapshot did not hold it';
		case 'special':
			return 'it is a device, socket or pipe';
		default:
			return 'the snapshot could not read it';
	}
}

/** The snapshot's entry at an absolute path under a root; `undefined` when a tree on the way cannot be read. */
export function entryAt(
	reader: TreeReader,
	root: SnapshotRoot,
	path: string,
): RootEntry | undefined {
	const relative = normalizedPathInside(path, root.path);
	if (relative === undefined) {
		return undefined;
	}
	let entry: RootEntry = root.entry;
	for (const name of relative === '' ? [] : relative.split('/')) {
		if (entry.type !== 'dir') {
			return { type: 'absent' };
		}
		const tree = reader.read(entry.hash);
		if (!tree) {
			return undefined;
		}
		const found: TreeEntry | undefined = tree.entries.find((candidate) => candidate.name === name);
		if (!found) {
			return { type: 'absent' };
		}
		entry = found;
	}
	return entry;
}

/** The bytes a record holds for a file (a link's target for a link), for showing what a restore would write. */
export function heldBytes(
	store: ObjectStore,
	record: SnapshotRecord,
	path: string,
): Buffer | undefined {
	const reader = new TreeReader(store);
	const root = record.roots.find(
		(candidate) => normalizedPathInside(path, candidate.path) !== undefined,
	);
	const entry = root && entryAt(reader, root, path);
	return entry && (entry.type === 'file' || entry.type === 'link')
		? store.read(entry.hash)
		: undefined;
}

/**
 * Restores the chosen paths from a snapshot: a file or link that changed or went is written back (to a temporary
 * name beside it, then renamed into place, with its mode), a mode is set back, and a created file is removed. Only
 * paths inside the record's roots are touched, folders on the way are created as real folders, and a link or file
 * that now stands where a folder was stops that path rather than being followed. Each path reports how it went.
 */
export function restorePaths(
	store: ObjectStore,
	record: SnapshotRecord,
	items: readonly RestoreItem[],
): RestoreResult[] {
	const reader = new TreeReader(store);
	return items.map((item) => {
		try {
			const root = record.roots.find(
				(candidate) => normalizedPathInside(item.path, candidate.path) !== undefined,
			);
			if (!root) {
				return { path: item.path, ok: false, problem: 'it lies outside what the snapshot holds' };
			}
			if (item.change === 'created') {
				removeCreated(item.path);
				return { path: item.path, ok: true };
			}
			const entry = entryAt(reader, root, item.path);
			if (!entry || entry.type === 'noted' || entry.type === 'unvisited' || entry.type === 'dir') {
				return { path: item.path, ok: false, problem: 'the snapshot does not hold this file' };
			}
			if (entry.type === 'absent') {
				removeCreated(item.path);
				return { path: item.path, ok: true };
			}
			writeBack(store, root.path, item.path, entry);
			return { path: item.path, ok: true };
		} catch (error) {
			return {
				path: item.path,
				ok: false,
				problem: error instanceof Error ? error.message : String(error),
			};
		}
	});
}

/** Writes a held file or link back at its path, through real folders only. */
function writeBack(
	store: ObjectStore,
	rootPath: string,
	path: string,
	entry: Extract<RootEntry, { type: 'file' | 'link' }>,
): void {
	const folder = ensureFolders(rootPath, path);
	const bytes = store.read(entry.hash);
	if (!bytes) {
		throw new Error("the snapshot's copy is damaged or gone");
	}
	const target = nativePath(path);
	const now = lstatSync(target, { throwIfNoEntry: false });
	if (now?.isDirectory()) {
		throw new Error('a folder now stands where the file was');
	}
	const temporary = join(
		folder,
		`.hookwarden-restore-${process.pid}-${Math.random().toString(36).slice(2)}`,
	);
	try {
		if (entry.type === 'link') {
			symlinkSync(bytes.toString('utf8'), temporary);
		} else {
			writeFileSync(temporary, bytes, { mode: 0o600 });
			chmodSync(temporary, entry.mode);
		}
		renameSync(temporary, target);
	} catch (error) {
		rmSync(temporary, { force: true });
		throw error;
	}
}

/** The folders from the root down to a path's folder, created where missing; a link or file on the way stops it. */
function ensureFolders(rootPath: string, path: string): string {
	const relative = normalizedPathInside(path, rootPath);
	if (relative === undefined || relative === '') {
		throw new Error('it lies outside what the snapshot holds');
	}
	const names = relative.split('/');
	if (!names.every(safeName)) {
		throw new Error('its name cannot be restored');
	}
	let folder = nativePath(rootPath);
	// The root is where the workspace (or the path the call named) was: it may itself be reached through a link.
	mkdirSync(folder, { recursive: true });
	if (!statSync(folder).isDirectory()) {
		throw new Error(`${folder} is no longer a folder`);
	}
	for (const name of names.slice(0, -1)) {
		folder = join(folder, name);
		const stat = lstatSync(folder, { throwIfNoEntry: false });
		if (!stat) {
			mkdirSync(folder);
		}
		assertRealFolder(folder);
	}
	return folder;
}

function assertRealFolder(folder: string): void {
	const stat = lstatSync(folder);
	if (stat.isSymbolicLink() || !stat.isDirectory()) {
		throw new Error(`${folder} is no longer a folder (a link or a file stands there)`);
	}
}

function removeCreated(path: string): void {
	const target = nativePath(path);
	const stat = lstatSync(target, { throwIfNoEntry: false });
	if (stat?.isDirectory()) {
		throw new Error('a folder stands there; only files are removed');
	}
	if (stat) {
		unlinkSync(target);
	}
}

function nativePath(path: string): string {
	return process.platform === 'win32' ? path.replace(/\//g, '\\') : path;
}
