import picomatch from 'picomatch/posix';

import { expandBraces } from '../judging/paths/resolveTarget';
import { pathInside } from '../paths/pathMath';
import type { CompiledGlob } from './compilePolicy';

/** Where a rule's globs are anchored: the workspace folder and the home folder of the call. */
export interface GlobRoots {
	readonly workspaceFolder?: string;
	readonly homeDir?: string;
}

const WILDCARD = /[*?[]|[!+@]\(/;

/**
 * Whether a rule's glob may name a target, given every absolute path or glob the effect model resolved it to (see
 * `resolvedEffects`): what a `deny` or `ask` needs. A candidate that is itself a glob counts when the two globs can
 * match one path (`~/.config/my*` meets `~/.config/mytool/**`); one whose start is unknown (`**` first, from an unknown
 * variable or `cd`) only when the rule matches it as written, so an unknown path is left to the packs.
 */
export function globReaches(
	glob: CompiledGlob,
	candidates: readonly string[],
	roots: GlobRoots,
): boolean {
	return candidates.some(
		(candidate) =>
			matchesPath(glob, candidate, roots) ||
			(WILDCARD.test(candidate) &&
				!candidate.startsWith('**') &&
				absolutePatterns(glob, roots).some((pattern) => globsMeet(pattern, candidate))),
	);
}

/**
 * Whether a rule's globs name every path a target may stand for, each candidate by one of them: what an `allow`, an
 * exception and `allowedWritePaths` need, so a glob or an unknown folder is never taken as inside a place it may leave.
 */
export function globsCover(
	globs: readonly CompiledGlob[],
	candidates: readonly string[],
	roots: GlobRoots,
): boolean {
	return (
		candidates.length > 0 &&
		candidates.every((candidate) =>
			globs.some(
				(glob) =>
					matchesPath(glob, candidate, roots) &&
					// `src/*` matches the text `src/**` but not all it stands for.
					(!/(?:^|\/)\*\*(?:\/|$)/.test(candidate) || glob.pattern.includes('**')),
			),
		)
	);
}

/** Whether one absolute path (or a glob's text) matches, workspace-anchored globs reading it relative to the folder. */
function matchesPath(glob: CompiledGlob, absolutePath: string, roots: GlobRoots): boolean {
	if (glob.anchor === 'absolute') {
		return glob.test(absolutePath);
	}
	const root = glob.anchor === 'home' ? roots.homeDir : roots.workspaceFolder;
	if (!root) {
		return false;
	}
	const relative = pathInside(absolutePath, root);
	return relative !== undefined && relative !== '' && glob.test(relative);
}

/** The rule's glob as absolute globs, one per brace alternative; none where its anchor is unknown. */
function absolutePatterns(glob: CompiledGlob, roots: GlobRoots): string[] {
	const root =
		glob.anchor === 'absolute'
			? ''
			: glob.anchor === 'home'
				? roots.homeDir
				: roots.workspaceFolder;
	if (root === undefined) {
		return [];
	}
	const pattern = glob.anyDepth ? `**/${glob.pattern}` : glob.pattern;
	const prefix = root === '' ? '' : `${root.replace(/[\\/]+$/, '')}/`;
	return expandBraces(prefix + pattern);
}

/** Whether two absolute globs can match one path: segment by segment, `**` standing for any number of segments. */
export function globsMeet(a: string, b: string): boolean {
	const left = a.split('/');
	const right = b.split('/');
	const known = new Map<number, boolean>();
	const meet = (i: number, j: number): boolean => {
		const key = i * (right.length + 1) + j;
		let result = known.get(key);
		if (result === undefined) {
			result = meetFrom(i, j);
			known.set(key, result);
		}
		return result;
	};
	const meetFrom = (i: number, j: number): boolean => {
		if (left[i] === '**') {
			return meet(i + 1, j) || (j < right.length && meet(i, j + 1));
		}
		if (right[j] === '**') {
			return meet(i, j + 1) || (i < left.length && meet(i + 1, j));
		}
		if (i === left.length || j === right.length) {
			return i === left.length && j === right.length;
		}
		return segmentsMeet(left[i] ?? '', right[j] ?? '') && meet(i + 1, j + 1);
	};
	return meet(0, 0);
}

/** Whether two path segments can name one file: a wildcard one is tested against a plain one; two wildcards by ends. */
function segmentsMeet(a: string, b: string): boolean {
	const wildA = WILDCARD.test(a);
	const wildB = WILDCARD.test(b);
	if (!wildA && !wildB) {
		return a === b;
	}
	if (wildA !== wildB) {
		const [pattern, name] = wildA ? [a, b] : [b, a];
		return picomatch(pattern, { dot: true })(name);
	}
	const head = (text: string) => text.slice(0, text.search(WILDCARD));
	const tail = (text: string) => /[^*?[\]{}()!+@]*$/.exec(text)?.[0] ?? '';
	const [headA, headB, tailA, tailB] = [head(a), head(b), tail(a), tail(b)];
	return (
		(headA.startsWith(headB) || headB.startsWith(headA)) &&
		(tailA.endsWith(tailB) || tailB.endsWith(tailA))
	);
}
