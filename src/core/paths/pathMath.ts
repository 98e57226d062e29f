// Path arithmetic without `node:path`: core stays free of Node modules, and hook payloads mix POSIX and Windows
// spellings regardless of the platform the bridge happens to run on.

/** An absolute Windows drive path (`C:/…`), once normalised. */
export const WINDOWS_ABSOLUTE = /^[a-zA-Z]:\//;

/** What normalising would change: a backslash, an empty, `.` or `..` segment, or a trailing slash after a name. */
const NEEDS_NORMALISING = /\\|\/\/|(?:^|\/)\.{1,2}(?:\/|$)|(?<=.)\/$/;

/** Rewrites a path with forward slashes, no `.` segments, no doubled slashes and `..` resolved where possible. */
export function normalizePath(path: string): string {
	// Most paths judged are normal already (built from normalised roots): one scan instead of a split and a join.
	if (path !== '' && !NEEDS_NORMALISING.test(path)) {
		return path;
	}
	const slashed = path.replace(/\\/g, '/');
	const root = slashed.startsWith('/') ? '/' : (WINDOWS_ABSOLUTE.exec(slashed)?.[0] ?? '');
	const segments: string[] = [];
	for (const segment of slashed.slice(root.length).split('/')) {
		if (segment === '' || segment === '.') {
			continue;
		}
		if (segment === '..' && segments.length > 0 && segments[segments.length - 1] !== '..') {
			segments.pop();
		} else if (segment !== '..' || root === '') {
			segments.push(segment);
		}
	}
	return root + segments.join('/') || (root === '' ? '.' : root);
}

/** Whether a path is absolute in either POSIX (`/x`) or Windows (`C:\x`, `C:/x`) spelling. */
export function isAbsolutePath(path: string): boolean {
	return (
		path.startsWith('/') || path.startsWith('\\') || WINDOWS_ABSOLUTE.test(path.replace(/\\/g, '/'))
	);
}

/** Resolves `path` against `base`, expanding a leading `~` to `home`; the result is normalised. */
export function resolvePath(
	path: string,
	base: string | undefined,
	home: string | undefined,
): string {
	if (home && (path === '~' || path.startsWith('~/') || path.startsWith('~\\'))) {
		return normalizePath(home + path.slice(1));
	}
	if (isAbsolutePath(path) || !base) {
		return normalizePath(path);
	}
	return normalizePath(`${base}/${path}`);
}

/** The path of `path` relative to `folder` when it lies inside it (`''` for the folder itself), else `undefined`. */
export function pathInside(path: string, folder: string): string | undefined {
	return normalizedPathInside(normalizePath(path), normalizePath(folder));
}

/** {@link pathInside} for two paths already normalised: what judging a path against a hundred folders repeats. */
export function normalizedPathInside(target: string, root: string): string | undefined {
	const caseless = WINDOWS_ABSOLUTE.test(root);
	const [t, r] = caseless ? [target.toLowerCase(), root.toLowerCase()] : [target, root];
	if (t === r) {
		return '';
	}
	const prefix = r.endsWith('/') ? r : `${r}/`;
	return t.startsWith(prefix) ? target.slice(prefix.length) : undefined;
}
