import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { SnapshotSettings } from '../../core/settings/snapshotSettings';
import type { RootEntry } from './compareTrees';
import { TreeReader } from './compareTrees';
import type { SnapshotRecord } from './snapshotRecord';
import type { SnapshotStore } from './snapshotStore';

/** What a prune left: the bytes the store holds after it, and what it removed. */
export interface PruneResult {
	readonly bytes: number;
	readonly removedRecords: number;
	readonly removedObjects: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A full store is pruned down to this share of its limit, so the next calls do not prune again at once. */
const AFTER_PRUNE_SHARE = 0.8;
/** Objects younger than this may belong to a hold still writing its record: a prune leaves them alone. */
const FRESH_MS = 10 * 60 * 1000;

/** The bytes the store's objects held when last counted, plus what holds added since (an estimate between prunes). */
export function storeUsage(store: SnapshotStore): number {
	try {
		const value = Number(readFileSync(usageFile(store), 'utf8'));
		return Number.isFinite(value) && value >= 0 ? value : 0;
	} catch {
		return 0;
	}
}

/** Adds what a hold wrote to the store's count. */
export function addUsage(store: SnapshotStore, bytes: number): void {
	if (bytes <= 0) {
		return;
	}
	try {
		writeFileSync(usageFile(store), String(storeUsage(store) + bytes), { mode: 0o600 });
	} catch {
		// The count is an estimate; the next prune counts again.
	}
}

/** Whether a prune is due: none for a day. */
export function pruneDue(store: SnapshotStore, now: number): boolean {
	try {
		return now - statSync(join(store.root, 'pruned')).mtimeMs > DAY_MS;
	} catch {
		return true;
	}
}

/**
 * Drops the records older than `retentionDays`, then, while the objects still hold more than the store's limit, the
 * oldest records, and removes every object no remaining record or workspace index reaches. A record or index whose
 * signature does not hold keeps nothing alive. Objects being written (temporary names) are left alone.
 */
export function pruneStore(
	store: SnapshotStore,
	settings: Pick<SnapshotSettings, 'retentionDays' | 'maxTotalBytes'>,
	now: number,
): PruneResult {
	const reader = new TreeReader(store.objects, 500);
	const cutoff = now - settings.retentionDays * DAY_MS;
	let removedRecords = 0;
	const records: { id: string; path: string; reached: Set<string> }[] = [];
	for (const id of store.recordIds()) {
		const path = store.recordPath(id);
		const record = path === undefined ? undefined : store.readDocument<SnapshotRecord>(path);
		if (path === undefined) {
			continue;
		}
		if (!record || record.takenAt < cutoff) {
			rmSync(path, { force: true });
			removedRecords++;
			continue;
		}
		const reached = new Set<string>();
		for (const root of [...record.roots, ...(record.after?.roots ?? [])]) {
			reach(reader, root.entry, reached);
		}
		records.push({ id, path, reached });
	}
	const kept = new Set<string>();
	for (const workspace of workspaceFolders(store)) {
		for (const hash of indexReach(store, reader, workspace)) {
			kept.add(hash);
		}
	}
	const objects = listObjects(store, now - FRESH_MS, kept);
	const references = new Map<string, number>();
	for (const { reached } of records) {
		for (const hash of reached) {
			references.set(hash, (references.get(hash) ?? 0) + 1);
		}
	}
	const live = (hash: string) => kept.has(hash) || (references.get(hash) ?? 0) > 0;
	let bytes = [...objects].reduce((sum, [hash, size]) => sum + (live(hash) ? size : 0), 0);
	const target = settings.maxTotalBytes * AFTER_PRUNE_SHARE;
	while (bytes > target && records.length > 0) {
		const oldest = records.shift()!;
		rmSync(oldest.path, { force: true });
		removedRecords++;
		for (const hash of oldest.reached) {
			const left = (references.get(hash) ?? 1) - 1;
			references.set(hash, left);
			if (left === 0 && !kept.has(hash)) {
				bytes -= objects.get(hash) ?? 0;
			}
		}
	}
	let removedObjects = 0;
	for (const hash of objects.keys()) {
		if (!live(hash)) {
			rmSync(store.objects.pathOf(hash), { force: true });
			removedObjects++;
		}
	}
	try {
		writeFileSync(usageFile(store), String(bytes), { mode: 0o600 });
		writeFileSync(join(store.root, 'pruned'), new Date(now).toISOString(), { mode: 0o600 });
	} catch {
		// Counted again next time.
	}
	return { bytes, removedRecords, removedObjects };
}

/** Every object a root reaches: its trees and what they hold. */
function reach(reader: TreeReader, entry: RootEntry, into: Set<string>): void {
	if (entry.type === 'file' || entry.type === 'link') {
		into.add(entry.hash);
	} else if (entry.type === 'dir') {
		reachTree(reader, entry.hash, into);
	}
}

function reachTree(reader: TreeReader, hash: string, into: Set<string>): void {
	if (into.has(hash)) {
		return;
	}
	into.add(hash);
	const tree = reader.read(hash);
	for (const entry of tree?.entries ?? []) {
		if (entry.type === 'dir') {
			reachTree(reader, entry.hash, into);
		} else if (entry.type === 'file' || entry.type === 'link') {
			into.add(entry.hash);
		}
	}
}

/** What a workspace's index keeps alive: every file it knows and every tree it would reuse. */
function indexReach(store: SnapshotStore, reader: TreeReader, folder: string): Set<string> {
	const reached = new Set<string>();
	const index = store.readIndexAt(folder);
	for (const folder of index.folders.values()) {
		for (const hash of folder.files.hashes) {
			if (hash !== '') {
				reached.add(hash);
			}
		}
	}
	for (const { hash } of index.folders.values()) {
		reachTree(reader, hash, reached);
	}
	return reached;
}

function workspaceFolders(store: SnapshotStore): string[] {
	try {
		return readdirSync(join(store.root, 'workspaces')).map((name) =>
			join(store.root, 'workspaces', name),
		);
	} catch {
		return [];
	}
}

/** Every object in the store with its size; one written after `freshAfter` is counted as kept. */
function listObjects(
	store: SnapshotStore,
	freshAfter: number,
	kept: Set<string>,
): Map<string, number> {
	const objects = new Map<string, number>();
	const root = join(store.root, 'objects');
	let prefixes: string[];
	try {
		prefixes = readdirSync(root).filter((name) => /^[0-9a-f]{2}$/.test(name));
	} catch {
		return objects;
	}
	for (const prefix of prefixes) {
		let names: string[];
		try {
			names = readdirSync(join(root, prefix));
		} catch {
			continue;
		}
		for (const name of names) {
			if (/^[0-9a-f]{62}$/.test(name)) {
				try {
					const stat = statSync(join(root, prefix, name));
					objects.set(prefix + name, stat.size);
					if (stat.mtimeMs > freshAfter) {
						kept.add(prefix + name);
					}
				} catch {
					// Removed meanwhile.
				}
			}
		}
	}
	return objects;
}

function usageFile(store: SnapshotStore): string {
	return join(store.root, 'usage');
}
