import { describe, expect, it } from 'vitest';

import { compilePolicy } from '../../../../src/core/policy/compilePolicy';
import {
	describeSettingProblem,
	hookwardenValues,
	readPolicySettings,
} from '../../../../src/core/settings/readPolicySettings';
import type { SettingsLayer } from '../../../../src/core/settings/settingsLayer';

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
			readingStrict: false,
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

	it('gives every single-valued setting as it is in force: the default, or the value trust let through', () => {
		const { values, settings } = readPolicySettings([
			{ source: user, values: { failMode: 'closed', 'audit.retention': 9 } },
			{
				source: workspace,
				values: { failMode: 'open', 'approval.timeoutSeconds': 30 },
				tightenOnly: true,
			},
		]);
		expect(values).toMatchObject({
			failMode: 'closed',
			'audit.retention': 9,
			'approval.timeoutSeconds': 30,
			'subagents.maxPerSession': null,
			'context.stopSummary': false,
		});
		expect(values).not.toHaveProperty('rules');
		expect(values).not.toHaveProperty('exceptions');
		expect(settings.sources.failMode).toEqual(user);
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
			/rules\[0\].*rule 1: 'verdict' must be one of "allow", "ask", "deny", "rewrite"; rule skipped/,
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

	it.each([
		['failMode', 'CLOSED', 'closed'],
		['failMode', ' Open ', 'open'],
		['defaultVerdict', 'Deny', 'deny'],
		['approval.onTimeout', 'ASK', 'ask'],
	])('reads %s %j as %j, with a note to write it that way', (key, written, meant) => {
		const { settings, problems } = readPolicySettings([
			{ source: workspace, values: { [key]: written } },
		]);
		const field = {
			failMode: 'failMode',
			defaultVerdict: 'defaultVerdict',
			'approval.onTimeout': 'approvalOnTimeout',
		}[key] as keyof typeof settings;
		expect(settings[field]).toBe(meant);
		expect(problems.map(describeSettingProblem)).toEqual([
			expect.stringMatching(new RegExp(`hookwarden\\.${key} .*is read as "${meant}"`)),
		]);
	});

	it.each([['sometimes'], [true], ['clossed']])(
		'fails closed on a failMode it cannot read (%j), with one line',
		(written) => {
			const { settings, problems } = readPolicySettings([
				{ source: user, values: { failMode: 'open' } },
				{ source: workspace, values: { failMode: written } },
			]);
			expect(settings.failMode).toBe('closed');
			expect(problems).toHaveLength(1);
			const line = describeSettingProblem(problems[0]!);
			expect(line).toMatch(/hookwarden\.failMode .*fails closed/);
			expect(line).not.toContain('\n');
		},
	);

	it('keeps a deny rule whose verdict is written in capitals', () => {
		const { settings, problems } = readPolicySettings([
			{ source: workspace, values: { rules: [{ id: 'r', command: 'curl', verdict: 'Deny' }] } },
		]);
		expect(settings.rules.map((r) => r.rule.verdict)).toEqual(['deny']);
		expect(problems).toEqual([]);
	});

	it('reports every issue of a rule in one line, counting those not spelled out', () => {
		const { problems } = readPolicySettings([
			{
				source: workspace,
				values: { rules: [{ verdict: 'nope', event: 'x', tool: 1, command: 2, path: 3 }] },
			},
		]);
		const line = describeSettingProblem(problems[0]!);
		expect(line).not.toContain('\n');
		expect(line).toMatch(/and 2 more; rule skipped\.$/);
	});

	it('ignores prototype keys with a problem, at the top and inside a value', () => {
		const values = hookwardenValues(
			JSON.parse(
				'{"hookwarden.__proto__": {"audit.path": "x.jsonl"}, "hookwarden.constructor": 1, "hookwarden.packs": {"__proto__": {"secrets": false}, "constructor": false, "protectedPaths": false}}',
			),
		);
		expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
		expect(values['audit.path']).toBeUndefined();
		const { settings, problems } = readPolicySettings([{ source: workspace, values }]);
		expect(settings.packs).toEqual({
			destructiveCommands: true,
			protectedPaths: false,
			secrets: true,
		});
		expect(problems.map(describeSettingProblem)).toEqual([
			expect.stringMatching(/hookwarden\.__proto__ .*not a Hookwarden setting/),
			expect.stringMatching(/hookwarden\.constructor .*not a Hookwarden setting/),
			expect.stringMatching(/hookwarden\.packs .*'__proto__' is not a setting/),
			expect.stringMatching(/hookwarden\.packs .*'constructor' is not a setting/),
		]);
	});

	it('reads trustedFolders from user settings only', () => {
		const { problems } = readPolicySettings([
			{ source: user, values: { trustedFolders: ['/home/me/src'] } },
			{ source: workspace, values: { trustedFolders: ['/ws'] } },
		]);
		expect(problems.map(describeSettingProblem)).toEqual([
			expect.stringMatching(/hookwarden\.trustedFolders \(workspace settings.*user settings only/),
		]);
		const relative = readPolicySettings([{ source: user, values: { trustedFolders: ['src'] } }]);
		expect(describeSettingProblem(relative.problems[0]!)).toMatch(/absolute path/);
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
		[{ verdict: 'deny', command: '/rm/x' }, /invalid regular expression \/rm\/x: unknown flag 'x'/],
		[{ verdict: 'deny', tool: ['shell', '/bash/Iq'] }, /unknown flags 'Iq' \(use i, m or s\)/],
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
		expect(policy.problems.map(describeSettingProblem)[0]).not.toContain('\n');
	});

	it('accepts the JavaScript flags that mean nothing for a test (g, y, u, d, v) next to i, m, s', () => {
		const { settings } = readPolicySettings([
			{ source: workspace, values: { rules: [{ verdict: 'deny', command: '/^rm/gimsyudv' }] } },
		]);
		expect(compilePolicy(settings).problems).toEqual([]);
	});
});

describe('readPolicySettings with a tighten-only (untrusted) layer', () => {
	const untrusted = (values: Record<string, unknown>): SettingsLayer => ({
		source: workspace,
		values,
		tightenOnly: true,
	});
	const read = (below: Record<string, unknown>, above: Record<string, unknown>) =>
		readPolicySettings([{ source: user, values: below }, untrusted(above)]);
	const lines = (result: ReturnType<typeof readPolicySettings>) =>
		result.problems.map(describeSettingProblem);

	it('skips its allow rules with a line each and keeps its ask and deny rules', () => {
		const result = read(
			{},
			{
				rules: [
					{ id: 'all', command: '/.*/', verdict: 'allow' },
					{ id: 'no-curl', command: 'curl', verdict: 'deny' },
					{ id: 'lock', path: '*.lock', verdict: 'ask' },
				],
			},
		);
		expect(result.settings.rules.map((r) => r.rule.id)).toEqual(['no-curl', 'lock']);
		expect(lines(result)).toEqual([
			expect.stringMatching(
				/hookwarden\.rules\[0\] .*rule 'all': .*only tighten.*allow rules are skipped/,
			),
		]);
	});

	it('may switch packs on but not off', () => {
		const result = read(
			{ packs: { secrets: false } },
			{ packs: { secrets: true, destructiveCommands: false, protectedPaths: false } },
		);
		expect(result.settings.packs).toEqual({
			destructiveCommands: true,
			protectedPaths: true,
			secrets: true,
		});
		expect(lines(result)).toEqual([
			expect.stringMatching(/hookwarden\.packs .*'destructiveCommands', 'protectedPaths' stays on/),
		]);
		expect(result.settings.sources.packs).toEqual(workspace);
		const refused = read({}, { packs: { secrets: false } });
		expect(refused.settings.sources.packs).toBeUndefined();
	});

	it.each([
		['defaultVerdict', 'none', 'allow', 'none'],
		['defaultVerdict', 'ask', 'none', 'ask'],
		['defaultVerdict', 'deny', 'ask', 'deny'],
		['failMode', 'closed', 'open', 'closed'],
		['approval.onTimeout', 'ask', 'allow', 'ask'],
		['approval.onTimeout', 'deny', 'ask', 'deny'],
		['subagents.maxPerSession', 2, 5, 2],
		['subagents.maxPerSession', 2, null, 2],
		['allowedWritePaths', ['src/**'], ['**'], ['src/**']],
		['allowedWritePaths', ['src/**'], [], ['src/**']],
		['reading.strict', true, false, true],
	])('keeps %s %j below over a looser %j, with a line', (key, below, above, kept) => {
		const result = read({ [key]: below }, { [key]: above });
		expect(settingOf(result, key)).toEqual(kept);
		expect(lines(result)).toEqual([
			expect.stringMatching(new RegExp(`hookwarden\\.${key.replace('.', '\\.')} .*not stricter`)),
		]);
	});

	it.each([
		['defaultVerdict', 'none', 'ask'],
		['defaultVerdict', 'allow', 'none'],
		['defaultVerdict', 'ask', 'deny'],
		['failMode', 'open', 'closed'],
		['approval.onTimeout', 'allow', 'deny'],
		['subagents.maxPerSession', null, 3],
		['subagents.maxPerSession', 5, 1],
		['allowedWritePaths', [], ['src/**']],
		['allowedWritePaths', [], []],
		['subagents.maxPerSession', null, null],
		['failMode', 'open', 'open'],
		['reading.strict', false, true],
	])('applies %s when stricter: %j below becomes %j', (key, below, above) => {
		const result = read({ [key]: below }, { [key]: above });
		expect(settingOf(result, key)).toEqual(above);
		expect(result.problems).toEqual([]);
	});

	it('applies a shorter approval timeout unless an unanswered approval is allowed', () => {
		expect(
			read({ 'approval.timeoutSeconds': 60 }, { 'approval.timeoutSeconds': 10 }).settings
				.approvalTimeoutSeconds,
		).toBe(10);
		const allowing = read(
			{ 'approval.onTimeout': 'allow', 'approval.timeoutSeconds': 60 },
			{ 'approval.timeoutSeconds': 10 },
		);
		expect(allowing.settings.approvalTimeoutSeconds).toBe(60);
		expect(lines(allowing)).toEqual([
			expect.stringMatching(/hookwarden\.approval\.timeoutSeconds .*shorter timeout allows sooner/),
		]);
		expect(
			read(
				{ 'approval.onTimeout': 'allow', 'approval.timeoutSeconds': 60 },
				{ 'approval.timeoutSeconds': 300 },
			).settings.approvalTimeoutSeconds,
		).toBe(300);
	});

	it('fails closed on an unreadable failMode even from an untrusted layer', () => {
		expect(read({}, { failMode: 'opn' }).settings.failMode).toBe('closed');
	});

	it('applies settings that loosen nothing (context) as written', () => {
		expect(
			read({}, { 'context.sessionStart': 'Read CONTRIBUTING.md.' }).settings.sessionStartContext,
		).toBe('Read CONTRIBUTING.md.');
	});

	it('leaves the same values alone in a trusted layer', () => {
		const trusted = readPolicySettings([
			{ source: user, values: { failMode: 'closed', packs: { secrets: true } } },
			{
				source: workspace,
				values: {
					failMode: 'open',
					packs: { secrets: false },
					rules: [{ verdict: 'allow', command: 'npm test' }],
				},
			},
		]);
		expect(trusted.problems).toEqual([]);
		expect(trusted.settings).toMatchObject({ failMode: 'open', packs: { secrets: false } });
		expect(trusted.settings.rules).toHaveLength(1);
	});
});

function settingOf(result: ReturnType<typeof readPolicySettings>, key: string): unknown {
	const { settings } = result;
	switch (key) {
		case 'defaultVerdict':
			return settings.defaultVerdict;
		case 'failMode':
			return settings.failMode;
		case 'approval.onTimeout':
			return settings.approvalOnTimeout;
		case 'subagents.maxPerSession':
			return settings.maxSubagentsPerSession;
		case 'allowedWritePaths':
			return settings.allowedWritePaths;
		case 'reading.strict':
			return settings.readingStrict;
		default:
			throw new Error(`no field for ${key}`);
	}
}
