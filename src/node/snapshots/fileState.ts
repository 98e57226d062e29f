import { lstatSync } from 'node:fs';

/** What a capture needs of a path's `lstat`: its type, size, times, inode and mode. */
export interface FileState {
	readonly kind: 'file' | 'dir' | 'link' | 'other';
	readonly size: number;
	readonly mtimeMs: number;
	readonly ctimeMs: number;
	readonly ino: number;
	readonly mode: number;
}

/** Reads the state of a path without following a link; `undefined` when nothing is there. Throws on other errors. */
export type StateReader = (path: string) => FileState | undefined;

const TYPE_MASK = 0o170000;
const TYPES: ReadonlyMap<number, FileState['kind']> = new Map([
	[0o100000, 'file'],
	[0o040000, 'dir'],
	[0o120000, 'link'],
]);

/** `lstat` through the public API: one `Stats` object per call. */
export const publicStateReader: StateReader = (path) => {
	const stat = lstatSync(path, { throwIfNoEntry: false });
	return (
		stat && {
			kind: TYPES.get(stat.mode & TYPE_MASK) ?? 'other',
			size: stat.size,
			mtimeMs: stat.mtimeMs,
			ctimeMs: stat.ctimeMs,
			ino: stat.ino,
			mode: stat.mode,
		}
	);
};

/** The internal `lstat` the public one wraps: it fills one shared array instead of making an object per call. */
type InternalLstat = (
	path: string,
	useBigint: false,
	request: undefined,
	throwIfNoEntry: boolean,
) => Float64Array | undefined;

// Where the internal array keeps each field (libuv's uv_stat_t, as node's `FillStatsArray` lays it out).
const MODE = 1;
const INO = 7;
const SIZE = 8;
const MTIME_S = 12;
const MTIME_NS = 13;
const CTIME_S = 14;
const CTIME_NS = 15;

let chosen: StateReader | undefined;

/**
 * The fastest `lstat` this runtime offers for a capture that visits every file of a workspace. Node's public
 * `lstatSync` makes a `Stats` object per call, which in a hook call's cold process costs about as much as the system
 * call; the internal binding it wraps fills one shared array. That binding is used only on the Node versions it was
 * tested on (20 to 24, not under Electron), only when it has the expected shape, and only after it agrees with the
 * public call on a file and on a missing path; everywhere else, and on any doubt, the public call is used. The times
 * are computed as Node computes `mtimeMs`, so both readers give the same numbers for the same file.
 */
export function stateReader(probe: string): StateReader {
	if (chosen) {
		return chosen;
	}
	chosen = internalReader(probe) ?? publicStateReader;
	return chosen;
}

function internalReader(probe: string): StateReader | undefined {
	const major = Number(process.versions.node.split('.')[0]);
	if (
		process.platform === 'win32' ||
		process.versions.electron !== undefined ||
		!(major >= 20 && major <= 24)
	) {
		return undefined;
	}
	const quiet = process.noDeprecation;
	process.noDeprecation = true;
	try {
		const binding = (
			process as unknown as { binding(name: string): Record<string, unknown> }
		).binding('fs');
		const lstat = binding.lstat as InternalLstat | undefined;
		if (typeof lstat !== 'function') {
			return undefined;
		}
		const reader: StateReader = (path) => {
			const values = lstat(path, false, undefined, false);
			if (values === undefined) {
				return undefined;
			}
			const mode = values[MODE]!;
			return {
				kind: TYPES.get(mode & TYPE_MASK) ?? 'other',
				size: values[SIZE]!,
				mtimeMs: values[MTIME_S]! * 1e3 + values[MTIME_NS]! / 1e6,
				ctimeMs: values[CTIME_S]! * 1e3 + values[CTIME_NS]! / 1e6,
				ino: values[INO]!,
				mode,
			};
		};
		const expected = publicStateReader(probe);
		const seen = reader(probe);
		const agrees =
			expected !== undefined &&
			seen !== undefined &&
			(Object.keys(expected) as (keyof FileState)[]).every((key) => expected[key] === seen[key]) &&
			reader(`${probe}.hookwarden-missing-${process.pid}`) === undefined;
		return agrees ? reader : undefined;
	} catch {
		return undefined;
	} finally {
		process.noDeprecation = quiet;
	}
}
