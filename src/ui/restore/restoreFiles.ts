import * as vscode from 'vscode';

import { eventSubject } from '../../core/events/eventSubject';
import type { RecordedEvent } from '../../core/sessions/recordedEvent';
import type { SessionTracker } from '../../core/sessions/sessionTracker';
import { maskSecrets } from '../../core/secrets/findSecrets';
import { snapshotIdOf } from '../../core/snapshots/snapshotFacts';
import type { SnapshotSettings } from '../../core/settings/snapshotSettings';
import { COMMANDS } from '../../host/commandIds';
import type { FileSnapshots } from '../../node/snapshots/fileSnapshots';
import type { RestoreItem } from '../../node/snapshots/restoreSnapshot';
import type { RestorePickView } from './restorePresenter';
import { restoreOutcome, restorePicks, unforeseenNotice } from './restorePresenter';

/** The scheme of a snapshot's copy of a file, shown read-only beside the file in a diff. */
const HELD_SCHEME = 'hookwarden-snapshot';

/** What the restore command works with. */
export interface RestoreParts {
	readonly snapshots: FileSnapshots;
	readonly sessions: SessionTracker;
	readonly settingsFor: (workspaceFolder: string | undefined) => SnapshotSettings;
	readonly log: vscode.LogOutputChannel;
}

interface PathPick extends vscode.QuickPickItem {
	readonly view: RestorePickView;
}

const SHOW_CHANGES: vscode.QuickInputButton = {
	iconPath: new vscode.ThemeIcon('diff'),
	tooltip: 'Show Changes',
};

/**
 * *Restore Files to Before This Call…*: on an Events row, from an event's details, from the warning about unforeseen
 * changes, or from the palette (which lists the calls that have a snapshot). It previews every path that differs
 * from the snapshot (VS Code's diff editor shows a changed file beside its held copy), restores what the person picks
 * and offers to undo the restore. Also warns, with *Restore…*, the moment a call changes what nobody predicted.
 */
export function registerRestore(parts: RestoreParts): vscode.Disposable {
	const stopWatching = parts.sessions.onDidRecord((entry) => warnOfUnforeseen(parts, entry));
	return vscode.Disposable.from(
		new vscode.Disposable(stopWatching),
		vscode.workspace.registerTextDocumentContentProvider(HELD_SCHEME, {
			provideTextDocumentContent: (uri) => heldText(parts, uri),
		}),
		vscode.commands.registerCommand(COMMANDS.restoreFiles, async (target?: unknown) => {
			const id = snapshotOfTarget(target) ?? (await pickCall(parts));
			if (id !== undefined) {
				await restoreSnapshot(parts, id);
			}
		}),
	);
}

/** The snapshot a command argument names: an Events row, a record, or the id itself. */
function snapshotOfTarget(target: unknown): string | undefined {
	if (typeof target === 'string') {
		return target;
	}
	const entry = (target as { entry?: RecordedEvent } | undefined)?.entry;
	return entry ? snapshotIdOf(entry) : undefined;
}

/** Lets the person pick one of the calls this window saw that has a snapshot, newest first. */
async function pickCall(parts: RestoreParts): Promise<string | undefined> {
	const calls = parts.sessions
		.events()
		.filter((entry) => entry.event.name === 'PreToolUse' && snapshotIdOf(entry) !== undefined)
		.reverse();
	if (calls.length === 0) {
		void vscode.window.showInformationMessage(
			'Hookwarden: no call in this window has a snapshot yet. A call that may change files is held before it runs.',
		);
		return undefined;
	}
	const picked = await vscode.window.showQuickPick(
		calls.map((entry) => ({
			label: maskSecrets(eventSubject(entry.event)).replace(/\s+/g, ' ').slice(0, 120),
			description: new Date(entry.receivedAt).toLocaleTimeString(),
			id: snapshotIdOf(entry)!,
		})),
		{ title: 'Restore Files to Before This Call', placeHolder: 'Which call?' },
	);
	return picked?.id;
}

async function restoreSnapshot(parts: RestoreParts, id: string): Promise<void> {
	const record = parts.snapshots.record(id);
	const planned = parts.snapshots.planRestore(id, parts.settingsFor(record?.workspace));
	if ('problem' in planned) {
		void vscode.window.showErrorMessage(`Hookwarden cannot restore: ${planned.problem}.`);
		return;
	}
	if (planned.items.length === 0) {
		void vscode.window.showInformationMessage(
			'Hookwarden: every file is as it was before the call; there is nothing to restore.',
		);
		return;
	}
	const chosen = await previewAndPick(
		id,
		planned.record.call.summary,
		planned.items,
		planned.record.workspace,
	);
	if (!chosen || chosen.length === 0) {
		return;
	}
	const results = parts.snapshots.restore(planned.record, chosen);
	for (const result of results.filter((r) => !r.ok)) {
		parts.log.warn(`restore of ${result.path} from ${id}: ${result.problem ?? 'failed'}`);
	}
	parts.log.info(`restored ${results.filter((r) => r.ok).length} path(s) from snapshot ${id}`);
	const undo = planned.undo;
	const answer = await (results.every((r) => r.ok)
		? vscode.window.showInformationMessage(
				restoreOutcome(results),
				...(undo ? ['Undo Restore'] : []),
			)
		: vscode.window.showWarningMessage(restoreOutcome(results), ...(undo ? ['Undo Restore'] : [])));
	if (answer === 'Undo Restore' && undo) {
		await restoreSnapshot(parts, undo);
	}
}

/** The preview: every path that differs, with *Show Changes*; resolves with what the person chose to restore. */
function previewAndPick(
	id: string,
	summary: string,
	items: readonly RestoreItem[],
	workspace: string | undefined,
): Promise<RestoreItem[] | undefined> {
	const views = restorePicks(items, workspace);
	const quickPick = vscode.window.createQuickPick<PathPick>();
	quickPick.title = `Restore Files to Before: ${summary}`;
	quickPick.placeholder =
		'Tick what to put back as it was; a file created since is removed only if ticked';
	quickPick.canSelectMany = true;
	quickPick.matchOnDescription = true;
	quickPick.items = views.map((view) => ({
		label: `$(${view.iconId}) ${view.label}`,
		description: view.description,
		...(view.detail !== undefined && { detail: view.detail }),
		view,
		...(view.compare !== 'none' && { buttons: [SHOW_CHANGES] }),
	}));
	quickPick.selectedItems = quickPick.items.filter((item) => item.view.picked);
	return new Promise((resolve) => {
		let settled = false;
		const finish = (value: RestoreItem[] | undefined) => {
			if (!settled) {
				settled = true;
				resolve(value);
				quickPick.dispose();
			}
		};
		quickPick.onDidTriggerItemButton(({ item }) => void showChanges(id, item.view));
		quickPick.onDidAccept(() =>
			finish(
				quickPick.selectedItems
					.filter((item) => item.view.restorable)
					.flatMap((item) => items.filter((candidate) => candidate.path === item.view.path)),
			),
		);
		quickPick.onDidHide(() => finish(undefined));
		quickPick.show();
	});
}

async function showChanges(id: string, view: RestorePickView): Promise<void> {
	const current = vscode.Uri.file(view.path);
	const held = vscode.Uri.from({ scheme: HELD_SCHEME, path: current.path, query: id });
	const name = view.label.split('/').pop() ?? view.label;
	if (view.compare === 'both') {
		await vscode.commands.executeCommand(
			'vscode.diff',
			held,
			current,
			`${name} (before the call) ↔ now`,
			{
				preview: true,
			},
		);
	} else {
		await vscode.commands.executeCommand('vscode.open', view.compare === 'held' ? held : current, {
			preview: true,
		});
	}
}

/** A held copy's text for the diff editor: the bytes the restore would write, or why there are none. */
function heldText(parts: RestoreParts, uri: vscode.Uri): string {
	const bytes = parts.snapshots.heldContent(
		uri.query,
		vscode.Uri.file(uri.path).fsPath.replace(/\\/g, '/'),
	);
	if (!bytes) {
		return '(the snapshot holds no copy of this file)';
	}
	return bytes.includes(0) ? `(binary file, ${bytes.length} bytes)` : bytes.toString('utf8');
}

/** The warning, at once, that a call changed what nobody predicted; *Restore…* opens the preview. */
function warnOfUnforeseen(parts: RestoreParts, entry: RecordedEvent): void {
	for (const observation of entry.observed ?? []) {
		if (observation.unforeseenCount === 0) {
			continue;
		}
		void vscode.window
			.showWarningMessage(
				unforeseenNotice(observation, entry.workspaceFolder),
				'Restore…',
				'Show Details',
			)
			.then(async (answer) => {
				if (answer === 'Restore…') {
					await restoreSnapshot(parts, observation.snapshot);
				} else if (answer === 'Show Details') {
					await vscode.commands.executeCommand(COMMANDS.openEvent, entry.sequence);
				}
			});
	}
}
