import { describe, expect, it } from 'vitest';

import {
	auditSessionChoice,
	auditSessionTitle,
	listAuditSessions,
} from '../../../../src/core/audit/auditSessions';
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

	it('names a session by its first prompt, as the Events view does; the id is only a detail', () => {
		const time = { clock: (ms: number) => `c${ms}`, dateTime: (ms: number) => `d${ms}` };
		const prompt = (at: string, text: string) => ({
			...eventLine(at, { session: 'f1e2d3c4-aaaa', workspaceFolder: '/ws' }),
			event: 'UserPromptSubmit' as const,
			summary: text,
		});
		const [session] = listAuditSessions([
			eventLine('2026-11-22T10:00:00.000Z', { session: 'f1e2d3c4-aaaa' }),
			prompt('2026-11-22T10:00:01.000Z', 'Clean up   my home folder'),
			prompt('2026-11-22T10:02:00.000Z', 'And then push'),
		]);
		expect(session?.prompt).toBe('Clean up   my home folder');
		expect(session && auditSessionChoice(session, time)).toEqual({
			label: '“Clean up my home folder”',
			description: `3 events, d${Date.parse('2026-11-22T10:00:00.000Z')} – c${Date.parse('2026-11-22T10:02:00.000Z')}`,
			detail: 'session f1e2d3c4-aaaa · /ws',
		});
		const untitled = listAuditSessions([eventLine('2026-11-22T10:00:00.000Z')])[0];
		expect(untitled && auditSessionTitle(untitled, time)).toBe(
			`Session at d${Date.parse('2026-11-22T10:00:00.000Z')}`,
		);
		const long = { ...session!, prompt: 'x'.repeat(100) };
		expect(auditSessionTitle(long, time)).toBe(`“${'x'.repeat(59)}…”`);
	});
});
