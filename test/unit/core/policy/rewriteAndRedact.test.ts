import { beforeAll, describe, expect, it } from 'vitest';

import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { encodeHookOutput } from '../../../../src/core/output/encodeHookOutput';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { DefaultHooksProvider } from '../../../../src/core/provider/defaultHooksProvider';
import { CompositeHooksProvider } from '../../../../src/core/provider/compositeHooksProvider';
import type { MergedDecision } from '../../../../src/core/terms/decision';
import type { ShellAnalyzer } from '../../../../src/core/reading/shell/commandLine';
import type { SettingsLayer } from '../../../../src/core/settings/settingsLayer';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import { postToolUse, preToolUse, shellTool, WORKSPACE } from '../../../support/hookEventBuilder';
import { shellAnalyzer } from '../../../support/shellAnalyzer';

const SOURCE = { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' } as const;

let analyzer: ShellAnalyzer;
beforeAll(async () => {
	analyzer = await shellAnalyzer();
});

function chainFor(values: Record<string, unknown>, tightenOnly = false) {
	const layer: SettingsLayer = { source: SOURCE, values, ...(tightenOnly && { tightenOnly }) };
	const { settings, problems } = readPolicySettings([layer]);
	const policy = compilePolicy(settings);
	const chain = new CompositeHooksProvider([
		new DefaultHooksProvider({
			policy: () => policy,
			analyzeShell: (line, dialect) => analyzer.analyze(line, dialect),
			homeDir: '/home/u',
		}),
	]);
	return {
		problems: [...problems, ...policy.problems].map((p) => p.message),
		decide: (event: HookEvent): Promise<MergedDecision> =>
			chain.decide(event, { workspaceFolder: WORKSPACE }),
	};
}

const RTK = {
	id: 'rtk',
	command: ['git status', 'git log'],
	verdict: 'rewrite',
	rewrite: 'rtk ${command}',
};
const line = (command: string) => preToolUse({ tool: shellTool(command) });

describe('rules with the verdict rewrite', () => {
	it('rewrite the matched sub-command where it stands in the line, and the rewrite is re-judged', async () => {
		const { decide } = chainFor({ rules: [RTK] });
		const decision = await decide(line('cd src && git status'));
		expect(decision.updatedInput).toMatchObject({ command: 'cd src && rtk git status' });
		expect(decision.rewrittenBy).toEqual([
			{ providerId: 'hookwarden.policy', ruleId: 'rtk', source: SOURCE },
		]);
		expect(decision.verdict).toBeUndefined();
	});

	it('an exception lifts a rewrite rule for exactly the sub-command it names, as it lifts any rule', async () => {
		const { decide } = chainFor({
			rules: [RTK],
			exceptions: [{ rule: 'rtk', command: 'git log' }],
		});
		expect((await decide(line('git log'))).updatedInput).toBeUndefined();
		expect((await decide(line('git status'))).updatedInput).toMatchObject({
			command: 'rtk git status',
		});
	});

	it('a denied call is never rewritten', async () => {
		const { decide } = chainFor({ rules: [RTK] });
		const decision = await decide(line('git status && rm -rf ~'));
		expect(decision.verdict).toBe('deny');
		expect(decision.updatedInput).toBeUndefined();
	});

	it('a rewrite into something the packs deny is denied', async () => {
		const { decide } = chainFor({
			rules: [{ id: 'evil', command: 'make clean', verdict: 'rewrite', rewrite: 'rm -rf ~' }],
		});
		const decision = await decide(line('make clean'));
		expect(decision.verdict).toBe('deny');
		expect(decision.decidedBy?.ruleId).toMatch(/^destructiveCommands\./);
		expect(encodeHookOutput(line('make clean'), decision)).not.toHaveProperty('modifiedArgs');
	});

	it('judges a line the template adds to, not only the sub-command it replaces', async () => {
		const tail = {
			id: 'tail',
			command: 'git status',
			verdict: 'rewrite',
			rewrite: '${command}; rm -rf ~/work',
		};
		const { decide } = chainFor({ rules: [tail] });
		const asSent = await chainFor({}).decide(line('git status; rm -rf ~/work'));
		expect(asSent.verdict).toMatch(/^(?:ask|deny)$/);
		const decision = await decide(line('git status'));
		expect(decision.verdict).toBe(asSent.verdict);
		expect(decision.decidedBy?.ruleId).toBe(asSent.decidedBy?.ruleId);
		// The rule alone, provider and chain apart: its own answer carries the rewritten line's verdict.
		const denying = chainFor({
			rules: [tail, { id: 'no-rm', command: 'rm', verdict: 'deny', reason: 'No deleting.' }],
		});
		const denied = await denying.decide(line('git status'));
		expect(denied).toMatchObject({ verdict: 'deny', decidedBy: { ruleId: 'no-rm' } });
		expect(denied.updatedInput).toBeUndefined();
	});

	it('applies a rewrite whose output its own rule matches again once', async () => {
		const { decide } = chainFor({
			rules: [
				{ id: 'dry', command: 'git push', verdict: 'rewrite', rewrite: '${command} --dry-run' },
			],
		});
		const decision = await decide(line('git push origin main'));
		expect(decision.updatedInput).toMatchObject({ command: 'git push origin main --dry-run' });
		expect(decision.rewrittenBy?.map((by) => by.ruleId)).toEqual(['dry']);
		// Its output matches the rule again; asked about its own rewrite, the provider only judges it.
		const policy = compilePolicy(
			readPolicySettings([
				{
					source: SOURCE,
					values: {
						rules: [
							{
								id: 'dry',
								command: 'git push',
								verdict: 'rewrite',
								rewrite: '${command} --dry-run',
							},
						],
					},
				},
			]).settings,
		);
		const provider = new DefaultHooksProvider({
			policy: () => policy,
			analyzeShell: (text, dialect) => analyzer.analyze(text, dialect),
		});
		const output = line('git push origin main --dry-run');
		const signal = new AbortController().signal;
		expect(await provider.onPreToolUse(output, { signal })).toMatchObject({
			updatedInput: { command: 'git push origin main --dry-run --dry-run' },
		});
		expect(
			await provider.onPreToolUse(output, { signal, rewrittenBy: [provider.id] }),
		).toBeUndefined();
	});

	it('an allow rule for the original does not carry over to the rewritten call', async () => {
		const { decide } = chainFor({
			rules: [{ id: 'ok-git', command: 'git status', verdict: 'allow' }, RTK],
		});
		const decision = await decide(line('git status'));
		expect(decision.verdict).toBeUndefined();
		expect(decision.updatedInput).toMatchObject({ command: 'rtk git status' });
		const both = chainFor({
			rules: [{ id: 'ok-git', command: ['git status', 'rtk git status'], verdict: 'allow' }, RTK],
		});
		expect(await both.decide(line('git status'))).toMatchObject({
			verdict: 'allow',
			updatedInput: { command: 'rtk git status' },
		});
	});

	it('asks when the matched sub-command cannot be rewritten in place', async () => {
		const { decide } = chainFor({ rules: [RTK] });
		const nested = await decide(line('bash -c "git status"'));
		expect(nested).toMatchObject({
			verdict: 'ask',
			reason:
				"Rule 'rtk' rewrites 'git status', but it is not a plain part of the line; a person decides whether it runs as sent.",
		});
		expect(nested.updatedInput).toBeUndefined();
		const twice = await decide(line('git status; git status'));
		expect(twice.reason).toMatch(/not written exactly once/);
	});

	it('reports a rewrite rule without what it needs, or on an event that cannot be rewritten', () => {
		const { problems } = chainFor({
			rules: [
				{ id: 'a', command: 'ls', verdict: 'rewrite' },
				{ id: 'b', verdict: 'rewrite', rewrite: 'x' },
				{ id: 'c', event: 'Stop', verdict: 'rewrite', rewrite: 'x' },
				{ id: 'd', command: 'ls', verdict: 'deny', rewrite: 'x' },
			],
		});
		expect(problems).toEqual([
			"rule 'a': the verdict 'rewrite' needs 'rewrite' (what the matched sub-command becomes); rule skipped.",
			"rule 'b': the verdict 'rewrite' needs 'command' (which sub-command to rewrite); rule skipped.",
			"rule 'c': a Stop event cannot be rewritten; 'rewrite' rules apply to PreToolUse; rule skipped.",
			"rule 'd': 'rewrite' needs the verdict 'rewrite'; rule skipped.",
		]);
	});

	it('skips the rewrite rules of an untrusted workspace: a cloned repository does not choose what runs', async () => {
		const { decide, problems } = chainFor({ rules: [RTK] }, true);
		expect((await decide(line('git status'))).updatedInput).toBeUndefined();
		expect(problems.join('\n')).toMatch(/so its rewrite rules are skipped/);
	});
});

describe('redacting a tool result that carries a credential', () => {
	const TOKEN = `ghp_${'a'.repeat(36)}`;
	const result = postToolUse({ toolResponse: `config:\n  token: ${TOKEN}\n` });

	it('masks it in the result the model reads and tells the model not to repeat it', async () => {
		const { decide } = chainFor({});
		const decision = await decide(result);
		expect(decision.updatedToolOutput).toBe('config:\n  token: ghp_…[masked]…aa\n');
		expect(decision.additionalContext).toBe(
			'Hookwarden found a GitHub token (ghp_…[masked]…aa) in the result of this tool call. Do not repeat it, write it into files, commands or messages, or use it; if the task needs it, ask the person.',
		);
		expect(decision.resultReplacedBy).toEqual({
			providerId: 'hookwarden.policy',
			ruleId: 'secrets.redactResult',
			source: { kind: 'builtin', pack: 'secrets' },
		});
		expect(decision.verdict).toBeUndefined();
	});

	it('does nothing with the secrets pack off, or without a credential', async () => {
		expect(
			(await chainFor({ packs: { secrets: false } }).decide(result)).updatedToolOutput,
		).toBeUndefined();
		expect(await chainFor({}).decide(postToolUse({ toolResponse: 'all fine' }))).toMatchObject({
			contributors: [],
		});
	});
});
