import { describe, expect, it } from 'vitest';

import type { ObservedChange } from '../../../../src/core/snapshots/snapshotFacts';
import type { SnapshotPlan } from '../../../../src/core/snapshots/snapshotPlan';
import { NOTHING_TO_HOLD } from '../../../../src/core/snapshots/snapshotPlan';
import { unforeseenChanges } from '../../../../src/core/snapshots/unforeseenChanges';

const WS = '/ws';
const plan = (parts: Partial<SnapshotPlan>): SnapshotPlan => ({ ...NOTHING_TO_HOLD, ...parts });
const at = (path: string, change: ObservedChange['change'] = 'deleted'): ObservedChange => ({
	path,
	change,
});

describe('unforeseenChanges: what a call changed that nothing predicted', () => {
	it('foresees changes at a predicted path and under a predicted folder', () => {
		const predicted = plan({
			predicted: [
				{ path: '/ws/build', tree: true, glob: false, kind: 'delete' },
				{ path: '/ws/a.txt', tree: false, glob: false, kind: 'write' },
			],
		});
		expect(
			unforeseenChanges(predicted, [at('/ws/build/x/y.o'), at('/ws/a.txt', 'changed')], WS),
		).toEqual([]);
	});

	it('marks a change a fully read call did not name: a miss of the reading', () => {
		const predicted = plan({ predicted: [{ path: '/ws/a.txt', tree: false, glob: false, kind: 'write' }] });
		expect(unforeseenChanges(predicted, [at('/ws/b.txt', 'changed')], WS)).toEqual([
			at('/ws/b.txt', 'changed'),
		]);
	});

	it('matches what a glob names, and a folder glob reaches what lies under each match', () => {
		const predicted = plan({
			predicted: [{ path: '/ws/logs/*.log', tree: false, glob: true, kind: 'delete' }],
		});
		expect(unforeseenChanges(predicted, [at('/ws/logs/a.log'), at('/ws/logs/keep.txt')], WS)).toEqual([
			at('/ws/logs/keep.txt'),
		]);
	});

	it('expects unread code to create and change files in the workspace, but not to delete or empty them', () => {
		const unread = plan({ unread: true });
		const changes = [
			at('/ws/coverage.xml', 'created'),
			at('/ws/package-lock.json', 'changed'),
			at('/ws/src/main.ts', 'deleted'),
			at('/ws/data.csv', 'emptied'),
		];
		expect(unforeseenChanges(unread, changes, WS)).toEqual([
			at('/ws/src/main.ts', 'deleted'),
			at('/ws/data.csv', 'emptied'),
		]);
	});

	it('foresees anything when the call was to discard the working tree', () => {
		expect(unforeseenChanges(plan({ wholeWorkspace: true }), [at('/ws/x')], WS)).toEqual([]);
	});
});
