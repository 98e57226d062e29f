import { readdirSync, readlinkSync } from 'node:fs';
import { sep } from 'node:path';

import type { NotHeldReason } from '../../core/snapshots/snapshotFacts';
import type { FileState, StateReader } from './fileState';
import type { ObjectStore } from './objectStore';
import { StoreWriteError } from './objectStore';
import type { IndexedFolder, StatIndex } from './statIndex';
import { FolderFiles, joined } from './statIndex';
import type { TreeEntry } from './treeObject';
import { encodeTree } from './treeObject';

/** Why a capture stopped before it saw everything. */
export type CaptureStop = 'outOfTime' | 'diskFull' | 'tooLarge';

/** The bounds of one capture: a deadline, the largest file held, how many names a walk may visit, the store's room. */
export interface CaptureLimits {
	/** Epoch milliseconds. */
	readonly deadline: number;
	readonly maxFileBytes: number;
	readonly maxEntries: number;
	/** Bytes the store may still take; spent as new content is added. */
	roomBytes: number;
}

/** What one capture did: the bytes it added, the names it visited, and why it stopped early. */
export interface CaptureTally {
	/** Bytes of new content written to the store. */
	added: number;
	entries: number;
	stop?: CaptureStop;
}

/** What a capture reads from and writes to. */
export interface CaptureContext {
	readonly store: ObjectStore;
	readonly state: StateReader;
	/** The index of the last capture of this root, whose unchanged files are not read again. */
	readonly previous?: StatIndex;
	/** Filled with what this capture saw (a capture of changes only starts it as a copy of the previous one). */
	readonly next: StatIndex;
	/** Whether a path (relative, `/`-separated) is skipped. */
	readonly excluded: (relative: string) => boolean;
	/** Relative paths visited first (and never excluded), so what a call names is held even when time runs short. */
	readonly priority: ReadonlySet<string>;
	/**
	 * Whether a folder must be listed: absent, every folder is. A capture of what a watcher saw change lists only the
	 * folders it reported and those above them, and keeps every other folder as the previous index has it.
	 */
	readonly mustList?: (relative: string) => boolean;
	/** Told of each folder just before it is listed (a watch starts watching it, so no later change goes unseen). */
	readonly beforeListing?: (relative: string) => void;
	readonly limits: CaptureLimits;
	readonly tally: CaptureTally;
	readonly now: () => number;
}

const CHECK_EVERY = 32;

/** An empty tally. */
export function newTally(): CaptureTally {
	return { added: 0, entries: 0 };
}

/** One name of a folder as this capture found it: a file unchanged since the previous index, or an entry made now. */
type Seen = { readonly name: string; readonly position: number } | { readonly entry: TreeEntry };

/**
 * Holds a folder and everything under it in the store, returning its tree object's hash. A file the previous index
 * knows unchanged costs one `lstat` and is not read; a folder whose names are all unchanged keeps its tree; a folder
 * nobody needs to list keeps everything. Links are held as links, never followed. What cannot be held is noted with
 * why; what time did not allow is marked unvisited, so a later comparison and a restore leave it alone. `undefined`
 * when the folder itself cannot be listed.
 */
export function captureFolder(
	absolute: string,
	relative: string,
	context: CaptureContext,
): string | undefined {
	const known = context.previous?.folders.get(relative);
	if (known && context.mustList && !context.mustList(relative)) {
		return known.hash;
	}
	context.beforeListing?.(relative);
	let names: string[];
	try {
		names = readdirSync(absolute);
	} catch {
		return undefined;
	}
	const { tally } = context;
	const files = new FolderFiles();
	const excluded: string[] = [];
	const seen: Seen[] = [];
	const folders = new Set<string>();
	let dirty = known === undefined;
	for (const name of prioritised(names, relative, context.priority)) {
		const path = joined(relative, name);
		if (tally.stop === undefined && ++tally.entries % CHECK_EVERY === 1) {
			checkBounds(context);
		}
		if (tally.stop !== undefined) {
			seen.push({ entry: { name, type: 'unvisited' } });
			dirty = true;
			continue;
		}
		if (context.excluded(path) && !context.priority.has(path)) {
			excluded.push(name);
			continue;
		}
		const found = captureEntry(absolute + sep + name, path, name, known, files, context);
		if (found === undefined) {
			dirty = true;
			continue;
		}
		if ('entry' in found.seen && found.seen.entry.type === 'dir') {
			folders.add(path);
		}
		seen.push(found.seen);
		dirty ||= found.changed;
	}
	const hash =
		!dirty && known?.count === seen.length
			? known.hash
			: put(
					context,
					seen.map((item) => entryOf(item, known)),
				);
	forgetVanishedFolders(context, relative, folders);
	const folder: IndexedFolder = { hash, count: seen.length, files, excluded };
	context.next.folders.set(relative, folder);
	return hash;
}

/** One name of a folder, and whether it differs from the previous capture; `undefined` when it vanished. */
function captureEntry(
	absolute: string,
	relative: string,
	name: string,
	known: IndexedFolder | undefined,
	files: FolderFiles,
	context: CaptureContext,
): { readonly seen: Seen; readonly changed: boolean } | undefined {
	let state: FileState | undefined;
	try {
		state = context.state(absolute);
	} catch {
		return { seen: { entry: note(name, undefined, 'unreadable', files) }, changed: true };
	}
	if (!state) {
		return undefined;
	}
	if (state.kind === 'dir') {
		const before = context.previous?.folders.get(relative)?.hash;
		const hash = captureFolder(absolute, relative, context);
		if (hash === undefined) {
			return { seen: { entry: note(name, state, 'unreadable', files) }, changed: true };
		}
		return { seen: { entry: { name, type: 'dir', hash } }, changed: hash !== before };
	}
	if (state.kind === 'other') {
		return { seen: { entry: note(name, state, 'special', files) }, changed: true };
	}
	const position = known ? known.files.positionOf(name) : -1;
	if (
		known &&
		position >= 0 &&
		settled(known.files, position) &&
		known.files.unchangedAt(position, state, context.previous?.capturedAt ?? 0)
	) {
		files.copy(known.files, position);
		return { seen: { name, position }, changed: false };
	}
	const entry =
		state.kind === 'link'
			? captureLink(absolute, name, state, files, context)
			: captureFile(absolute, name, state, files, context);
	return entry && { seen: { entry }, changed: true };
}

function captureFile(
	absolute: string,
	name: string,
	state: FileState,
	files: FolderFiles,
	context: CaptureContext,
): TreeEntry | undefined {
	const { limits } = context;
	if (state.size > limits.maxFileBytes) {
		return note(name, state, 'fileTooLarge', files);
	}
	if (state.size > limits.roomBytes) {
		return note(name, state, 'storeFull', files);
	}
	let ingested;
	try {
		ingested = context.store.ingest(absolute, limits.maxFileBytes);
	} catch (error) {
		if (error instanceof StoreWriteError) {
			context.tally.stop = 'diskFull';
			return note(name, state, 'diskFull', files);
		}
		throw error;
	}
	if (!ingested.ok) {
		return ingested.why === 'vanished'
			? undefined
			: note(name, state, ingested.why === 'tooLarge' ? 'fileTooLarge' : 'unreadable', files);
	}
	limits.roomBytes -= ingested.added;
	context.tally.added += ingested.added;
	files.add(name, state, false, ingested.hash, '');
	return {
		name,
		type: 'file',
		hash: ingested.hash,
		size: ingested.size,
		mode: state.mode & 0o7777,
	};
}

function captureLink(
	absolute: string,
	name: string,
	state: FileState,
	files: FolderFiles,
	context: CaptureContext,
): TreeEntry | undefined {
	let target: string;
	try {
		target = readlinkSync(absolute);
	} catch {
		return undefined;
	}
	try {
		const { hash, added } = context.store.put(target);
		context.tally.added += added;
		files.add(name, state, true, hash, '');
		return { name, type: 'link', hash };
	} catch (error) {
		if (error instanceof StoreWriteError) {
			context.tally.stop = 'diskFull';
			return note(name, state, 'diskFull', files);
		}
		throw error;
	}
}

/** The tree entry of one name as seen, built from the previous index for an unchanged file. */
function entryOf(item: Seen, known: IndexedFolder | undefined): TreeEntry {
	if ('entry' in item) {
		return item.entry;
	}
	const files = known!.files;
	const hash = files.hashes[item.position]!;
	const file = files.fileAt(item.position);
	if (hash === '') {
		const why = files.whys[item.position];
		return {
			name: item.name,
			type: 'noted',
			size: file.size,
			changedAt: file.ctimeMs,
			why: why === undefined || why === '' ? 'unreadable' : why,
		};
	}
	return file.link
		? { name: item.name, type: 'link', hash }
		: { name: item.name, type: 'file', hash, size: file.size, mode: file.mode & 0o7777 };
}

/** Why a file is not held for good, while it stays as it is: over a limit, or not a file at all. */
const STICKY: ReadonlySet<NotHeldReason | ''> = new Set(['fileTooLarge', 'special']);

/** Whether an index entry may be reused while its file is unchanged: held, or not held for a reason that lasts. */
function settled(files: FolderFiles, position: number): boolean {
	return files.hashes[position] !== '' || STICKY.has(files.whys[position] ?? '');
}

/** Notes a file that is not held, in the index too (so the snapshot says so); only a lasting reason is reused. */
function note(
	name: string,
	state: FileState | undefined,
	why: NotHeldReason,
	files: FolderFiles,
): TreeEntry {
	if (state) {
		files.add(name, state, false, '', why);
	}
	return { name, type: 'noted', size: state?.size ?? 0, changedAt: state?.ctimeMs ?? 0, why };
}

/** Drops from the next index the folders under `relative` that were there before and are gone now. */
function forgetVanishedFolders(
	context: CaptureContext,
	relative: string,
	present: ReadonlySet<string>,
): void {
	if (!context.mustList) {
		return;
	}
	const prefix = relative === '' ? '' : `${relative}/`;
	for (const key of [...context.next.folders.keys()]) {
		if (key !== relative && key.startsWith(prefix)) {
			const child = prefix + key.slice(prefix.length).split('/')[0]!;
			if (!present.has(child)) {
				context.next.removeTree(child);
			}
		}
	}
}

function checkBounds(context: CaptureContext): void {
	const { tally, limits } = context;
	if (context.now() > limits.deadline) {
		tally.stop = 'outOfTime';
	} else if (tally.entries > limits.maxEntries) {
		tally.stop = 'tooLarge';
	}
}

function put(context: CaptureContext, entries: readonly TreeEntry[]): string {
	try {
		const { hash, added } = context.store.put(encodeTree(entries));
		context.tally.added += added;
		return hash;
	} catch (error) {
		if (error instanceof StoreWriteError) {
			context.tally.stop = 'diskFull';
		}
		throw error;
	}
}

/** The names with those on the way to a priority path first. */
function prioritised(names: string[], relative: string, priority: ReadonlySet<string>): string[] {
	if (priority.size === 0) {
		return names;
	}
	const first: string[] = [];
	const rest: string[] = [];
	for (const name of names) {
		(priority.has(joined(relative, name)) ? first : rest).push(name);
	}
	return first.length === 0 ? names : [...first, ...rest];
}
