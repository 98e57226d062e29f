import { WINDOWS_ABSOLUTE } from '../../paths/pathMath';
import type { GuardedLocation } from './guardedLocations';

/** One guarded location a path meets: the path is it or lies inside it (`within`), or the path holds it. */
export interface GuardedMeeting {
	readonly location: GuardedLocation;
	readonly within: boolean;
}

const keysOf = new WeakMap<readonly GuardedLocation[], readonly string[]>();

/** How a normalised path is compared: no trailing slash, and Windows drive paths ignore case. */
function keyOf(path: string): string {
	const trimmed = path.replace(/(?<=.)\/+$/, '');
	return WINDOWS_ABSOLUTE.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/** Whether `inner` is `outer` or lies inside it; both keys, compared without making a string. */
function isWithin(inner: string, outer: string): boolean {
	if (!inner.startsWith(outer)) {
		return false;
	}
	return (
		inner.length === outer.length ||
		outer.endsWith('/') ||
		inner.charCodeAt(outer.length) === 0x2f /* / */
	);
}

/**
 * The guarded locations a normalised path meets, in the order they were listed. A scan of the locations' keys (made
 * once per list) with two prefix checks each: a bridge call judges a path or two, and an index of every folder above
 * hundreds of locations (every editor build's settings, every extension record) cost more to build at each start
 * than the scans it saved.
 */
export function guardedMeetings(
	locations: readonly GuardedLocation[],
	path: string,
): GuardedMeeting[] {
	let keys = keysOf.get(locations);
	if (!keys) {
		keys = locations.map((location) => keyOf(location.path));
		keysOf.set(locations, keys);
	}
	const key = keyOf(path);
	const meetings: GuardedMeeting[] = [];
	keys.forEach((locationKey, at) => {
		const within = isWithin(key, locationKey);
		const location = locations[at];
		if (location && (within || isWithin(locationKey, key))) {
			meetings.push({ location, within });
		}
	});
	return meetings;
}
