import { WINDOWS_ABSOLUTE } from '../../paths/pathMath';
import type { GuardedLocation } from './guardedLocations';

/** One guarded location a path meets: the path is it or lies inside it (`within`), or the path holds it. */
export interface GuardedMeeting {
	readonly location: GuardedLocation;
	readonly within: boolean;
}

/** Guarded locations by their path and by every folder above them, keyed as paths compare (drive paths caseless). */
interface GuardedIndex {
	readonly byPath: ReadonlyMap<string, readonly number[]>;
	readonly byFolderAbove: ReadonlyMap<string, readonly number[]>;
	readonly locations: readonly GuardedLocation[];
}

const indexes = new WeakMap<readonly GuardedLocation[], GuardedIndex>();

/** How a normalised path is compared: Windows drive paths ignore case. */
function keyOf(path: string): string {
	return WINDOWS_ABSOLUTE.test(path) ? path.toLowerCase() : path;
}

/** The folders above a normalised path, nearest last (`/a/b/c` gives `/`, `/a`, `/a/b`). */
function foldersAbove(path: string): string[] {
	const folders: string[] = [];
	for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
		const folder = slash === 0 ? '/' : path.slice(0, slash);
		if (folder !== path) {
			folders.push(folder);
		}
	}
	return folders;
}

function add(map: Map<string, number[]>, key: string, at: number): void {
	const list = map.get(key);
	if (list) {
		list.push(at);
	} else {
		map.set(key, [at]);
	}
}

function indexOf(locations: readonly GuardedLocation[]): GuardedIndex {
	let index = indexes.get(locations);
	if (!index) {
		const byPath = new Map<string, number[]>();
		const byFolderAbove = new Map<string, number[]>();
		locations.forEach((location, at) => {
			const key = keyOf(location.path.replace(/(?<=.)\/+$/, ''));
			add(byPath, key, at);
			for (const folder of foldersAbove(key)) {
				add(byFolderAbove, folder, at);
			}
		});
		index = { byPath, byFolderAbove, locations };
		indexes.set(locations, index);
	}
	return index;
}

/**
 * The guarded locations a normalised path meets, in the order they were listed: found through an index of their
 * paths and the folders above them, so a path costs a lookup per folder of its own, not a comparison per location
 * (there are hundreds: every editor build's settings, every extension record).
 */
export function guardedMeetings(
	locations: readonly GuardedLocation[],
	path: string,
): GuardedMeeting[] {
	const index = indexOf(locations);
	const key = keyOf(path.replace(/(?<=.)\/+$/, ''));
	const within = new Set(
		[key, ...foldersAbove(key)].flatMap((folder) => index.byPath.get(folder) ?? []),
	);
	const held = (index.byFolderAbove.get(key) ?? []).filter((at) => !within.has(at));
	return [...within, ...held]
		.sort((a, b) => a - b)
		.flatMap((at) => {
			const location = index.locations[at];
			return location ? [{ location, within: within.has(at) }] : [];
		});
}
