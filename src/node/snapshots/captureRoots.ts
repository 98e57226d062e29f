import { readdirSync, readlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

import picomatch from 'picomatch';

import type { CaptureLimits, CaptureStop, CaptureTally } from './captureTree';
import { captureFolder, newTally } from './captureTree';
import type { RootEntry } from './compareTrees';
import { exclusionMatcher } from './exclusions';
import type { FileState } from './fileState';
import { publicStateReader, stateReader } from './fileState';
import { StoreWriteError } from './objectStore';
import type { SnapshotStore } from './snapshotStore';
import { StatIndex } from './statIndex';

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
	/** The index of this capture (the one reused, when a capture begun after the call arrived was shared). */
	readonly index: StatIndex;
	/** The folder was too large to walk: only targets are held. */
	readonly tooLarge?: number;
	/** The capture was shared from an earlier walk: its tally says nothing of this call's paths. */
	readonly shared?: boolean;
}

/** The settings a capture depends on, as one key: an index built under others starts over on what they decide. */
export function captureSettingsKey(maxFileBytes: number, exclude: readonly string[]): string {
	return JSON.stringify([maxFileBytes, exclude]);
}

/**
 * Captures a workspace folder into the store, incrementally against its index: every file whose state the index knows
 * unchanged costs an `lstat`. A capture begun after `arrivedAt` (by another call, or by the window for another hook)
 * already shows what this call will find, and is shared instead of walked again. A folder found too large is not
 * walked again for a day. The new index is written when the walk ends.
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
		/** Whether a workspace-relative path lies under what the call may change, to count what is at risk. */
		readonly atRisk?: (relative: string) => boolean;
	},
): WorkspaceCapture {
	const { limits } = options;
	const settingsKey = captureSettingsKey(limits.maxFileBytes, options.exclude);
	const previous = usableIndex(store.readIndex(workspace), settingsKey);
	const root = previous.folders.get('');
	if (
		previous.complete &&
		previous.capturedAt >= options.arrivedAt &&
		previous.summary &&
		root &&
		store.objects.has(root.hash)
	) {
		return {
			entry: { type: 'dir', hash: root.hash },
			tally: {
				...newTally(),
				...previous.summary,
				notHeld: [...previous.summary.notHeld],
				excluded: new Set(previous.summary.excluded),
			},
			index: previous,
			shared: true,
		};
	}
	const startedAt = options.now();
	if (previous.tooLarge !== undefined && startedAt - previous.capturedAt < TOO_LARGE_RECHECK_MS) {
		return {
			entry: { type: 'unvisited' },
			tally: newTally(),
			index: previous,
			tooLarge: previous.tooLarge,
		};
	}
	const next = new StatIndex(startedAt, settingsKey);
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
			...(options.atRisk && { atRisk: options.atRisk }),
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
	for (let at = 0; at < index.size; at++) {
		if (index.hashes[at] !== '') {
			usable.copy(index, at);
		}
	}
	return usable;
}

/** Completes the index a walk filled: what an interrupted walk did not reach is kept from before, for next time. */
function finishIndex(next: StatIndex, previous: StatIndex, tally: CaptureTally): void {
	next.complete = tally.stop === undefined;
	if (tally.stop === 'tooLarge') {
		next.tooLarge = tally.entries;
	}
	if (tally.stop !== undefined) {
		for (let at = 0; at < previous.size; at++) {
			if (next.positionOf(previous.names[at]!) < 0) {
				next.copy(previous, at);
			}
		}
		return;
	}
	next.summary = {
		files: tally.files,
		bytes: tally.bytes,
		notHeld: tally.notHeld,
		notHeldCount: tally.notHeldCount,
		excluded: [...tally.excluded],
	};
}

/** What capturing one named path gave. */
export interface TargetCapture {
	readonly path: string;
	readonly entry: RootEntry;
	readonly tally: CaptureTally;
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
	let stat: FileState | undefined;
	try {
		stat = publicStateReader(path);
	} catch {
		tally.notHeldCount++;
		tally.notHeld.push({ path: '', why: 'unreadable' });
		return { path, entry: { type: 'noted', size: 0, changedAt: 0, why: 'unreadable' }, tally };
	}
	if (!stat) {
		return { path, entry: { type: 'absent' }, tally };
	}
	const note = (
		why: 'fileTooLarge' | 'storeFull' | 'unreadable' | 'special' | 'outOfTime' | 'diskFull',
	) => {
		tally.notHeldCount++;
		tally.notHeld.push({ path: '', why });
		return {
			path,
			entry: { type: 'noted' as const, size: stat.size, changedAt: stat.ctimeMs, why },
			tally,
		};
	};
	try {
		if (stat.kind === 'link') {
			const { hash, added } = store.objects.put(readlinkSync(path));
			tally.added += added;
			return { path, entry: { type: 'link', hash }, tally };
		}
		if (stat.kind === 'file') {
			if (stat.size > limits.maxFileBytes) {
				return note('fileTooLarge');
			}
			if (stat.size > limits.roomBytes) {
				return note('storeFull');
			}
			const ingested = store.objects.ingest(path, limits.maxFileBytes);
			if (!ingested.ok) {
				return ingested.why === 'vanished'
					? { path, entry: { type: 'absent' }, tally }
					: note(ingested.why === 'tooLarge' ? 'fileTooLarge' : 'unreadable');
			}
			limits.roomBytes -= ingested.added;
			tally.added += ingested.added;
			tally.files++;
			tally.bytes += ingested.size;
			return {
				path,
				entry: { type: 'file', hash: ingested.hash, size: ingested.size, mode: stat.mode & 0o7777 },
				tally,
			};
		}
		if (stat.kind !== 'dir') {
			return note('special');
		}
		const measured = measureFolder(path, limits, now);
		if (measured !== 'fits') {
			return note(measured);
		}
		const hash = captureFolder(path, '', {
			store: store.objects,
			state: publicStateReader,
			excluded: () => false,
			priority: new Set(),
			limits,
			tally,
			now,
		});
		if (hash === undefined) {
			return note('unreadable');
		}
		return { path, entry: { type: 'dir', hash }, tally };
	} catch (error) {
		if (error instanceof StoreWriteError) {
			tally.stop = 'diskFull';
			return note('diskFull');
		}
		return note('unreadable');
	}
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
