import { describe, expect, it } from 'vitest';

import type { MergedDecision } from '../../../../src/core/terms/decision';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { SessionTracker } from '../../../../src/core/sessions/sessionTracker';
import {
	fileWrite,
	preToolUse,
	sessionStart,
	shellTool,
	stop,
	subagentStart,
	subagentStop,
} from '../../../support/hookEventBuilder';

const none: MergedDecision = { contributors: [], failures: [] };
const deny: MergedDecision = { verdict: 'deny', reason: 'no', contributors: [], failures: [] };

function recordAll(tracker: SessionTracker, events: [HookEvent, MergedDecision?][]): void {
	let t = 1000;
	for (const [event, decision] of events) {
		tracker.record({
			sequence: tracker.takeSequence(),
			event,
			sessionId: event.sessionId ?? 'no-session',
			agentId: tracker.attribute(event),
			decision: decision ?? none,
			origin: 'window',
			receivedAt: t,
			answeredAt: t + 5,
		});
		t += 100;
	}
}

describe('SessionTracker', () => {
	it('counts tool calls, denials, files and subagents per session, attributing tool calls to the running subagent', () => {
		const tracker = new SessionTracker();
		const s = { sessionId: 's1' };
		recordAll(tracker, [
			[sessionStart(s)],
			[preToolUse({ ...s, tool: shellTool('ls') })],
			[subagentStart({ ...s, agentId: 'call_1', agentType: 'Plan' })],
			[preToolUse({ ...s, tool: fileWrite('/ws/a.ts') })],
			[preToolUse({ ...s, tool: shellTool('rm -rf /') }), deny],
			[subagentStop({ ...s, agentId: 'call_1', agentType: 'Plan' })],
			[preToolUse({ ...s, tool: fileWrite('/ws/b.ts') })],
			[stop(s)],
		]);
		const session = tracker.session('s1');
		expect(session).toMatchObject({ toolCalls: 4, denials: 1, asks: 0, stopped: true });
		expect([...(session?.filesTouched ?? [])]).toEqual(['/ws/a.ts', '/ws/b.ts']);
		expect(session?.subagents.get('call_1')).toMatchObject({ agentType: 'Plan', toolCalls: 2 });
		expect(
			tracker
				.events()
				.filter((e) => e.agentId === 'call_1')
				.map((e) => e.event.name),
		).toEqual(['SubagentStart', 'PreToolUse', 'PreToolUse', 'SubagentStop']);
		expect(tracker.subagentsStarted('s1')).toBe(1);
		expect(tracker.subagentsStarted('other')).toBe(0);
	});

	it('counts a subagent the Copilot runtime starts without naming it, and attributes nothing to it', () => {
		const tracker = new SessionTracker();
		const s = { sessionId: 'parent' };
		// The Copilot runtime (CLI, Agent Host) sends subagentStart with the agent's name only; the subagent's own events
		// come under a session id of their own, and subagentStop names that id.
		recordAll(tracker, [
			[sessionStart(s)],
			[
				subagentStart({
					...s,
					agentId: undefined,
					agentType: undefined,
					agentName: 'general-purpose',
				}),
			],
			[subagentStop({ ...s, agentId: 'child-session', agentType: 'general-purpose' })],
			[preToolUse({ ...s, tool: shellTool('ls') })],
			[
				subagentStart({
					...s,
					agentId: undefined,
					agentType: undefined,
					agentName: 'general-purpose',
				}),
			],
		]);
		expect(tracker.subagentsStarted('parent')).toBe(2);
		expect(tracker.events().at(-2)?.agentId).toBeUndefined();
		expect(tracker.summary('parent')?.subagents[0]).toMatchObject({ agentType: 'general-purpose' });
	});

	it('keeps memory bounded: the newest events and the most recently active sessions stay', () => {
		const tracker = new SessionTracker({ maxEvents: 3, maxSessions: 2 });
		recordAll(
			tracker,
			['a', 'b', 'c', 'c'].map((id) => [sessionStart({ sessionId: id })]),
		);
		expect(tracker.events().map((e) => e.sessionId)).toEqual(['b', 'c', 'c']);
		expect(tracker.sessions().map((s) => s.id)).toEqual(['c', 'b']);
	});

	it('does not mark a session stopped when Stop was blocked', () => {
		const tracker = new SessionTracker();
		recordAll(tracker, [[stop({ sessionId: 's' }), { ...deny, blockReasons: ['run tests'] }]]);
		expect(tracker.session('s')?.stopped).toBe(false);
	});
});
