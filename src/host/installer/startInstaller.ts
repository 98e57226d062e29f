import * as os from 'node:os';
import * as path from 'node:path';

import * as vscode from 'vscode';

import { ensureBridgeCopy } from './bridgeCopy';
import type { SessionSources } from './hookDiagnostics';
import { HookDiagnostics } from './hookDiagnostics';
import { HookInstaller } from './hookInstaller';
import type { InstallPrompts } from './installPromptsPort';
import type { LauncherInputs } from './launcherScripts';
import { findPinnedTools } from './pinnedTools';

// The hook file's own timeout, before the person set one.
const DEFAULT_APPROVAL_TIMEOUT_SECONDS = 120;

/** What the window that writes the launcher pins in it: its runtime folder and the fast path's TLS identity. */
export interface WindowPins {
	readonly runtimeFolder: string;
	readonly identity: { readonly file: string; readonly pin: string };
}

/**
 * What the launcher is written with, found and checked now: the bridge's read-only copy (the extension's own `dist`
 * only when the copy cannot be written, which is logged), the pinned runtime and tools, and this window's pins.
 */
function launcherInputs(
	context: vscode.ExtensionContext,
	version: string,
	userSettingsFile: string,
	window: WindowPins,
	log: vscode.LogOutputChannel,
): LauncherInputs {
	const dist = context.asAbsolutePath('dist');
	let bridgePath = path.join(dist, 'bridge.js');
	try {
		bridgePath = ensureBridgeCopy(dist, os.homedir());
	} catch (error) {
		log.error(
			`could not copy the bridge out of the extension folder (${error instanceof Error ? error.message : String(error)}); the launcher runs it in place`,
		);
	}
	const tools = findPinnedTools({
		path: process.env.PATH ?? '',
		platform: process.platform,
		editorRuntime: { path: process.execPath, electron: process.versions.electron !== undefined },
	});
	return {
		bridgePath,
		runtime: tools.runtime,
		version,
		userSettingsPath: userSettingsFile,
		runtimeFolder: window.runtimeFolder,
		...(tools.curl && {
			fastPath: {
				curl: tools.curl,
				identityFile: window.identity.file,
				pin: window.identity.pin,
			},
		}),
	};
}

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
	window: WindowPins,
	log: vscode.LogOutputChannel,
	prompts: InstallPrompts,
	sessions?: SessionSources,
): RunningInstaller {
	const version = (context.extension.packageJSON as { version?: string }).version ?? '0.0.0';
	const installer = new HookInstaller(context.globalState, {
		home: os.homedir(),
		platform: process.platform,
		launcher: launcherInputs(context, version, userSettingsFile, window, log),
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
	const diagnostics = new HookDiagnostics(installer, os.homedir(), sessions);
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
