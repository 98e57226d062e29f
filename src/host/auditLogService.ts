import * as fs from 'node:fs';
import * as path from 'node:path';

import * as vscode from 'vscode';

import type { AuditLogTarget } from '../node/audit/auditLogFile';
import { appendAuditLine, newAuditId } from '../node/audit/auditLogFile';
import { adoptOrphanLog, writeAuditPointer } from '../node/audit/auditLogLocation';
import { describeSkipped, readAuditLog, readAuditTail } from '../node/audit/auditLogReader';
import { AUDIT_FILE_NAME, resolveAuditPathSetting } from '../core/audit/auditLocation';
import type { AuditPort } from '../core/audit/auditPort';
import type { AuditEventRecord, AuditRecord } from '../core/audit/auditRecord';
import type { AuditSettings } from '../core/settings/auditSettings';
import { AUDIT_SETTINGS, readAuditSettings } from '../core/settings/auditSettings';
import { recordedEventOf } from '../core/audit/parseAuditLine';
import type { SessionSummary } from '../core/audit/sessionSummary';
import type { AuditEntry } from '../core/audit/toAuditRecord';
import { toAuditRecord, toAuditSummaryRecord } from '../core/audit/toAuditRecord';
import type { SettingsLayer } from '../core/settings/settingsLayer';
import { SETTINGS_SECTION } from '../core/settings/settingsSchema';
import type { RecordedEvent } from '../core/sessions/recordedEvent';
import type { SessionTracker } from '../core/sessions/sessionTracker';

type Inspected = ReturnType<vscode.WorkspaceConfiguration['inspect']>;

// What a reload brings back into the views: the newest events, read from the end of the log only.
const RESTORE_LIMITS = { maxRecords: 2_000, maxBytes: 4 * 1024 * 1024 };
// Bridges that resolved the orphan log just before the pointer was written get this long to finish their append.
const ADOPT_DELAY_MS = 2_000;

/**
 * The window's audit log: appends every answered event (the pipeline's {@link AuditPort}) to the log of its workspace
 * folder — `hookwarden.audit.path` inside the folder, else `audit.jsonl` in the extension's workspace storage — and
 * tells headless bridges where that log is by writing a pointer per folder into global storage. Lines bridges wrote
 * before any window claimed the folder are adopted into the log on start.
 */
export class AuditLogService implements AuditPort, vscode.Disposable {
	private readonly ids = new WeakMap<RecordedEvent, string>();
	private readonly reported = new Set<string>();
	// Settings are read per event on the live path; they change rarely, so each folder's target is cached.
	private readonly targets = new Map<string, AuditLogTarget>();
	private readonly subscriptions: vscode.Disposable[] = [];
	private adoptTimer: ReturnType<typeof setTimeout> | undefined;

	constructor(
		private readonly storage: { readonly workspace?: string; readonly global: string },
		private readonly log: vscode.LogOutputChannel,
		private readonly machineLayer: () => SettingsLayer | undefined = () => undefined,
	) {
		this.subscriptions.push(
			vscode.workspace.onDidChangeConfiguration((change) => {
				if (change.affectsConfiguration(SETTINGS_SECTION)) {
					this.targets.clear();
					this.publishPointers();
				}
			}),
			vscode.workspace.onDidChangeWorkspaceFolders(() => {
				this.targets.clear();
				this.publishPointers();
			}),
		);
	}

	/** Builds the service from the extension's storage folders. */
	static create(
		context: vscode.ExtensionContext,
		log: vscode.LogOutputChannel,
		machineLayer?: () => SettingsLayer | undefined,
	): AuditLogService {
		return new AuditLogService(
			{
				...(context.storageUri && { workspace: context.storageUri.fsPath }),
				global: context.globalStorageUri.fsPath,
			},
			log,
			machineLayer,
		);
	}

	/** Publishes the pointers for every folder, then adopts lines bridges logged before this window existed. */
	start(): void {
		this.publishPointers();
		this.adoptTimer = setTimeout(() => this.adoptOrphans(), ADOPT_DELAY_MS);
		this.adoptTimer.unref?.();
	}

	/**
	 * The audit settings in force for a workspace folder (or the window), scope by scope: in a workspace that is not
	 * trusted, its own scopes cannot move the log or shorten what is kept (see AUDIT_LOCATION_KEYS).
	 */
	settingsFor(workspaceFolder: string | undefined): AuditSettings {
		const configuration = vscode.workspace.getConfiguration(
			SETTINGS_SECTION,
			workspaceFolder ? vscode.Uri.file(workspaceFolder) : undefined,
		);
		const keys = Object.keys(AUDIT_SETTINGS);
		const scope = (pick: (inspected: Inspected) => unknown) =>
			Object.fromEntries(keys.map((key) => [key, pick(configuration.inspect(key))]));
		const tightenOnly = !vscode.workspace.isTrusted;
		// The machine policy's audit settings, when it sets any, win over every scope.
		const machine = this.machineLayer();
		return readAuditSettings([
			{ source: { kind: 'userSettings' }, values: scope((i) => i?.globalValue) },
			{
				source: { kind: 'workspaceSettings', file: '' },
				values: scope((i) => i?.workspaceValue),
				tightenOnly,
			},
			{
				source: { kind: 'workspaceFolderSettings', file: '' },
				values: scope((i) => i?.workspaceFolderValue),
				tightenOnly,
			},
			...(machine ? [machine] : []),
		]);
	}

	/** The log file of a workspace folder, with its rotation settings. */
	targetFor(workspaceFolder: string | undefined): AuditLogTarget {
		const key = workspaceFolder ?? '';
		let target = this.targets.get(key);
		if (!target) {
			target = this.resolveTarget(workspaceFolder);
			this.targets.set(key, target);
		}
		return target;
	}

	private resolveTarget(workspaceFolder: string | undefined): AuditLogTarget {
		const settings = this.settingsFor(workspaceFolder);
		let file = this.defaultFile();
		if (settings.path !== '' && workspaceFolder) {
			const resolved = resolveAuditPathSetting(settings.path, workspaceFolder);
			if ('file' in resolved) {
				file = path.normalize(resolved.file);
			} else {
				this.warnOnce(`${resolved.problem}; logging to ${file}`);
			}
		}
		return { file, maxBytes: settings.maxBytes, retention: settings.retention };
	}

	/** Every log this window writes to, without duplicates: the default one and each folder's chosen file. */
	files(): string[] {
		const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
		return [
			...new Set([this.defaultFile(), ...folders.map((folder) => this.targetFor(folder).file)]),
		];
	}

	/** Whether the session summary goes to the person at Stop in this folder. */
	stopSummary(workspaceFolder: string | undefined): boolean {
		return this.settingsFor(workspaceFolder).stopSummary;
	}

	/** The audit id of an event this window logged, for views that link to the log or `--explain --event`. */
	idOf(recorded: RecordedEvent): string | undefined {
		return this.ids.get(recorded);
	}

	appendEvent(entry: AuditEntry): void {
		const target = this.targetFor(entry.recorded.workspaceFolder);
		const id = newAuditId(entry.recorded.answeredAt);
		this.write(target, toAuditRecord(entry, id));
		this.ids.set(entry.recorded, id);
	}

	appendSummary(
		summary: SessionSummary,
		context: { readonly trigger: 'Stop' | 'SessionEnd'; readonly workspaceFolder?: string },
	): void {
		const at = Date.now();
		this.write(
			this.targetFor(context.workspaceFolder),
			toAuditSummaryRecord(summary, {
				id: newAuditId(at),
				at,
				trigger: context.trigger,
				origin: 'window',
				...(context.workspaceFolder !== undefined && { workspaceFolder: context.workspaceFolder }),
			}),
		);
	}

	/**
	 * Fills the tracker with the newest logged events (of every log this window writes), so the views show recent
	 * history after a reload; the tracker fires nothing, so nothing is logged twice. Returns how many were restored.
	 */
	restoreInto(tracker: SessionTracker): number {
		const records: AuditEventRecord[] = [];
		for (const file of this.files()) {
			const result = readAuditTail(file, RESTORE_LIMITS);
			this.reportSkipped(describeSkipped(result));
			records.push(...result.records.filter((r): r is AuditEventRecord => r.kind === 'event'));
		}
		const newest = records
			.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
			.slice(-RESTORE_LIMITS.maxRecords);
		const restored = newest.map((record) => {
			const entry = recordedEventOf(record, tracker.takeSequence());
			this.ids.set(entry, record.id);
			return entry;
		});
		tracker.restore(restored);
		return restored.length;
	}

	/** Every line of every log this window writes, oldest first, for export and replay; skipped lines are logged. */
	readAll(): AuditRecord[] {
		const records: AuditRecord[] = [];
		for (const file of this.files()) {
			const result = readAuditLog(file);
			this.reportSkipped(describeSkipped(result));
			records.push(...result.records);
		}
		return records.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
	}

	dispose(): void {
		if (this.adoptTimer) {
			clearTimeout(this.adoptTimer);
		}
		vscode.Disposable.from(...this.subscriptions).dispose();
	}

	private defaultFile(): string {
		return this.storage.workspace
			? path.join(this.storage.workspace, AUDIT_FILE_NAME)
			: path.join(this.storage.global, 'audit', 'no-workspace.jsonl');
	}

	private publishPointers(): void {
		for (const folder of vscode.workspace.workspaceFolders ?? []) {
			if (folder.uri.scheme !== 'file') {
				continue;
			}
			try {
				writeAuditPointer(
					this.storage.global,
					folder.uri.fsPath,
					this.targetFor(folder.uri.fsPath).file,
				);
			} catch (error) {
				this.warnOnce(`cannot tell bridges where the audit log is: ${(error as Error).message}`);
			}
		}
	}

	private adoptOrphans(): void {
		for (const folder of vscode.workspace.workspaceFolders ?? []) {
			if (folder.uri.scheme !== 'file') {
				continue;
			}
			try {
				const moved = adoptOrphanLog(
					this.storage.global,
					folder.uri.fsPath,
					this.targetFor(folder.uri.fsPath),
				);
				if (moved > 0) {
					this.log.info(
						`audit log: adopted ${moved} lines bridges logged for ${folder.name} without a window`,
					);
				}
			} catch (error) {
				this.warnOnce(`audit log: could not adopt headless lines: ${(error as Error).message}`);
			}
		}
	}

	private write(target: AuditLogTarget, record: AuditRecord): void {
		try {
			appendAuditLine(target, JSON.stringify(record));
		} catch (error) {
			// The answer still goes out; the person learns once per cause that the log is incomplete.
			this.warnOnce(
				`audit log ${target.file}: ${(error as Error).message}; events are not being logged`,
			);
		}
	}

	private reportSkipped(line: string | undefined): void {
		if (line) {
			this.log.warn(line);
		}
	}

	private warnOnce(line: string): void {
		if (!this.reported.has(line)) {
			this.reported.add(line);
			this.log.warn(line);
		}
	}
}

/** Whether a log file exists yet (none does before the first event). */
export function auditLogExists(file: string): boolean {
	return fs.existsSync(file);
}
