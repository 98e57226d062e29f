import { describe, expect, it } from 'vitest';

import { parseHookEvent } from '../../../../src/core/reading/tools/parseHookEvent';
import type { RecordedEvent } from '../../../../src/core/sessions/recordedEvent';
import { renderEventDocument } from '../../../../src/ui/events/eventPresenter';

function entry(): RecordedEvent {
	const parsed = parseHookEvent({
		hook_event_name: 'PreToolUse',
		session_id: 's1',
		cwd: '/ws',
		tool_name: 'run_in_terminal',
		tool_input: { command: 'curl -H "Authorization: ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" x' },
	});
	if (!parsed.ok) {
		throw new Error('bad payload');
	}
	return {
		sequence: 7,
		event: parsed.event,
		sessionId: 's1',
		decision: {
			verdict: 'deny',
			reason: 'Use the fetch tool instead of curl.',
			decidedBy: {
				providerId: 'hookwarden.policy',
				ruleId: 'no-curl',
				source: { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' },
			},
			contributors: [],
			failures: [],
		},
		workspaceFolder: '/ws',
		origin: 'window',
		receivedAt: 1_000,
		answeredAt: 1_012,
	};
}

describe('the event document', () => {
	it('reads top-down: what, verdict, who decided and where, reason, then the record; secrets masked', () => {
		const text = renderEventDocument(entry());
		const lines = text.split('\n');
		expect(lines[0]).toMatch(/^# denied · run\\_in\\_terminal · curl/);
		expect(text).toContain('- **Verdict:** deny');
		expect(text).toMatch(
			/- \*\*Decided by:\*\* rule `no-curl` of hookwarden\.policy \(.*settings\.json.*\)/,
		);
		expect(text).toContain('- **Reason:** Use the fetch tool instead of curl.');
		expect(text).toContain('answered by this window in 12 ms');
		expect(text.indexOf('## Record')).toBeGreaterThan(text.indexOf('**Reason:**'));
		expect(text).not.toContain('ghp_aaaa');
	});
});
