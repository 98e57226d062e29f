import type { JudgedEffect } from '../judging/judgeEffects';
import { normalizedPathInside, normalizePath } from '../paths/pathMath';
import type { Effect, EffectKind, EffectSubject } from '../terms/effect';

/** A path a call is predicted to change: one path, everything under it (`tree`), or every path a glob matches. */
export interface PredictedPath {
	/** Absolute and normalised (forward slashes); a glob when {@link glob}. */
	readonly path: string;
	readonly tree: boolean;
	readonly glob: boolean;
	readonly kind: EffectKind;
}

/**
 * What a tool call about to run may change on disk, read from its judged effects: what a snapshot must hold before it
 * runs and what its changes are compared against afterwards. A call that changes nothing on disk has an empty plan.
 */
export interface SnapshotPlan {
	/** Paths inside the workspace the call's effects name. */
	readonly predicted: readonly PredictedPath[];
	/** Paths outside the workspace the call deletes or overwrites: held when they fit the limits. */
	readonly outside: readonly PredictedPath[];
	/** The call discards the working tree's changes (`git checkout .`, `git clean`): any file may change. */
	readonly wholeWorkspace: boolean;
	/**
	 * Code the reading could not follow runs (an unknown program, a script, code decoded or downloaded, a path known only
	 * when the call runs): it may create and change files anywhere; which ones, only the comparison afterwards says.
	 */
	readonly unread: boolean;
	/** What the call destroys that no file snapshot can hold (a database, a remote branch, a cluster), in words. */
	readonly uncovered: readonly string[];
}

/** Path effects that change what is on disk. */
const CHANGES: ReadonlySet<EffectKind> = new Set([
	'write',
	'truncate',
	'delete',
	'move',
	'link',
	'chmod',
]);
/** Changes that lose what was at a path outside the workspace, so it is held there too. */
const LOSES_CONTENT: ReadonlySet<EffectKind> = new Set(['write', 'truncate', 'delete', 'move']);
/** Subjects whose effect rewrites the working tree's files. */
const WORKTREE: ReadonlySet<EffectSubject> = new Set([
	'worktree',
	'worktreeFiles',
	'untrackedFiles',
]);
/** Subjects that live outside any file a snapshot holds. */
const OFF_DISK: Partial<Record<EffectSubject, string>> = {
	remoteHistory: 'remote history',
	remoteRefs: 'remote branches and tags',
	serviceData: "a service's data",
	machine: 'the machine itself',
	processes: 'running processes',
	recoveryData: "version control's recovery data",
	localHistory: 'local commits',
	localRefs: 'local branches and tags',
};
const EXEC_SUBJECTS: ReadonlySet<EffectSubject> = new Set([
	'downloadedCode',
	'decodedCode',
	'runtimeCode',
	'inputCode',
	'unknownProgram',
	'scriptFile',
	'projectCode',
]);

/** The plan with nothing to hold. */
export const NOTHING_TO_HOLD: SnapshotPlan = {
	predicted: [],
	outside: [],
	wholeWorkspace: false,
	unread: false,
	uncovered: [],
};

/** Whether a plan asks for anything to be held before the call runs. */
export function needsSnapshot(plan: SnapshotPlan): boolean {
	return plan.predicted.length > 0 || plan.outside.length > 0 || plan.wholeWorkspace || plan.unread;
}

/**
 * Reads what a call may change from its judged effects (targets already resolved through `cd`, variables and links):
 * the changing path effects inside and outside `workspaceFolder`, whether the working tree as a whole or code nobody
 * read is involved, and what lies beyond any file. Reads and sends change nothing and plan nothing.
 */
export function planSnapshot(
	judged: readonly JudgedEffect[],
	workspaceFolder: string | undefined,
): SnapshotPlan {
	const workspace = workspaceFolder === undefined ? undefined : normalizePath(workspaceFolder);
	const predicted: PredictedPath[] = [];
	const outside: PredictedPath[] = [];
	const uncovered = new Set<string>();
	let wholeWorkspace = false;
	let unread = false;
	for (const { effect, target } of judged) {
		if (isUnread(effect)) {
			unread = true;
			continue;
		}
		if (effect.subject !== undefined) {
			if (effect.kind === 'historyRewrite' && WORKTREE.has(effect.subject)) {
				wholeWorkspace = true;
			} else if (
				CHANGES.has(effect.kind) ||
				effect.kind === 'historyRewrite' ||
				effect.kind === 'serviceDataLoss'
			) {
				const where = OFF_DISK[effect.subject];
				if (where !== undefined) {
					uncovered.add(where);
				}
			}
			continue;
		}
		if (effect.kind === 'deviceWrite') {
			uncovered.add('a disk or device');
			continue;
		}
		if (!CHANGES.has(effect.kind) || effect.path === undefined) {
			continue;
		}
		if (!target || target.unknown) {
			unread = true;
			continue;
		}
		for (const candidate of target.candidates) {
			const path: PredictedPath = {
				path: candidate,
				tree: effect.tree === true || /(?:^|\/)\*\*?$/.test(candidate),
				glob: /[*?[\]{}]/.test(candidate),
				kind: effect.kind,
			};
			const inside = workspace !== undefined && isInside(globRoot(candidate), workspace);
			if (inside) {
				predicted.push(path);
			} else if (LOSES_CONTENT.has(effect.kind)) {
				outside.push(path);
			}
		}
	}
	return { predicted, outside, wholeWorkspace, unread, uncovered: [...uncovered] };
}

/** Effects that run what the reading could not read. */
function isUnread(effect: Effect): boolean {
	return (
		effect.kind === 'exec' && effect.subject !== undefined && EXEC_SUBJECTS.has(effect.subject)
	);
}

/** The folder a glob's fixed part names (`/ws/src/*.ts` → `/ws/src`); the path itself without a glob. */
export function globRoot(path: string): string {
	const at = path.search(/[*?[\]{}]/);
	if (at < 0) {
		return path;
	}
	const slash = path.lastIndexOf('/', at);
	return slash <= 0 ? '/' : path.slice(0, slash);
}

function isInside(path: string, folder: string): boolean {
	return normalizedPathInside(path, folder) !== undefined;
}
