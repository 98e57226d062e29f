import { describe, expect, it } from 'vitest';

import type { PoliciesInput } from '../../../../src/ui/policies/policyPresenter';
import { presentPolicies } from '../../../../src/ui/policies/policyPresenter';

const WS_FILE = '/ws/.vscode/settings.json';
const USER_FILE = '/home/dev/.config/Code/User/settings.json';

function input(overrides: Partial<PoliciesInput> = {}): PoliciesInput {
	return {
		layers: [
			{
				scope: 'user',
				file: USER_FILE,
				rules: [{ id: 'no-deploy', command: 'make deploy', verdict: 'deny' }],
			},
			{
				scope: 'workspace',
				file: WS_FILE,
				rules: [
					{ id: 'allow-tests', command: 'npm test', verdict: 'allow' },
					{ command: '/[/', verdict: 'ask' },
				],
			},
		],
		problems: [
			{
				key: 'rules[1]',
				source: { kind: 'workspaceSettings', file: WS_FILE },
				message: 'invalid regular expression /[/: Unterminated character class; rule skipped.',
			},
		],
		trusted: true,
		packs: [
			{ id: 'destructiveCommands', enabled: true },
			{ id: 'protectedPaths', enabled: true },
			{ id: 'secrets', enabled: false },
		],
		defaultVerdict: 'none',
		...overrides,
	};
}

describe('presentPolicies', () => {
	it('groups rules by where they come from, marks invalid rules with their error, and links each to its place', () => {
		const [user, workspace, packs, defaults] = presentPolicies(input());
		expect(user).toMatchObject({ label: 'User Settings', description: '1 rule' });
		expect(user?.children?.[0]).toMatchObject({
			label: 'no-deploy',
			description: 'make deploy',
			contextValue: 'hookwarden:rule+active',
			reveal: { file: USER_FILE, index: 0 },
		});
		expect(workspace).toMatchObject({
			label: 'Workspace Settings',
			description: '2 rules · 1 invalid',
		});
		const invalid = workspace?.children?.[1];
		expect(invalid).toMatchObject({
			label: 'rules[1]',
			iconId: 'warning',
			contextValue: 'hookwarden:rule+invalid',
			reveal: { file: WS_FILE, index: 1 },
		});
		expect(invalid?.tooltip).toContain('Error: invalid regular expression');
		expect(packs?.description).toBe('2 of 3 on');
		expect(defaults).toMatchObject({
			label: 'Default verdict',
			description: 'no opinion · built-in',
		});
	});

	it('in an untrusted workspace, marks workspace allow rules ignored and keeps error indexes right', () => {
		const nodes = presentPolicies(
			input({
				trusted: false,
				// The policy saw the workspace rules without the allow rule, so the bad rule was its rules[0].
				problems: [
					{ key: 'rules[0]', source: { kind: 'workspaceSettings', file: WS_FILE }, message: 'bad' },
				],
			}),
		);
		expect(nodes[0]).toMatchObject({ label: 'Workspace not trusted' });
		const workspace = nodes[2];
		expect(workspace?.children?.map((r) => r.contextValue)).toEqual([
			'hookwarden:rule+ignored',
			'hookwarden:rule+invalid',
		]);
		expect(workspace?.description).toBe('2 rules · 1 invalid · 1 ignored (untrusted)');
		// User allow rules still apply.
		expect(nodes[1]?.children?.[0]?.contextValue).toBe('hookwarden:rule+active');
	});

	it('leaves out scopes without rules', () => {
		const nodes = presentPolicies(
			input({ layers: [{ scope: 'user', file: USER_FILE, rules: [] }], problems: [] }),
		);
		expect(nodes.map((n) => n.label)).toEqual(['Built-in Packs', 'Default verdict']);
	});
});

describe('the Exceptions, Grants and Settings in Force groups', () => {
	const exception = { rule: 'destructiveCommands.recursiveDelete', command: 'rm -rf ~/victim' };

	it('lists each exception with the rule it lifts, for what, with Revoke and a jump to its place', () => {
		const nodes = presentPolicies(
			input({
				exceptions: [
					{ scope: 'user', file: USER_FILE, entries: [{ ...exception, reason: 'demo folder' }] },
					{ scope: 'workspace', file: WS_FILE, entries: [{ rule: 'x' }] },
				],
				problems: [
					{
						key: 'exceptions[0]',
						source: { kind: 'workspaceSettings', file: WS_FILE },
						message: 'needs a `command` or a `path`; exception skipped.',
					},
				],
			}),
		);
		const group = nodes.find((n) => n.label === 'Exceptions');
		expect(group?.description).toBe('1 of 2 in force');
		const [lifted, invalid] = group?.children ?? [];
		expect(lifted).toMatchObject({
			label: 'rm -rf ~/victim',
			description: 'lifts destructiveCommands.recursiveDelete',
			contextValue: 'hookwarden:exception+active',
			reveal: { file: USER_FILE, index: 0, setting: 'hookwarden.exceptions' },
			revoke: { kind: 'entry', setting: 'exceptions', scope: 'user', index: 0 },
		});
		expect(lifted?.tooltip).toContain('Reason: demo folder');
		expect(invalid).toMatchObject({ contextValue: 'hookwarden:exception+invalid' });
		expect(invalid?.tooltip).toContain('Error: needs a `command`');
	});

	it('marks an untrusted workspace’s exceptions ignored', () => {
		const nodes = presentPolicies(
			input({
				trusted: false,
				exceptions: [{ scope: 'workspace', file: WS_FILE, entries: [exception] }],
			}),
		);
		expect(nodes.find((n) => n.label === 'Exceptions')?.children?.[0]?.contextValue).toBe(
			'hookwarden:exception+ignored',
		);
	});

	it('lists session grants and Always Allow rules with Revoke, or says how grants come about', () => {
		const alwaysRule = {
			id: 'always-allow-run_in_terminal-make-release',
			tool: 'run_in_terminal',
			command: ['/^make release$/'],
			verdict: 'allow',
		};
		const nodes = presentPolicies(
			input({
				layers: [
					{ scope: 'workspace', file: WS_FILE, rules: [{ id: 'x', verdict: 'deny' }, alwaysRule] },
				],
				problems: [],
				grants: [
					{ id: 'g1', sessionId: 's1', tool: 'run_in_terminal', subject: 'git push', grantedAt: 0 },
				],
				clockTime: () => '14:03:00',
			}),
		);
		const grants = nodes.find((n) => n.label === 'Grants');
		expect(
			grants?.children?.map((c) => [c.label, c.description, c.contextValue, c.revoke]),
		).toEqual([
			[
				'git push',
				'run_in_terminal · this session · since 14:03:00',
				'hookwarden:grant+session',
				{ kind: 'grant', id: 'g1' },
			],
			[
				'/^make release$/',
				'run_in_terminal · always · workspace settings',
				'hookwarden:grant+rule',
				{ kind: 'entry', setting: 'rules', scope: 'workspace', index: 1, entry: alwaysRule },
			],
		]);
		const none = presentPolicies(input({ grants: [] })).find((n) => n.label === 'Grants');
		expect(none?.description).toBe('none');
		expect(none?.children?.[0]?.contextValue).toBe('hookwarden:grant+none');
	});

	it('shows every other setting in force with where it was set', () => {
		const nodes = presentPolicies(
			input({
				settings: [
					{
						key: 'failMode',
						value: 'closed',
						source: { kind: 'workspaceSettings', file: WS_FILE },
					},
					{ key: 'subagents.maxPerSession', value: null },
					{ key: 'approval.timeoutSeconds', value: 120 },
				],
			}),
		);
		const group = nodes.find((n) => n.label === 'Settings in Force');
		expect(group?.description).toBe('1 set');
		expect(group?.children?.map((c) => `${c.label}: ${c.description}`)).toEqual([
			'Fail mode: closed: deny when undecided · workspace settings',
			'Subagents per session: no limit · default',
			'Approval timeout: 120 s · default',
		]);
		expect(group?.children?.[0]?.open).toEqual({
			command: 'workbench.action.openSettings',
			arguments: ['hookwarden.failMode'],
		});
	});
});
