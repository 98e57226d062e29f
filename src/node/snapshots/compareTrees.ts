import type { ObservedChange } from '../../core/snapshots/snapshotFacts';
import type { ObjectStore } from './objectStore';
import type { Tree, TreeEntry } from './treeObject';
import { decodeTree } from './treeObject';

/** What a snapshot holds at one of its roots: a folder, a file, a link, a file over a limit, or nothing there. */
export type RootEntry = WithoutName<TreeEntry> | { readonly type: 'absent' };

/** Each member of a union without its `name`. */
type WithoutName<T> = T extends unknown ? Omit<T, 'name'> : never;

/** Reads tree objects, keeping the ones read recently: comparisons and restores read the same trees again. */
export class TreeReader {
	private readonly cache = new Map<string, Tree>();

	constructor(
		readonly store: ObjectStore,
		private readonly keep = 2_000,
	) {}

	/** A tree by hash; `undefined` when missing, damaged or not a tree. */
	read(hash: string): Tree | undefined {
		const cached = this.cache.get(hash);
		if (cached) {
			return cached;
		}
		const bytes = this.store.read(hash);
		const tree = bytes && decodeTree(bytes);
		if (tree) {
			if (this.cache.size >= this.keep) {
				this.cache.delete(this.cache.keys().next().value!);
			}
			this.cache.set(hash, tree);
		}
		return tree;
	}
}

/** The comparison of two states of one root: every change, and whether part of it could not be compared. */
export interface Comparison {
	readonly changes: ObservedChange[];
	/** Trees that could not be read (missing or damaged objects): what lies under them is not compared. */
	unreadable: number;
}

/**
 * Every file that differs between two states of the same root (`path` is where the root is on disk): created,
 * deleted, changed, emptied (a file cut to nothing), or only its mode changed. Folders that hold the same tree are
 * skipped whole; what either state did not visit in time is left out. Changes come in path order.
 */
export function compareRoots(
	reader: TreeReader,
	path: string,
	before: RootEntry,
	after: RootEntry,
): Comparison {
	const comparison: Comparison = { changes: [], unreadable: 0 };
	compareEntries(reader, path, before, after, comparison);
	return comparison;
}

function compareEntries(
	reader: TreeReader,
	path: string,
	before: RootEntry,
	after: RootEntry,
	out: Comparison,
): void {
	if (before.type === 'unvisited' || after.type === 'unvisited') {
		return;
	}
	if (before.type === 'dir' && after.type === 'dir') {
		if (before.hash !== after.hash) {
			compareFolders(reader, path, before.hash, after.hash, out);
		}
		return;
	}
	if (before.type === 'dir' || after.type === 'dir') {
		if (before.type === 'dir') {
			everyFile(reader, path, before.hash, 'deleted', out);
		} else if (before.type !== 'absent') {
			out.changes.push({ path, change: 'deleted' });
		}
		if (after.type === 'dir') {
			everyFile(reader, path, after.hash, 'created', out);
		} else if (after.type !== 'absent') {
			out.changes.push({ path, change: 'created' });
		}
		return;
	}
	const change = fileChange(before, after);
	if (change) {
		out.changes.push({ path, change });
	}
}

/** How one file-like entry changed, if it did. */
function fileChange(
	before: Exclude<RootEntry, { type: 'dir' | 'unvisited' }>,
	after: Exclude<RootEntry, { type: 'dir' | 'unvisited' }>,
): ObservedChange['change'] | undefined {
	if (before.type === 'absent') {
		return after.type === 'absent' ? undefined : 'created';
	}
	if (after.type === 'absent') {
		return 'deleted';
	}
	if (before.type === 'file' && after.type === 'file') {
		if (before.hash !== after.hash) {
			return after.size === 0 && before.size > 0 ? 'emptied' : 'changed';
		}
		return before.mode !== after.mode ? 'mode' : undefined;
	}
	if (before.type === 'noted' && after.type === 'noted') {
		return before.size !== after.size || before.changedAt !== after.changedAt
			? 'changed'
			: undefined;
	}
	if (before.type === 'link' && after.type === 'link') {
		return before.hash !== after.hash ? 'changed' : undefined;
	}
	return 'changed';
}

function compareFolders(
	reader: TreeReader,
	path: string,
	beforeHash: string,
	afterHash: string,
	out: Comparison,
): void {
	const before = reader.read(beforeHash);
	const after = reader.read(afterHash);
	if (!before || !after) {
		out.unreadable++;
		return;
	}
	const afterByName = new Map(after.entries.map((entry) => [entry.name, entry]));
	const names = [...new Set([...before.entries.map((e) => e.name), ...afterByName.keys()])].sort();
	const beforeByName = new Map(before.entries.map((entry) => [entry.name, entry]));
	for (const name of names) {
		compareEntries(
			reader,
			`${path}/${name}`,
			beforeByName.get(name) ?? { type: 'absent' },
			afterByName.get(name) ?? { type: 'absent' },
			out,
		);
	}
}

/** Every file under a folder, as created or deleted. */
function everyFile(
	reader: TreeReader,
	path: string,
	hash: string,
	change: 'created' | 'deleted',
	out: Comparison,
): void {
	const tree = reader.read(hash);
	if (!tree) {
		out.unreadable++;
		return;
	}
	for (const entry of tree.entries) {
		const at = `${path}/${entry.name}`;
		if (entry.type === 'dir') {
			everyFile(reader, at, entry.hash, change, out);
		} else if (entry.type !== 'unvisited') {
			out.changes.push({ path: at, change });
		}
	}
}
