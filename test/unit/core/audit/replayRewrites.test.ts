import { describe, expect, it } from 'vitest';

import { policyReplayEvaluator } from '../../../../src/core/audit/policyReplayEvaluator';
import { renderReplayMarkdown, renderReplayText } from '../../../../src/core/audit/renderReplay';
import { replaySession } from '../../../../src/core/audit/replaySession';
import { toAuditRecord } from '../../../../src/core/audit/toAuditRecord';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { DefaultHooksProvider } from '../../../../src/core/provider/defaultHooksProvider';
import { explainCommandLine } from '../../../../src/core/provider/explainCommandLine';
import type { MergedDecision, Provenance } from '../../../../src/core/terms/decision';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { preToolUse, shellTool } from '../../../support/hookEventBuilder';
import { shellAnalyzer } from '../../../support/shellAnalyzer';

const SETTINGS = { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' } as const;
const RTK = {
	id: 'rtk',
	command: 'git status',
	verdict: 'rewrite',
	rewrite: 'rtk ${command}',
};
const byRule = (ruleId: string): Provenance => ({
	providerId: 'hookwarden.policy',
	ruleId,
	source: SETTINGS,
});

async function policyWith(rules: unknown[]) {
	const policy = compilePolicy(
		readPolicySettings([{ source: SETTINGS, values: { rules } }]).settings,
	);
	const analyzer = await shellAnalyzer();
	const provider = new DefaultHooksProvider({
		policy: () => policy,
		analyzeShell: (line, dialect) => analyzer.analyze(line, dialect),
	});
	return { policy, provider, evaluate: policyReplayEvaluator(provider, () => policy) };
}

function logged(event: HookEvent, decision: Partial<MergedDecision>, id: string) {
	return toAuditRecord(
		{
			recorded: {
				sequence: 1,
				event,
				sessionId: 's1',
				decision: { contributors: [], failures: [], ...decision },
				workspaceFolder: '/ws',
				origin: 'headless',
				receivedAt: 1_000,
				answeredAt: 1_005,
			},
		},
		id,
	);
}

describe('replay and explain show rewrites', () => {
	const gitStatus = preToolUse({ tool: shellTool('git status') });

	it('a recorded rewrite the policy no longer makes is reported, with both lines', async () => {
		const recorded = logged(
			gitStatus,
			{
				updatedInput: { ...gitStatus.tool.input, command: 'rtk git status' },
				rewrittenBy: [byRule('rtk')],
			},
			'e1',
		);
		const report = await replaySession([recorded], (await policyWith([])).evaluate);
		expect(report.entries[0]).toMatchObject({
			status: 'same',
			recorded: { rewrite: 'rtk git status' },
			rewriteChange: 'was rewritten to `rtk git status`; now runs as sent',
		});
		expect(renderReplayText(report)).toContain(
			'rewrite   e1 1970-01-01T00:00:01.005Z s1 PreToolUse run_in_terminal: git status\n          was rewritten to `rtk git status`; now runs as sent',
		);
		expect(renderReplayMarkdown(report, { log: 'a.jsonl', policies: 'here' })).toContain(
			'## Changed rewrites',
		);
	});

	it('judges a call the policy rewrites today as rewritten, as the live chain does', async () => {
		const { evaluate } = await policyWith([
			RTK,
			{ id: 'ok-rtk', command: 'rtk git status', verdict: 'allow' },
		]);
		const report = await replaySession([logged(gitStatus, {}, 'e2')], evaluate);
		expect(report.entries[0]).toMatchObject({
			status: 'loosened',
			now: { verdict: 'allow', ruleId: 'ok-rtk', rewrite: 'rtk git status' },
			rewriteChange: 'ran as sent; now rewritten to `rtk git status`',
		});
	});

	it('a rewrite by a person is not compared with the policy', async () => {
		const recorded = logged(
			gitStatus,
			{
				verdict: 'allow',
				updatedInput: { command: 'git status -s' },
				rewrittenBy: [{ providerId: 'hookwarden.person', ruleId: 'approval.edited' }],
			},
			'e3',
		);
		const report = await replaySession([recorded], (await policyWith([RTK])).evaluate);
		expect(report.entries[0]?.rewriteChange).toBeUndefined();
	});

	it('--explain names the rewrite rule, the rewritten line and its own verdict', async () => {
		const { policy, provider } = await policyWith([
			RTK,
			{ id: 'ask-rtk', command: 'rtk', verdict: 'ask', reason: 'rtk is new here' },
		]);
		const text = await explainCommandLine('git status', 'bash', provider, policy, '/ws');
		expect(text).toContain(
			'Rewritten by rule rtk (workspace settings (/ws/.vscode/settings.json)) to: rtk git status',
		);
		expect(text).toContain('Verdict of the rewritten line: ask (rule ask-rtk,');
	});
});
