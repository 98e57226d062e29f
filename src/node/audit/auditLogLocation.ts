import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';

import {
	auditPointerFile,
	orphanAuditFile,
	parseAuditPointer,
	resolveAuditPathSetting,
} from '../../core/audit/auditLocation';
import type { AuditLogTarget } from './auditLogFile';
import { appendAuditLine, auditLogFiles } from './auditLogFile';
import { readAuditFile } from './auditLogReader';
import { carryExportProgress } from '../telemetry/carryExportProgress';
import { defaultUserSettingsFile } from '../settings/loadSettingsLayers';

/** The extension's id as VS Code names its storage folders. */
export const EXTENSION_STORAGE_ID = 'hookwarden.hookwarden';

/** How a bridge found its log, for `--explain` and problem reports. */
export type AuditLocationSource = 'env' | 'setting' | 'pointer' | 'orphan';

/** The log a bridge appends to, and why that one. */
export interface AuditLocation {
	readonly file: string;
	readonly via: AuditLocationSource;
}

/**
 * The extension's global storage folder as a bridge process can compute it: next to the user `settings.json` that the
 * installed launcher names in `HOOKWARDEN_USER_SETTINGS` (so VS Code Insiders and portable installs agree with the
 * window), else VS Code's default location. `<User>/settings.json` → `<User>/globalStorage/hookwarden.hookwarden`.
 */
export function bridgeGlobalStorage(env: NodeJS.ProcessEnv, home: string): string | undefined {
	const settings = env.HOOKWARDEN_USER_SETTINGS ?? defaultUserSettingsFile(env, home);
	return settings && join(dirname(settings), 'globalStorage', EXTENSION_STORAGE_ID);
}

/**
 * Finds the log for a headless decision, in order: `HOOKWARDEN_AUDIT_FILE` (`off` turns the log off; for CI and
 * tests), `hookwarden.audit.path` from the settings files (inside the workspace only), the pointer the window wrote
 * for this folder (its workspace-storage log), else the folder's orphan log in global storage, which the next window
 * for the folder adopts. `undefined` when logging is off or no location can be computed.
 */
export function resolveBridgeAuditFile(input: {
	readonly env: NodeJS.ProcessEnv;
	readonly home: string;
	readonly workspaceFolder: string;
	readonly settingPath: string;
	readonly warn: (line: string) => void;
}): AuditLocation | undefined {
	const override = input.env.HOOKWARDEN_AUDIT_FILE?.trim();
	if (override) {
		return override.toLowerCase() === 'off' ? undefined : { file: resolve(override), via: 'env' };
	}
	if (input.settingPath !== '') {
		const resolved = resolveAuditPathSetting(input.settingPath, input.workspaceFolder);
		if ('file' in resolved) {
			return { file: normalize(resolved.file), via: 'setting' };
		}
		input.warn(`${resolved.problem}; using the default location`);
	}
	const storage = bridgeGlobalStorage(input.env, input.home);
	if (!storage) {
		return undefined;
	}
	const pointed = readPointer(auditPointerFile(storage, input.workspaceFolder));
	return pointed
		? { file: pointed, via: 'pointer' }
		: { file: normalize(orphanAuditFile(storage, input.workspaceFolder)), via: 'orphan' };
}

/** Writes (atomically) the pointer that sends bridges deciding for `workspaceFolder` to the window's log. */
export function writeAuditPointer(
	globalStorage: string,
	workspaceFolder: string,
	file: string,
): void {
	const pointer = normalize(auditPointerFile(globalStorage, workspaceFolder));
	const content = `${JSON.stringify({ v: 1, folder: workspaceFolder, file })}\n`;
	try {
		if (readFileSync(pointer, 'utf8') === content) {
			return;
		}
	} catch {
		// Not written yet.
	}
	mkdirSync(dirname(pointer), { recursive: true, mode: 0o700 });
	const temporary = `${pointer}.${process.pid}.tmp`;
	writeFileSync(temporary, content, { mode: 0o600 });
	renameSync(temporary, pointer);
}

/**
 * Moves the lines bridges logged for a folder before any window claimed it into the window's log, then deletes them.
 * The orphan files are renamed first, so a bridge that starts now creates a fresh orphan rather than losing lines;
 * the pointer must already be written, so new bridges go to the window's log. Returns how many lines moved. What
 * the orphan's lines were already exported to is carried to the window's export cursors (see carryExportProgress).
 */
export function adoptOrphanLog(
	globalStorage: string,
	workspaceFolder: string,
	target: AuditLogTarget,
): number {
	const orphan = normalize(orphanAuditFile(globalStorage, workspaceFolder));
	// Lines a headless shipper already exported must not go out again from the window's log; while one is at work
	// on the orphan, adoption waits for the next window start.
	if (!carryExportProgress(orphan, target.file)) {
		return 0;
	}
	let moved = 0;
	for (const file of auditLogFiles(orphan)) {
		const claimed = `${file}.adopting-${process.pid}`;
		try {
			renameSync(file, claimed);
		} catch {
			continue;
		}
		for (const record of readAuditFile(claimed).records) {
			appendAuditLine(target, JSON.stringify(record));
			moved++;
		}
		rmSync(claimed, { force: true });
	}
	return moved;
}

function readPointer(file: string): string | undefined {
	try {
		return parseAuditPointer(JSON.parse(readFileSync(normalize(file), 'utf8')))?.file;
	} catch {
		return undefined;
	}
}
