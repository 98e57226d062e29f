import * as vscode from 'vscode';

import type { AuditRecord } from '../core/audit/auditRecord';
import type { SessionTracker } from '../core/sessions/sessionTracker';
import { COMMANDS } from '../host/commandIds';
import type { ReadableDocumentPort } from '../host/documentPort';
import type { DecisionEngine } from '../host/engine/decisionEngine';
import type { PolicyConfig } from '../host/policyConfig';
import { ActivityPanel } from './activity/activityPanel';
import type { ApprovalService } from './approvals/approvalService';
import { eventTitle, renderEventDocument } from './events/eventPresenter';
import type { EventsTreeProvider } from './events/eventsTreeProvider';
import { explainACommandLine } from './explain/explainCommand';

/** What the commands that show something to read are built on. */
export interface ReadingParts {
	readonly extensionUri: vscode.Uri;
	readonly documents: ReadableDocumentPort;
	readonly events: EventsTreeProvider;
	readonly engine: DecisionEngine;
	readonly sessions: SessionTracker;
	readonly approvals: ApprovalService;
	readonly config: PolicyConfig;
	/** Every line of the audit log. */
	readonly auditRecords: () => readonly AuditRecord[];
}

/**
 * Registers the commands that show something to read, rendered: an event's details (what a click in *Events*
 * runs), *Explain a Command Line…* and *Show Today's Activity*.
 */
export function registerReadingCommands(parts: ReadingParts): vscode.Disposable {
	const recorded = new vscode.EventEmitter<void>();
	const stopRecorded = parts.sessions.onDidRecord(() => recorded.fire());
	const activity = new ActivityPanel({
		extensionUri: parts.extensionUri,
		records: parts.auditRecords,
		pending: () => parts.approvals.pending(),
		onDidChange: (listener) =>
			vscode.Disposable.from(recorded.event(listener), parts.approvals.onDidChange(listener)),
	});
	return vscode.Disposable.from(
		recorded,
		new vscode.Disposable(stopRecorded),
		activity,
		vscode.commands.registerCommand(COMMANDS.openEvent, (sequence: number) => {
			const entry = parts.events.eventBySequence(sequence);
			if (!entry) {
				void vscode.window.showInformationMessage(
					'Hookwarden: this event is no longer held (the view keeps the newest 10,000; Clear empties it). The audit log has it.',
				);
				return;
			}
			const title = eventTitle(entry);
			parts.documents.show({
				key: `event:${sequence}`,
				title: title.length > 40 ? `${title.slice(0, 39)}…` : title,
				markdown: renderEventDocument(entry),
			});
		}),
		vscode.commands.registerCommand(COMMANDS.explainCommand, (line?: unknown) =>
			explainACommandLine(
				{
					provider: parts.engine.policyProvider,
					policyFor: (folder) => parts.config.policyFor(folder),
					documents: parts.documents,
				},
				typeof line === 'string' ? line : undefined,
			),
		),
		vscode.commands.registerCommand(COMMANDS.showActivity, () => activity.show()),
	);
}
