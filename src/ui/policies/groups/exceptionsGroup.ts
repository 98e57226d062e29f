import type { SettingProblem } from '../../../core/settings/readPolicySettings';
import type { EntriesLayer, PolicyNodeView } from './policyNode';
import { formatCriterion, SCOPE_TITLES } from './policyNode';

const SOURCE_KINDS = {
	user: 'userSettings',
	workspace: 'workspaceSettings',
	folder: 'workspaceFolderSettings',
} as const;

/**
 * The *Exceptions* group: every `hookwarden.exceptions` entry of every scope, each with the rule it lifts and for
 * what, marked invalid (with its error) or ignored (an untrusted workspace's), with *Remove* and a jump to its place.
 * `undefined` when no scope has one.
 */
export function exceptionsGroup(
	layers: readonly EntriesLayer[],
	problems: readonly SettingProblem[],
	trusted: boolean,
): PolicyNodeView | undefined {
	const nodes = layers.flatMap((layer) =>
		layer.entries.map((raw, index) => {
			const problem = problems.find(
				(p) =>
					p.key === `exceptions[${index}]` &&
					p.source.kind === SOURCE_KINDS[layer.scope] &&
					'file' in p.source &&
					p.source.file === layer.file,
			)?.message;
			return presentException(raw, index, layer, !trusted && layer.scope !== 'user', problem);
		}),
	);
	if (nodes.length === 0) {
		return undefined;
	}
	const inForce = nodes.filter((n) => n.contextValue.endsWith('+active')).length;
	return {
		key: 'g:exceptions',
		label: 'Exceptions',
		description: inForce === nodes.length ? `${inForce}` : `${inForce} of ${nodes.length} in force`,
		tooltip:
			'hookwarden.exceptions: each lifts one rule for the commands or paths it names. Remove one to let the rule judge those calls again.',
		iconId: 'shield',
		contextValue: 'hookwarden:policyGroup',
		children: nodes,
	};
}

function presentException(
	raw: unknown,
	index: number,
	layer: EntriesLayer,
	untrusted: boolean,
	problem: string | undefined,
): PolicyNodeView {
	const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
	const rule = typeof entry.rule === 'string' && entry.rule ? entry.rule : '(no rule)';
	const covers =
		entry.command !== undefined
			? formatCriterion(entry.command)
			: entry.path !== undefined
				? formatCriterion(entry.path)
				: '';
	const status = untrusted ? 'ignored' : problem !== undefined ? 'invalid' : 'active';
	return {
		key: `x:${layer.file}:${index}`,
		// Like an event row: what it covers first, the rule it lifts in the description.
		label: covers || rule,
		description:
			status === 'active'
				? `lifts ${rule}`
				: status === 'invalid'
					? `invalid · ${rule}`
					: `ignored · lifts ${rule}`,
		tooltip: [
			`Lifts rule ${rule} for ${entry.command !== undefined ? `the commands ${JSON.stringify(entry.command)}` : `the paths ${JSON.stringify(entry.path)}`}.`,
			typeof entry.reason === 'string' ? `Reason: ${entry.reason}` : undefined,
			status === 'invalid' ? `Error: ${problem}` : undefined,
			status === 'ignored'
				? 'Ignored: this workspace is not trusted, and an exception only loosens the policy.'
				: undefined,
			`${SCOPE_TITLES[layer.scope]}: ${layer.file}, hookwarden.exceptions[${index}]`,
		]
			.filter(Boolean)
			.join('\n'),
		iconId: status === 'active' ? 'shield' : status === 'invalid' ? 'warning' : 'circle-slash',
		...(status === 'invalid' && { iconColorId: 'problemsWarningIcon.foreground' }),
		contextValue: `hookwarden:exception+${status}`,
		reveal: { file: layer.file, index, setting: 'hookwarden.exceptions' },
		revoke: { kind: 'entry', setting: 'exceptions', scope: layer.scope, index, entry: raw },
	};
}
