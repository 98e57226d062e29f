import * as vscode from 'vscode';

/** The walkthrough's id as VS Code names it: `<publisher>.<name>#<walkthrough id>`. */
export const WALKTHROUGH = 'hookwarden.hookwarden#hookwarden.gettingStarted';

const OPENED_KEY = 'hookwarden.walkthroughOpened';

/**
 * VS Code lists an extension's walkthrough only once its experiment service answers, which offline (code-server,
 * air-gapped machines) takes its full 5 s timeout; opened before that, the Welcome editor shows its home page instead.
 */
const LATE_REGISTRATION_MS = 6_000;

/**
 * Opens *Get Started with Hookwarden* the first time Hookwarden runs in a profile, as VS Code itself does for an
 * extension installed from the Extensions view (an extension installed before the window opened, as `npm start` and
 * `code --install-extension` do, never gets that). Respects `workbench.welcomePage.walkthroughs.openOnInstall`.
 */
export async function openWalkthroughOnFirstStart(
	state: vscode.Memento,
	log: vscode.LogOutputChannel,
	subscriptions: vscode.Disposable[],
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
	const open = async (): Promise<void> => {
		try {
			await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
		} catch (error) {
			log.warn(`could not open the walkthrough: ${String(error)}`);
		}
	};
	await open();
	// Still on the Welcome editor a moment later: it may be showing its home page, so ask again (a no-op when the
	// walkthrough is already there). A person who moved on to another editor is left alone.
	const again = setTimeout(() => {
		if (vscode.window.tabGroups.activeTabGroup.activeTab?.label === 'Welcome') {
			void open();
		}
	}, LATE_REGISTRATION_MS);
	subscriptions.push({ dispose: () => clearTimeout(again) });
}
