import { describe, expect, it } from 'vitest';

import type { MergedDecision } from '../../../../src/core/terms/decision';
import { describeDecision } from '../../../../src/core/sessions/describeDecision';
import type { RecordedEvent } from '../../../../src/core/sessions/recordedEvent';
import { presentEvent, renderEventDocument } from '../../../../src/ui/events/eventPresenter';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { postToolUse, preToolUse, shellTool } from '../../../support/hookEventBuilder';

function entry(event: HookEvent, decision: Partial<MergedDecision>): RecordedEvent {
	return {
		sequence: 3,
		event,
		sessionId: 's1',
		decision: { contributors: [], failures: [], ...decision },
		origin: 'window',
		receivedAt: 1_000,
		answeredAt: 1_010,
	};
}

const REDACT = { providerId: 'hookwarden.policy', ruleId: 'secrets.redactResult' };

describe('the Events view shows what Hookwarden changed', () => {
	it('a rewritten call says so, and its document shows what ran and who rewrote it', () => {
		const rewritten = entry(preToolUse({ tool: shellTool('git status') }), {
			updatedInput: { command: 'rtk git status' },
			rewrittenBy: [{ providerId: 'hookwarden.person', ruleId: 'approval.edited' }],
		});
		expect(presentEvent(rewritten).label).toBe('git status · rewritten');
		const edited = entry(preToolUse({ tool: shellTool('git status') }), {
			verdict: 'allow',
			updatedInput: { command: 'git log' },
		});
		const answered = {
			...edited,
			approval: { kind: 'allowed', scope: 'once', updatedInput: {} },
		} as const;
		expect(presentEvent(answered).label).toBe('git status · edited by you');
		const denied = entry(preToolUse({ tool: shellTool('git status') }), {
			verdict: 'deny',
			updatedInput: { command: 'rtk git status' },
		});
		expect(presentEvent(denied).label).toBe('git status · denied');
		expect(renderEventDocument(rewritten)).toContain(
			'- **Rewritten by person: edited in VS Code:** `rtk git status`',
		);
		expect(presentEvent(rewritten).tooltip).toContain(
			'Rewritten by person: edited in VS Code: `rtk git status`',
		);
	});

	it('a redacted result says so where the harness replaced it, and that the model was warned in VS Code', () => {
		const cli = entry(postToolUse({ dialect: 'copilotCli' }), {
			updatedToolOutput: 'x',
			resultReplacedBy: REDACT,
		});
		expect(presentEvent(cli).description).toBe('result redacted · run_in_terminal');
		expect(renderEventDocument(cli)).toContain('- **Result redacted:** the model read the result');
		const local = entry(postToolUse({ dialect: 'vscode' }), {
			updatedToolOutput: 'x',
			resultReplacedBy: REDACT,
		});
		expect(presentEvent(local).description).toBe('secret in result · run_in_terminal');
		expect(renderEventDocument(local)).toContain(
			'- **Secret in result:** VS Code cannot replace a result, so the model was told not to repeat it',
		);
	});
});

describe('the log line of an answered event', () => {
	it('names who rewrote the call and who replaced its result', () => {
		expect(
			describeDecision(
				entry(preToolUse({ tool: shellTool('git status') }), {
					verdict: 'allow',
					decidedBy: { providerId: 'hookwarden.policy', ruleId: 'ok' },
					updatedInput: { command: 'rtk git status' },
					rewrittenBy: [{ providerId: 'hookwarden.policy', ruleId: 'rtk' }],
				}),
			),
		).toBe(
			'PreToolUse allow by hookwarden.policy/ok, rewritten by hookwarden.policy/rtk (10 ms, session s1)',
		);
		expect(
			describeDecision(
				entry(postToolUse({}), { updatedToolOutput: 'x', resultReplacedBy: REDACT }),
			),
		).toBe(
			'PostToolUse no opinion, result replaced by hookwarden.policy/secrets.redactResult (10 ms, session s1)',
		);
	});
});
