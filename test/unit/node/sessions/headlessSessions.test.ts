import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { parseHookEvent } from '../../../../src/core/reading/tools/parseHookEvent';
import type { RecordedEvent } from '../../../../src/core/sessions/recordedEvent';
import { HeadlessSessions } from '../../../../src/node/sessions/headlessSessions';
import { SessionLedger } from '../../../../src/node/sessions/sessionLedger';

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'hookwarden-sessions-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function recorded(payload: Record<string, unknown>, verdict?: 'deny'): RecordedEvent {
	const parsed = parseHookEvent({ session_id: 's1', cwd: root, ...payload });
	if (!parsed.ok) {
		throw new Error('bad test payload');
	}
	return {
		sequence: 0,
		event: parsed.event,
		sessionId: 's1',
		decision: { contributors: [], failures: [], ...(verdict && { verdict }) },
		origin: 'headless',
		receivedAt: 1,
		answeredAt: 2,
	};
}

describe('HeadlessSessions', () => {
	it('counts subagent starts across processes through the ledger, but not denied ones', () => {
		const ledger = new SessionLedger(join(root, 'sessions'));
		const first = new HeadlessSessions(ledger, () => []);
		first.record(recorded({ hook_event_name: 'SubagentStart', agent_id: 'a1', agent_type: 'x' }));
		first.record(
			recorded({ hook_event_name: 'SubagentStart', agent_id: 'a2', agent_type: 'x' }, 'deny'),
		);
		expect(new SessionLedger(join(root, 'sessions')).subagentsStarted('s1')).toBe(1);
	});

	it('reads the history only when a summary is asked for, then adds what this process records', () => {
		let reads = 0;
		const history = [recorded({ hook_event_name: 'UserPromptSubmit', prompt: 'hi' })];
		const sessions = new HeadlessSessions(new SessionLedger(undefined), () => {
			reads++;
			return history;
		});
		sessions.record(recorded({ hook_event_name: 'UserPromptSubmit', prompt: 'before' }));
		expect(reads).toBe(0);
		const before = sessions.summary('s1');
		sessions.record(
			recorded({
				hook_event_name: 'PreToolUse',
				tool_name: 'run_in_terminal',
				tool_input: { command: 'ls' },
			}),
		);
		const after = sessions.summary('s1');
		expect(reads).toBe(1);
		expect(after?.toolCalls).toBe((before?.toolCalls ?? 0) + 1);
	});
});
