import * as vscode from 'vscode';

import type { ContextKeySetter } from '../host/contextKeys';
import { WALKTHROUGH } from './walkthroughIds';

/** The file in the extension's global storage that says the walkthrough was opened on this profile's first start. */
const OPENED_MARKER = 'walkthrough-opened';

/**
 * Opens *Get Started with Hookwarden* the first time Hookwarden runs in a profile, as VS Code itself does for an
 * extension installed from the Extensions view (an extension installed before the window opened, as `npm start` and
 * `code --install-extension` do, never gets that). Respects `workbench.welcomePage.walkthroughs.openOnInstall`.
 *
 * "Opened" is a file in `globalStorage`, beside the profile the extension is installed in, not `globalState`: in a
 * browser workbench (code-server, VS Code's server) `globalState` lives in the browser's storage for the page's
 * origin, so a fresh server profile opened in a browser that had shown another one (every `npm start` of the demo)
 * counted as seen and never opened the walkthrough.
 */
export async function openWalkthroughOnFirstStart(
	globalStorage: vscode.Uri,
	log: vscode.LogOutputChannel,
): Promise<boolean> {
	const marker = vscode.Uri.joinPath(globalStorage, OPENED_MARKER);
	try {
		await vscode.workspace.fs.stat(marker);
		return false;
	} catch {
		// Not opened on this profile yet.
	}
	try {
		await vscode.workspace.fs.createDirectory(globalStorage);
		await vscode.workspace.fs.writeFile(marker, new Uint8Array());
	} catch (error) {
		// Without the marker it would open on every start: better not at all.
		log.warn(`could not record that the walkthrough opened (${String(error)}); not opening it`);
		return false;
	}
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
