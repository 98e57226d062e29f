import * as path from 'node:path';

import { parseTree, findNodeAtLocation } from 'jsonc-parser';
import * as vscode from 'vscode';

import type { SessionGrant } from '../../core/approvals/sessionGrants';
import { PACK_IDS } from '../../core/judging/pack';
import type { ProviderState } from '../../core/provider/compositeHooksProvider';
import type { Provenance } from '../../core/terms/decision';
import { policyUses } from '../../core/sessions/harnessCoverage';
import type { RecordedEvent } from '../../core/sessions/recordedEvent';
import type { CoverageInput } from './groups/harnessesGroup';
import { seenHarnesses } from './groups/harnessesGroup';
import type { HostSwitchRow, PoliciesInput, RulesLayer } from './policyPresenter';
import { readPolicySettings } from '../../core/settings/readPolicySettings';
import type { PolicyConfig } from '../../host/policyConfig';
import { UI_SETTINGS } from '../uiSettings';
import type { EntriesLayer } from './groups/policyNode';
import type { SettingInForce } from './groups/settingsGroup';

/** The folder whose policy the views show: the first workspace folder, or none. */
export function primaryFolder(): string | undefined {
	return vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath;
}

/** What the *Policies* view reads besides the settings: the chain's providers and the session grants. */
export interface PoliciesSources {
	readonly providers?: () => readonly ProviderState[];
	readonly grants?: () => readonly SessionGrant[];
	/** The host problems that keep Hookwarden's hook file from running (the installer's diagnostics). */
	readonly switchedOff?: () => readonly HostSwitchRow[];
}

/**
 * Reads everything the *Policies* view shows: each scope's raw rules and exceptions and their files, the problems,
 * trust, packs, providers, grants and every other setting in force.
 */
export function readPoliciesInput(
	config: PolicyConfig,
	userSettingsFile: string,
	sources: PoliciesSources = {},
): PoliciesInput {
	const folder = primaryFolder();
	const policy = config.policyFor(folder);
	return {
		layers: rulesLayers(userSettingsFile),
		problems: config.problems(folder),
		trusted: vscode.workspace.isTrusted,
		packs: PACK_IDS.map((id) => ({ id, enabled: policy.packs.has(id) })),
		defaultVerdict: policy.defaultVerdict,
		...(policy.sources.defaultVerdict && { defaultVerdictSource: policy.sources.defaultVerdict }),
		providers: sources.providers?.() ?? [],
		exceptions: entriesLayers('exceptions', userSettingsFile),
		...(sources.grants && { grants: sources.grants() }),
		...(sources.switchedOff && { switchedOff: sources.switchedOff() }),
		settings: settingsInForce(config, folder),
		clockTime: (ms) => new Date(ms).toLocaleTimeString(),
		...(config.machinePolicy() && { machinePolicy: config.machinePolicy() }),
	};
}

/** What the *Harnesses Seen* group shows: the harnesses the recorded events came from, and what the policy needs. */
export function readCoverageInput(
	config: PolicyConfig,
	events: readonly RecordedEvent[],
): CoverageInput {
	return { seen: seenHarnesses(events), uses: policyUses(config.policyFor(primaryFolder())) };
}

/** Each scope's raw `hookwarden.rules` and the file it lives in, user first. */
export function rulesLayers(userSettingsFile: string): RulesLayer[] {
	return entriesLayers('rules', userSettingsFile).map(({ entries, ...layer }) => ({
		...layer,
		rules: entries,
	}));
}

/** Each scope's raw entries of a list setting and the file they live in, user first. */
export function entriesLayers(
	key: 'rules' | 'exceptions',
	userSettingsFile: string,
): EntriesLayer[] {
	const folder = primaryFolder();
	const inspected = vscode.workspace
		.getConfiguration('hookwarden', folder === undefined ? undefined : vscode.Uri.file(folder))
		.inspect<unknown[]>(key);
	const workspaceFile = vscode.workspace.workspaceFile;
	const layers: EntriesLayer[] = [
		{ scope: 'user', file: userSettingsFile, entries: asArray(inspected?.globalValue) },
	];
	if (folder !== undefined) {
		layers.push({
			scope: 'workspace',
			file:
				workspaceFile?.scheme === 'file'
					? workspaceFile.fsPath
					: path.join(folder, '.vscode', 'settings.json'),
			entries: asArray(inspected?.workspaceValue),
		});
		if (workspaceFile) {
			layers.push({
				scope: 'folder',
				file: path.join(folder, '.vscode', 'settings.json'),
				entries: asArray(inspected?.workspaceFolderValue),
			});
		}
	}
	return layers;
}

/** Every single-valued setting as the policy reads it now, with the layer that set it, plus the UI's own settings. */
function settingsInForce(config: PolicyConfig, folder: string | undefined): SettingInForce[] {
	const read = readPolicySettings(config.layers(folder));
	const sources = read.settings.sources as Readonly<Record<string, SettingInForce['source']>>;
	const inForce: SettingInForce[] = Object.entries(read.values).map(([key, value]) => ({
		key,
		value,
		...(sources[key] && { source: sources[key] }),
	}));
	const [strongest] = read.settings.mcpAllowedServers;
	inForce.push({
		key: 'mcp.allowedServers',
		value: read.settings.mcpAllowedServers,
		...(strongest && { source: strongest.source }),
	});
	const modal = vscode.workspace
		.getConfiguration('hookwarden', folder === undefined ? undefined : vscode.Uri.file(folder))
		.inspect<boolean>(UI_SETTINGS.approvalModal);
	const modalSet = modal?.workspaceFolderValue ?? modal?.workspaceValue ?? modal?.globalValue;
	inForce.push({
		key: UI_SETTINGS.approvalModal,
		value: modalSet ?? false,
		...(modalSet !== undefined && {
			source:
				modal?.workspaceFolderValue !== undefined || modal?.workspaceValue !== undefined
					? config.layers(folder)[1]?.source
					: config.layers(folder)[0]?.source,
		}),
	});
	return inForce;
}

/**
 * Opens a settings file and selects `hookwarden.rules[index]` (or the entry of another list setting), found with
 * jsonc-parser's `findNodeAtLocation` (comments and trailing commas are fine); opens the file at the top when the
 * entry is not found.
 */
export async function revealRule(
	file: string,
	index: number,
	setting = 'hookwarden.rules',
): Promise<void> {
	const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
	const root = parseTree(document.getText(), [], { allowTrailingComma: true });
	const node = root && findNodeAtLocation(root, [setting, index]);
	const selection = node
		? new vscode.Range(
				document.positionAt(node.offset),
				document.positionAt(node.offset + node.length),
			)
		: undefined;
	await vscode.window.showTextDocument(document, {
		...(selection && { selection }),
		preview: false,
	});
}

/** Opens the rule a decision names, by its id in its settings file. */
export async function revealProvenance(
	provenance: Provenance,
	userSettingsFile: string,
): Promise<void> {
	const source = provenance.source;
	if (
		!source ||
		(source.kind !== 'userSettings' &&
			source.kind !== 'workspaceSettings' &&
			source.kind !== 'workspaceFolderSettings')
	) {
		return;
	}
	const file = source.file ?? userSettingsFile;
	const layer = rulesLayers(userSettingsFile).find((l) => l.file === file);
	const index = layer ? findRuleIndex(layer.rules, provenance.ruleId) : -1;
	await revealRule(file, Math.max(0, index));
}

/** The index of the rule with this id (or `rules[N]` for an unnamed one) in a raw rules array; -1 when absent. */
export function findRuleIndex(rules: readonly unknown[], ruleId: string | undefined): number {
	const byPosition = /^rules\[(\d+)\]$/.exec(ruleId ?? '');
	if (byPosition) {
		return Number(byPosition[1]);
	}
	return rules.findIndex((rule) => (rule as { id?: unknown } | null)?.id === ruleId);
}

function asArray(value: unknown): readonly unknown[] {
	return Array.isArray(value) ? value : [];
}
