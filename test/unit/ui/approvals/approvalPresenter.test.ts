import { describe, expect, it } from 'vitest';

import { describeRule } from '../../../../src/core/policy/describeSource';

import type { ApprovalRequest } from '../../../../src/core/approvals/pendingApproval';
import { PendingApproval } from '../../../../src/core/approvals/pendingApproval';
import {
	approvalNotificationText,
	approvalQuestion,
	describeResolution,
	presentApproval,
} from '../../../../src/ui/approvals/approvalPresenter';
import {
	fileWrite,
	preToolUse,
	shellTool,
	userPrompt,
	WORKSPACE,
} from '../../../support/hookEventBuilder';

const NOW = 1_000_000;

function request(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
	return {
		id: 'a1',
		event: preToolUse({ tool: shellTool('npm publish --tag next') }),
		reason: 'Publishing needs a person.',
		askedBy: {
			providerId: 'hookwarden.policy',
			ruleId: 'ask-publish',
			source: { kind: 'workspaceSettings', file: `${WORKSPACE}/.vscode/settings.json` },
		},
		workspaceFolder: WORKSPACE,
		createdAt: NOW,
		deadline: NOW + 120_000,
		...overrides,
	};
}

describe('approvalQuestion', () => {
	it('names the tool, the command, the rule and its reason, and the time left', () => {
		expect(approvalQuestion(request(), NOW + 25_500)).toEqual({
			title: 'Allow run_in_terminal to run “npm publish --tag next”?',
			detail: "Rule 'ask-publish' in workspace settings: Publishing needs a person. 95 s left.",
		});
	});

	it('masks secrets in the command', () => {
		const token = `ghp_${'a'.repeat(36)}`;
		const { title } = approvalQuestion(
			request({ event: preToolUse({ tool: shellTool(`curl -H "Authorization: ${token}" x`) }) }),
			NOW,
		);
		expect(title).not.toContain(token);
		expect(title).toContain('ghp_…[masked]…aa');
	});

	it('names paths for file tools and excerpts prompts', () => {
		expect(
			approvalQuestion(request({ event: preToolUse({ tool: fileWrite('src/a.ts') }) }), NOW).title,
		).toBe('Allow create_file to write src/a.ts?');
		expect(approvalQuestion(request({ event: userPrompt('deploy now') }), NOW).title).toBe(
			'Allow the prompt to send “deploy now”?',
		);
	});

	it('shows the whole command, however long, where the tree shortens it', () => {
		const long = `npm publish ${'--tag next '.repeat(20)}`.trim();
		const approval = request({ event: preToolUse({ tool: shellTool(long) }) });
		expect(approvalQuestion(approval, NOW).title).toBe(`Allow run_in_terminal to run “${long}”?`);
		expect(presentApproval(new PendingApproval(approval), NOW).label).toMatch(/…$/);
	});

	it('never shows negative time', () => {
		expect(approvalQuestion(request(), NOW + 500_000).detail).toMatch(/ 0 s left\.$/);
	});
});

describe('approvalNotificationText', () => {
	it('is one paragraph: the question in full, the rule and its reason, and the local time it waits until', () => {
		const text = approvalNotificationText(request(), (ms) => `at ${ms}`);
		expect(text).toBe(
			`Allow run_in_terminal to run “npm publish --tag next”? Rule 'ask-publish' in workspace settings: Publishing needs a person. Waits for your answer until at ${NOW + 120_000}.`,
		);
	});
});

describe('presentApproval', () => {
	it('a pending approval has inline actions (contextValue +pending) and a countdown', () => {
		const view = presentApproval(new PendingApproval(request()), NOW);
		expect(view).toMatchObject({
			id: 'a1',
			label: 'npm publish --tag next',
			description: '120 s left',
			iconId: 'question',
			contextValue: 'hookwarden:approval+pending',
		});
		expect(view.contextValue).toMatch(/hookwarden:approval\b.*\+pending\b/);
		expect(view.tooltip).toContain("Asked by rule 'ask-publish' in workspace settings");
	});

	it.each([
		[{ kind: 'allowed', scope: 'once' } as const, 'Allowed once', 'pass'],
		[{ kind: 'allowed', scope: 'session' } as const, 'Allowed for this session', 'pass'],
		[{ kind: 'allowed', scope: 'always' } as const, 'Always allowed (written to settings)', 'pass'],
		[
			{ kind: 'allowed', scope: 'exception' } as const,
			'Allowed by an exception (written to settings)',
			'pass',
		],
		[{ kind: 'denied', reason: 'not today' } as const, 'Denied: not today', 'error'],
		[{ kind: 'timedOut', outcome: 'deny' } as const, 'Timed out: denied', 'watch'],
		[{ kind: 'gone' } as const, 'The hook process ended before an answer', 'debug-disconnect'],
	])('a settled approval says how it ended: %j', (resolution, text, icon) => {
		const approval = new PendingApproval(request());
		approval.settle(resolution);
		const view = presentApproval(approval, NOW);
		expect(view.description).toBe(text);
		expect(view.iconId).toBe(icon);
		expect(view.contextValue).toBe('hookwarden:approval+resolved');
		expect(describeResolution(resolution)).toBe(text);
	});
});

describe('describeRule', () => {
	it('names the default verdict and providers without rules', () => {
		expect(describeRule({ providerId: 'hookwarden.policy', ruleId: 'defaultVerdict' })).toBe(
			'the default verdict',
		);
		expect(describeRule({ providerId: 'acme.guard' })).toBe('provider acme.guard');
		expect(describeRule(undefined)).toBe('a Hookwarden rule');
	});
});
