import * as os from 'node:os';
import * as path from 'node:path';

import * as vscode from 'vscode';

import { HookDiagnostics } from './hookDiagnostics';
import { HookInstaller } from './hookInstaller';
import type { InstallPrompts } from './installPromptsPort';

// The hook file's own timeout, before the person set one.
const DEFAULT_APPROVAL_TIMEOUT_SECONDS = 120;

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
	const version = (context.extension.packageJSON as { version?: string }).version ?? '0.0.0';
	const installer = new HookInstaller(context.globalState, {
		home: os.homedir(),
		platform: process.platform,
		launcher: {
			bridgePath: context.asAbsolutePath(path.join('dist', 'bridge.js')),
			nodeFallback: process.execPath,
			version,
			userSettingsPath: userSettingsFile,
		},
		approvalTimeoutSeconds: () =>
			vscode.workspace
				.getConfiguration('hookwarden')
				.get<number>('approval.timeoutSeconds', DEFAULT_APPROVAL_TIMEOUT_SECONDS),
		workspaceFolders: () =>
			(vscode.workspace.workspaceFolders ?? [])
				.filter((f) => f.uri.scheme === 'file')
				.map((f) => f.uri.fsPath),
		log,
		prompts,
	});
	const diagnostics = new HookDiagnostics(installer);
	const timeoutChanged = vscode.workspace.onDidChangeConfiguration((e) => {
		if (e.affectsConfiguration('hookwarden.approval.timeoutSeconds')) {
			void installer.refreshIfStale();
		}
	});
	void installer
		.refreshIfStale()
		.then(() => installer.askForScopeOnce())
		.then(() => diagnostics.check())
		.catch((error: unknown) =>
			log.error(
				`hook installation check failed: ${error instanceof Error ? error.message : String(error)}`,
			),
		);
	return {
		installer,
		diagnostics,
		disposable: vscode.Disposable.from(timeoutChanged, diagnostics),
	};
}
