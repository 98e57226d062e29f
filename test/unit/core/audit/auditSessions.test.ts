import { describe, expect, it } from 'vitest';

import { listAuditSessions } from '../../../../src/core/audit/auditSessions';
import { eventLine, summaryLine } from './auditFixtures';

describe('listAuditSessions', () => {
	it('counts each session’s events (not its summaries), latest session first, with its first folder', () => {
		expect(
			listAuditSessions([
				eventLine('2026-11-22T10:00:00.000Z', { session: 'a' }),
				eventLine('2026-11-22T10:01:00.000Z', { session: 'b', workspaceFolder: '/b' }),
				eventLine('2026-11-22T10:02:00.000Z', { session: 'a', workspaceFolder: '/a' }),
				summaryLine('2026-11-22T10:03:00.000Z', 'a'),
				summaryLine('2026-11-22T10:04:00.000Z', 'c'),
				eventLine('2026-11-22T10:05:00.000Z', { session: 'b', workspaceFolder: '/other' }),
			]),
		).toEqual([
			{
				id: 'b',
				first: '2026-11-22T10:01:00.000Z',
				last: '2026-11-22T10:05:00.000Z',
				events: 2,
				folder: '/b',
			},
			{
				id: 'a',
				first: '2026-11-22T10:00:00.000Z',
				last: '2026-11-22T10:02:00.000Z',
				events: 2,
				folder: '/a',
			},
		]);
	});

	it('is empty for a log without events', () => {
		expect(listAuditSessions([summaryLine('2026-11-22T10:03:00.000Z')])).toEqual([]);
	});
});
