import * as vscode from 'vscode';

import { SETTINGS_SECTION } from '../core/settings/settingsSchema';

/** A settings scope a person's answer can be written to (`folder`: a folder of a multi-root workspace). */
export type EntryScope = 'workspace' | 'user' | 'folder';

/** A list setting of Hookwarden that holds entries people add and remove (`rules`, `exceptions`). */
export type EntryListKey = 'rules' | 'exceptions';

/** Appends one entry to a list setting in one scope, keeping the entries already there. */
export async function appendSettingEntry(
	key: EntryListKey,
	entry: unknown,
	scope: EntryScope,
	workspaceFolder: string | undefined,
): Promise<void> {
	const configuration = configurationFor(workspaceFolder);
	await configuration.update(key, [...current(configuration, key, scope), entry], target(scope));
}

/**
 * Removes the entry at `index` of a list setting in one scope, if it still is the entry `expected` (compared as JSON):
 * the file may have changed since the person looked. Resolves false, changing nothing, when it did.
 */
export async function removeSettingEntry(
	key: EntryListKey,
	index: number,
	expected: unknown,
	scope: EntryScope,
	workspaceFolder: string | undefined,
): Promise<boolean> {
	const configuration = configurationFor(workspaceFolder);
	const entries = current(configuration, key, scope);
	if (JSON.stringify(entries[index]) !== JSON.stringify(expected)) {
		return false;
	}
	await configuration.update(
		key,
		entries.filter((_, i) => i !== index),
		target(scope),
	);
	return true;
}

function configurationFor(workspaceFolder: string | undefined): vscode.WorkspaceConfiguration {
	return vscode.workspace.getConfiguration(
		SETTINGS_SECTION,
		workspaceFolder === undefined ? undefined : vscode.Uri.file(workspaceFolder),
	);
}

function current(
	configuration: vscode.WorkspaceConfiguration,
	key: EntryListKey,
	scope: EntryScope,
): unknown[] {
	const inspected = configuration.inspect<unknown[]>(key);
	const value =
		scope === 'workspace'
			? inspected?.workspaceValue
			: scope === 'folder'
				? inspected?.workspaceFolderValue
				: inspected?.globalValue;
	return Array.isArray(value) ? value : [];
}

function target(scope: EntryScope): vscode.ConfigurationTarget {
	return scope === 'workspace'
		? vscode.ConfigurationTarget.Workspace
		: scope === 'folder'
			? vscode.ConfigurationTarget.WorkspaceFolder
			: vscode.ConfigurationTarget.Global;
}
