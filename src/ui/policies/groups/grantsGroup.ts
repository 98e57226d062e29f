import { ALWAYS_ALLOW_ID_PREFIX } from '../../../core/approvals/alwaysAllowRule';
import type { SessionGrant } from '../../../core/approvals/sessionGrants';
import type { EntriesLayer, PolicyNodeView } from './policyNode';
import { formatCriterion, SCOPE_TITLES } from './policyNode';

/**
 * The *Grants* group: what people allowed beyond a single call, each with *Revoke*. Session grants (*Allow for This
 * Session*, in memory until the window closes) first, then the rules *Always Allow…* wrote into settings (known by
 * their id prefix). With none, one row says how grants come about.
 */
export function grantsGroup(
	grants: readonly SessionGrant[],
	ruleLayers: readonly EntriesLayer[],
	clockTime: (epochMs: number) => string,
): PolicyNodeView {
	const sessionNodes = grants.map((grant): PolicyNodeView => ({
		key: `gs:${grant.id}`,
		// Like an event row: the command first, so a narrow sidebar cuts the tool and the scope, not what was allowed.
		label: grant.subject,
		description: `${grant.tool} · this session · since ${clockTime(grant.grantedAt)}`,
		tooltip: `Allowed for session ${grant.sessionId} since ${clockTime(grant.grantedAt)}: ${grant.tool} may run exactly “${grant.subject}” without asking. Revoke to be asked again.`,
		iconId: 'check-all',
		contextValue: 'hookwarden:grant+session',
		revoke: { kind: 'grant', id: grant.id },
	}));
	const ruleNodes = ruleLayers.flatMap((layer) =>
		layer.entries.flatMap((raw, index): PolicyNodeView[] => {
			const rule = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
			if (typeof rule.id !== 'string' || !rule.id.startsWith(ALWAYS_ALLOW_ID_PREFIX)) {
				return [];
			}
			const what = formatCriterion(rule.command ?? rule.path ?? rule.tool ?? rule.id);
			return [
				{
					key: `gr:${layer.file}:${index}`,
					label: what,
					description: `${typeof rule.tool === 'string' ? rule.tool : 'any tool'} · always · ${SCOPE_TITLES[layer.scope].toLowerCase()}`,
					tooltip: [
						`Always allowed by rule ${rule.id}.`,
						typeof rule.description === 'string' ? rule.description : undefined,
						`${layer.file}, hookwarden.rules[${index}]. Revoke removes the rule.`,
					]
						.filter(Boolean)
						.join('\n'),
					iconId: 'pass-filled',
					contextValue: 'hookwarden:grant+rule',
					reveal: { file: layer.file, index },
					revoke: { kind: 'entry', setting: 'rules', scope: layer.scope, index, entry: raw },
				},
			];
		}),
	);
	const children = [...sessionNodes, ...ruleNodes];
	return {
		key: 'g:grants',
		label: 'Grants',
		description: children.length === 0 ? 'none' : `${children.length}`,
		tooltip:
			'What people allowed beyond one call: Allow for This Session (until the window closes) and Always Allow… rules. Revoke one to be asked again.',
		iconId: 'key',
		contextValue: 'hookwarden:policyGroup',
		children:
			children.length > 0
				? children
				: [
						{
							key: 'g:grants:none',
							label: 'No grants',
							description: 'Allow for This Session and Always Allow… appear here',
							tooltip:
								'Answer an approval with More… → Allow for This Session or Always Allow…, and it appears here with Revoke.',
							iconId: 'info',
							contextValue: 'hookwarden:grant+none',
						},
					],
	};
}
