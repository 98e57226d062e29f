import { describe, expect, it } from 'vitest';

import type { HostHookSwitches } from '../../../../src/core/hostPolicy/hooksSwitchedOff';
import { hooksSwitchedOff } from '../../../../src/core/hostPolicy/hooksSwitchedOff';
import { managedRouteText } from '../../../../src/core/hostPolicy/managedRoutes';
import { silentSessions } from '../../../../src/core/hostPolicy/silentSessions';

const ON: HostHookSwitches = {
	useHooks: true,
	allowManagedHooksOnly: false,
	allowManagedHooksOnlyByPolicy: false,
	copilotDisableAllHooks: [],
	policyHookInstalled: false,
};

describe('hooksSwitchedOff', () => {
	it('says nothing while the hook file runs', () => {
		expect(hooksSwitchedOff(ON)).toEqual([]);
	});

	it('names managed-hooks-only and the organisation’s policy, and offers the managed plugin and the policy hook', () => {
		const [off, ...rest] = hooksSwitchedOff({
			...ON,
			allowManagedHooksOnly: true,
			allowManagedHooksOnlyByPolicy: true,
		});
		expect(rest).toEqual([]);
		expect(off?.setting).toBe('chat.hooks.allowManagedOnly');
		expect(off?.message).toContain('ChatAllowManagedHooksOnly');
		expect(off?.message).toContain('does not run Hookwarden’s hook file');
		expect(off?.routes).toEqual(['managedPlugin', 'policyHook']);
	});

	it('does not offer a policy hook that is already installed, and says Copilot sessions still run it', () => {
		const [off] = hooksSwitchedOff({
			...ON,
			allowManagedHooksOnly: true,
			policyHookInstalled: true,
		});
		expect(off?.routes).toEqual(['managedPlugin']);
		expect(off?.message).toContain('Copilot sessions still run Hookwarden’s policy hook');
		expect(off?.message).toContain('(chat.hooks.allowManagedOnly)');
	});

	it('chat.useHooks off: turn it on, or the policy hook', () => {
		const [off] = hooksSwitchedOff({ ...ON, useHooks: false });
		expect(off).toMatchObject({ setting: 'chat.useHooks', routes: ['turnOnHooks', 'policyHook'] });
	});

	it('disableAllHooks in Copilot settings leaves only policy hooks, so the policy hook is the route', () => {
		const found = hooksSwitchedOff({
			...ON,
			copilotDisableAllHooks: [
				'/home/me/.copilot/settings.json',
				'/ws/.github/copilot/settings.json',
			],
		});
		expect(found).toHaveLength(1);
		expect(found[0]?.message).toContain(
			'/home/me/.copilot/settings.json and 1 more set disableAllHooks',
		);
		expect(found[0]?.routes).toEqual(['policyHook']);
		expect(
			hooksSwitchedOff({ ...ON, copilotDisableAllHooks: ['/x'], policyHookInstalled: true }),
		).toEqual([]);
	});
});

describe('managedRouteText', () => {
	it('gives each route copy-ready: the policy hook command with the bridge, the managed plugin entry', () => {
		const text = managedRouteText(['managedPlugin', 'policyHook'], '/ext/dist/bridge.js');
		expect(text).toContain('sudo node "/ext/dist/bridge.js" --install-policy-hook');
		expect(text).toContain('"enabledPlugins": { "hookwarden@<your-marketplace>": true }');
		expect(managedRouteText(['turnOnHooks'], '/b')).toContain('"chat.useHooks": true');
	});
});

describe('silentSessions', () => {
	const installedAt = 1_000_000;
	const started = [
		{ id: 'before-install', startedAt: installedAt - 1, seenAt: 'a' },
		{ id: 'heard', startedAt: installedAt + 10, seenAt: 'b' },
		{ id: 'silent', startedAt: installedAt + 20, seenAt: 'c' },
		{ id: 'just-started', startedAt: installedAt + 59_000, seenAt: 'd' },
	];

	it('reports only a session that began after the install, had its grace time, and never reached Hookwarden', () => {
		const silent = silentSessions({
			started,
			heardFrom: (id) => id === 'heard',
			installedAt,
			now: installedAt + 60_000,
			graceMs: 30_000,
		});
		expect(silent.map((s) => s.id)).toEqual(['silent']);
	});
});
