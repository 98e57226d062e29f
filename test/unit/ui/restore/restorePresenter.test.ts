import { describe, expect, it } from 'vitest';

import type { RecordedEvent } from '../../../../src/core/sessions/recordedEvent';
import type { Observation } from '../../../../src/core/snapshots/snapshotFacts';
import { presentEvent, renderEventDocument } from '../../../../src/ui/events/eventPresenter';
import { presentApproval } from '../../../../src/ui/approvals/approvalPresenter';
import { PendingApproval } from '../../../../src/core/approvals/pendingApproval';
import {
	restoreOutcome,
	restorePicks,
	unforeseenNotice,
} from '../../../../src/ui/restore/restorePresenter';
import { postToolUse, preToolUse, shellTool } from '../../../support/hookEventBuilder';

const observation: Observation = {
	snapshot: 'mx1abc-0123abcd',
	tool: 'run_in_terminal',
	summary: 'run_in_terminal: python3 tidy.py',
	counts: { created: 0, changed: 2, deleted: 3, emptied: 0, mode: 0 },
	changes: [],
	unforeseen: [
		{ path: '/ws/src/a.ts', change: 'deleted' },
		{ path: '/ws/src/b.ts', change: 'deleted' },
		{ path: '/ws/src/c.ts', change: 'deleted' },
	],
	unforeseenCount: 3,
};

function recorded(parts: Partial<RecordedEvent>): RecordedEvent {
	return {
		sequence: 7,
		event: postToolUse({ tool: shellTool('python3 tidy.py') }),
		sessionId: 's1',
		decision: { contributors: [], failures: [] },
		origin: 'window',
		receivedAt: 1_000,
		answeredAt: 1_010,
		...parts,
	};
}

describe('what a person sees of snapshots', () => {
	it('an Events row says what the call changed, marks what nobody predicted, and can be restored', () => {
		const row = presentEvent(recorded({ observed: [observation] }));
		expect(row.description).toBe('unforeseen · deleted 3 files, changed 2 · run_in_terminal');
		expect(row.iconId).toBe('warning');
		expect(row.contextValue).toMatch(/\+restorable$/);
		const document = renderEventDocument(recorded({ observed: [observation] }));
		expect(document).toContain(
			'- **What it changed:** deleted 3 files, changed 2; 3 changes nobody predicted',
		);
		expect(document).toContain('  - unforeseen: deleted `/ws/src/a.ts`');
		expect(document).toContain(
			'[Restore Files to Before This Call…](command:hookwarden.restoreFiles?',
		);
	});

	it('a call held before it ran says what can be undone in its details', () => {
		const before = recorded({
			event: preToolUse({ tool: shellTool('rm -r src') }),
			snapshot: {
				id: 'mx1abc-0123abcd',
				atRisk: { files: 12, bytes: 48 * 1024 },
				held: { files: 40, bytes: 1024 * 1024 },
				notHeld: [],
				notHeldCount: 0,
				excluded: ['node_modules'],
				uncovered: [],
				wholeWorkspace: false,
			},
		});
		expect(renderEventDocument(before)).toContain(
			'- **Files before the call:** Restorable: 12 files, 48 KB.',
		);
		expect(presentEvent(before).contextValue).toMatch(/\+restorable$/);
	});

	it('the preview ticks what can be written back and leaves files created since unticked', () => {
		const picks = restorePicks(
			[
				{ path: '/ws/src/a.ts', change: 'deleted', restorable: true, byThisCall: true },
				{ path: '/ws/new.txt', change: 'created', restorable: true, byThisCall: false },
				{
					path: '/ws/disk.img',
					change: 'changed',
					restorable: false,
					why: 'it was over the file size limit',
					byThisCall: true,
				},
			],
			'/ws',
		);
		expect(picks.map((p) => [p.label, p.picked, p.compare, p.description])).toEqual([
			['src/a.ts', true, 'held', 'deleted since, by this call'],
			['new.txt', false, 'current', 'created since: removed only if you tick it'],
			['disk.img', false, 'none', 'changed since, by this call'],
		]);
		expect(picks[2]?.detail).toBe('Cannot be restored: it was over the file size limit.');
	});

	it('says what a restore did and what failed', () => {
		expect(
			restoreOutcome([
				{ path: '/a', ok: true },
				{ path: '/b', ok: true },
			]),
		).toBe('Hookwarden restored 2 files.');
		expect(
			restoreOutcome([
				{ path: '/a', ok: true },
				{ path: '/b', ok: false, problem: 'a folder now stands where the file was' },
			]),
		).toBe(
			'Hookwarden restored 1 of 2 files; /b could not be: a folder now stands where the file was.',
		);
	});

	it('warns of unforeseen changes in one plain sentence', () => {
		expect(unforeseenNotice(observation, '/ws')).toBe(
			'Hookwarden: “run_in_terminal: python3 tidy.py” deleted 3 files, changed 2; 3 changes nobody predicted: deleted src/a.ts, deleted src/b.ts, and 1 more. The files as they were before the call are held.',
		);
	});

	it('an approval says what can be undone', () => {
		const pending = new PendingApproval({
			id: 'a1',
			event: preToolUse({ tool: shellTool('rm -r src') }),
			reason: 'Deleting needs a person.',
			restorable: 'Restorable: 12 files, 48 KB.',
			createdAt: 0,
			deadline: 60_000,
		});
		const view = presentApproval(pending, 0);
		expect(view.description).toBe('60 s left · Restorable: 12 files, 48 KB');
		expect(view.tooltip).toContain('Restorable: 12 files, 48 KB.');
	});
});
