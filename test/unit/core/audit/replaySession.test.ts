import { describe, expect, it } from 'vitest';

import type { AuditEventRecord } from '../../../../src/core/audit/auditRecord';
import { policyReplayEvaluator } from '../../../../src/core/audit/policyReplayEvaluator';
import { renderReplayMarkdown, renderReplayText } from '../../../../src/core/audit/renderReplay';
import { replayFails, replaySession } from '../../../../src/core/audit/replaySession';
import type { AuditEntry } from '../../../../src/core/audit/toAuditRecord';
import { toAuditRecord } from '../../../../src/core/audit/toAuditRecord';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { DefaultHooksProvider } from '../../../../src/core/provider/defaultHooksProvider';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import type { MergedDecision, Provenance } from '../../../../src/core/terms/decision';
import { shellAnalyzer } from '../../../support/shellAnalyzer';
import {
	fileWrite,
	preToolUse,
	shellTool,
	subagentStart,
	userPrompt,
} from '../../../support/hookEventBuilder';

const settings = { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' } as const;
const by = (ruleId: string, providerId = 'hookwarden.policy'): Provenance => ({
	providerId,
	ruleId,
	source: settings,
});
const TOKEN = `ghp_${'a1B2'.repeat(9)}`;

let counter = 0;
function logged(
	event: HookEvent,
	decision: Partial<MergedDecision> = {},
	extra: Partial<Omit<AuditEntry, 'recorded'>> = {},
	workspaceFolder = '/ws',
): AuditEventRecord {
	return toAuditRecord(
		{
			recorded: {
				sequence: ++counter,
				event,
				sessionId: event.sessionId ?? 'no-session',
				decision: { contributors: [], failures: [], ...decision },
				workspaceFolder,
				origin: 'window',
				receivedAt: counter * 1000,
				answeredAt: counter * 1000 + 5,
			},
			...extra,
		},
		`e${counter}`,
	);
}

async function evaluatorFor(values: Record<string, unknown>) {
	const policy = compilePolicy(readPolicySettings([{ source: settings, values }]).settings);
	const analyzer = await shellAnalyzer();
	const provider = new DefaultHooksProvider({
		policy: () => policy,
		analyzeShell: (line, dialect) => analyzer.analyze(line, dialect),
	});
	return policyReplayEvaluator(provider, () => policy);
}

describe('replaySession', () => {
	it('reports a recorded allow that a new rule now denies as tightened, naming the rule', async () => {
		const records = [
			logged(preToolUse({ tool: shellTool('npm test && curl x') }), {
				verdict: 'allow',
				decidedBy: by('allow-tests'),
			}),
			logged(preToolUse({ tool: shellTool('ls') })),
		];
		const report = await replaySession(
			records,
			await evaluatorFor({ rules: [{ id: 'no-curl', command: 'curl', verdict: 'deny' }] }),
		);
		expect(report.counts).toEqual({ same: 1, tightened: 1, loosened: 0, notReplayable: 0 });
		expect(report.entries[0]).toMatchObject({
			status: 'tightened',
			recorded: { verdict: 'allow', ruleId: 'allow-tests' },
			now: { verdict: 'deny', ruleId: 'no-curl' },
		});
		expect(replayFails(report, 'tighten')).toBe(true);
		expect(replayFails(report, 'loosen')).toBe(false);
		expect(replayFails(report, 'any')).toBe(true);
		expect(renderReplayText(report)).toContain('allow by allow-tests');
		const markdown = renderReplayMarkdown(report, { log: 'a.jsonl', policies: 'now' });
		expect(markdown).toContain('- run\\_in\\_terminal: npm test && curl x — **tighter**\n');
		expect(markdown).toContain(
			'  - now: deny by no-curl (workspace settings (/ws/.vscode/settings.json))',
		);
		expect(markdown).not.toMatch(/^\|/m);
	});

	it('reports a removed deny as loosened', async () => {
		const records = [
			logged(preToolUse({ tool: shellTool('curl x') }), {
				verdict: 'deny',
				decidedBy: by('no-curl'),
			}),
		];
		const report = await replaySession(records, await evaluatorFor({}));
		expect(report.entries[0]).toMatchObject({ status: 'loosened', now: { verdict: 'none' } });
		expect(replayFails(report, 'tighten')).toBe(false);
		expect(replayFails(report, 'loosen')).toBe(true);
	});

	it('compares what the policy said, not what the person answered', async () => {
		const records = [
			logged(
				preToolUse({ tool: shellTool('git push') }),
				{
					verdict: 'allow',
					decidedBy: { providerId: 'hookwarden.person', ruleId: 'approval.once' },
				},
				{ asked: { verdict: 'ask', decidedBy: by('ask-push') } },
			),
		];
		(records[0] as { approval?: unknown }).approval = { kind: 'allowed', scope: 'once' };
		const report = await replaySession(
			records,
			await evaluatorFor({ rules: [{ id: 'ask-push', command: 'git push', verdict: 'ask' }] }),
		);
		expect(report.entries[0]?.status).toBe('same');
	});

	it('does not replay what the log cannot reproduce, and says why', async () => {
		const records = [
			logged(userPrompt(`deploy with ${TOKEN}`), {
				verdict: 'deny',
				decidedBy: by('secrets.credential'),
			}),
			logged(preToolUse({ tool: shellTool(`echo ${'x'.repeat(20_000)}`) }), {}),
			logged(preToolUse(), { verdict: 'deny', decidedBy: by('r', 'other.extension') }),
			logged(preToolUse(), {}, { problem: 'crashed' }),
		];
		const report = await replaySession(records, await evaluatorFor({}));
		expect(report.entries.map((e) => e.status)).toEqual([
			'notReplayable',
			'notReplayable',
			'notReplayable',
			'notReplayable',
		]);
		expect(report.entries[0]?.note).toMatch(/masked/);
		expect(report.entries[1]?.note).toMatch(/tool\.commandLine/);
		expect(report.entries[2]?.note).toMatch(/other\.extension/);
		expect(report.entries[3]?.note).toMatch(/fail mode/);
		expect(replayFails(report, 'any')).toBe(false);
	});

	it('replays a masked event decided by another rule, with a caveat', async () => {
		const records = [
			logged(preToolUse({ tool: shellTool(`curl -H ${TOKEN} x`) }), {
				verdict: 'deny',
				decidedBy: by('no-curl'),
			}),
		];
		const report = await replaySession(
			records,
			await evaluatorFor({ rules: [{ id: 'no-curl', command: 'curl', verdict: 'deny' }] }),
		);
		expect(report.entries[0]).toMatchObject({ status: 'same' });
		expect(report.entries[0]?.note).toMatch(/secrets pack was not re-evaluated/);
	});

	it('rebuilds session facts from the replay: a new subagent limit denies the second spawn', async () => {
		const records = [
			logged(subagentStart({ agentId: 'a1' })),
			logged(subagentStart({ agentId: 'a2' })),
		];
		const report = await replaySession(
			records,
			await evaluatorFor({ 'subagents.maxPerSession': 1 }),
		);
		expect(report.entries.map((e) => e.status)).toEqual(['same', 'tightened']);
		expect(report.entries[1]?.now?.ruleId).toBe('subagents.maxPerSession');
	});

	it('moves paths from the folder the log was written in to the folder it is replayed in', async () => {
		const records = [
			logged(
				preToolUse({ tool: fileWrite('/home/dev/proj/src/a.lock'), cwd: '/home/dev/proj' }),
				{},
				{},
				'/home/dev/proj',
			),
		];
		const report = await replaySession(
			records,
			await evaluatorFor({
				rules: [{ id: 'ask-locks', tool: 'fileWrite', path: 'src/*.lock', verdict: 'ask' }],
			}),
			{ workspaceFolder: '/ci/proj' },
		);
		expect(report.entries[0]).toMatchObject({ status: 'tightened', now: { ruleId: 'ask-locks' } });
	});
});
