import { describe, expect, it } from 'vitest';

import { ApprovalQueue } from '../../../../src/core/approvals/approvalQueue';
import type { AuditPort } from '../../../../src/core/audit/auditPort';
import { describeSessionSummary, formatDuration } from '../../../../src/core/audit/sessionSummary';
import type { SessionSummary } from '../../../../src/core/audit/sessionSummary';
import { letsAgentStop } from '../../../../src/core/audit/stopSummary';
import type { AuditEntry } from '../../../../src/core/audit/toAuditRecord';
import { ApprovalGate } from '../../../../src/core/pipeline/approvalGate';
import { HookDecider } from '../../../../src/core/pipeline/hookDecider';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { CompositeHooksProvider } from '../../../../src/core/provider/compositeHooksProvider';
import type { MergedDecision } from '../../../../src/core/terms/decision';
import type { RecordedEvent } from '../../../../src/core/sessions/recordedEvent';
import { SessionTracker } from '../../../../src/core/sessions/sessionTracker';
import { FakeClock } from '../../../support/fakeClock';
import { fileWrite, preToolUse, subagentStart } from '../../../support/hookEventBuilder';

const none: MergedDecision = { contributors: [], failures: [] };

function entry(
	event: RecordedEvent['event'],
	at: number,
	extra: Partial<RecordedEvent> = {},
): RecordedEvent {
	return {
		sequence: at,
		event,
		sessionId: event.sessionId ?? 'no-session',
		decision: none,
		origin: 'window',
		receivedAt: at,
		answeredAt: at + 1,
		...extra,
	};
}

describe('SessionTracker.restore and summary', () => {
	it('fills events and sessions without firing onDidRecord, merged with live events in answer order', () => {
		const tracker = new SessionTracker();
		const fired: RecordedEvent[] = [];
		tracker.onDidRecord((e) => fired.push(e));
		const live = entry(preToolUse({ tool: fileWrite('/ws/live.ts') }), 5_000);
		tracker.record(live);
		tracker.restore([
			entry(preToolUse({ tool: fileWrite('/ws/a.ts') }), 1_000),
			entry(preToolUse({ tool: fileWrite('/ws/b.ts') }), 2_000, {
				decision: { ...none, verdict: 'allow' },
				approval: { kind: 'allowed', scope: 'session' },
			}),
		]);
		expect(fired).toEqual([live]);
		expect(tracker.events().map((e) => e.answeredAt)).toEqual([1_001, 2_001, 5_001]);
		const summary = tracker.summary(live.sessionId);
		expect(summary).toMatchObject({
			startedAt: 1_000,
			endedAt: 5_001,
			durationMs: 4_001,
			toolCalls: 3,
			asks: 1,
			answers: { allowedForSession: 1 },
			filesTouched: ['/ws/live.ts', '/ws/a.ts', '/ws/b.ts'],
		});
		expect(tracker.takeSequence()).toBeGreaterThan(2_000);
	});

	it('describes a summary in one sentence for a person', () => {
		const summary: SessionSummary = {
			sessionId: 's',
			startedAt: 0,
			endedAt: 252_000,
			durationMs: 252_000,
			toolCalls: 12,
			denials: 1,
			asks: 2,
			answers: {
				allowedOnce: 1,
				allowedForSession: 0,
				allowedAlways: 0,
				denied: 1,
				timedOut: 0,
				gone: 0,
			},
			filesTouched: ['a', 'b'],
			moreFilesTouched: 3,
			subagents: [{ agentId: 'x', agentType: 'Plan', toolCalls: 2 }],
		};
		expect(describeSessionSummary(summary)).toBe(
			'Hookwarden session summary: 12 tool calls, 1 denied, 2 asked (1 allowed once, 1 denied), 5 files touched, 1 subagent (Plan), 4 min 12 s.',
		);
		expect(formatDuration(850)).toBe('850 ms');
		expect(formatDuration(7_500_000)).toBe('2 h 5 min');
	});
});

function pipelineWith(audit: AuditPort, stopSummary = false) {
	const clock = new FakeClock();
	const sessions = new SessionTracker();
	const chain = new CompositeHooksProvider();
	chain.register({
		provider: {
			id: 'hookwarden.policy',
			onPreToolUse: (event) =>
				event.name === 'PreToolUse' && event.tool.commandLine === 'boom'
					? (() => {
							throw new Error('kaput');
						})()
					: { verdict: 'allow', provenance: { providerId: 'hookwarden.policy', ruleId: 'ok' } },
		},
	});
	const policy = compilePolicy(readPolicySettings([]).settings);
	const pipeline = new HookDecider({
		chain,
		gate: new ApprovalGate(new ApprovalQueue(clock), clock),
		digest: (text) => text,
		sessions,
		clock,
		policy: () => policy,
		workspaceFolderFor: () => '/ws',
		audit,
		stopSummary: () => stopSummary,
		origin: 'window',
	});
	return { pipeline, sessions };
}

const payload = (event: Record<string, unknown>) => ({
	timestamp: '2026-11-22T03:00:00.000Z',
	session_id: 's1',
	cwd: '/ws',
	...event,
});

describe('HookPipeline audit port', () => {
	it('appends every answered event before the answer is returned, and a summary at Stop', async () => {
		const entries: AuditEntry[] = [];
		const summaries: SessionSummary[] = [];
		const { pipeline } = pipelineWith({
			appendEvent: (e) => entries.push(e),
			appendSummary: (s) => summaries.push(s),
		});
		const answer = await pipeline.decide({
			payload: payload({
				hook_event_name: 'PreToolUse',
				tool_name: 'run_in_terminal',
				tool_input: { command: 'ls' },
				tool_use_id: 'u1',
			}),
		});
		expect(entries).toHaveLength(1);
		expect('recorded' in answer && answer.recorded).toBe(entries[0]?.recorded);
		await pipeline.decide({
			payload: payload({ hook_event_name: 'Stop', stop_hook_active: false }),
		});
		expect(entries).toHaveLength(2);
		expect(summaries).toHaveLength(1);
		expect(summaries[0]).toMatchObject({ sessionId: 's1', toolCalls: 1 });
	});

	it('logs a hook registered twice (one tool_use_id) once', async () => {
		const entries: AuditEntry[] = [];
		const { pipeline } = pipelineWith({
			appendEvent: (e) => entries.push(e),
			appendSummary: () => undefined,
		});
		const call = {
			payload: payload({
				hook_event_name: 'PreToolUse',
				tool_name: 'run_in_terminal',
				tool_input: { command: 'ls' },
				tool_use_id: 'same',
			}),
		};
		await Promise.all([pipeline.decide(call), pipeline.decide(call)]);
		expect(entries).toHaveLength(1);
	});

	it('answers even when the audit port throws', async () => {
		const { pipeline } = pipelineWith({
			appendEvent: () => {
				throw new Error('disk full');
			},
			appendSummary: () => undefined,
		});
		const answer = await pipeline.decide({
			payload: payload({
				hook_event_name: 'PreToolUse',
				tool_name: 'read_file',
				tool_input: { filePath: '/ws/a' },
			}),
		});
		expect('output' in answer && answer.output).toMatchObject({ permissionDecision: 'allow' });
	});

	it('shows the session summary to the person at Stop when hookwarden.context.stopSummary is on', async () => {
		const { pipeline, sessions } = pipelineWith(
			{ appendEvent: () => undefined, appendSummary: () => undefined },
			true,
		);
		sessions.record(entry(subagentStart({ sessionId: 's1' }), 1));
		const answer = await pipeline.decide({
			payload: payload({ hook_event_name: 'Stop', stop_hook_active: false }),
		});
		expect('output' in answer && answer.output.systemMessage).toMatch(
			/^Hookwarden session summary: 0 tool calls, .*1 subagent/,
		);
		expect('output' in answer && answer.output.hookSpecificOutput).toBeUndefined();
	});

	it.each([
		[{ verdict: 'deny' as const }, false],
		[{ verdict: 'ask' as const }, false],
		[{ blockReasons: ['more'] }, false],
		[{ stop: { reason: 'halt' } }, false],
		[{ verdict: 'allow' as const }, true],
		[{}, true],
	])(
		'lets the agent stop (and so summarises) only when nothing keeps it working: %j',
		(decision, stops) => {
			expect(letsAgentStop({ ...none, ...decision })).toBe(stops);
		},
	);
});
