import picomatch from 'picomatch/posix';

import { normalizedPathInside, normalizePath } from '../paths/pathMath';
import type { ObservedChange } from './snapshotFacts';
import type { PredictedPath, SnapshotPlan } from './snapshotPlan';

/**
 * The changes a call made that its plan did not foresee. A change is foreseen when a predicted path covers it (the
 * path itself, what lies under a tree, what a glob matches), when the call was to discard the working tree, or when it
 * is what code nobody read is expected to do inside the workspace: create and change files (a build, a test run, a
 * formatter). Code nobody read that deletes or empties a file, and any change a fully read call did not name, is a
 * miss of the reading: the person hears of it at once.
 */
export function unforeseenChanges(
	plan: SnapshotPlan,
	changes: readonly ObservedChange[],
	workspaceFolder: string | undefined,
): ObservedChange[] {
	if (plan.wholeWorkspace) {
		return [];
	}
	const workspace = workspaceFolder === undefined ? undefined : normalizePath(workspaceFolder);
	const covers = [...plan.predicted, ...plan.outside].map(coverage);
	return changes.filter((change) => {
		const path = normalizePath(change.path);
		if (covers.some((covered) => covered(path))) {
			return false;
		}
		const expectedOfUnread =
			plan.unread &&
			(change.change === 'created' || change.change === 'changed') &&
			workspace !== undefined &&
			normalizedPathInside(path, workspace) !== undefined;
		return !expectedOfUnread;
	});
}

/** Whether a predicted path covers a changed one. */
function coverage(predicted: PredictedPath): (path: string) => boolean {
	if (predicted.glob) {
		const matches = picomatch(predicted.path, { dot: true });
		// A glob for a folder's contents (`dir/*`) that a recursive change reaches covers what lies under each match.
		return (path) =>
			matches(path) || (predicted.tree && ancestors(path).some((folder) => matches(folder)));
	}
	return (path) =>
		path === predicted.path ||
		// A change at a path reaches everything under it when it is a folder: a move or a delete takes the whole tree, and a
		// write to a folder (`cp -r x dir`) lands inside it.
		normalizedPathInside(path, predicted.path) !== undefined;
}

function ancestors(path: string): string[] {
	const found: string[] = [];
	for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) {
		found.push(path.slice(0, at));
	}
	return found;
}
