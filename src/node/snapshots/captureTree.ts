import { readdirSync, readlinkSync } from 'node:fs';
import { sep } from 'node:path';

import type { NotHeldReason } from '../../core/snapshots/snapshotFacts';
import type { FileState, StateReader } from './fileState';
import type { ObjectStore } from './objectStore';
import { StoreWriteError } from './objectStore';
import type { StatIndex } from './statIndex';
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

/** What one capture saw and held. */
export interface CaptureTally {
	files: number;
	bytes: number;
	/** Bytes of new content written to the store. */
	added: number;
	entries: number;
	/** The first paths not held (relative), with why; {@link notHeldCount} counts all. */
	readonly notHeld: { readonly path: string; readonly why: NotHeldReason }[];
	notHeldCount: number;
	/** Names of the folders exclusions skipped. */
	readonly excluded: Set<string>;
	/** Files and bytes held under the paths {@link CaptureContext.atRisk} names. */
	atRiskFiles: number;
	atRiskBytes: number;
	stop?: CaptureStop;
}

/** What a capture reads from and writes to. */
export interface CaptureContext {
	readonly store: ObjectStore;
	readonly state: StateReader;
	/** The index of the last capture of this root, whose unchanged files are not read again. */
	readonly previous?: StatIndex;
	/** Filled with what this capture saw, to become the next capture's index. */
	readonly next?: StatIndex;
	/** Whether a path (relative, `/`-separated) is skipped. */
	readonly excluded: (relative: string) => boolean;
	/** Relative paths visited first (and never excluded), so what a call names is held even when time runs short. */
	readonly priority: ReadonlySet<string>;
	/** Whether a relative path lies under what the call is predicted to change, to count what is at risk. */
	readonly atRisk?: (relative: string) => boolean;
	readonly limits: CaptureLimits;
	readonly tally: CaptureTally;
	readonly now: () => number;
}

const LISTED_NOT_HELD = 200;
const CHECK_EVERY = 32;

/** An empty tally. */
export function newTally(): CaptureTally {
	return {
		files: 0,
		bytes: 0,
		added: 0,
		entries: 0,
		notHeld: [],
		notHeldCount: 0,
		excluded: new Set(),
		atRiskFiles: 0,
		atRiskBytes: 0,
	};
}

/**
 * One name of a folder as this capture found it: a position in the previous index (unchanged), or an entry made now.
 * Entries of an unchanged folder are never built: its tree is the one the index remembers.
 */
type Seen = { readonly name: string; readonly position: number } | { readonly entry: TreeEntry };

/**
 * Holds a folder and everything under it in the store, returning its tree object's hash. A file the previous index
 * knows unchanged costs one `lstat` and is not read; a folder whose names are all unchanged keeps its tree. Links are
 * held as links, never followed. What cannot be held is noted with why; what time did not allow is marked unvisited,
 * so a later comparison and a restore leave it alone. `undefined` when the folder itself cannot be listed.
 */
export function captureFolder(
	absolute: string,
	relative: string,
	context: CaptureContext,
): string | undefined {
	let names: string[];
	try {
		names = readdirSync(absolute);
	} catch {
		return undefined;
	}
	const { previous, next, tally } = context;
	const known = previous?.folders.get(relative);
	const seen: Seen[] = [];
	let dirty = known === undefined;
	for (const name of prioritised(names, relative, context.priority)) {
		const path = relative === '' ? name : `${relative}/${name}`;
		if (tally.stop === undefined && ++tally.entries % CHECK_EVERY === 1) {
			checkBounds(context);
		}
		if (tally.stop !== undefined) {
			seen.push({ entry: { name, type: 'unvisited' } });
			dirty = true;
			continue;
		}
		if (context.excluded(path) && !context.priority.has(path)) {
			tally.excluded.add(name);
			continue;
		}
		const found = captureEntry(absolute + sep + name, path, name, context);
		if (found === undefined) {
			dirty = true;
		} else {
			seen.push(found.seen);
			dirty ||= found.changed;
		}
	}
	let hash: string;
	if (!dirty && known?.count === seen.length) {
		hash = known.hash;
	} else {
		const { hash: made, added } = context.store.put(
			encodeTree(seen.map((item) => entryOf(item, context))),
		);
		tally.added += added;
		hash = made;
	}
	next?.folders.set(relative, { hash, count: seen.length });
	return hash;
}

/** One name of a folder, and whether it differs from the previous capture; `undefined` when it vanished. */
function captureEntry(
	absolute: string,
	relative: string,
	name: string,
	context: CaptureContext,
): { readonly seen: Seen; readonly changed: boolean } | undefined {
	let state: FileState | undefined;
	try {
		state = context.state(absolute);
	} catch {
		return {
			seen: { entry: note(name, relative, undefined, 'unreadable', context) },
			changed: true,
		};
	}
	if (!state) {
		return undefined;
	}
	if (state.kind === 'dir') {
		const before = context.previous?.folders.get(relative)?.hash;
		const hash = captureFolder(absolute, relative, context);
		if (hash === undefined) {
			return { seen: { entry: note(name, relative, state, 'unreadable', context) }, changed: true };
		}
		return { seen: { entry: { name, type: 'dir', hash } }, changed: hash !== before };
	}
	if (state.kind === 'other') {
		return { seen: { entry: note(name, relative, state, 'special', context) }, changed: true };
	}
	const { previous, next } = context;
	const position = previous ? previous.positionOf(relative) : -1;
	if (previous && position >= 0 && previous.unchangedAt(position, state)) {
		next?.copy(previous, position);
		count(
			context,
			relative,
			previous.hashes[position] !== '',
			state.size,
			whyOf(previous, position),
			state.kind === 'link',
		);
		return { seen: { name, position }, changed: false };
	}
	const entry =
		state.kind === 'link'
			? captureLink(absolute, relative, name, state, context)
			: captureFile(absolute, relative, name, state, context);
	return entry && { seen: { entry }, changed: true };
}

function captureFile(
	absolute: string,
	relative: string,
	name: string,
	state: FileState,
	context: CaptureContext,
): TreeEntry | undefined {
	const { limits } = context;
	if (state.size > limits.maxFileBytes) {
		return note(name, relative, state, 'fileTooLarge', context);
	}
	if (state.size > limits.roomBytes) {
		return note(name, relative, state, 'storeFull', context);
	}
	let ingested;
	try {
		ingested = context.store.ingest(absolute, limits.maxFileBytes);
	} catch (error) {
		if (error instanceof StoreWriteError) {
			context.tally.stop = 'diskFull';
			return note(name, relative, state, 'diskFull', context);
		}
		throw error;
	}
	if (!ingested.ok) {
		return ingested.why === 'vanished'
			? undefined
			: note(
					name,
					relative,
					state,
					ingested.why === 'tooLarge' ? 'fileTooLarge' : 'unreadable',
					context,
				);
	}
	limits.roomBytes -= ingested.added;
	context.tally.added += ingested.added;
	context.next?.add(relative, state, false, ingested.hash, '');
	count(context, relative, true, ingested.size, 'unreadable', false);
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
	relative: string,
	name: string,
	state: FileState,
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
		context.next?.add(relative, state, true, hash, '');
		return { name, type: 'link', hash };
	} catch (error) {
		if (error instanceof StoreWriteError) {
			context.tally.stop = 'diskFull';
			return note(name, relative, state, 'diskFull', context);
		}
		throw error;
	}
}

/** The tree entry of one name as seen, built from the previous index for an unchanged file. */
function entryOf(item: Seen, context: CaptureContext): TreeEntry {
	if ('entry' in item) {
		return item.entry;
	}
	const previous = context.previous!;
	const hash = previous.hashes[item.position]!;
	const file = previous.fileAt(item.position);
	if (hash === '') {
		return {
			name: item.name,
			type: 'noted',
			size: file.size,
			changedAt: file.ctimeMs,
			why: whyOf(previous, item.position),
		};
	}
	return file.link
		? { name: item.name, type: 'link', hash }
		: { name: item.name, type: 'file', hash, size: file.size, mode: file.mode & 0o7777 };
}

/** Counts a file seen: held (and at risk when the call names it), or noted as not held. */
function count(
	context: CaptureContext,
	relative: string,
	held: boolean,
	size: number,
	why: NotHeldReason,
	link: boolean,
): void {
	const { tally } = context;
	if (!held) {
		countNotHeld(context, relative, why);
		return;
	}
	if (link) {
		return;
	}
	tally.files++;
	tally.bytes += size;
	if (context.atRisk?.(relative)) {
		tally.atRiskFiles++;
		tally.atRiskBytes += size;
	}
}

function note(
	name: string,
	relative: string,
	state: FileState | undefined,
	why: NotHeldReason,
	context: CaptureContext,
): TreeEntry {
	// A file over a limit (or a device) stays noted while unchanged; one the disk or the time refused is tried again.
	if (state && (why === 'fileTooLarge' || why === 'special')) {
		context.next?.add(relative, state, false, '', why);
	}
	countNotHeld(context, relative, why);
	return {
		name,
		type: 'noted',
		size: state?.size ?? 0,
		changedAt: state?.ctimeMs ?? 0,
		why,
	};
}

function countNotHeld(context: CaptureContext, relative: string, why: NotHeldReason): void {
	const { tally } = context;
	tally.notHeldCount++;
	if (tally.notHeld.length < LISTED_NOT_HELD) {
		tally.notHeld.push({ path: relative, why });
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

/** The names with those on the way to a priority path first. */
function prioritised(names: string[], relative: string, priority: ReadonlySet<string>): string[] {
	if (priority.size === 0) {
		return names;
	}
	const first: string[] = [];
	const rest: string[] = [];
	for (const name of names) {
		(priority.has(relative === '' ? name : `${relative}/${name}`) ? first : rest).push(name);
	}
	return first.length === 0 ? names : [...first, ...rest];
}

/** Why the file at a position of an index is not held (`unreadable` when the index does not say). */
function whyOf(index: StatIndex, position: number): NotHeldReason {
	const why = index.whys[position];
	return why === undefined || why === '' ? 'unreadable' : why;
}
