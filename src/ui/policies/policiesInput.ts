import * as path from 'node:path';

import { parseTree, findNodeAtLocation } from 'jsonc-parser';
import * as vscode from 'vscode';

import { PACK_IDS } from '../../core/judging/pack';
import type { ProviderState } from '../../core/provider/compositeHooksProvider';
import type { Provenance } from '../../core/provider/decision';
import { policyUses } from '../../core/sessions/harnessCoverage';
import type { RecordedEvent } from '../../core/sessions/recordedEvent';
import type { CoverageInput } from './coveragePresenter';
import { seenHarnesses } from './coveragePresenter';
import type { PoliciesInput, RulesLayer } from './policyPresenter';
import type { PolicyConfig } from '../../host/policyConfig';

/** The folder whose policy the views show: the first workspace folder, or none. */
export function primaryFolder(): string | undefined {
	return vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath;
}

/** Reads everything the *Policies* view shows: each scope's raw rules and file, the problems, trust and packs. */
export function readPoliciesInput(
	config: PolicyConfig,
	userSettingsFile: string,
	providers: () => readonly ProviderState[] = () => [],
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
		providers: providers(),
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
	const folder = primaryFolder();
	const inspected = vscode.workspace
		.getConfiguration('hookwarden', folder === undefined ? undefined : vscode.Uri.file(folder))
		.inspect<unknown[]>('rules');
	const workspaceFile = vscode.workspace.workspaceFile;
	const layers: RulesLayer[] = [
		{ scope: 'user', file: userSettingsFile, rules: asArray(inspected?.globalValue) },
	];
	if (folder !== undefined) {
		layers.push({
			scope: 'workspace',
			file:
				workspaceFile?.scheme === 'file'
					? workspaceFile.fsPath
					: path.join(folder, '.vscode', 'settings.json'),
			rules: asArray(inspected?.workspaceValue),
		});
		if (workspaceFile) {
			layers.push({
				scope: 'folder',
				file: path.join(folder, '.vscode', 'settings.json'),
				rules: asArray(inspected?.workspaceFolderValue),
			});
		}
	}
	return layers;
}

/**
 * Opens a settings file and selects `hookwarden.rules[index]`, found with jsonc-parser's `findNodeAtLocation`
 * (comments and trailing commas are fine); opens the file at the top when the rule is not found.
 */
export async function revealRule(file: string, index: number): Promise<void> {
	const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
	const root = parseTree(document.getText(), [], { allowTrailingComma: true });
	const node = root && findNodeAtLocation(root, ['hookwarden.rules', index]);
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
