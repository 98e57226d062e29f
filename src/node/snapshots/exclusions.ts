import picomatch from 'picomatch';

/**
 * Whether a workspace-relative path (`/`-separated) is skipped by `hookwarden.snapshots.exclude`: a plain name skips
 * every file or folder of that name at any depth (`node_modules`), a pattern with a `/` or a glob is matched against
 * the whole relative path (`packages/*\/dist`, `**\/*.iso`).
 */
export function exclusionMatcher(patterns: readonly string[]): (relative: string) => boolean {
	const names = new Set<string>();
	const globs: ((path: string) => boolean)[] = [];
	for (const pattern of patterns) {
		const trimmed = pattern.trim().replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
		if (trimmed === '') {
			continue;
		}
		if (!/[/*?[\]{}]/.test(trimmed)) {
			names.add(trimmed);
		} else {
			globs.push(picomatch(trimmed, { dot: true, basename: !trimmed.includes('/') }));
		}
	}
	return (relative) => {
		const name = relative.slice(relative.lastIndexOf('/') + 1);
		return names.has(name) || globs.some((test) => test(relative));
	};
}
