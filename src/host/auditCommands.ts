import * as vscode from 'vscode';

import type { AuditEventRecord, AuditRecord } from '../core/audit/auditRecord';
import type { AuditFilter } from '../core/audit/exportAudit';
import {
	auditSessionChoice,
	auditSessionTitle,
	listAuditSessions,
} from '../core/audit/auditSessions';
import { filterAudit, toCsv, toJsonl } from '../core/audit/exportAudit';
import { parseTimeRange } from '../core/audit/parseTimeRange';
import type { PolicyInputBuilder } from '../core/audit/policyReplayEvaluator';
import { policyReplayEvaluator } from '../core/audit/policyReplayEvaluator';
import { renderAuditMarkdown } from '../core/audit/renderAuditMarkdown';
import { renderReplayMarkdown } from '../core/audit/renderReplay';
import { replaySession } from '../core/audit/replaySession';
import type { CompiledPolicy } from '../core/policy/compilePolicy';
import { LOCAL_TIME } from '../core/util/timeFormat';
import type { AuditLogService } from './auditLogService';
import { auditLogExists } from './auditLogService';
import { COMMANDS } from './commandIds';
import type { ReadableDocumentPort } from './documentPort';

/** What the audit commands work with: the log, and the policy engine as it is now (for replays). */
export interface AuditCommandServices {
	readonly audit: AuditLogService;
	readonly policyInput: PolicyInputBuilder;
	readonly policyFor: (workspaceFolder: string | undefined) => CompiledPolicy;
	readonly log: vscode.LogOutputChannel;
	/** Where documents for people are shown, rendered. */
	readonly documents: ReadableDocumentPort;
}

/**
 * Registers *Open Audit Log* (rendered, local times; *Open Audit Log as JSONL* opens the lines as stored), *Export
 * Audit Log…* (JSONL, CSV, or a readable Markdown report) and *Replay Session Against Current Policies* (rendered).
 * The replay command takes a session id (or a tree node with `sessionId`) from a view, or asks for one.
 */
export function registerAuditCommands(services: AuditCommandServices): vscode.Disposable {
	return vscode.Disposable.from(
		vscode.commands.registerCommand(COMMANDS.openAuditLog, () => openAuditLog(services)),
		vscode.commands.registerCommand(COMMANDS.openAuditLogSource, () =>
			openAuditLogSource(services),
		),
		vscode.commands.registerCommand(COMMANDS.exportAuditLog, () => exportAuditLog(services)),
		vscode.commands.registerCommand(COMMANDS.replaySession, (target?: unknown) =>
			replay(services, sessionIdOfArgument(target)),
		),
	);
}

/** Shows the audit log as a person reads it: sessions by first prompt, events as tables, local times. */
function openAuditLog({ audit, documents }: AuditCommandServices): void {
	const files = audit.files().filter(auditLogExists);
	if (files.length === 0) {
		void vscode.window.showInformationMessage(
			'The Hookwarden audit log is empty: no hook event has been answered in this workspace yet.',
		);
		return;
	}
	documents.show({
		key: 'audit-log',
		title: 'Hookwarden Audit Log',
		markdown: renderAuditMarkdown(
			audit.readAll(),
			{
				title: 'Audit log',
				files,
				rawLink: `[Open the log as stored (JSONL, UTC times)](command:${COMMANDS.openAuditLogSource})`,
			},
			LOCAL_TIME,
		),
	});
}

async function openAuditLogSource({ audit }: AuditCommandServices): Promise<void> {
	const files = audit.files().filter(auditLogExists);
	const file =
		files.length <= 1
			? files[0]
			: await vscode.window.showQuickPick(files, { placeHolder: 'Which audit log?' });
	if (file) {
		await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: false });
	}
}

async function exportAuditLog({ audit, log, documents }: AuditCommandServices): Promise<void> {
	const format = await vscode.window.showQuickPick(
		[
			{ label: 'JSONL', description: 'one JSON object per line, as the log holds it', id: 'jsonl' },
			{ label: 'CSV', description: 'for spreadsheets', id: 'csv' },
			{
				label: 'Readable report',
				description: 'Markdown: sessions and their events in tables, local times',
				id: 'md',
			},
		] as const,
		{ placeHolder: 'Export the audit log as' },
	);
	if (!format) {
		return;
	}
	const records = audit.readAll();
	const filter = await pickFilter(records);
	if (!filter) {
		return;
	}
	const chosen = filterAudit(records, filter);
	if (chosen.length === 0) {
		void vscode.window.showInformationMessage('No audit lines match; nothing was exported.');
		return;
	}
	const target = await vscode.window.showSaveDialog({
		saveLabel: 'Export',
		filters:
			format.id === 'csv'
				? { CSV: ['csv'] }
				: format.id === 'md'
					? { Markdown: ['md'] }
					: { 'JSON Lines': ['jsonl'] },
		defaultUri: vscode.Uri.file(
			`${vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? ''}/hookwarden-audit.${format.id}`,
		),
	});
	if (!target) {
		return;
	}
	const readable = () =>
		renderAuditMarkdown(
			chosen,
			{ title: 'Hookwarden audit report', files: audit.files().filter(auditLogExists) },
			LOCAL_TIME,
		);
	const text =
		format.id === 'csv' ? toCsv(chosen) : format.id === 'md' ? readable() : toJsonl(chosen);
	await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
	log.info(`exported ${chosen.length} audit lines to ${target.fsPath}`);
	const open = format.id === 'md' ? 'Open Report' : undefined;
	const picked = await vscode.window.showInformationMessage(
		`Exported ${chosen.length} audit line${chosen.length === 1 ? '' : 's'}.`,
		...(open ? [open] : []),
	);
	if (picked === open && open) {
		documents.show({ key: `export:${target.toString()}`, title: 'Audit Report', markdown: text });
	}
}

async function pickFilter(records: readonly AuditRecord[]): Promise<AuditFilter | undefined> {
	const hour = 60 * 60 * 1000;
	const now = Date.now();
	const scope = await vscode.window.showQuickPick(
		[
			{ label: 'Everything', filter: {} },
			{ label: 'One session…', filter: undefined },
			{ label: 'The last hour', filter: { from: now - hour } },
			{ label: 'The last 24 hours', filter: { from: now - 24 * hour } },
			{ label: 'The last 7 days', filter: { from: now - 7 * 24 * hour } },
			{ label: 'A time range…', filter: undefined, range: true },
		],
		{ placeHolder: 'Which lines?' },
	);
	if (!scope) {
		return undefined;
	}
	if (scope.filter) {
		return scope.filter;
	}
	if ('range' in scope) {
		return pickTimeRange();
	}
	const session = await pickSession(records);
	return session === undefined ? undefined : { session };
}

async function pickTimeRange(): Promise<AuditFilter | undefined> {
	const text = await vscode.window.showInputBox({
		prompt:
			'From and to, as dates or times (UTC unless they end in Z or ±HH:MM) separated by two dots; either end may be left out',
		placeHolder: '2026-11-01..2026-11-22T18:00',
		validateInput: (value) => {
			const range = parseTimeRange(value);
			return range.ok ? undefined : range.error;
		},
	});
	if (text === undefined) {
		return undefined;
	}
	const range = parseTimeRange(text);
	return range.ok ? range.filter : undefined;
}

async function pickSession(records: readonly AuditRecord[]): Promise<string | undefined> {
	const sessions = listAuditSessions(records);
	if (sessions.length === 0) {
		void vscode.window.showInformationMessage('The audit log holds no sessions yet.');
		return undefined;
	}
	const picked = await vscode.window.showQuickPick(
		sessions.map((s) => ({ ...auditSessionChoice(s, LOCAL_TIME), id: s.id })),
		{ placeHolder: 'Which session?', matchOnDescription: true, matchOnDetail: true },
	);
	return picked?.id;
}

async function replay(
	services: AuditCommandServices,
	requested: string | undefined,
): Promise<void> {
	const records = services.audit.readAll();
	const session = requested ?? (await pickSession(records));
	if (session === undefined) {
		return;
	}
	const events = records.filter(
		(r): r is AuditEventRecord => r.kind === 'event' && r.session === session,
	);
	if (events.length === 0) {
		void vscode.window.showInformationMessage(
			`The audit log holds no events of session ${session}.`,
		);
		return;
	}
	const report = await replaySession(
		events,
		policyReplayEvaluator(services.policyInput, services.policyFor),
	);
	const known = listAuditSessions(events).find((s) => s.id === session);
	const title = known ? auditSessionTitle(known, LOCAL_TIME) : session;
	const markdown = renderReplayMarkdown(report, {
		log: services.audit.files().join(', '),
		session: known ? `${title} (${session})` : session,
		policies: 'the current settings of this window',
		time: LOCAL_TIME,
	});
	services.documents.show({
		key: `replay:${session}`,
		title: `Replay ${title}`,
		markdown,
	});
}

function sessionIdOfArgument(target: unknown): string | undefined {
	if (typeof target === 'string') {
		return target;
	}
	const id = (target as { sessionId?: unknown } | null | undefined)?.sessionId;
	return typeof id === 'string' ? id : undefined;
}
