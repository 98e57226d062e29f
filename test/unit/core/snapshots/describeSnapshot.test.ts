import { describe, expect, it } from 'vitest';

import {
	describeChanges,
	describeRestorability,
	formatBytes,
	noChanges,
} from '../../../../src/core/snapshots/describeSnapshot';
import type { SnapshotTaken } from '../../../../src/core/snapshots/snapshotFacts';
import { DEFAULT_SNAPSHOT_SETTINGS } from '../../../../src/core/settings/snapshotSettings';

const taken = (parts: Partial<SnapshotTaken>): SnapshotTaken => ({
	id: 'mx1-00000000',
	atRisk: { files: 12, bytes: 48 * 1024 },
	held: { files: 5000, bytes: 100 * 1024 * 1024 },
	notHeld: [],
	notHeldCount: 0,
	excluded: [],
	uncovered: [],
	wholeWorkspace: false,
	...parts,
});
const say = (outcome: Parameters<typeof describeRestorability>[0]) =>
	describeRestorability(outcome, DEFAULT_SNAPSHOT_SETTINGS, '/ws');

describe('describeRestorability: what an approval says can be undone', () => {
	it('counts what the call may change', () => {
		expect(say(taken({}))).toBe('Restorable: 12 files, 48 KB.');
	});

	it('does not count nothing when the call only creates files', () => {
		expect(say(taken({ atRisk: { files: 0, bytes: 0 } }))).toBe(
			'Restorable: no existing file is at risk.',
		);
	});

	it('names the workspace for code nobody read', () => {
		expect(say(taken({ wholeWorkspace: true }))).toBe(
			'Restorable: the workspace as it is now (5,000 files, 100 MB).',
		);
	});

	it('says why a target outside the workspace is not held, with the limit it crossed', () => {
		expect(
			say(
				taken({
					atRisk: { files: 0, bytes: 0 },
					notHeld: [{ path: '/home/dev/vm', why: 'storeFull' }],
					notHeldCount: 1,
				}),
			),
		).toBe('Not restorable: /home/dev/vm is outside the workspace and over the 500 MB limit.');
	});

	it('says what no snapshot covers', () => {
		expect(say({ uncovered: ['remote history'] })).toBe(
			'Remote history cannot be restored: snapshots hold only files.',
		);
		expect(say({ missed: 'snapshots are off (hookwarden.snapshots.enabled)', uncovered: [] })).toBe(
			'Not restorable: snapshots are off (hookwarden.snapshots.enabled).',
		);
		expect(say(undefined)).toBeUndefined();
	});
});

describe('describeChanges', () => {
	it('says the noun once', () => {
		expect(describeChanges({ ...noChanges(), deleted: 3, changed: 2 })).toBe(
			'deleted 3 files, changed 2',
		);
		expect(describeChanges({ ...noChanges(), created: 1 })).toBe('created 1 file');
		expect(describeChanges(noChanges())).toBe('changed nothing');
	});

	it('formats sizes as a person reads them', () => {
		expect([
			formatBytes(512),
			formatBytes(1536),
			formatBytes(48 * 1024),
			formatBytes(3 * 1024 ** 3),
		]).toEqual(['512 B', '1.5 KB', '48 KB', '3.0 GB']);
	});
});
