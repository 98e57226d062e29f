import { describeSource } from '../../core/policy/describeSource';
import type { PackId } from '../../core/judging/pack';
import type { SettingProblem } from '../../core/settings/readPolicySettings';
import type { ProviderState } from '../../core/provider/compositeHooksProvider';
import type { RuleSource } from '../../core/terms/decision';
import type { MachinePolicyReading } from '../../node/settings/machinePolicy';
import { presentMachinePolicy } from './groups/machinePolicyGroup';
import type { SessionGrant } from '../../core/approvals/sessionGrants';
import { exceptionsGroup } from './groups/exceptionsGroup';
import { grantsGroup } from './groups/grantsGroup';
import type { EntriesLayer, PolicyNodeView } from './groups/policyNode';
import { formatCriterion, SCOPE_TITLES } from './groups/policyNode';
import type { SettingInForce } from './groups/settingsGroup';
import { settingsGroup } from './groups/settingsGroup';

export type { PolicyNodeView } from './groups/policyNode';

/** One settings scope's raw `hookwarden.rules`, as written in its file. */
export interface RulesLayer {
	readonly scope: 'user' | 'workspace' | 'folder';
	readonly file: string;
	readonly rules: readonly unknown[];
}

/** What the *Policies* view is built from; plain data, so the presenter is pure. */
export interface PoliciesInput {
	readonly layers: readonly RulesLayer[];
	/** Problems from reading and compiling the settings (`rules[N]` keys index the array the policy saw). */
	readonly problems: readonly SettingProblem[];
	readonly trusted: boolean;
	readonly packs: readonly { readonly id: PackId; readonly enabled: boolean }[];
	readonly defaultVerdict: string;
	readonly defaultVerdictSource?: RuleSource;
	/** The hooks providers in the chain, in order, with how their last call went. */
	readonly providers?: readonly ProviderState[];
	/** The administrator's machine policy as last read. */
	readonly machinePolicy?: MachinePolicyReading;
	/** Each scope's raw `hookwarden.exceptions`, user first. */
	readonly exceptions?: readonly EntriesLayer[];
	/** The session grants in force in this window. */
	readonly grants?: readonly SessionGrant[];
	/** Every other setting in force, for *Settings in Force*. */
	readonly settings?: readonly SettingInForce[];
	/** How a time of day reads (local time); the presenter stays pure. */
	readonly clockTime?: (epochMs: number) => string;
	/** What keeps the hosts from running Hookwarden's hook file: a setting, a policy, a session that never reached it. */
	readonly switchedOff?: readonly HostSwitchRow[];
}

/** One host problem the *Policies* view puts first: what it says and the setting it names, if any. */
export interface HostSwitchRow {
	readonly message: string;
	readonly setting?: string;
}

const PACK_TITLES: Readonly<Record<PackId, string>> = {
	destructiveCommands: 'Destructive commands',
	protectedPaths: 'Protected paths',
	secrets: 'Secrets',
};

/**
 * Builds the *Policies* view: one group per settings scope with its rules in file order (each marked active,
 * invalid with its error, or ignored because the workspace is untrusted and the rule would loosen the policy),
 * then the exceptions, the grants, the built-in packs, the providers, the default verdict and every other setting in
 * force. Groups other than the rules are built in `groups/`, one file each.
 */
export function presentPolicies(input: PoliciesInput): PolicyNodeView[] {
	const groups: PolicyNodeView[] = [];
	if (input.switchedOff && input.switchedOff.length > 0) {
		groups.push(switchedOffGroup(input.switchedOff));
	}
	const machine = input.machinePolicy && presentMachinePolicy(input.machinePolicy);
	if (machine) {
		groups.push(machine);
	}
	for (const layer of input.layers) {
		if (layer.rules.length === 0) {
			continue;
		}
		const dropsAllow = !input.trusted && layer.scope !== 'user';
		const kind = sourceKind(layer.scope);
		const problems = input.problems.filter(
			(p) => p.source.kind === kind && 'file' in p.source && p.source.file === layer.file,
		);
		let seen = 0;
		const rules = layer.rules.map((raw, index) => {
			const rule = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
			const ignored = dropsAllow && rule.verdict === 'allow';
			// The policy reads an untrusted workspace's rules without its allow rules, so its indexes skip them.
			const seenIndex = ignored ? -1 : seen++;
			const problem = problems.find((p) => p.key === `rules[${seenIndex}]`);
			return presentRule(
				rule,
				index,
				layer.file,
				ignored ? 'ignored' : problem ? problem.message : undefined,
			);
		});
		const invalid = rules.filter((r) => r.contextValue.endsWith('+invalid')).length;
		const ignored = rules.filter((r) => r.contextValue.endsWith('+ignored')).length;
		groups.push({
			key: `g:${layer.scope}:${layer.file}`,
			label: SCOPE_TITLES[layer.scope],
			description: [
				`${rules.length} rule${rules.length === 1 ? '' : 's'}`,
				invalid ? `${invalid} invalid` : undefined,
				ignored ? `${ignored} ignored (untrusted)` : undefined,
			]
				.filter(Boolean)
				.join(' · '),
			tooltip: layer.file,
			iconId: layer.scope === 'user' ? 'account' : 'folder',
			contextValue: 'hookwarden:policyGroup',
			children: rules,
		});
	}
	const exceptions = exceptionsGroup(input.exceptions ?? [], input.problems, input.trusted);
	if (exceptions) {
		groups.push(exceptions);
	}
	if (input.grants) {
		groups.push(
			grantsGroup(
				input.grants,
				input.layers.map((l) => ({ scope: l.scope, file: l.file, entries: l.rules })),
				input.clockTime ?? ((ms) => new Date(ms).toLocaleTimeString()),
			),
		);
	}
	groups.push({
		key: 'g:packs',
		label: 'Built-in Packs',
		description: `${input.packs.filter((p) => p.enabled).length} of ${input.packs.length} on`,
		tooltip: 'Switch packs on or off in hookwarden.packs.',
		iconId: 'package',
		contextValue: 'hookwarden:policyGroup',
		children: input.packs.map((pack) => ({
			key: `p:${pack.id}`,
			label: PACK_TITLES[pack.id],
			description: pack.enabled ? 'on' : 'off',
			tooltip: `hookwarden.packs.${pack.id} is ${pack.enabled ? 'on' : 'off'}.`,
			iconId: pack.enabled ? 'shield' : 'circle-slash',
			contextValue: `hookwarden:pack+${pack.enabled ? 'on' : 'off'}`,
		})),
	});
	if (input.providers && input.providers.length > 0) {
		groups.push(providersGroup(input.providers));
	}
	groups.push({
		key: 's:defaultVerdict',
		label: 'Default verdict',
		description: `${input.defaultVerdict === 'none' ? 'no opinion' : input.defaultVerdict} · ${input.defaultVerdictSource ? describeSource(input.defaultVerdictSource) : 'built-in'}`,
		tooltip: 'What a PreToolUse no rule or pack matches gets (hookwarden.defaultVerdict).',
		iconId: 'settings-gear',
		contextValue: 'hookwarden:setting',
	});
	if (input.settings) {
		groups.push(settingsGroup(input.settings));
	}
	if (!input.trusted) {
		groups.unshift({
			key: 's:untrusted',
			label: 'Workspace not trusted',
			description: 'its settings can only tighten the policy',
			tooltip:
				'In Restricted Mode, workspace allow rules, an allow default verdict, pack changes, a looser fail mode and an allow timeout outcome are ignored.',
			iconId: 'workspace-untrusted',
			iconColorId: 'notificationsWarningIcon.foreground',
			contextValue: 'hookwarden:setting+untrusted',
		});
	}
	return groups;
}

/** One rule's node: its id, verdict and criteria; its error or why it is ignored. */
export function presentRule(
	rule: Readonly<Record<string, unknown>>,
	index: number,
	file: string,
	/** The rule's error, `'ignored'` when the untrusted workspace drops it, or `undefined` when it applies. */
	problem: string | undefined,
): PolicyNodeView {
	const id = typeof rule.id === 'string' && rule.id ? rule.id : `rules[${index}]`;
	const verdict = typeof rule.verdict === 'string' ? rule.verdict : '?';
	const criteria = (['event', 'tool', 'command', 'path', 'prompt', 'agent'] as const)
		.filter((key) => rule[key] !== undefined)
		.map((key) => `${key} ${formatCriterion(rule[key])}`);
	const status = problem === undefined ? 'active' : problem === 'ignored' ? 'ignored' : 'invalid';
	const summary = `${verdict}${criteria.length ? ` · ${criteria.join(' · ')}` : ''}`;
	// The icon shows the verdict; the description only the most telling criterion, so it fits the default sidebar
	// width. The tooltip has every criterion and the reason.
	const telling = (['command', 'path', 'prompt', 'agent', 'tool', 'event'] as const).find(
		(key) => rule[key] !== undefined,
	);
	const brief = telling ? formatCriterion(rule[telling]) : verdict;
	return {
		key: `r:${file}:${index}`,
		label: id,
		description:
			status === 'invalid' ? 'invalid' : status === 'ignored' ? `ignored · ${brief}` : brief,
		tooltip: [
			`${id}: ${summary}`,
			typeof rule.reason === 'string' ? `Reason: ${rule.reason}` : undefined,
			status === 'invalid' ? `Error: ${problem}` : undefined,
			status === 'ignored'
				? 'Ignored: this workspace is not trusted, and its allow rules could loosen the policy.'
				: undefined,
			`${file}, hookwarden.rules[${index}]`,
		]
			.filter(Boolean)
			.join('\n'),
		iconId:
			status === 'invalid'
				? 'warning'
				: status === 'ignored'
					? 'circle-slash'
					: verdict === 'deny'
						? 'error'
						: verdict === 'ask'
							? 'question'
							: 'pass',
		...(status === 'invalid'
			? { iconColorId: 'problemsWarningIcon.foreground' }
			: status === 'active' && verdict === 'deny'
				? { iconColorId: 'testing.iconFailed' }
				: status === 'active' && verdict === 'allow'
					? { iconColorId: 'testing.iconPassed' }
					: {}),
		contextValue: `hookwarden:rule+${status}`,
		reveal: { file, index },
	};
}

function sourceKind(scope: RulesLayer['scope']): RuleSource['kind'] {
	return scope === 'user'
		? 'userSettings'
		: scope === 'workspace'
			? 'workspaceSettings'
			: 'workspaceFolderSettings';
}

/** The providers in chain order: where each comes from, its priority and fail action, and how its last call went. */
function providersGroup(providers: readonly ProviderState[]): PolicyNodeView {
	const failing = providers.filter((p) => p.lastError !== undefined).length;
	return {
		key: 'g:providers',
		label: 'Providers',
		description: `${providers.length}${failing ? ` · ${failing} failing` : ''}`,
		tooltip:
			'Hooks providers in the order they decide: Hookwarden’s policy, hookwarden.providers and extensions.',
		iconId: 'plug',
		contextValue: 'hookwarden:policyGroup',
		children: providers.map((provider) => ({
			key: `v:${provider.id}`,
			label: provider.id,
			description: [
				provider.lastError !== undefined
					? 'last call failed'
					: provider.lastLatencyMs !== undefined
						? `${provider.lastLatencyMs} ms`
						: 'not called yet',
				`priority ${provider.priority}`,
			].join(' · '),
			tooltip: [
				provider.source ?? 'registered through the Hookwarden API',
				`Priority ${provider.priority}, timeout ${provider.timeoutMs} ms, on failure: ${provider.failAction}.`,
				`${provider.calls} call${provider.calls === 1 ? '' : 's'}${provider.lastLatencyMs !== undefined ? `, the last took ${provider.lastLatencyMs} ms` : ''}.`,
				...(provider.lastError !== undefined ? [`Last error: ${provider.lastError}`] : []),
			].join('\n'),
			iconId: provider.lastError !== undefined ? 'error' : 'plug',
			...(provider.lastError !== undefined && { iconColorId: 'list.errorForeground' }),
			contextValue: 'hookwarden:provider',
		})),
	};
}

// First in the view: a policy that looks in force while the host never runs Hookwarden is worse than none.
function switchedOffGroup(rows: readonly HostSwitchRow[]): PolicyNodeView {
	return {
		key: 'g:switchedOff',
		label: 'Not Running Here',
		description: rows
			.map((row) => row.setting)
			.filter((setting) => setting !== undefined)
			.join(', '),
		tooltip:
			'The host keeps Hookwarden’s hook file from running, so the policies below decide nothing there. Run "Hookwarden: Show Hook Problems" for the route that works.',
		iconId: 'warning',
		contextValue: 'hookwarden:policyGroup',
		children: rows.map((row, index) => ({
			key: `switchedOff:${index}`,
			label: row.setting ?? 'A session ran without Hookwarden',
			description: row.message,
			tooltip: row.message,
			iconId: 'circle-slash',
			contextValue: 'hookwarden:hostSwitch',
		})),
	};
}
