import { describe, expect, it } from 'vitest';

import type { AuditEventRecord } from '../../../../src/core/audit/auditRecord';
import { dayActivity } from '../../../../src/core/audit/dayActivity';
import { preToolUse, shellTool } from '../../../support/hookEventBuilder';

const DAY = Date.UTC(2026, 10, 27);
const HOUR = 60 * 60 * 1000;

let n = 0;
function event(
	overrides: Omit<Partial<AuditEventRecord>, 'at'> & { at: number },
): AuditEventRecord {
	const { at, ...rest } = overrides;
	return {
		v: 1,
		kind: 'event',
		id: `e${++n}`,
		at: new Date(at).toISOString(),
		session: 's1',
		event: 'PreToolUse',
		dialect: 'vscode',
		origin: 'window',
		tool: 'run_in_terminal',
		summary: 'ls',
		verdict: 'none',
		by: 'no opinion',
		latencyMs: 3,
		receivedAt: at,
		input: preToolUse({ tool: shellTool('ls') }),
		...rest,
	};
}

describe('dayActivity', () => {
	it('tallies the day by verdict and hour, top rules and tools, asks and time waiting for people', () => {
		const rule = (ruleId: string) => ({ providerId: 'hookwarden.policy', ruleId });
		const activity = dayActivity(
			[
				event({ at: DAY - 1 }), // yesterday: left out
				event({ at: DAY + 1 * HOUR, verdict: 'deny', decidedBy: rule('destructiveCommands.x') }),
				event({
					at: DAY + 1 * HOUR + 5,
					verdict: 'deny',
					decidedBy: rule('destructiveCommands.x'),
					session: 's2',
				}),
				event({
					at: DAY + 3 * HOUR,
					verdict: 'allow',
					decidedBy: rule('ask-publish'),
					approval: { kind: 'allowed', scope: 'once' },
					asked: { verdict: 'ask' },
					latencyMs: 30_000,
				}),
				event({
					at: DAY + 3 * HOUR + 1,
					verdict: 'deny',
					approval: { kind: 'timedOut', outcome: 'deny' },
					asked: { verdict: 'ask' },
					latencyMs: 120_000,
				}),
				event({ at: DAY + 4 * HOUR, event: 'PostToolUse', tool: 'bash' }),
				event({ at: DAY + 5 * HOUR, tool: 'bash' }),
				{
					v: 1,
					kind: 'summary',
					id: 'x',
					at: new Date(DAY + 6 * HOUR).toISOString(),
					session: 's1',
					origin: 'window',
					trigger: 'Stop',
					summary: {} as never,
				},
			],
			DAY,
			DAY + 24 * HOUR,
		);
		expect(activity).toMatchObject({
			events: 6,
			sessions: 2,
			totals: { allow: 1, ask: 0, deny: 3, none: 2 },
			asks: { total: 2, answers: { allowedOnce: 1, timedOut: 1 } },
			waiting: { count: 2, totalMs: 150_000, longestMs: 120_000, medianMs: 30_000 },
		});
		expect(activity.buckets).toHaveLength(24);
		expect(activity.buckets[1]?.counts.deny).toBe(2);
		expect(activity.buckets[3]?.counts).toEqual({ allow: 1, ask: 0, deny: 1, none: 0 });
		expect(activity.topRules.map((r) => [r.name, r.count])).toEqual([
			['destructiveCommands.x', 2],
			['ask-publish', 1],
		]);
		// PreToolUse calls only: the PostToolUse of a call is the same call.
		expect(activity.topTools.map((t) => [t.name, t.count])).toEqual([
			['run_in_terminal', 4],
			['bash', 1],
		]);
	});

	it('is empty, not broken, for a day without events', () => {
		const activity = dayActivity([], DAY, DAY + 24 * HOUR);
		expect(activity.events).toBe(0);
		expect(activity.waiting).toEqual({ count: 0, totalMs: 0, longestMs: 0, medianMs: 0 });
	});
});
