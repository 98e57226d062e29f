import { readdirSync, readlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

import picomatch from 'picomatch';

import type { NotHeldReason } from '../../core/snapshots/snapshotFacts';
import type { CaptureLimits, CaptureStop, CaptureTally } from './captureTree';
import { captureFolder, newTally } from './captureTree';
import type { RootEntry } from './compareTrees';
import { exclusionMatcher } from './exclusions';
import type { FileState } from './fileState';
import { publicStateReader, stateReader } from './fileState';
import { StoreWriteError } from './objectStore';
import type { SnapshotStore } from './snapshotStore';
import { FolderFiles, StatIndex } from './statIndex';
import type { WatchedChanges, WorkspaceWatch } from './workspaceWatch';
import { mustListFor } from './workspaceWatch';

/** A whole walk found the workspace too large this long ago: until then only what calls name is held. */
const TOO_LARGE_RECHECK_MS = 24 * 60 * 60 * 1000;
/** At most this many paths a glob outside the workspace names are held. */
const MAX_GLOB_MATCHES = 200;

/** What capturing the workspace gave: its root entry, what was held, and the index the capture leaves behind. */
export interface WorkspaceCapture {
	readonly entry: RootEntry;
	readonly tally: CaptureTally;
	/** Why the workspace was not walked whole. */
	readonly stop?: CaptureStop;
	/** The index of this capture (the previous one, when it was shared). */
	readonly index: StatIndex;
	/** The folder was too large to walk: only targets are held. */
	readonly tooLarge?: number;
}

/** The settings a capture depends on, as one key: an index built under others starts over on what they decide. */
export function captureSettingsKey(maxFileBytes: number, exclude: readonly string[]): string {
	return JSON.stringify([maxFileBytes, exclude]);
}

/** After this long a watched workspace is walked whole again, in case a change went unreported. */
const WALK_AGAIN_MS = 10 * 60 * 1000;

/**
 * Captures a workspace folder into the store, incrementally against its index: every file whose state the index knows
 * unchanged costs an `lstat`, and with a trusted watch only the folders it saw change are listed at all. A capture
 * begun after `arrivedAt` (by another call, or by the window for another hook), or one nothing changed since, already
 * shows what this call will find, and is shared instead of taken again. A folder found too large is not walked again
 * for a day. The new index is written when the capture ends.
 */
export function captureWorkspace(
	store: SnapshotStore,
	workspace: string,
	options: {
		readonly exclude: readonly string[];
		readonly limits: CaptureLimits;
		readonly priority: ReadonlySet<string>;
		readonly arrivedAt: number;
		readonly now: () => number;
		/** The watch of this workspace and what it saw change since the last capture, where there is one. */
		readonly watch?: { readonly watch: WorkspaceWatch; readonly changes: WatchedChanges };
		/** The index this process kept from its last capture (the store's may have been written by another since). */
		readonly remembered?: StatIndex;
	},
): WorkspaceCapture {
	const { limits, watch } = options;
	const settingsKey = captureSettingsKey(limits.maxFileBytes, options.exclude);
	const previous = usableIndex(options.remembered ?? store.readIndex(workspace), settingsKey);
	const root = previous.folders.get('');
	const startedAt = options.now();
	const unchanged =
		watch?.changes.trusted === true &&
		watch.changes.folders.size === 0 &&
		startedAt - previous.walkedAt < WALK_AGAIN_MS;
	// Watched, only "nothing changed since" shares the last capture: one begun after the call arrived may still have
	// missed what the watch saw since. Unwatched, a capture begun after the call arrived shows what it will find.
	const shareable = watch ? unchanged : previous.capturedAt >= options.arrivedAt;
	if (previous.complete && root && shareable) {
		return { entry: { type: 'dir', hash: root.hash }, tally: newTally(), index: previous };
	}
	if (previous.tooLarge !== undefined && startedAt - previous.capturedAt < TOO_LARGE_RECHECK_MS) {
		watch?.watch.giveBack(watch.changes);
		return {
			entry: { type: 'unvisited' },
			tally: newTally(),
			index: previous,
			tooLarge: previous.tooLarge,
		};
	}
	const onlyChanges =
		watch?.changes.trusted === true &&
		previous.complete &&
		startedAt - previous.walkedAt < WALK_AGAIN_MS;
	const next = onlyChanges ? previous.derive(startedAt) : new StatIndex(startedAt, settingsKey);
	next.walkedAt = onlyChanges ? previous.walkedAt : startedAt;
	const tally = newTally();
	let hash: string | undefined;
	try {
		hash = captureFolder(workspace, '', {
			store: store.objects,
			state: stateReader(workspace),
			previous,
			next,
			excluded: exclusionMatcher(options.exclude),
			priority: options.priority,
			...(onlyChanges && watch && { mustList: mustListFor(watch.changes) }),
			...(watch && { beforeListing: (relative: string) => watch.watch.watchFolder(relative) }),
			limits,
			tally,
			now: options.now,
		});
	} catch (error) {
		if (!(error instanceof StoreWriteError)) {
			throw error;
		}
		tally.stop = 'diskFull';
	}
	finishIndex(next, previous, tally);
	if (watch) {
		watch.watch.forget((relative) => next.folders.has(relative));
		if (!onlyChanges && tally.stop === undefined) {
			watch.watch.walked();
		}
	}
	try {
		store.writeIndex(workspace, next);
	} catch (error) {
		if (!(error instanceof StoreWriteError)) {
			throw error;
		}
		tally.stop ??= 'diskFull';
	}
	return {
		entry: hash === undefined ? { type: 'unvisited' } : { type: 'dir', hash },
		tally,
		...(tally.stop !== undefined && { stop: tally.stop }),
		index: next,
		...(tally.stop === 'tooLarge' && { tooLarge: tally.entries }),
	};
}

/**
 * The previous index as far as it holds under today's settings: a file noted over an old limit is looked at again, and
 * no folder's tree is reused (which names it skips may differ).
 */
function usableIndex(index: StatIndex, settingsKey: string): StatIndex {
	if (index.settingsKey === settingsKey) {
		return index;
	}
	const usable = new StatIndex(index.capturedAt, settingsKey);
	for (const [relative, folder] of index.folders) {
		const files = new FolderFiles();
		for (let at = 0; at < folder.files.size; at++) {
			if (folder.files.hashes[at] !== '') {
				files.copy(folder.files, at);
			}
		}
		usable.folders.set(relative, { hash: '', count: -1, files, excluded: [] });
	}
	return usable;
}

/** Completes the index a capture filled: what an interrupted walk did not reach is kept from before, for next time. */
function finishIndex(next: StatIndex, previous: StatIndex, tally: CaptureTally): void {
	next.complete = tally.stop === undefined;
	if (tally.stop === 'tooLarge') {
		next.tooLarge = tally.entries;
	}
	if (tally.stop !== undefined) {
		for (const [relative, folder] of previous.folders) {
			if (!next.folders.has(relative)) {
				next.folders.set(relative, folder);
			}
		}
	}
}

/** What capturing one named path gave. */
export interface TargetCapture {
	readonly path: string;
	readonly entry: RootEntry;
	readonly tally: CaptureTally;
	/** Files held, and their bytes. */
	readonly held: { readonly files: number; readonly bytes: number };
	/** What was not held (relative to the path; `''` for the path itself), with why. */
	readonly notHeld: readonly { readonly path: string; readonly why: NotHeldReason }[];
}

/**
 * Captures a path a call names that the workspace walk does not hold (outside the workspace, or in a folder the
 * walk skips): a file, a link or a whole folder, when it fits the limits. A folder is measured with `lstat` first, and
 * one larger than the store's room, or with more names than a walk may visit, is noted rather than half held.
 */
export function captureTarget(
	store: SnapshotStore,
	path: string,
	limits: CaptureLimits,
	now: () => number,
): TargetCapture {
	const tally = newTally();
	const nothing = { files: 0, bytes: 0 };
	let stat: FileState | undefined;
	try {
		stat = publicStateReader(path);
	} catch {
		return {
			path,
			entry: { type: 'noted', size: 0, changedAt: 0, why: 'unreadable' },
			tally,
			held: nothing,
			notHeld: [{ path: '', why: 'unreadable' }],
		};
	}
	if (!stat) {
		return { path, entry: { type: 'absent' }, tally, held: nothing, notHeld: [] };
	}
	const note = (why: NotHeldReason): TargetCapture => ({
		path,
		entry: { type: 'noted', size: stat.size, changedAt: stat.ctimeMs, why },
		tally,
		held: nothing,
		notHeld: [{ path: '', why }],
	});
	try {
		if (stat.kind === 'link') {
			const { hash, added } = store.objects.put(readlinkSync(path));
			tally.added += added;
			return { path, entry: { type: 'link', hash }, tally, held: nothing, notHeld: [] };
		}
		if (stat.kind === 'file') {
			return captureTargetFile(store, path, stat, limits, tally, note);
		}
		if (stat.kind !== 'dir') {
			return note('special');
		}
		const measured = measureFolder(path, limits, now);
		if (measured !== 'fits') {
			return note(measured);
		}
		const next = new StatIndex(now(), '');
		const hash = captureFolder(path, '', {
			store: store.objects,
			state: publicStateReader,
			next,
			excluded: () => false,
			priority: new Set(),
			limits,
			tally,
			now,
		});
		if (hash === undefined) {
			return note('unreadable');
		}
		return {
			path,
			entry: { type: 'dir', hash },
			tally,
			held: next.held(),
			notHeld: next.notHeld(),
		};
	} catch (error) {
		if (error instanceof StoreWriteError) {
			tally.stop = 'diskFull';
			return note('diskFull');
		}
		return note('unreadable');
	}
}

function captureTargetFile(
	store: SnapshotStore,
	path: string,
	stat: FileState,
	limits: CaptureLimits,
	tally: CaptureTally,
	note: (why: NotHeldReason) => TargetCapture,
): TargetCapture {
	if (stat.size > limits.maxFileBytes) {
		return note('fileTooLarge');
	}
	if (stat.size > limits.roomBytes) {
		return note('storeFull');
	}
	const ingested = store.objects.ingest(path, limits.maxFileBytes);
	if (!ingested.ok) {
		return ingested.why === 'vanished'
			? { path, entry: { type: 'absent' }, tally, held: { files: 0, bytes: 0 }, notHeld: [] }
			: note(ingested.why === 'tooLarge' ? 'fileTooLarge' : 'unreadable');
	}
	limits.roomBytes -= ingested.added;
	tally.added += ingested.added;
	return {
		path,
		entry: { type: 'file', hash: ingested.hash, size: ingested.size, mode: stat.mode & 0o7777 },
		tally,
		held: { files: 1, bytes: ingested.size },
		notHeld: [],
	};
}

/** Whether a folder fits what the store may still take, and the walk may visit, before any of it is read. */
function measureFolder(
	path: string,
	limits: CaptureLimits,
	now: () => number,
): 'fits' | 'storeFull' | 'outOfTime' {
	let bytes = 0;
	let entries = 0;
	const pending = [path];
	while (pending.length > 0) {
		const folder = pending.pop()!;
		let names: string[];
		try {
			names = readdirSync(folder);
		} catch {
			continue;
		}
		for (const name of names) {
			if (++entries > limits.maxEntries || (entries % 256 === 0 && now() > limits.deadline)) {
				return entries > limits.maxEntries ? 'storeFull' : 'outOfTime';
			}
			const stat = publicStateReader(join(folder, name));
			if (stat?.kind === 'dir') {
				pending.push(join(folder, name));
			} else if (stat?.kind === 'file' && stat.size <= limits.maxFileBytes) {
				bytes += stat.size;
				if (bytes > limits.roomBytes) {
					return 'storeFull';
				}
			}
		}
	}
	return 'fits';
}

/**
 * The paths a glob outside the workspace stands for: the matches of a pattern in its last name (`/tmp/build-*`),
 * listed from its folder; a deeper pattern stands for the folder its fixed part names.
 */
export function expandTarget(path: string): string[] {
	const at = path.search(/[*?[\]{}]/);
	if (at < 0) {
		return [path];
	}
	const folder = dirname(path);
	if (/[*?[\]{}]/.test(folder)) {
		const slash = path.lastIndexOf('/', at);
		return [slash <= 0 ? '/' : path.slice(0, slash)];
	}
	const matches = picomatch(path.slice(folder.length + 1), { dot: true });
	try {
		return readdirSync(folder)
			.filter((name) => matches(name))
			.slice(0, MAX_GLOB_MATCHES)
			.map((name) => join(folder, name));
	} catch {
		return [];
	}
}

export type { CaptureStop };
