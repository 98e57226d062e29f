import * as vscode from 'vscode';

import type { HookScope } from '../../host/installer/hookFile';
import { askInstallScope, reportInstallResult, showHookProblem } from '../prompts/installPrompts';
import type { HookDiagnostics } from '../../host/installer/hookDiagnostics';
import type { HookInstaller } from '../../host/installer/hookInstaller';
import { COMMANDS } from '../../host/commandIds';

/**
 * Registers *Install Hooks* (optionally given `'user'` or `'workspace'`, else it asks), *Uninstall Hooks* and *Show Hook
 * Problems*, each reporting its outcome; returns one disposable for the composition root to push.
 */
export function registerInstallerCommands(
	installer: HookInstaller,
	diagnostics: HookDiagnostics,
): vscode.Disposable {
	return vscode.Disposable.from(
		vscode.commands.registerCommand(COMMANDS.installHooks, async (scope?: HookScope) => {
			const hasWorkspace = (vscode.workspace.workspaceFolders ?? []).some(
				(f) => f.uri.scheme === 'file',
			);
			const chosen =
				scope === 'user' || scope === 'workspace'
					? scope
					: await askInstallScope({ firstRun: false, hasWorkspace });
			if (!chosen) {
				return;
			}
			const file = await installer.install(chosen);
			if (file) {
				reportInstallResult(`hooks installed in ${file}.`);
				await showProblems(diagnostics, false);
			}
		}),
		vscode.commands.registerCommand(COMMANDS.uninstallHooks, async () => {
			if (installer.installedFiles.length === 0) {
				reportInstallResult('there are no hook files Hookwarden installed to remove.');
				return;
			}
			const removed = await installer.uninstall();
			reportInstallResult(
				removed.length > 0 ? `removed ${removed.join(', ')}.` : 'no hook file was removed.',
			);
			void diagnostics.check();
		}),
		vscode.commands.registerCommand(COMMANDS.showHookProblems, () =>
			showProblems(diagnostics, true),
		),
	);
}

/** Shows each problem with its fix; with `sayWhenNone`, also says when there is nothing to fix. */
async function showProblems(diagnostics: HookDiagnostics, sayWhenNone: boolean): Promise<void> {
	const problems = await diagnostics.check();
	for (const problem of problems) {
		void showHookProblem(problem);
	}
	if (problems.length === 0 && sayWhenNone) {
		reportInstallResult(
			(await diagnostics.isRegistered())
				? 'the hooks are registered and nothing stops them from running.'
				: 'the hooks are not installed. Run "Hookwarden: Install Hooks" to install them.',
		);
	}
}
