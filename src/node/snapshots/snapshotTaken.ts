import type { NotHeld, NotHeldReason, SnapshotTaken } from '../../core/snapshots/snapshotFacts';
import type { SnapshotPlan } from '../../core/snapshots/snapshotPlan';
import { withThousands } from '../../core/snapshots/describeSnapshot';
import type { CaptureTally } from './captureTree';
import type { TargetCapture, WorkspaceCapture } from './captureRoots';
import { coverageOf, relativeCoverage } from './holdScope';
import { slashed } from './snapshotPaths';
import type { StatIndex } from './statIndex';
import { joined } from './statIndex';

/** How many paths a snapshot names that it could not hold; the rest are counted. */
const LISTED_NOT_HELD = 20;

/** What a snapshot holds for the call, as the prompts and records tell it. */
export function takenOf(
	id: string,
	plan: SnapshotPlan,
	workspace: string | undefined,
	capture: WorkspaceCapture | undefined,
	targets: readonly TargetCapture[],
): SnapshotTaken {
	const whole = plan.unread || plan.wholeWorkspace;
	const covered = coverageOf(plan.predicted);
	const notHeld: NotHeld[] = [];
	let notHeldCount = 0;
	const note = (path: string, why: NotHeldReason) => {
		notHeldCount++;
		if (notHeld.length < LISTED_NOT_HELD) {
			notHeld.push({ path, why });
		}
	};
	let atRisk = { files: 0, bytes: 0 };
	let held = { files: 0, bytes: 0 };
	if (capture && workspace !== undefined) {
		const root = slashed(workspace);
		if (capture.tooLarge !== undefined) {
			if (whole) {
				note(root, 'tooManyFiles');
			}
		} else {
			held = capture.index.held();
			for (const { path, why } of capture.index.notHeld()) {
				const absolute = `${root}/${path}`;
				if (whole || covered(absolute)) {
					note(absolute, why);
				}
			}
			atRisk = whole ? held : heldUnder(capture.index, relativeCoverage(plan, workspace));
		}
	}
	for (const target of targets) {
		atRisk = { files: atRisk.files + target.held.files, bytes: atRisk.bytes + target.held.bytes };
		held = { files: held.files + target.held.files, bytes: held.bytes + target.held.bytes };
		for (const { path, why } of target.notHeld) {
			note(path === '' ? slashed(target.path) : `${slashed(target.path)}/${path}`, why);
		}
	}
	const stop = capture?.stop ?? targets.find((target) => target.tally.stop)?.tally.stop;
	const incomplete = describeStop(stop, capture);
	return {
		id,
		atRisk,
		held,
		notHeld,
		notHeldCount,
		excluded: capture && capture.tooLarge === undefined ? capture.index.excluded() : [],
		...(incomplete !== undefined && { incomplete }),
		uncovered: plan.uncovered,
		wholeWorkspace: whole,
	};
}

/** Files and bytes an index holds under the predicted paths. */
function heldUnder(
	index: StatIndex,
	covered: (relative: string) => boolean,
): { files: number; bytes: number } {
	let files = 0;
	let bytes = 0;
	for (const [relative, folder] of index.folders) {
		const { files: inFolder } = folder;
		for (let at = 0; at < inFolder.size; at++) {
			const file = inFolder.fileAt(at);
			if (
				inFolder.hashes[at] !== '' &&
				!file.link &&
				covered(joined(relative, inFolder.names[at]!))
			) {
				files++;
				bytes += file.size;
			}
		}
	}
	return { files, bytes };
}

/** Why a capture stopped short, in the words a prompt shows; nothing when it did not. */
function describeStop(
	stop: CaptureTally['stop'],
	capture: WorkspaceCapture | undefined,
): string | undefined {
	switch (stop) {
		case 'outOfTime':
			return 'time ran out before the whole workspace was held (the next call goes on from there)';
		case 'diskFull':
			return 'the disk refused a write';
		case 'tooLarge':
			return `the workspace has more than ${(capture?.tooLarge === undefined ? undefined : withThousands(capture.tooLarge)) ?? 'the allowed number of'} files and folders, so only the paths a call names are held`;
		default:
			return capture?.tooLarge !== undefined
				? `the workspace has more than ${withThousands(capture.tooLarge)} files and folders, so only the paths a call names are held`
				: undefined;
	}
}
