import { describe, expect, it } from 'vitest';

import { BUILTIN_PACKS } from '../../../../src/core/judging/builtinPacks';
import type { CompiledPolicy } from '../../../../src/core/policy/compilePolicy';
import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import { evaluatePolicy } from '../../../../src/core/policy/evaluatePolicy';
import type { PolicyOutcome } from '../../../../src/core/policy/evaluatePolicy';
import { readPolicySettings } from '../../../../src/core/settings/readPolicySettings';
import type { HookEvent } from '../../../../src/core/events/hookEvent';
import { fileWrite, preToolUse, shellTool, WORKSPACE } from '../../../support/hookEventBuilder';
import { analyze } from '../../../support/shellAnalyzer';

// fast-check is not a dependency: the spellings are a table, each one a way of writing to one file.
const HOME = '/home/kit';
const USER = 'kit';
const TARGET = `${HOME}/.config/mytool/a`;

/** Lines that each write `~/.config/mytool/a` and nothing else outside the workspace. */
const SPELLINGS: readonly string[] = [
	'echo x > ~/.config/mytool/a',
	'echo x > $HOME/.config/mytool/a',
	'echo x > "$HOME/.config/mytool/a"',
	'echo x > ${HOME}/.config/mytool/a',
	'echo x > "${HOME}/.config/mytool/a"',
	'echo x > "$HOME/../$USER/.config/mytool/a"',
	'echo x > ~/.config/./mytool/../mytool/a',
	'echo x > "${XDG_CONFIG_HOME:-$HOME/.config}/mytool/a"',
	`echo x > ${TARGET}`,
	'cd ~/.config/mytool && echo x > a',
	'cd "$HOME" && echo x > .config/mytool/a',
	'cd ~ && cd .config && echo x > mytool/a',
	'ln -s ~/.config/mytool tool-link && echo x > tool-link/a',
	'touch ~/.config/mytool/?',
	'touch ~/.config/mytool/[a]',
	'cp /dev/null $HOME/.config/mytool/a',
	'tee "${HOME}/.config/mytool/a" < /dev/null',
];

const WORKSPACE_SOURCE = { kind: 'workspaceSettings', file: '/ws/.vscode/settings.json' } as const;

/** The person's settings alone, without packs: the verdict is what the rules, exceptions and limits say. */
function policyOf(values: Record<string, unknown>): CompiledPolicy {
	const { settings, problems } = readPolicySettings([{ source: WORKSPACE_SOURCE, values }]);
	expect(problems).toEqual([]);
	const compiled = compilePolicy(settings);
	expect(compiled.problems).toEqual([]);
	return { ...compiled, packs: new Set() };
}

async function judge(policy: CompiledPolicy, event: HookEvent): Promise<PolicyOutcome> {
	const line = event.name === 'PreToolUse' ? event.tool.commandLine : undefined;
	return evaluatePolicy(
		policy,
		{
			event,
			workspaceFolder: WORKSPACE,
			homeDir: HOME,
			// What the bridge knows of the environment: `$USER` is one of the variables it reads.
			ownState: { auditPaths: [], variables: { HOME, USER } },
			...(line !== undefined && { shell: await analyze(line) }),
		},
		BUILTIN_PACKS,
	);
}

const shell = (line: string) => preToolUse({ tool: shellTool(line), cwd: WORKSPACE });

/** `[verdict, rule]` of the winner, for each spelling. */
async function verdicts(policy: CompiledPolicy): Promise<Map<string, string>> {
	const found = new Map<string, string>();
	for (const line of SPELLINGS) {
		const { winner } = await judge(policy, shell(line));
		found.set(line, winner ? `${winner.verdict} ${winner.ruleId}` : 'none');
	}
	return found;
}

function expectEvery(found: Map<string, string>, expected: string): void {
	expect(Object.fromEntries(found)).toEqual(
		Object.fromEntries(SPELLINGS.map((line) => [line, expected])),
	);
}

const ruleOn = (verdict: string) => ({
	id: `mytool-${verdict}`,
	path: '~/.config/mytool/**',
	verdict,
});

describe('a path rule judges every spelling of one target alike', () => {
	it('a deny rule denies each spelling', async () => {
		expectEvery(await verdicts(policyOf({ rules: [ruleOn('deny')] })), 'deny mytool-deny');
	});

	it('an ask rule asks about each spelling', async () => {
		expectEvery(await verdicts(policyOf({ rules: [ruleOn('ask')] })), 'ask mytool-ask');
	});

	it('allowedWritePaths that leave the target out deny each spelling', async () => {
		const policy = policyOf({ allowedWritePaths: ['src/**', 'tool-link'] });
		expectEvery(await verdicts(policy), 'deny allowedWritePaths');
	});

	it('allowedWritePaths that hold the target let each spelling through', async () => {
		// The link spelling also makes the link in the workspace, and links the folder itself.
		const policy = policyOf({
			allowedWritePaths: ['~/.config/mytool', '~/.config/mytool/**', 'tool-link', 'tool-link/**'],
		});
		expectEvery(await verdicts(policy), 'none');
	});

	it('an exception for the folder lifts an ask rule for each spelling', async () => {
		const policy = policyOf({
			rules: [ruleOn('ask'), { id: 'link', path: 'tool-link', verdict: 'ask' }],
			// The link spelling links the folder itself, and through the link a path stands for two places (the link
			// may not be made): all are lifted.
			exceptions: [
				{ rule: 'mytool-ask', path: ['~/.config/mytool', '~/.config/mytool/*', 'tool-link/*'] },
				{ rule: 'link', path: 'tool-link' },
			],
		});
		expectEvery(await verdicts(policy), 'none');
	});

	it('an exception lifts a rule only when it covers every path the rule named', async () => {
		const policy = policyOf({
			rules: [ruleOn('ask')],
			exceptions: [{ rule: 'mytool-ask', path: '~/.config/mytool/a' }],
		});
		expect(
			(await judge(policy, shell('echo x > "$HOME/.config/mytool/a"'))).winner,
		).toBeUndefined();
		const both = await judge(
			policy,
			shell('echo x > ~/.config/mytool/a; echo y > ${HOME}/.config/mytool/b'),
		);
		expect(both.winner?.ruleId).toBe('mytool-ask');
	});

	it('an exception for another folder lifts nothing', async () => {
		const policy = policyOf({
			rules: [ruleOn('ask')],
			exceptions: [{ rule: 'mytool-ask', path: '~/.config/othertool/*' }],
		});
		expectEvery(await verdicts(policy), 'ask mytool-ask');
	});

	it('an allow rule for the folder allows a file tool however the path is spelled', async () => {
		const policy = policyOf({ rules: [{ ...ruleOn('allow'), tool: 'fileWrite' }] });
		for (const path of [
			'~/.config/mytool/a',
			'$HOME/.config/mytool/a',
			'${HOME}/.config/mytool/a',
			TARGET,
		]) {
			const { winner } = await judge(policy, preToolUse({ tool: fileWrite(path), cwd: WORKSPACE }));
			expect(winner && `${winner.verdict} ${winner.ruleId}`, path).toBe('allow mytool-allow');
		}
	});

	it('a glob that may name a file under the rule reaches it; one whose start is unknown is left to the packs', async () => {
		const policy = policyOf({ rules: [ruleOn('deny')] });
		const reached = await judge(policy, shell('rm ~/.config/myto?l/a'));
		expect(reached.winner?.ruleId).toBe('mytool-deny');
		const elsewhere = await judge(policy, shell('rm ~/.config/other*/a'));
		expect(elsewhere.winner).toBeUndefined();
		const unknown = await judge(policy, shell('rm "$SOMEWHERE/a"'));
		expect(unknown.winner).toBeUndefined();
	});

	it('an allow rule does not cover a target that a glob or an unknown folder may take elsewhere', async () => {
		const policy = policyOf({ rules: [{ id: 'src', path: 'src/**', verdict: 'allow' }] });
		expect((await judge(policy, shell('rm src/a'))).winner?.ruleId).toBe('src');
		expect((await judge(policy, shell('rm src/*'))).winner?.ruleId).toBe('src');
		expect((await judge(policy, shell('rm s*/a'))).winner).toBeUndefined();
		expect((await judge(policy, shell('cd "$X" && rm src/a'))).winner).toBeUndefined();
	});
});
