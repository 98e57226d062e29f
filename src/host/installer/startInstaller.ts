import * as vscode from 'vscode';

import { HookDiagnostics } from './hookDiagnostics';
import { HookInstaller } from './hookInstaller';
import type { InstallPrompts } from './installPromptsPort';

/** The installer and its diagnostics, running. */
export interface RunningInstaller {
	readonly installer: HookInstaller;
	readonly diagnostics: HookDiagnostics;
	readonly disposable: vscode.Disposable;
}

/**
 * Builds the installer and its diagnostics and starts their first check: stale launchers and files are refreshed
 * first, so the one-time scope question installs current paths; then the hook setup is diagnosed.
 */
export function startInstaller(
	context: vscode.ExtensionContext,
	userSettingsFile: string,
	log: vscode.LogOutputChannel,
	prompts: InstallPrompts,
): RunningInstaller {
	const installer = HookInstaller.create(context, userSettingsFile, log, prompts);
	const diagnostics = new HookDiagnostics(installer);
	void installer
		.refreshIfStale()
		.then(() => installer.askForScopeOnce())
		.then(() => diagnostics.check())
		.catch((error: unknown) =>
			log.error(
				`hook installation check failed: ${error instanceof Error ? error.message : String(error)}`,
			),
		);
	return { installer, diagnostics, disposable: vscode.Disposable.from(installer, diagnostics) };
}
