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
