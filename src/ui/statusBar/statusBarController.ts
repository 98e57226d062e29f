import * as vscode from 'vscode';

import type { SessionTracker } from '../../core/sessions/sessionTracker';
import { COMMANDS } from '../../host/commandIds';
import type { ContextKeySetter } from '../../host/contextKeys';
import type { HookDiagnostics } from '../../host/installer/hookDiagnostics';
import type { HookInstaller } from '../../host/installer/hookInstaller';
import type { PauseState } from '../../host/pauseState';
import type { ApprovalService } from '../approvals/approvalService';
import { presentStatus } from './statusPresenter';

/** What the status bar reflects: pending approvals, pause, and whether VS Code runs Hookwarden's hooks at all. */
export interface StatusBarSources {
	readonly approvals: ApprovalService;
	readonly pause: PauseState;
	readonly diagnostics: HookDiagnostics;
	readonly installer: HookInstaller;
	readonly contextKeys: ContextKeySetter;
	readonly sessions: SessionTracker;
}

/**
 * Keeps the status bar item and the context keys the menus read in step with their sources; the look itself is the
 * pure {@link presentStatus}.
 */
export function createStatusBarController(sources: StatusBarSources): vscode.Disposable {
	const { approvals, pause, diagnostics, installer, contextKeys, sessions } = sources;
	const item = vscode.window.createStatusBarItem(
		'hookwarden.status',
		vscode.StatusBarAlignment.Left,
		100,
	);
	item.name = 'Hookwarden';
	let hooksActive = false;
	let switchedOffBy: string | undefined;
	let silentSession = false;
	const update = () => {
		const pending = approvals.pending().length;
		contextKeys.set('hookwarden.pendingApprovals', pending);
		const view = presentStatus({
			pending,
			paused: pause.paused,
			hooksActive,
			notHonoured: sessions.notHonouredCount(),
			...(switchedOffBy !== undefined && { switchedOffBy }),
			silentSession,
		});
		item.text = view.text;
		item.tooltip = view.tooltip;
		item.backgroundColor = view.backgroundColorId
			? new vscode.ThemeColor(view.backgroundColorId)
			: undefined;
		item.command =
			view.action === 'answer'
				? COMMANDS.answerApproval
				: view.action === 'resume'
					? COMMANDS.resume
					: 'workbench.view.extension.hookwarden';
		item.show();
	};
	const updateHookState = async () => {
		const installed = await diagnostics.isRegistered();
		const off = diagnostics.problems.find((p) => p.id === 'hooksDisabled');
		const disabled = off !== undefined;
		// chat.useHooks has its own fix in the menus; a managed switch is named in the item itself.
		switchedOffBy = off?.setting === 'chat.useHooks' ? undefined : off?.setting;
		silentSession = diagnostics.problems.some((p) => p.id === 'silentSession');
		contextKeys.set('hookwarden.hooksInstalled', installed);
		contextKeys.set('hookwarden.hooksDisabled', disabled);
		// The Approvals view's welcome names the setting; the two switches have different fixes.
		contextKeys.set('hookwarden.hooksManagedOnly', off?.setting === 'chat.hooks.allowManagedOnly');
		hooksActive = installed && !disabled;
		update();
	};
	update();
	void updateHookState();
	return vscode.Disposable.from(
		item,
		approvals.onDidChange(update),
		pause.onDidChange(update),
		diagnostics.onDidChangeProblems(() => void updateHookState()),
		new vscode.Disposable(installer.onDidChange(() => void updateHookState())),
		new vscode.Disposable(
			sessions.onDidRecord((entry) => entry.notHonoured !== undefined && update()),
		),
	);
}
