import * as vscode from 'vscode';

import { WALKTHROUGH } from './walkthroughIds';

const OPENED_KEY = 'hookwarden.walkthroughOpened';

/**
 * Opens *Get Started with Hookwarden* the first time Hookwarden runs in a profile, as VS Code itself does for an
 * extension installed from the Extensions view (an extension installed before the window opened, as `npm start` and
 * `code --install-extension` do, never gets that). Respects `workbench.welcomePage.walkthroughs.openOnInstall`.
 */
export async function openWalkthroughOnFirstStart(
	state: vscode.Memento,
	log: vscode.LogOutputChannel,
): Promise<void> {
	if (state.get<boolean>(OPENED_KEY)) {
		return;
	}
	await state.update(OPENED_KEY, true);
	const wanted = vscode.workspace
		.getConfiguration('workbench.welcomePage.walkthroughs')
		.get<boolean>('openOnInstall', true);
	if (!wanted) {
		return;
	}
	try {
		await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
	} catch (error) {
		log.warn(`could not open the walkthrough: ${String(error)}`);
	}
}
