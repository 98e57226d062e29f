import type { ManagedRoute } from './hooksSwitchedOff';

/** Where the administrator's copy of Hookwarden runs from once the policy hook is installed (POSIX). */
export const MANAGED_LAUNCHER = '/usr/local/lib/hookwarden/hookwarden-hook';

/**
 * The steps an administrator takes for each route, copy-ready, for the person to pass on: the commands and files are
 * the ones docs/team.md shows. `bridgePath` is the installed extension's `dist/bridge.js`.
 */
export function managedRouteText(routes: readonly ManagedRoute[], bridgePath: string): string {
	const steps: string[] = [];
	if (routes.includes('turnOnHooks')) {
		steps.push(
			'Turn agent hooks back on: set "chat.useHooks": true (or lift the ChatHooks policy).',
		);
	}
	if (routes.includes('policyHook')) {
		steps.push(
			[
				'Copilot CLI and VS Code’s Copilot harness: install Hookwarden as a root-owned Copilot policy hook, which',
				'no user setting switches off:',
				`  sudo node "${bridgePath}" --install-policy-hook`,
			].join('\n'),
		);
	}
	if (routes.includes('managedPlugin')) {
		steps.push(
			[
				'VS Code’s Local agent under managed hooks only: publish a plugin folder whose hooks.json runs',
				`${MANAGED_LAUNCHER} (installed by the policy hook step) in a marketplace your organisation trusts, and`,
				'force-enable it in the managed settings (see docs/team.md, "Managed hooks only"):',
				'  { "enabledPlugins": { "hookwarden@<your-marketplace>": true } }',
			].join('\n'),
		);
	}
	return steps.join('\n\n');
}
