import * as vscode from 'vscode';

import type { ContextKeySetter } from '../host/contextKeys';
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
): Promise<boolean> {
	if (state.get<boolean>(OPENED_KEY)) {
		return false;
	}
	await state.update(OPENED_KEY, true);
	const wanted = vscode.workspace
		.getConfiguration('workbench.welcomePage.walkthroughs')
		.get<boolean>('openOnInstall', true);
	if (!wanted) {
		return false;
	}
	try {
		await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
		return true;
	} catch (error) {
		log.warn(`could not open the walkthrough: ${String(error)}`);
		return false;
	}
}

/**
 * VS Code registers extensions' walkthroughs once its experiment service answers, at most 5 s after start-up
 * (offline, the timeout); by this time after activation it has.
 */
const WALKTHROUGH_REGISTERED_AFTER_MS = 10_000;

/**
 * Lets the walkthrough's context keys follow Hookwarden's once the walkthrough is registered: when it opened (so VS
 * Code knows it), or a while after activation. See `WALKTHROUGH_KEYS` in host/contextKeys.ts for why they wait.
 */
export function armWalkthroughProgress(
	keys: ContextKeySetter,
	opened: Promise<boolean>,
): vscode.Disposable {
	const timer = setTimeout(() => keys.armWalkthrough(), WALKTHROUGH_REGISTERED_AFTER_MS);
	void opened.then((registered) => registered && keys.armWalkthrough());
	return new vscode.Disposable(() => clearTimeout(timer));
}
