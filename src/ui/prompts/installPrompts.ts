import * as vscode from 'vscode';

import type { HookProblem } from '../../host/installer/hookDiagnostics';
import type { HookScope } from '../../host/installer/hookFile';
import type { InstallPrompts } from '../../host/installer/installPromptsPort';

const FOR_ME: vscode.MessageItem = { title: 'For Me (All Workspaces)' };
const THIS_WORKSPACE: vscode.MessageItem = { title: 'This Workspace (Shared via Git)' };
const NOT_NOW: vscode.MessageItem = { title: 'Not Now', isCloseAffordance: true };
const REMOVE: vscode.MessageItem = { title: 'Remove' };
const REPLACE: vscode.MessageItem = { title: 'Replace' };

const SCOPE_DETAIL =
	'"For Me" writes ~/.copilot/hooks/hookwarden.json, which VS Code and the Copilot CLI read in every workspace. ' +
	'"This Workspace" writes .github/hooks/hookwarden.json, which you can commit: teammates with Hookwarden get the same ' +
	'hooks, and teammates without it are unaffected.';

/**
 * Asks where to install the hooks: once in a notification after the first activation (`firstRun`), or in a quick pick
 * from the *Install Hooks* command. Returns `undefined` when the person declines or dismisses; nothing is written then.
 */
export async function askInstallScope(options: {
	firstRun: boolean;
	hasWorkspace: boolean;
}): Promise<HookScope | undefined> {
	if (options.firstRun) {
		const items = options.hasWorkspace ? [FOR_ME, THIS_WORKSPACE, NOT_NOW] : [FOR_ME, NOT_NOW];
		const choice = await vscode.window.showInformationMessage(
			'Hookwarden decides agent hook events once its hooks are installed. Install them?',
			{ detail: SCOPE_DETAIL },
			...items,
		);
		return choice === FOR_ME ? 'user' : choice === THIS_WORKSPACE ? 'workspace' : undefined;
	}
	const picks: (vscode.QuickPickItem & { scope: HookScope })[] = [
		{
			label: FOR_ME.title,
			description: '~/.copilot/hooks/hookwarden.json',
			detail: 'VS Code and the Copilot CLI, every workspace',
			scope: 'user',
		},
	];
	if (options.hasWorkspace) {
		picks.push({
			label: THIS_WORKSPACE.title,
			description: '.github/hooks/hookwarden.json',
			detail: 'Commit it to share the hooks; teammates without Hookwarden are unaffected',
			scope: 'workspace',
		});
	}
	const pick = await vscode.window.showQuickPick(picks, {
		title: 'Install Hookwarden Hooks',
		placeHolder: 'Where should the hooks be registered?',
	});
	return pick?.scope;
}

/** Asks which workspace folder gets `.github/hooks/hookwarden.json` when the window has several. */
export async function pickFolderForHooks(): Promise<vscode.WorkspaceFolder | undefined> {
	const folders = vscode.workspace.workspaceFolders ?? [];
	if (folders.length <= 1) {
		return folders[0];
	}
	return vscode.window.showWorkspaceFolderPick({
		placeHolder: 'Which folder should hold .github/hooks/hookwarden.json?',
	});
}

/** Asks before removing a hook file that someone edited after Hookwarden wrote it; `true` means remove it anyway. */
export async function confirmUninstall(file: string): Promise<boolean> {
	const choice = await vscode.window.showWarningMessage(
		`${file} was changed after Hookwarden wrote it. Remove it anyway?`,
		{
			modal: true,
			detail:
				'Uninstall removes only the files Hookwarden wrote. Keep the file if the changes are someone’s own hooks.',
		},
		REMOVE,
	);
	return choice === REMOVE;
}

/** Asks before replacing a hook file at Hookwarden's path that holds other hooks; `true` means replace it. */
export async function confirmReplaceHookFile(file: string): Promise<boolean> {
	const choice = await vscode.window.showWarningMessage(
		`${file} already exists and registers other hooks. Replace it with Hookwarden's?`,
		{
			modal: true,
			detail:
				'The other hooks in that file would stop running. Move them to another file in the same folder first to keep them.',
		},
		REPLACE,
	);
	return choice === REPLACE;
}

/** Shows one registration problem with its fix as the only button, and runs the fix when chosen. */
export async function showHookProblem(problem: HookProblem): Promise<void> {
	const fix: vscode.MessageItem = { title: problem.action.title };
	const choice = await vscode.window.showWarningMessage(`Hookwarden: ${problem.message}`, fix);
	if (choice === fix) {
		await problem.action.run();
	}
}

/** Tells the person where the hooks were installed, or removed from. */
export function reportInstallResult(message: string): void {
	void vscode.window.showInformationMessage(`Hookwarden: ${message}`);
}

/** The installer's questions, answered with VS Code's notifications and quick picks. */
export const INSTALL_PROMPTS: InstallPrompts = {
	askInstallScope,
	pickFolderForHooks: async () => (await pickFolderForHooks())?.uri.fsPath,
	confirmUninstall,
	confirmReplaceHookFile,
};
