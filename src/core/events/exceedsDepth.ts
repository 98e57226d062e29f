/** How deep tool arguments may nest: real tools stay under ten levels; JSON.stringify and structured clone overflow the stack in the thousands. */
export const MAX_NESTING_DEPTH = 100;

/**
 * Whether objects and arrays inside `value` nest deeper than `limit` (the value itself is level 1).
 * Walks with an explicit stack, so a hostile depth cannot overflow the call stack here.
 */
export function exceedsDepth(value: unknown, limit: number): boolean {
	const pending: [unknown, number][] = [[value, 1]];
	for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
		const [item, depth] = next;
		if (typeof item !== 'object' || item === null) {
			continue;
		}
		if (depth > limit) {
			return true;
		}
		for (const child of Object.values(item)) {
			pending.push([child, depth + 1]);
		}
	}
	return false;
}
