import type { Provenance, RuleSource } from '../terms/decision';

/**
 * Names where a rule was configured, for people: `built-in pack destructiveCommands`, `workspace settings`, or with
 * `withFile`, `workspace settings (/ws/.vscode/settings.json)`. Every surface (logs, views, prompts, `--explain`)
 * names sources through this one function so they read alike.
 */
export function describeSource(
	source: RuleSource,
	options: { readonly withFile?: boolean } = {},
): string {
	const file = (path: string | undefined) => (options.withFile && path ? ` (${path})` : '');
	switch (source.kind) {
		case 'builtin':
			return `built-in pack ${source.pack}`;
		case 'workspaceSettings':
			return `workspace settings${file(source.file)}`;
		case 'workspaceFolderSettings':
			return `folder settings${file(source.file)}`;
		case 'userSettings':
			return `user settings${file(source.file)}`;
		case 'machinePolicy':
			return `machine policy${file(source.file)}`;
		case 'provider':
			return 'another extension';
		case 'failMode':
			return 'the fail mode';
		case 'person':
			return 'a person';
	}
}

/** Names the rule behind a decision and where it lives: "rule 'ask-publish' in workspace settings". */
export function describeRule(decidedBy: Provenance | undefined): string {
	if (!decidedBy?.ruleId) {
		return decidedBy ? `provider ${decidedBy.providerId}` : 'a Hookwarden rule';
	}
	if (decidedBy.ruleId === 'defaultVerdict') {
		return `the default verdict${decidedBy.source ? ` (${describeSource(decidedBy.source)})` : ''}`;
	}
	return `rule '${decidedBy.ruleId}'${decidedBy.source ? ` in ${describeSource(decidedBy.source)}` : ''}`;
}
