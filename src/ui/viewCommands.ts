import * as vscode from 'vscode';

import type { PendingApproval } from '../core/approvals/pendingApproval';
import type { SessionGrants } from '../core/approvals/sessionGrants';
import { removeSettingEntry } from '../host/settingsEntries';
import type { PolicyNodeView } from './policies/groups/policyNode';
import type { EventsTreeProvider } from './events/eventsTreeProvider';
import type { PoliciesTreeProvider } from './policies/policiesTreeProvider';
import type { ApprovalChoice } from './approvals/approvalAnswers';
import { EVERY_EVENT, isEveryEvent } from './events/eventQuery';
import type { EventQuery } from './events/eventQuery';
import { searchEvents } from './prompts/eventFilterPrompt';
import type { ApprovalService } from './approvals/approvalService';
import { COMMANDS } from '../host/commandIds';
import type { ContextKeySetter } from '../host/contextKeys';
import type { PauseState } from '../host/pauseState';
import { primaryFolder, revealRule } from './policies/policiesInput';

/** What the view commands act on. */
export interface ViewCommandParts {
	readonly approvals: ApprovalService;
	readonly events: EventsTreeProvider;
	readonly policies: PoliciesTreeProvider;
	readonly pause: PauseState;
	readonly contextKeys: ContextKeySetter;
	readonly grants: SessionGrants;
	readonly log: vscode.LogOutputChannel;
}

/**
 * Registers the commands of the views, the notification links and the status bar: answering approvals (the tree's
 * inline ✓/✗ pass the item, links pass `[id, choice]`), pause and resume, the Events filter and *Clear*, and the
 * Policies refresh and rule jump. Returns one disposable.
 */
export function registerViewCommands(parts: ViewCommandParts): vscode.Disposable {
	const answerWith = (choice: ApprovalChoice) => (item?: PendingApproval | string) =>
		parts.approvals.answer(item, choice);
	return vscode.Disposable.from(
		vscode.commands.registerCommand(
			COMMANDS.answerApproval,
			(item?: PendingApproval | string, choice?: ApprovalChoice) =>
				parts.approvals.answer(item, choice),
		),
		vscode.commands.registerCommand(COMMANDS.allowOnce, answerWith('once')),
		vscode.commands.registerCommand(COMMANDS.allowForSession, answerWith('session')),
		vscode.commands.registerCommand(COMMANDS.alwaysAllow, answerWith('always')),
		vscode.commands.registerCommand(COMMANDS.deny, answerWith('deny')),
		vscode.commands.registerCommand(COMMANDS.denyWithReason, answerWith('denyWithReason')),
		vscode.commands.registerCommand(COMMANDS.addException, answerWith('exception')),
		vscode.commands.registerCommand(COMMANDS.moreAnswers, (item?: PendingApproval | string) =>
			parts.approvals.more(item),
		),
		vscode.commands.registerCommand(COMMANDS.pause, () => parts.pause.set(true)),
		vscode.commands.registerCommand(COMMANDS.resume, () => parts.pause.set(false)),
		vscode.commands.registerCommand(COMMANDS.clearEvents, () => parts.events.clear()),
		vscode.commands.registerCommand(COMMANDS.filterEvents, async () => {
			const setFilter = (query: EventQuery) => {
				parts.events.setFilter(query);
				parts.contextKeys.set('hookwarden.eventsFiltered', !isEveryEvent(query));
			};
			await searchEvents(parts.events.filter, parts.events.vocabulary(), setFilter);
		}),
		vscode.commands.registerCommand(COMMANDS.clearEventFilter, () => {
			parts.events.setFilter(EVERY_EVENT);
			parts.contextKeys.set('hookwarden.eventsFiltered', false);
		}),
		vscode.commands.registerCommand(COMMANDS.refreshPolicies, () => parts.policies.refresh()),
		// A row's click passes where the rule is; the row's inline icon passes the row's key.
		vscode.commands.registerCommand(
			COMMANDS.revealRule,
			(fileOrRow: string, index?: number, setting?: string) => {
				const reveal =
					index === undefined
						? parts.policies.node(fileOrRow)?.reveal
						: { file: fileOrRow, index, setting };
				return reveal && revealRule(reveal.file, reveal.index, reveal.setting);
			},
		),
		vscode.commands.registerCommand(COMMANDS.revoke, async (row?: string) => {
			const node = row === undefined ? undefined : parts.policies.node(row);
			if (row !== undefined && !node) {
				void vscode.window.showWarningMessage(
					'Hookwarden: that row is no longer in the Policies view; nothing was revoked.',
				);
			}
			await revoke(parts, node);
		}),
		// With a folder open, rules belong to the workspace (shared with the project): open that tab.
		vscode.commands.registerCommand(COMMANDS.openRulesSettings, () =>
			vscode.commands.executeCommand(
				(vscode.workspace.workspaceFolders ?? []).length > 0
					? 'workbench.action.openWorkspaceSettings'
					: 'workbench.action.openSettings',
				'hookwarden.rules',
			),
		),
	);
}

/** *Revoke* on a *Grants* or *Exceptions* row: ends a session grant, or removes the settings entry behind the row. */
async function revoke(parts: ViewCommandParts, node: PolicyNodeView | undefined): Promise<void> {
	const target = node?.revoke;
	if (!target) {
		return;
	}
	if (target.kind === 'grant') {
		parts.grants.revoke(target.id);
		parts.log.info(`grant ${target.id} revoked: ${node.label}`);
		return;
	}
	const removed = await removeSettingEntry(
		target.setting,
		target.index,
		target.entry,
		target.scope,
		primaryFolder(),
	);
	if (removed) {
		parts.log.info(
			`hookwarden.${target.setting}[${target.index}] removed from ${target.scope} settings: ${node.label}`,
		);
	} else {
		void vscode.window.showWarningMessage(
			`Hookwarden: hookwarden.${target.setting} changed since the view was drawn; nothing was removed. Look again and retry.`,
		);
		parts.policies.refresh();
	}
}
