import { describe, expect, it } from 'vitest';

import type { ApprovalRequest } from '../../../../src/core/approvals/pendingApproval';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { evaluatePolicy } from '../../../../src/core/policy/evaluatePolicy';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import {
	anchoredRegex,
	exactPathGlob,
	proposeAlwaysAllowRule,
} from '../../../../src/core/approvals/alwaysAllowRule';
import {
	fileWrite,
	preToolUse,
	shellTool,
	userPrompt,
	WORKSPACE,
} from '../../../support/hookEventBuilder';

const DEFAULT_ASK = { providerId: 'hookwarden.policy', ruleId: 'defaultVerdict' };

function request(overrides: Partial<ApprovalRequest>): ApprovalRequest {
	return {
		id: 'a1',
		event: preToolUse(),
		reason: 'x',
		askedBy: DEFAULT_ASK,
		workspaceFolder: WORKSPACE,
		createdAt: 0,
		deadline: 1,
		...overrides,
	};
}

/** What the policy says about a command line once the proposed rule is in the settings. */
function verdictWith(rule: unknown, commandLine: string): string | undefined {
	const { settings } = readPolicySettings([
		{ source: { kind: 'userSettings' }, values: { rules: [rule] } },
	]);
	const policy = compilePolicy(settings);
	const event = preToolUse({ tool: shellTool(commandLine) });
	return evaluatePolicy(
		policy,
		{ event, workspaceFolder: WORKSPACE, homeDir: '/home/dev' },
		new Map(),
	).verdict;
}

describe('proposeAlwaysAllowRule', () => {
	it('pins a command to the exact tool and an anchored literal regex', () => {
		const proposal = proposeAlwaysAllowRule(
			request({ event: preToolUse({ tool: shellTool('make release VERSION=1.2') }) }),
			['make release VERSION=1.2'],
			'2026-01-02',
		);
		expect(proposal).toMatchObject({
			kind: 'rule',
			rule: {
				id: 'always-allow-run_in_terminal-make-release-version-1-2',
				tool: 'run_in_terminal',
				command: ['/^make release VERSION=1\\.2$/'],
				verdict: 'allow',
			},
		});
		if (proposal.kind !== 'rule') {
			return;
		}
		expect(verdictWith(proposal.rule, 'make release VERSION=1.2')).toBe('allow');
		// Never wider than what was seen.
		expect(verdictWith(proposal.rule, 'make release VERSION=1x2')).toBeUndefined();
		expect(verdictWith(proposal.rule, 'make release VERSION=1.2 --force')).toBeUndefined();
		expect(verdictWith(proposal.rule, 'make release')).toBeUndefined();
	});

	it('lists each sub-command of a compound line and says so', () => {
		const proposal = proposeAlwaysAllowRule(
			request({ event: preToolUse({ tool: shellTool('npm test && npm run lint') }) }),
			['npm test', 'npm run lint'],
			'2026-01-02',
		);
		expect(proposal.kind === 'rule' && proposal.rule.command).toEqual([
			'/^npm test$/',
			'/^npm run lint$/',
		]);
		expect(proposal.kind === 'rule' && proposal.explanation.join(' ')).toMatch(/alone or together/);
	});

	it('pins file paths exactly, with glob characters escaped and bare names made absolute', () => {
		const proposal = proposeAlwaysAllowRule(
			request({ event: preToolUse({ tool: fileWrite('README.md') }) }),
			undefined,
			'2026-01-02',
		);
		expect(proposal.kind === 'rule' && proposal.rule.path).toEqual([`${WORKSPACE}/README.md`]);
		expect(exactPathGlob('src/[id]/*.ts', WORKSPACE)).toBeUndefined();
		expect(exactPathGlob('src/a(1)/b*.ts', WORKSPACE)).toBe('src/a[(]1[)]/b[*].ts');
	});

	it('refuses when an ask rule asked: ask outranks allow', () => {
		const proposal = proposeAlwaysAllowRule(
			request({
				askedBy: {
					providerId: 'hookwarden.policy',
					ruleId: 'ask-publish',
					source: { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' },
				},
			}),
			['echo hi'],
			'2026-01-02',
		);
		expect(proposal.kind).toBe('outranked');
		expect(proposal.kind === 'outranked' && proposal.why).toMatch(
			/^Rule 'ask-publish' in workspace settings asks/,
		);
	});

	it('refuses what it cannot pin: no sub-commands, a tool without command or path, other events', () => {
		expect(
			proposeAlwaysAllowRule(
				request({ event: preToolUse({ tool: shellTool('x') }) }),
				undefined,
				'd',
			).kind,
		).toBe('unavailable');
		expect(proposeAlwaysAllowRule(request({ event: userPrompt() }), undefined, 'd').kind).toBe(
			'unavailable',
		);
	});

	it('anchoredRegex escapes every regex character', () => {
		expect(anchoredRegex('a.b*c/d(e)[f]$')).toBe('/^a\\.b\\*c\\/d\\(e\\)\\[f\\]\\$$/');
	});
});
