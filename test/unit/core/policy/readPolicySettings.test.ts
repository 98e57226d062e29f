import { describe, expect, it } from 'vitest';

import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import {
	describeSettingProblem,
	hookwardenValues,
	readPolicySettings,
} from '../../../../src/core/policy/readPolicySettings';
import type { SettingsLayer } from '../../../../src/core/policy/settingsLayer';

const user: SettingsLayer['source'] = {
	kind: 'userSettings',
	file: '/home/me/.config/Code/User/settings.json',
};
const workspace: SettingsLayer['source'] = {
	kind: 'workspaceSettings',
	file: '/ws/.vscode/settings.json',
};

describe('readPolicySettings', () => {
	it('gives the documented defaults for no settings at all', () => {
		const { settings, problems } = readPolicySettings([]);
		expect(problems).toEqual([]);
		expect(settings).toMatchObject({
			rules: [],
			defaultVerdict: 'none',
			packs: { destructiveCommands: true, protectedPaths: true, secrets: true },
			allowedWritePaths: [],
			maxSubagentsPerSession: null,
			sessionStartContext: '',
			subagentStartContext: '',
			failMode: 'open',
		});
	});

	it('lets the workspace override user scalars while rules from both apply', () => {
		const { settings } = readPolicySettings([
			{
				source: user,
				values: { failMode: 'closed', rules: [{ id: 'u', verdict: 'deny', command: 'curl' }] },
			},
			{
				source: workspace,
				values: { failMode: 'open', rules: [{ id: 'w', verdict: 'ask', tool: 'shell' }] },
			},
		]);
		expect(settings.failMode).toBe('open');
		expect(settings.sources.failMode).toEqual(workspace);
		expect(settings.rules.map((r) => [r.rule.id, r.source.kind])).toEqual([
			['u', 'userSettings'],
			['w', 'workspaceSettings'],
		]);
	});

	it('switches packs off one at a time', () => {
		const { settings } = readPolicySettings([
			{ source: workspace, values: { packs: { secrets: false } } },
		]);
		expect(settings.packs).toEqual({
			destructiveCommands: true,
			protectedPaths: true,
			secrets: false,
		});
	});

	it.each([
		[
			{ verdict: 'block' },
			/rules\[0\].*rule 1: 'verdict' must be one of "allow", "ask", "deny"; rule skipped/,
		],
		[{ id: 'typo', verdit: 'deny' }, /rule 'typo'.*unknown key 'verdit'/],
		[{ verdict: 'deny', event: 'BeforeTool' }, /'event' must be one of/],
		[{ verdict: 'deny', tool: 42 }, /'tool'/],
		['deny rm', /rule 1: /],
	])('skips the invalid rule %j with one clear line, keeping the others', (bad, message) => {
		const { settings, problems } = readPolicySettings([
			{
				source: workspace,
				values: { rules: [bad, { id: 'good', verdict: 'deny', command: 'rm' }] },
			},
		]);
		expect(settings.rules.map((r) => r.rule.id)).toEqual(['good']);
		expect(problems).toHaveLength(1);
		const line = describeSettingProblem(problems[0]!);
		expect(line).toMatch(message);
		expect(line).not.toContain('\n');
		expect(line).toContain('/ws/.vscode/settings.json');
	});

	it.each([
		['failMode', 'sometimes'],
		['defaultVerdict', 'maybe'],
		['subagents.maxPerSession', -1],
		['allowedWritePaths', 'src/**'],
		['rules', { verdict: 'deny' }],
		['packs', { shellSafety: true }],
	])('falls back to the default for an invalid %s', (key, value) => {
		const { settings, problems } = readPolicySettings([
			{ source: workspace, values: { [key]: value } },
		]);
		expect(problems).toHaveLength(1);
		expect(describeSettingProblem(problems[0]!)).toContain(`hookwarden.${key}`);
		expect(settings).toEqual(readPolicySettings([]).settings);
	});

	it('reports a key that is not a Hookwarden setting', () => {
		const { problems } = readPolicySettings([{ source: workspace, values: { rulez: [] } }]);
		expect(describeSettingProblem(problems[0]!)).toMatch(
			/hookwarden.rulez .*not a Hookwarden setting/,
		);
	});

	it('reads only hookwarden.* keys from a settings file', () => {
		expect(
			hookwardenValues({
				'hookwarden.failMode': 'closed',
				'editor.tabSize': 2,
				'hookwarden.context.sessionStart': 'x',
			}),
		).toEqual({
			failMode: 'closed',
			'context.sessionStart': 'x',
		});
		expect(hookwardenValues([1, 2])).toEqual({});
		expect(hookwardenValues(null)).toEqual({});
	});
});

describe('compilePolicy', () => {
	it.each([
		[{ verdict: 'deny', command: '/rm (-rf/' }, /invalid regular expression/],
		[
			{ verdict: 'deny', event: 'UserPromptSubmit', command: 'rm' },
			/'command' never matches a UserPromptSubmit event/,
		],
		[{ verdict: 'deny', prompt: 'password' }, /'prompt' never matches a PreToolUse event/],
		[{ verdict: 'deny', event: 'Stop', agent: 'Plan' }, /'agent' never matches a Stop event/],
	])('skips the unusable rule %j with a problem', (rule, message) => {
		const { settings } = readPolicySettings([
			{ source: workspace, values: { rules: [rule, { verdict: 'ask' }] } },
		]);
		const policy = compilePolicy(settings);
		expect(policy.rules.map((r) => r.id)).toEqual(['rules[1]']);
		expect(policy.problems.map(describeSettingProblem)[0]).toMatch(message);
	});
});
