import type { RuleSource } from '../provider/decision';
import { describeSource } from './describeSource';
import type { SettingsLayer } from './settingsLayer';
import type * as z from '../util/zod';
import type { PackId } from './pack';
import { PACK_IDS } from './pack';
import type { PolicySettingKey, Rule } from './settingsSchema';
import { POLICY_SETTINGS, ruleSchema, SETTINGS_SECTION } from './settingsSchema';

/** A valid rule with where it was configured and its position there, so a person can be sent to it. */
export interface SourcedRule {
	readonly rule: Rule;
	readonly source: RuleSource;
	/** Index in that scope's `hookwarden.rules` array. */
	readonly index: number;
}

/** The effective policy configuration after every layer is applied. */
export interface PolicySettings {
	/** Rules of every layer, in layer order (user before workspace): all of them apply, the most restrictive wins. */
	readonly rules: readonly SourcedRule[];
	readonly defaultVerdict: 'none' | 'ask' | 'allow' | 'deny';
	readonly packs: Readonly<Record<PackId, boolean>>;
	readonly allowedWritePaths: readonly string[];
	readonly maxSubagentsPerSession: number | null;
	readonly sessionStartContext: string;
	readonly subagentStartContext: string;
	readonly failMode: 'open' | 'closed';
	readonly approvalMode: 'inline' | 'native';
	readonly approvalTimeoutSeconds: number;
	readonly approvalOnTimeout: 'deny' | 'ask' | 'allow';
	/** Which layer set each non-default value, for provenance. */
	readonly sources: Readonly<Partial<Record<PolicySettingKey, RuleSource>>>;
}

/** One invalid value, skipped, described in one line a person can act on. */
export interface SettingProblem {
	readonly key: string;
	readonly source: RuleSource;
	readonly message: string;
}

/** The result of reading settings: always usable settings, plus what was skipped. */
export interface ReadPolicySettingsResult {
	readonly settings: PolicySettings;
	readonly problems: readonly SettingProblem[];
}

/** Picks the `hookwarden.*` keys out of a flat settings.json object, stripping the prefix. */
export function hookwardenValues(settingsJson: unknown): Record<string, unknown> {
	const values: Record<string, unknown> = {};
	if (typeof settingsJson !== 'object' || settingsJson === null || Array.isArray(settingsJson)) {
		return values;
	}
	const prefix = `${SETTINGS_SECTION}.`;
	for (const [key, value] of Object.entries(settingsJson)) {
		if (key.startsWith(prefix)) {
			values[key.slice(prefix.length)] = value;
		}
	}
	return values;
}

/**
 * Reads policy settings from layers ordered from weakest to strongest (user, workspace, folder). Scalars take the
 * strongest layer's value; rules accumulate across layers. An invalid value never fails the read: it is skipped with
 * a {@link SettingProblem} and the rest still applies.
 */
export function readPolicySettings(layers: readonly SettingsLayer[]): ReadPolicySettingsResult {
	const problems: SettingProblem[] = [];
	const rules: SourcedRule[] = [];
	const scalars: Partial<Record<PolicySettingKey, unknown>> = {};
	const sources: Partial<Record<PolicySettingKey, RuleSource>> = {};
	const packs: Record<PackId, boolean> = Object.fromEntries(
		PACK_IDS.map((id) => [id, true]),
	) as Record<PackId, boolean>;

	for (const layer of layers) {
		for (const [key, raw] of Object.entries(layer.values)) {
			if (raw === undefined) {
				continue;
			}
			if (!(key in POLICY_SETTINGS)) {
				problems.push(problem(key, layer.source, 'is not a Hookwarden setting; ignored.'));
				continue;
			}
			const settingKey = key as PolicySettingKey;
			const parsed = POLICY_SETTINGS[settingKey].schema.safeParse(raw);
			if (!parsed.success) {
				problems.push(
					problem(key, layer.source, `${describeIssues(parsed.error)}; the default is used.`),
				);
				continue;
			}
			if (settingKey === 'rules') {
				(parsed.data as unknown[]).forEach((candidate, index) => {
					const rule = ruleSchema().safeParse(candidate);
					if (rule.success) {
						rules.push({ rule: rule.data, source: layer.source, index });
					} else {
						const label = ruleLabel(candidate, index);
						problems.push(
							problem(
								`rules[${index}]`,
								layer.source,
								`${label}: ${describeIssues(rule.error)}; rule skipped.`,
							),
						);
					}
				});
			} else if (settingKey === 'packs') {
				for (const [id, enabled] of Object.entries(
					parsed.data as Record<string, boolean | undefined>,
				)) {
					if (enabled !== undefined) {
						packs[id as PackId] = enabled;
					}
				}
				sources.packs = layer.source;
			} else {
				scalars[settingKey] = parsed.data;
				sources[settingKey] = layer.source;
			}
		}
	}

	const value = <K extends PolicySettingKey>(key: K) =>
		(scalars[key] ?? POLICY_SETTINGS[key].default) as z.infer<
			(typeof POLICY_SETTINGS)[K]['schema']
		>;
	return {
		settings: {
			rules,
			defaultVerdict: value('defaultVerdict'),
			packs,
			allowedWritePaths: value('allowedWritePaths'),
			maxSubagentsPerSession: value('subagents.maxPerSession'),
			sessionStartContext: value('context.sessionStart'),
			subagentStartContext: value('context.subagentStart'),
			failMode: value('failMode'),
			approvalMode: value('approval.mode'),
			approvalTimeoutSeconds: value('approval.timeoutSeconds'),
			approvalOnTimeout: value('approval.onTimeout'),
			sources,
		},
		problems,
	};
}

/** Formats a problem the way every surface shows it: `hookwarden.rules[2] (workspace settings): …`. */
export function describeSettingProblem(p: SettingProblem): string {
	return `${SETTINGS_SECTION}.${p.key} (${describeSource(p.source, { withFile: true })}): ${p.message}`;
}

function problem(key: string, source: RuleSource, message: string): SettingProblem {
	return { key, source, message };
}

function ruleLabel(candidate: unknown, index: number): string {
	const id =
		typeof candidate === 'object' && candidate !== null
			? (candidate as { id?: unknown }).id
			: undefined;
	return typeof id === 'string' ? `rule '${id}'` : `rule ${index + 1}`;
}

function describeIssues(error: z.core.$ZodError): string {
	return error.issues
		.slice(0, 3)
		.map((issue) => {
			const where = issue.path.length > 0 ? `'${issue.path.join('.')}' ` : '';
			if (issue.code === 'unrecognized_keys') {
				return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
			}
			if (issue.code === 'invalid_value') {
				return `${where}must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
			}
			return `${where}${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
		})
		.join('; ');
}
