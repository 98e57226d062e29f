import { describe, expect, it } from 'vitest';

import { settingsGroup } from '../../../../src/ui/policies/groups/settingsGroup';
import { presentPolicies } from '../../../../src/ui/policies/policyPresenter';
import { presentStatus } from '../../../../src/ui/statusBar/statusPresenter';

const bare = {
	layers: [],
	problems: [],
	trusted: true,
	packs: [{ id: 'secrets' as const, enabled: true }],
	defaultVerdict: 'none',
};

describe('a host that runs no hook file of Hookwarden’s', () => {
	it('the Policies view says so first, naming the setting', () => {
		const message = 'VS Code runs only managed hooks (chat.hooks.allowManagedOnly), so …';
		const [first, ...rest] = presentPolicies({
			...bare,
			switchedOff: [{ setting: 'chat.hooks.allowManagedOnly', message }],
		});
		expect(first).toMatchObject({
			label: 'Not Running Here',
			description: 'chat.hooks.allowManagedOnly',
		});
		expect(first?.children?.[0]).toMatchObject({
			label: 'chat.hooks.allowManagedOnly',
			tooltip: message,
		});
		expect(rest.some((group) => group.label === 'Not Running Here')).toBe(false);
		expect(presentPolicies(bare).some((group) => group.label === 'Not Running Here')).toBe(false);
	});

	it('the status bar names the switch, and a session that never reached Hookwarden', () => {
		const off = presentStatus({
			pending: 0,
			paused: false,
			hooksActive: false,
			switchedOffBy: 'chat.hooks.allowManagedOnly',
		});
		expect(off.text).toBe('$(shield) Hookwarden: switched off');
		expect(off.tooltip).toContain('chat.hooks.allowManagedOnly is on');
		expect(off.backgroundColorId).toBe('statusBarItem.warningBackground');
		const silent = presentStatus({
			pending: 0,
			paused: false,
			hooksActive: true,
			silentSession: true,
		});
		expect(silent.text).toBe('$(warning) Hookwarden: a session ran without it');
		// An approval waiting still comes first.
		expect(
			presentStatus({ pending: 1, paused: false, hooksActive: false, switchedOffBy: 'x' }).action,
		).toBe('answer');
	});
});

describe('Settings in Force: the MCP allow-lists', () => {
	it('shows every list in force with where it was set, or any server', () => {
		const row = (value: unknown) =>
			settingsGroup([{ key: 'mcp.allowedServers', value }]).children?.find(
				(child) => child.label === 'MCP servers allowed',
			)?.description;
		expect(row([])).toBe('any server · default');
		expect(
			row([
				{
					entries: ['github', { name: 'corp-*' }],
					source: { kind: 'machinePolicy', file: '/etc/p' },
				},
				{ entries: [], source: { kind: 'workspaceSettings', file: '/ws/s.json' } },
			]),
		).toBe('github, corp-* (machine policy) and none (workspace settings) · default');
	});
});
