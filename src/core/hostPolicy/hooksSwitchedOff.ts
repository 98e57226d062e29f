/**
 * The host settings that decide whether a hook file Hookwarden installed runs at all, as read from VS Code's
 * configuration (where an organisation's policy shows as the value in force) and the Copilot runtime's settings files.
 */
export interface HostHookSwitches {
	/** `chat.useHooks` (policy `ChatHooks`): the Local agent's master switch. */
	readonly useHooks: boolean;
	/** `chat.hooks.allowManagedOnly` (policy `ChatAllowManagedHooksOnly`, VS Code 1.132+). */
	readonly allowManagedHooksOnly: boolean;
	/** Whether that value comes from the organisation's policy, which the person cannot change. */
	readonly allowManagedHooksOnlyByPolicy: boolean;
	/** Copilot settings files that set `disableAllHooks: true` (user or repository). */
	readonly copilotDisableAllHooks: readonly string[];
	/** Whether Hookwarden's root-owned Copilot policy hook (`policy.d/hookwarden.json`) is installed. */
	readonly policyHookInstalled: boolean;
}

/** The ways to keep Hookwarden running under a switch that turns its hook file off. */
export type ManagedRoute = 'policyHook' | 'managedPlugin' | 'turnOnHooks';

/** One host setting that keeps Hookwarden's hook file from running, where, and what works under it. */
export interface HooksSwitchedOff {
	/** The setting as a person finds it (`chat.hooks.allowManagedOnly`). */
	readonly setting: string;
	/** A sentence: what is off, where, and why. */
	readonly message: string;
	/** The routes that still run Hookwarden there, best first; the installed policy hook is not offered again. */
	readonly routes: readonly ManagedRoute[];
}

/**
 * Every host switch that stops Hookwarden's installed hook file, with the route that works under it; empty when the
 * file runs. Under managed-hooks-only VS Code runs only hooks an organisation manages: for the Local agent a plugin a
 * managed setting force-enables, for the Copilot runtime (CLI, VS Code's Copilot harness) the root-owned policy hook,
 * which no user setting switches off.
 */
export function hooksSwitchedOff(switches: HostHookSwitches): HooksSwitchedOff[] {
	const found: HooksSwitchedOff[] = [];
	const policyHook: ManagedRoute[] = switches.policyHookInstalled ? [] : ['policyHook'];
	if (switches.allowManagedHooksOnly) {
		const who = switches.allowManagedHooksOnlyByPolicy
			? 'your organisation’s policy ChatAllowManagedHooksOnly'
			: 'chat.hooks.allowManagedOnly';
		found.push({
			setting: 'chat.hooks.allowManagedOnly',
			message: `VS Code runs only managed hooks (${who}), so it does not run Hookwarden’s hook file: agent tool calls in this window do not reach Hookwarden.${switches.policyHookInstalled ? ' Copilot sessions still run Hookwarden’s policy hook.' : ''}`,
			routes: ['managedPlugin', ...policyHook],
		});
	} else if (!switches.useHooks) {
		found.push({
			setting: 'chat.useHooks',
			message: 'agent hooks are turned off (chat.useHooks), so VS Code never runs Hookwarden.',
			routes: ['turnOnHooks', ...policyHook],
		});
	}
	const [first, ...more] = switches.copilotDisableAllHooks;
	if (first !== undefined && !switches.policyHookInstalled) {
		found.push({
			setting: 'disableAllHooks',
			message: `${first}${more.length > 0 ? ` and ${more.length} more` : ''} set disableAllHooks, so the Copilot CLI and VS Code’s Copilot harness run no hook file of Hookwarden’s; only policy hooks still run.`,
			routes: ['policyHook'],
		});
	}
	return found;
}
