import { describeSource } from '../../../core/policy/describeSource';
import type { SourcedServerList } from '../../../core/settings/mcpSettings';
import type { RuleSource } from '../../../core/terms/decision';
import type { PolicyNodeView } from './policyNode';

/** One setting's value in force, and the settings layer that set it (none: the default). */
export interface SettingInForce {
	/** The key without the `hookwarden.` prefix. */
	readonly key: string;
	readonly value: unknown;
	readonly source?: RuleSource;
}

/** The settings this group shows, in order, with a name and how their value reads; others have groups of their own. */
const SHOWN: readonly {
	readonly key: string;
	readonly label: string;
	readonly read: (value: unknown) => string;
}[] = [
	{
		key: 'failMode',
		label: 'Fail mode',
		read: (v) => (v === 'closed' ? 'closed: deny when undecided' : 'open: harness decides'),
	},
	{
		key: 'subagents.maxPerSession',
		label: 'Subagents per session',
		read: (v) => (v === null ? 'no limit' : `at most ${plain(v)}`),
	},
	{
		key: 'allowedWritePaths',
		label: 'Allowed write paths',
		read: (v) => (Array.isArray(v) && v.length > 0 ? v.join(', ') : 'anywhere'),
	},
	{
		key: 'approval.mode',
		label: 'Who answers ask',
		read: (v) => (v === 'native' ? 'the agent’s own dialog' : 'you, in VS Code'),
	},
	{ key: 'approval.timeoutSeconds', label: 'Approval timeout', read: (v) => `${plain(v)} s` },
	{
		key: 'approval.onTimeout',
		label: 'Unanswered approvals',
		read: (v) =>
			v === 'ask' ? 'go to the agent’s dialog' : v === 'allow' ? 'are allowed' : 'are denied',
	},
	{
		key: 'approval.modal',
		label: 'Approval prompt',
		read: (v) => (v === true ? 'modal dialog' : 'notification'),
	},
	{ key: 'context.sessionStart', label: 'Context at session start', read: text },
	{ key: 'context.subagentStart', label: 'Context for subagents', read: text },
	{
		key: 'context.stopSummary',
		label: 'Summary at stop',
		read: (v) => (v === true ? 'shown in chat' : 'audit log only'),
	},
	{
		key: 'audit.path',
		label: 'Audit log',
		read: (v) => (typeof v === 'string' && v ? v : 'workspace storage'),
	},
	{ key: 'audit.maxFileSizeMB', label: 'Audit log rotation', read: (v) => `at ${plain(v)} MB` },
	{ key: 'audit.retention', label: 'Rotated logs kept', read: (v) => plain(v) },
	{
		key: 'mcp.allowedServers',
		label: 'MCP servers allowed',
		read: serverLists,
	},
	{
		key: 'trustedFolders',
		label: 'Trusted folders (headless)',
		read: (v) => (Array.isArray(v) && v.length > 0 ? v.join(', ') : 'none'),
	},
];

/**
 * The *Settings in Force* group: every other setting's value as the policy reads it now (after trust, with the
 * default where nothing is set) and which settings file set it; a click opens the setting in the Settings editor.
 */
export function settingsGroup(settings: readonly SettingInForce[]): PolicyNodeView {
	const byKey = new Map(settings.map((s) => [s.key, s]));
	const children = SHOWN.flatMap(({ key, label, read }): PolicyNodeView[] => {
		const setting = byKey.get(key);
		if (!setting) {
			return [];
		}
		const where = setting.source ? describeSource(setting.source) : 'default';
		return [
			{
				key: `s:${key}`,
				label,
				description: `${read(setting.value)} · ${where}`,
				tooltip: `hookwarden.${key} = ${JSON.stringify(setting.value)}\n${setting.source ? `Set in ${describeSource(setting.source, { withFile: true })}.` : 'The default: no settings file sets it.'}`,
				iconId: 'settings',
				contextValue: 'hookwarden:setting',
				open: { command: 'workbench.action.openSettings', arguments: [`hookwarden.${key}`] },
			},
		];
	});
	const changed = settings.filter(
		(s) => s.source !== undefined && SHOWN.some((r) => r.key === s.key),
	).length;
	return {
		key: 'g:settings',
		label: 'Settings in Force',
		description: changed === 0 ? 'all defaults' : `${changed} set`,
		tooltip: 'Every other hookwarden.* setting as decisions read it now, and where it was set.',
		iconId: 'settings-gear',
		contextValue: 'hookwarden:policyGroup',
		children,
	};
}

/** A value as a person reads it: text as it is, anything else as JSON. */
function plain(value: unknown): string {
	return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function text(value: unknown): string {
	const line = plain(value ?? '')
		.replace(/\s+/g, ' ')
		.trim();
	return line === '' ? 'none' : line.length > 40 ? `${line.slice(0, 39)}…` : line;
}

// Every scope's list holds at once, so each is shown with where it was set (the row's own source is the strongest).
function serverLists(value: unknown): string {
	const lists = Array.isArray(value) ? (value as readonly SourcedServerList[]) : [];
	if (lists.length === 0) {
		return 'any server';
	}
	return lists
		.map((list) => {
			const names = list.entries.map((entry) => (typeof entry === 'string' ? entry : entry.name));
			return `${names.length > 0 ? names.join(', ') : 'none'} (${describeSource(list.source)})`;
		})
		.join(' and ');
}
