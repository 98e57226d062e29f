import { normalize } from 'node:path';

import { normalizedPathInside } from '../../core/paths/pathMath';
import type { PredictedPath, SnapshotPlan } from '../../core/snapshots/snapshotPlan';
import { globRoot } from '../../core/snapshots/snapshotPlan';
import type { SnapshotSettings } from '../../core/settings/snapshotSettings';
import type { WorkspaceCapture } from './captureRoots';
import { expandTarget } from './captureRoots';
import { exclusionMatcher } from './exclusions';
import { slashed, unslashed } from './snapshotPaths';

/**
 * The settings with Hookwarden's own files inside the workspace skipped: an audit log kept there changes during every
 * call, and is neither the call's doing nor anything to restore. A file's rotated siblings (`audit.1.jsonl`) go too.
 */
export function withOwnFiles(
	settings: SnapshotSettings,
	workspaceFolder: string | undefined,
	ownFiles: readonly string[] | undefined,
): SnapshotSettings {
	if (workspaceFolder === undefined || !ownFiles?.length) {
		return settings;
	}
	const patterns = ownFiles
		.map((file) =>
			normalizedPathInside(slashed(normalize(file)), slashed(normalize(workspaceFolder))),
		)
		.filter((relative): relative is string => relative !== undefined && relative !== '')
		.map((relative) => `${relative.replace(/\.[^./]*$/, '').replace(/[*?[\]{}()!]/g, '?')}*`);
	return patterns.length === 0
		? settings
		: { ...settings, exclude: [...settings.exclude, ...patterns] };
}

/** The workspace-relative paths on the way to each predicted path, visited first. */
export function priorityOf(plan: SnapshotPlan, workspace: string): Set<string> {
	const priority = new Set<string>();
	for (const predicted of plan.predicted) {
		const relative = normalizedPathInside(globRoot(predicted.path), slashed(workspace));
		if (!relative) {
			continue;
		}
		const names = relative.split('/');
		for (let at = 1; at <= names.length; at++) {
			priority.add(names.slice(0, at).join('/'));
		}
	}
	return priority;
}

/**
 * The paths held on their own, besides the workspace: what the call deletes or overwrites outside it, and what it
 * names inside a folder the walk skips (or in a workspace too large to walk), outermost only.
 */
export function targetsOf(
	plan: SnapshotPlan,
	workspace: string | undefined,
	exclude: readonly string[],
	capture: WorkspaceCapture | undefined,
): string[] {
	const excluded = exclusionMatcher(exclude);
	const skipped = (predicted: PredictedPath) => {
		if (workspace === undefined || capture?.tooLarge !== undefined) {
			return true;
		}
		const relative = normalizedPathInside(globRoot(predicted.path), slashed(workspace)) ?? '';
		const names = relative.split('/');
		return names.some((_, at) => relative !== '' && excluded(names.slice(0, at + 1).join('/')));
	};
	const paths = [...plan.outside, ...plan.predicted.filter(skipped)].flatMap((predicted) =>
		expandTarget(unslashed(predicted.path)),
	);
	const unique = [...new Set(paths)].sort();
	return unique.filter(
		(path, at) =>
			!unique
				.slice(0, at)
				.some((outer) => normalizedPathInside(slashed(path), slashed(outer)) !== undefined),
	);
}

/** Whether a workspace-relative path lies under a predicted path: what a capture counts as at risk. */
export function relativeCoverage(
	plan: SnapshotPlan,
	workspace: string,
): (relative: string) => boolean {
	const roots = plan.predicted
		.map((predicted) => normalizedPathInside(globRoot(predicted.path), slashed(workspace)))
		.filter((relative): relative is string => relative !== undefined);
	if (roots.includes('')) {
		return () => true;
	}
	return (relative) =>
		roots.some(
			(root) => relative === root || (relative.startsWith(root) && relative[root.length] === '/'),
		);
}

/** Whether a path lies under one of the predicted paths. */
export function coverageOf(predicted: readonly PredictedPath[]): (path: string) => boolean {
	const roots = predicted.map((p) => globRoot(p.path));
	return (path) => roots.some((root) => normalizedPathInside(path, root) !== undefined);
}
