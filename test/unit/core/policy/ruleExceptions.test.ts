import { describe, expect, it } from 'vitest';

import { BUILTIN_PACKS } from '../../../../src/core/judging/builtinPacks';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { DefaultHooksProvider } from '../../../../src/core/provider/defaultHooksProvider';
import { evaluatePolicy } from '../../../../src/core/policy/evaluatePolicy';
import { explainCommandLine } from '../../../../src/core/provider/explainCommandLine';
import type { PolicyOutcome } from '../../../../src/core/policy/evaluatePolicy';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import type { SettingsLayer } from '../../../../src/core/settings/settingsLayer';
import {
	fileWrite,
	preToolUse,
	shellTool,
	subagentStart,
	WORKSPACE,
} from '../../../support/hookEventBuilder';
import { analyze } from '../../../support/shellAnalyzer';

const HOME = '/home/dev';
const USER: SettingsLayer['source'] = { kind: 'userSettings', file: '/u/settings.json' };
const WS: SettingsLayer['source'] = {
	kind: 'workspaceSettings',
	file: '/ws/.vscode/settings.json',
};

type Values = Record<string, unknown>;

function policyOf(user: Values, workspace: Values = {}, tightenOnly = false) {
	return readAndCompile([
		{ source: USER, values: user },
		{ source: WS, values: workspace, ...(tightenOnly && { tightenOnly }) },
	]);
}

function readAndCompile(layers: SettingsLayer[]) {
	const { settings, problems } = readPolicySettings(layers);
	const policy = compilePolicy(settings);
	return { policy, problems: [...problems, ...policy.problems] };
}

async function decide(
	policy: ReturnType<typeof compilePolicy>,
	event: HookEvent,
): Promise<PolicyOutcome> {
	const line =
		event.name === 'PreToolUse' || event.name === 'PostToolUse'
			? event.tool.commandLine
			: undefined;
	return evaluatePolicy(
		policy,
		{
			event,
			workspaceFolder: WORKSPACE,
			homeDir: HOME,
			...(line !== undefined && { shell: await analyze(line) }),
		},
		BUILTIN_PACKS,
	);
}

const shell = (line: string) => preToolUse({ tool: shellTool(line) });

/** The rule id the packs give a call today, so these tests follow the packs' naming instead of copying it. */
async function ruleOf(event: HookEvent): Promise<string> {
	const outcome = await decide(policyOf({}).policy, event);
	expect(outcome.winner, 'the call needs a built-in finding for this test').toBeDefined();
	return outcome.winner?.ruleId ?? '';
}

describe('hookwarden.exceptions', () => {
	it('lifts a built-in rule for exactly the sub-command it names, and for no other', async () => {
		const rule = await ruleOf(shell('rm -rf ~/victim'));
		const { policy, problems } = policyOf({
			exceptions: [{ rule, command: 'rm -rf ~/victim', reason: 'the demo folder' }],
		});
		expect(problems).toEqual([]);
		expect((await decide(policy, shell('rm  -rf   ~/victim'))).verdict).toBeUndefined();
		expect((await decide(policy, shell('rm -rf ~/victim2'))).verdict).toBe('ask');
		expect((await decide(policy, shell('rm -rf ~/victim ~/other'))).verdict).toBe('ask');
		// The other sub-command of the line is still judged.
		expect((await decide(policy, shell('rm -rf ~/victim && rm -rf ~/other'))).verdict).toBe('ask');
	});

	it('takes a /regex/ for the sub-command', async () => {
		const rule = await ruleOf(shell('git push --force origin main'));
		const { policy } = policyOf({
			exceptions: [{ rule, command: '/^git push --force origin feature\\/[a-z-]+$/' }],
		});
		expect((await decide(policy, shell('git push --force origin feature/my-fix'))).verdict).toBe(
			undefined,
		);
		expect((await decide(policy, shell('git push --force origin main'))).verdict).toBe('deny');
	});

	it('lifts a path rule for the paths its glob names', async () => {
		const envLocal = preToolUse({ tool: fileWrite(`${WORKSPACE}/.env.local`) });
		const rule = await ruleOf(envLocal);
		const { policy } = policyOf({ exceptions: [{ rule, path: '.env.local' }] });
		expect((await decide(policy, envLocal)).verdict).toBeUndefined();
		const env = preToolUse({ tool: fileWrite(`${WORKSPACE}/.env`) });
		expect((await decide(policy, env)).winner?.ruleId).toBe(rule);
	});

	it('names one rule: the same command under another rule is still judged', async () => {
		const rule = await ruleOf(shell('rm -rf ~/victim'));
		const { policy } = policyOf({
			rules: [{ id: 'no-rm', command: 'rm', verdict: 'deny', reason: 'no rm here' }],
			exceptions: [{ rule, command: 'rm -rf ~/victim' }],
		});
		expect((await decide(policy, shell('rm -rf ~/victim'))).winner?.ruleId).toBe('no-rm');
	});

	it('lifts a settings ask rule by its id; the default verdict then decides as for any other call', async () => {
		const rules = [{ id: 'ask-publish', command: 'npm publish', verdict: 'ask' }];
		const { policy } = policyOf({
			rules,
			defaultVerdict: 'allow',
			exceptions: [{ rule: 'ask-publish', command: 'npm publish --dry-run' }],
		});
		const outcome = await decide(policy, shell('npm publish --dry-run'));
		expect(outcome.winner?.ruleId).toBe('defaultVerdict');
		expect(outcome.verdict).toBe('allow');
		expect((await decide(policy, shell('npm publish'))).verdict).toBe('ask');
	});

	it('from a workspace, never lifts a rule the person set in user settings', async () => {
		const userRule = { id: 'no-curl', command: 'curl', verdict: 'deny' };
		const { policy } = policyOf(
			{ rules: [userRule] },
			{ exceptions: [{ rule: 'no-curl', command: 'curl https://x' }] },
		);
		expect((await decide(policy, shell('curl https://x'))).verdict).toBe('deny');
		const fromUser = policyOf(
			{ exceptions: [{ rule: 'no-curl', command: 'curl https://x' }] },
			{ rules: [userRule] },
		).policy;
		expect((await decide(fromUser, shell('curl https://x'))).verdict).toBeUndefined();
	});

	it('is skipped, with a problem, in a workspace that may only tighten the policy', async () => {
		const rule = await ruleOf(shell('rm -rf ~/victim'));
		const { policy, problems } = policyOf(
			{},
			{ exceptions: [{ rule, command: 'rm -rf ~/victim' }] },
			true,
		);
		expect(policy.exceptions).toEqual([]);
		expect(problems).toEqual([
			expect.objectContaining({
				key: 'exceptions[0]',
				message: expect.stringContaining('its exceptions are skipped') as string,
			}),
		]);
		expect((await decide(policy, shell('rm -rf ~/victim'))).verdict).toBe('ask');
	});

	it.each([
		[{ rule: 'destructiveCommands.x' }, 'needs a `command` or a `path`'],
		[{ rule: 'rules[2]', command: 'ls' }, 'must be a rule id'],
		[{ rule: 'x', command: 'ls', verdict: 'allow' }, "unknown key 'verdict'"],
		[{ rule: 'x', command: '/a(?=b)/' }, 'invalid regular expression'],
		['rm', 'expected object'],
	])('skips %j with a problem that says why', (entry, why) => {
		const { policy, problems } = policyOf({ exceptions: [entry] });
		expect(policy.exceptions).toEqual([]);
		expect(problems).toHaveLength(1);
		expect(problems[0]?.key).toBe('exceptions[0]');
		expect(problems[0]?.message).toContain(why);
		expect(problems[0]?.message).toMatch(/exception skipped\.$/);
	});

	it('never lifts a limit or the default verdict', async () => {
		const { policy } = policyOf({
			'subagents.maxPerSession': 0,
			defaultVerdict: 'deny',
			exceptions: [
				{ rule: 'subagents.maxPerSession', command: '/.*/', path: '**' },
				{ rule: 'defaultVerdict', command: '/.*/', path: '**' },
			],
		});
		expect((await decide(policy, subagentStart())).verdict).toBe('deny');
		expect((await decide(policy, shell('make'))).winner?.ruleId).toBe('defaultVerdict');
	});
});

describe('--explain and hookwarden.exceptions', () => {
	it('says which rule an exception lifted from which sub-command, and where the exception lives', async () => {
		const rule = await ruleOf(shell('rm -rf ~/victim'));
		const { policy } = policyOf({
			exceptions: [{ rule, command: 'rm -rf ~/victim', reason: 'the demo folder' }],
		});
		const provider = new DefaultHooksProvider({
			policy: () => policy,
			homeDir: HOME,
			analyzeShell: (line) => analyze(line),
		});
		const text = await explainCommandLine(
			'rm -rf ~/victim && rm -rf ~/other',
			'bash',
			provider,
			policy,
			WORKSPACE,
		);
		expect(text).toContain(
			`lifted ${rule} (would ask) by hookwarden.exceptions[0] in user settings (/u/settings.json): the demo folder`,
		);
		expect(text).toMatch(/Verdict: ask/);
	});
});
