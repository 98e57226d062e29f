import picomatch from 'picomatch/posix';

// Globs by pattern: a line may repeat one, and each is tried against every guarded location.
const matchers = new Map<string, (path: string) => boolean>();

/**
 * A glob as a test of a path (dot files included, any case). The glob is compiled only for a path that holds its
 * longest plain run: most paths hold none of the guarded names, and in a one-shot bridge compiling the guarded globs
 * cost more than everything else about judging a path.
 */
export function matcherOf(pattern: string): (path: string) => boolean {
	let matcher = matchers.get(pattern);
	if (!matcher) {
		if (matchers.size >= 512) {
			matchers.clear();
		}
		const run = plainRunOf(pattern);
		let compiled: ((path: string) => boolean) | undefined;
		matcher = (path) =>
			(run === undefined || path.toLowerCase().includes(run)) &&
			(compiled ??= picomatch(pattern, { dot: true, nocase: true }))(path);
		matchers.set(pattern, matcher);
	}
	return matcher;
}

/**
 * The longest run of plain characters (lower case, without slashes at its ends) that every path a glob matches holds,
 * ignoring case as the glob does; none where that cannot be said so simply: syntax beyond `*` and `?` (whose runs need
 * not all appear) or letters outside ASCII (where lower case and a regular expression's case folding can disagree).
 */
export function plainRunOf(glob: string): string | undefined {
	if (/[[\]{}()!+@\\]|[^\x20-\x7e]/.test(glob)) {
		return undefined;
	}
	const runs = glob
		.toLowerCase()
		.split(/[*?]+/)
		.map((run) => run.replace(/^\/+|\/+$/g, ''));
	const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
	return longest === '' ? undefined : longest;
}
