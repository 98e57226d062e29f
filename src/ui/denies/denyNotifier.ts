import * as vscode from 'vscode';

import type { SessionTracker } from '../../core/sessions/sessionTracker';
import { SYSTEM_CLOCK } from '../../core/util/clock';
import { COMMANDS, VIEWS } from '../../host/commandIds';
import { UI_SETTINGS } from '../uiSettings';
import type { DenyNotice } from './denyNotices';
import { deniedCallOf, DenyNotices } from './denyNotices';

const RESTORE = 'Restore…';

/**
 * Tells a person of each deny where they are looking: VS Code hides a tool call a hook denied from the chat, so
 * without this a deny is seen only in the *Events* view. A burst is one notice; `hookwarden.notifications.denies`
 * turns them off for a folder.
 */
export function registerDenyNotices(sessions: SessionTracker): vscode.Disposable {
	const notices = new DenyNotices(SYSTEM_CLOCK, (notice) => void show(notice));
	const stop = sessions.onDidRecord((entry) => {
		const call = deniedCallOf(entry);
		if (call && wanted(call.workspaceFolder)) {
			notices.add(call);
		}
	});
	return new vscode.Disposable(() => {
		stop();
		notices.dispose();
	});
}

function wanted(folder: string | undefined): boolean {
	return vscode.workspace
		.getConfiguration('hookwarden', folder === undefined ? undefined : vscode.Uri.file(folder))
		.get<boolean>(UI_SETTINGS.denyNotices, true);
}

async function show(notice: DenyNotice): Promise<void> {
	const restore = notice.restoreSnapshot;
	const answer = await vscode.window.showWarningMessage(
		notice.text,
		notice.showLabel,
		...(restore === undefined ? [] : [RESTORE]),
	);
	const [first] = notice.calls;
	if (answer === RESTORE && restore !== undefined) {
		await vscode.commands.executeCommand(COMMANDS.restoreFiles, restore);
	} else if (answer === 'Show Event' && first) {
		await vscode.commands.executeCommand(COMMANDS.openEvent, first.sequence);
	} else if (answer === 'Show Events') {
		await vscode.commands.executeCommand(`${VIEWS.events}.focus`);
	}
}
